import assert from 'node:assert/strict';
import { evidenceClaim } from '../../../src/agents/analyst/mills';
import { documentPage, transcriptionPages, type SourceRecord } from '../../../src/model';
import { formatCitation } from '../../../src/model/citation-format';
import { parseArchiveRecord } from '../../../src/sources/archive/record';
import { renderSidecar, seal, sha256Hex } from '../../../src/sources/documents/sidecar';

const sha = sha256Hex('pdf bytes');
function sourceOf(docRel: string, body: string, persons: object[] = []): SourceRecord {
  const text = seal(
    renderSidecar({
      title: 'parish.pdf (transcription)',
      docRel,
      meta: {
        file: docRel.split('/').pop()!,
        sha256: sha,
        transcriber: 'PDF text layer (unpdf)',
        engine: 'pdf',
        date: '2026-01-01T00:00:00.000Z',
        confidence: 1,
      },
      body,
      ...(persons.length ? { front: { persons } } : {}),
    }),
  );
  const r = parseArchiveRecord(text, `${docRel}.md`);
  assert.ok(r.ok, JSON.stringify(r.problems));
  return { ...r.record, id: 'S-000000000001', accessedAt: '2026-01-02T00:00:00.000Z', sha256: '0'.repeat(64) };
}

const twoPages = [
  '## Page 1',
  '',
  'Register of burials, Lowell',
  'Kept by the Rev. John Smith',
  '',
  '## Page 2',
  '',
  'Thomas Owens died March 3,',
  '1871, aged 67 years.',
].join('\n');

describe('documents: the page of a PDF in the citation', () => {
  it('splits a transcription at its page headings', () => {
    assert.deepEqual(
      transcriptionPages(twoPages).map((p) => [p.page, p.text.trim().split('\n')[0]]),
      [
        [1, 'Register of burials, Lowell'],
        [2, 'Thomas Owens died March 3,'],
      ],
    );
    assert.deepEqual(transcriptionPages('no headings'), []);
  });

  it('puts "p. N" of the page the snippet is on in the evidence and its citation', () => {
    const s = sourceOf('archive/parish.pdf', twoPages);
    const opts = { principal: true, direct: true, method: 'pattern' as const };
    // A snippet across a line break is on the page all the same.
    const death = evidenceClaim(s, 'death.date', 'died March 3, 1871', opts);
    assert.equal(death.page, 'p. 2');
    assert.equal(evidenceClaim(s, 'name', 'John Smith', opts).page, 'p. 1');
    const note = formatCitation(s, death);
    assert.match(note.full, /, p\. 2\.$/);
    assert.match(note.short, /p\. 2\.$/);
    // A word on both pages names no page rather than the wrong one.
    assert.equal(evidenceClaim(s, 'place', 'Lowell', opts).page, 'p. 1');
    assert.equal(documentPage({ ...s, text: `${twoPages}\nLowell` }, 'Lowell'), undefined);
  });

  it('finds an index line by its value; a one-page PDF is p. 1; an image and a plain record have no page', () => {
    const s = sourceOf('archive/parish.pdf', twoPages, [{ name: 'Thomas Owens', role: 'deceased', age: 67 }]);
    assert.equal(documentPage(s, 'Thomas Owens: age 67'), 'p. 2');
    assert.equal(documentPage(sourceOf('archive/one.pdf', 'Thomas Owens died 1871'), 'died 1871'), 'p. 1');
    assert.equal(documentPage(sourceOf('archive/grave.png', 'Thomas Owens died 1871'), 'died 1871'), undefined);
    const plain = { text: twoPages };
    assert.equal(documentPage(plain, 'died March 3'), undefined);
    const claim = evidenceClaim({ ...s, transcription: undefined }, 'death.date', 'died March 3', {
      principal: true,
      direct: true,
      method: 'pattern',
    });
    assert.ok(!('page' in claim));
  });
});
