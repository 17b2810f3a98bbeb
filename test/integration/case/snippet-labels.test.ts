import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { isTranscribed, snippetForReader, type EvidenceClaim } from '../../../src/model';
import { tempDir } from '../../helpers/paths';

const clock = { now: () => new Date('2026-11-22T00:00:00Z'), sleep: async () => {} };

describe('a snippet made up from index fields is never shown as the record’s transcription (#14 item 9)', () => {
  it('quotes the record’s words and labels an index line', () => {
    const text = 'Born May 12, 1884,\nDecatur, Indiana.';
    assert.ok(isTranscribed('Born May 12, 1884, Decatur', text));
    assert.equal(snippetForReader('Born May 12, 1884, Decatur', text), '“Born May 12, 1884, Decatur”');
    assert.equal(
      snippetForReader('Clara B. /Hoffman/: birthDate 12 MAY 1884', text),
      "(index entry, not the record's words: Clara B. /Hoffman/: birthDate 12 MAY 1884)",
    );
    assert.ok(!isTranscribed('anything', undefined));
  });

  it('conflicts/*.md quotes a transcription and labels an index entry', async () => {
    const root = join(tempDir(), 'case');
    const store = await initCase(
      root,
      { question: 'When was Clara born?', subject: { name: 'Clara Hoffman', born: '1884' } },
      { clock },
    );
    const src = await store.captureSource(
      {
        title: 'Death certificate of Clara Hoffman',
        recordType: 'death',
        repository: 'Indiana State Board of Health',
        sourceType: 'original',
        sourceId: 'archive',
        tier: 0,
        persons: [{ name: 'Clara B. /Hoffman/', role: 'principal', birthDate: '12 MAY 1883' }],
        text: 'Deceased: Clara B. Hoffman. Born May 12, 1884, Decatur, Indiana.',
      },
      clock.now(),
    );
    const claim = (snippet: string): EvidenceClaim => ({
      source: src.id,
      snippet,
      tier: 0,
      evidenceType: 'Primary',
      sourceClass: 'original',
      information: 'secondary',
      evidence: 'direct',
      confidence: 0.8,
      method: 'structured',
    });
    await store.writeConflict({
      id: 'C-1',
      person: 'P-clara',
      field: 'birth.date',
      competing: [
        {
          assertion: 'A-1',
          value: '12 MAY 1884',
          weight: 0.6,
          evidence: [claim('Born May 12, 1884, Decatur, Indiana.')],
        },
        {
          assertion: 'A-2',
          value: '12 MAY 1883',
          weight: 0.5,
          evidence: [claim('Clara B. /Hoffman/: birthDate 12 MAY 1883')],
        },
      ],
      preferred: '12 MAY 1884',
      rationale: 'weights',
      status: 'tentative',
      nextActions: [],
    });
    const file = readdirSync(join(root, 'conflicts')).find((f) => f.endsWith('.md'))!;
    const md = readFileSync(join(root, 'conflicts', file), 'utf8');
    assert.match(md, /“Born May 12, 1884, Decatur, Indiana\.”/);
    assert.match(md, /\(index entry, not the record's words: Clara B\. \/Hoffman\/: birthDate 12 MAY 1883\)/);
    assert.doesNotMatch(md, /“Clara B\. \/Hoffman\/: birthDate/);
  });
});
