import assert from 'node:assert/strict';
import { verifySource } from '../../../src/agents/analyst/gps/verify-source';
import { capturedFieldDigests, sourceHash } from '../../../src/case/source-integrity';
import { heldBackLines, heldBackSources } from '../../../src/engine/phases/verify-source';
import { Person, type EvidenceClaim, type SourceRecord } from '../../../src/model';
import { evidenceClaim } from '../../helpers/evidence-claim';

const text = 'Ann, daughter of Tom Lee, born 2 March 1850.';
const base: SourceRecord = {
  id: 'S-1',
  title: 'Baptism of Ann Lee',
  recordType: 'baptism',
  date: '1850',
  repository: 'Parish',
  sourceType: 'original',
  sourceId: 'archive',
  tier: 0,
  persons: [],
  text,
  accessedAt: '2026-06-01T00:00:00.000Z',
  sha256: '',
};
const captured: SourceRecord = { ...base, sha256: sourceHash(base) };
const claim = (snippet: string, over: Partial<EvidenceClaim> = {}): EvidenceClaim =>
  evidenceClaim(snippet, { method: 'pattern', ...over });
const ann = Person.parse({
  id: 'P-ann',
  names: [{ given: 'Ann', surname: 'Lee' }],
  assertions: [
    {
      id: 'A-b',
      field: 'birth.date',
      value: '2 MAR 1850',
      status: 'accepted',
      confidence: 0.9,
      evidence: [claim('born 2 March 1850')],
    },
    {
      id: 'A-p',
      field: 'birth.place',
      value: 'Springfield',
      status: 'staged',
      confidence: 0.5,
      evidence: [claim('at Springfield')],
    },
    {
      id: 'A-u',
      field: 'sex',
      value: 'F',
      status: 'accepted',
      confidence: 1,
      evidence: [claim('not in it', { method: 'user' })],
    },
  ],
  relationships: [{ type: 'parent', person: 'P-tom', evidence: [claim('daughter of Tom Lee')] }],
});

describe('verifySource (VerifyTask): one captured source against its capture and its citations', () => {
  it('passes a source as captured whose cited snippets are all in it (user claims are not its snippets)', () => {
    const v = verifySource('S-1', captured, [
      Person.parse({ ...ann, assertions: ann.assertions.filter((a) => a.id !== 'A-p') }),
    ]);
    assert.deepEqual([v.passed, v.reasons, v.claims.length, v.affected.length], [true, [], 2, 0]);
  });

  it('a snippet no longer in the source affects only the claims citing it', () => {
    const v = verifySource('S-1', captured, [ann]);
    assert.equal(v.passed, false);
    assert.deepEqual(
      v.affected.map((c) => c.id),
      ['A-p'],
    );
    assert.match(v.reasons[0], /1 of 3 cited snippet\(s\) not found verbatim: "at Springfield"/);
  });

  it('a text that no longer matches its sha256, an edited captured field or a missing file affects every claim', () => {
    const edited = verifySource('S-1', { ...captured, text: text.replace('Tom', 'Tim') }, [ann]);
    assert.match(edited.reasons[0], /does not match the sha256 it was captured with/);
    assert.deepEqual(edited.affected.map((c) => c.id).sort(), ['A-b', 'A-p', 'parent:P-tom']);
    const { text: _t, ...front } = captured;
    const digests = capturedFieldDigests(front);
    const field = verifySource('S-1', { ...captured, frontSha256: digests, date: '1851' }, [ann]);
    assert.match(field.reasons[0], /captured field\(s\) changed since capture: date/);
    assert.equal(field.affected.length, 3);
    const gone = verifySource('S-1', undefined, [ann], 'sources/S-1.md is missing');
    assert.deepEqual([gone.passed, gone.reasons, gone.affected.length], [false, ['sources/S-1.md is missing'], 3]);
  });

  it('held-back facts are listed for summary.md by source, and their sources are checked again', () => {
    const marked = Person.parse({
      ...ann,
      assertions: [
        {
          ...ann.assertions[0],
          status: 'staged',
          escalated: { reasons: ['source S-1 failed verification: its text changed'] },
        },
      ],
    });
    assert.deepEqual(heldBackSources([marked, ann]), ['S-1']);
    const lines = heldBackLines([marked]);
    assert.match(lines[0], /^\*\*Failed verification\.\*\* 1 captured source/);
    assert.equal(lines[2], '- `sources/S-1.md`: its text changed — held back: Ann Lee (P-ann) birth.date = 2 MAR 1850');
    assert.deepEqual(heldBackLines([ann]), []);
  });
});
