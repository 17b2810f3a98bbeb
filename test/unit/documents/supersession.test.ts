import assert from 'node:assert/strict';
import { withdrawSource } from '../../../src/agents/analyst/withdraw';
import { capturedFieldDigests, editedCapturedFields } from '../../../src/case/source-integrity';
import { archiveRecordKey, supersededBy, withFrontKey } from '../../../src/case/supersession';
import type { Assertion, Person, SourceRecord } from '../../../src/model';
import { evidenceClaim } from '../../helpers/evidence-claim';
import { rawRecord } from '../../helpers/raw-record';

const OLD = 'S-00000000000a';
const NEW = 'S-00000000000b';
const CENSUS = 'S-00000000000c';

function fact(id: string, field: string, value: string, sources: string[], over: Partial<Assertion> = {}): Assertion {
  return {
    id,
    field,
    value,
    status: 'staged',
    confidence: 0.7,
    evidence: sources.map((s) => evidenceClaim(`${field} ${value}`, { source: s })),
    ...over,
  };
}

const person = (assertions: Assertion[]): Person =>
  ({
    id: 'P-00000001',
    names: [{ given: 'Thomas', surname: 'Owens', type: 'birth', citations: [OLD, CENSUS] }],
    assertions,
    relationships: [
      {
        type: 'child',
        person: 'P-00000002',
        status: 'staged',
        confidence: 0.7,
        evidence: [evidenceClaim('son', { source: OLD })],
      },
    ],
  }) as unknown as Person;

const source = (id: string, over: Partial<SourceRecord> = {}): SourceRecord => ({
  ...rawRecord({ title: 't', repository: 'Local archive', text: id, externalId: 'archive:archive/stone.png.md' }),
  id,
  accessedAt: '2026-01-01T00:00:00.000Z',
  sha256: '0'.repeat(64),
  ...over,
});

describe('supersession: a newer capture of an archive record replaces the older', () => {
  it('withdraws what only the old capture supported, keeps other evidence and what a person decided', () => {
    const p = person([
      fact('A-1', 'birth.date', '11 AUG 1804', [OLD]),
      fact('A-2', 'birth.place', 'Wales', [OLD, CENSUS]),
      fact('A-3', 'death.date', '3 MAR 1871', [OLD], {
        status: 'accepted',
        reviewed: { decision: 'accepted', at: '2026-01-02T00:00:00.000Z' },
      }),
      fact('A-4', 'sex', 'M', [CENSUS]),
    ]);
    const w = withdrawSource(p, OLD);
    assert.deepEqual(w.removed, ['birth.date = 11 AUG 1804', 'child P-00000002']);
    assert.deepEqual(w.reduced, ['birth.place = Wales']);
    assert.deepEqual(w.kept, ['death.date = 3 MAR 1871'], 'a reviewed fact is never dropped');
    assert.deepEqual(
      w.person.assertions.map((a) => [a.id, a.evidence.map((e) => e.source)]),
      [
        ['A-2', [CENSUS]],
        ['A-3', [OLD]],
        ['A-4', [CENSUS]],
      ],
    );
    assert.deepEqual(w.person.relationships, []);
    assert.deepEqual(w.person.names[0].citations, [CENSUS]);
    // Nothing cites it any more: the same person back.
    assert.equal(withdrawSource(w.person, OLD).person, w.person);
  });

  it('pairs the captures of one archive record, once; other sources are not archive records', () => {
    const old = source(OLD);
    const now = source(NEW, { accessedAt: '2026-02-01T00:00:00.000Z', sha256: '1'.repeat(64) });
    const other = source(CENSUS, { externalId: 'archive:archive/census.md' });
    assert.deepEqual(supersededBy(now, [old, now, other]), [
      { old: OLD, by: NEW, record: 'archive:archive/stone.png.md' },
    ]);
    assert.deepEqual(supersededBy(now, [{ ...old, supersededBy: NEW }, now]), [], 'already marked');
    // The same answer redacted otherwise by the Censor (a person since known to be living): not a new reading.
    assert.deepEqual(supersededBy({ ...now, sha256: old.sha256, redactions: ['street_address'] }, [old]), []);
    assert.equal(archiveRecordKey({ sourceId: 'wikitree', externalId: 'archive:x' }), undefined);
  });

  it('marks a capture by one front matter line; the captured bytes and digests still hold', () => {
    const text = '---\ntitle: t\nsha256: abc\n---\nbody\n---\nnot front matter\n';
    const marked = withFrontKey(text, 'supersededBy', NEW);
    assert.equal(marked, `---\ntitle: t\nsha256: abc\nsupersededBy: ${NEW}\n---\nbody\n---\nnot front matter\n`);
    assert.equal(withFrontKey(marked, 'supersededBy', NEW), marked);
    assert.throws(() => withFrontKey(text, 'supersededBy', 'S-1\nsha256: x'), /not a source id/);
    const front = { title: 't', url: 'archive:x' };
    assert.deepEqual(editedCapturedFields({ ...front, supersededBy: NEW }, capturedFieldDigests(front)), []);
  });
});
