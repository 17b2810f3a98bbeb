// A notice in another language read through the translation its record carries (issue #14: a German
// obituary's survivors, all named in its English translation, were never read).
import assert from 'node:assert/strict';
import { DeterministicExtractor, snippetInSource } from '../../../src/agents/analyst/extract';
import { sha256 } from '../../../src/engine/ids';
import type { SourceRecord } from '../../../src/model';

function notice(text: string, translation?: string): SourceRecord {
  return {
    title: 'Nachruf Peter H. Penner, Mennonitische Rundschau, 1934',
    recordType: 'obituary',
    date: '1934',
    place: 'Goessel, Kansas, USA',
    repository: 'Mennonitische Rundschau',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text,
    ...(translation ? { translation, language: 'de' } : {}),
    id: `S-${sha256(text).slice(0, 12)}`,
    accessedAt: '2026-01-01T00:00:00.000Z',
    sha256: sha256(text),
  };
}

const GERMAN =
  'Unser lieber Vater Peter H. Penner wurde geboren den 3. Februar 1868 in Rückenau. Es trauern um ihn die Gattin, zwei Söhne, Heinrich und Peter, und eine Tochter, Maria.';
const ENGLISH =
  'Our dear father Peter H. Penner was born on 3 February 1868 at Rückenau. He is mourned by his wife, two sons, Heinrich and Peter, and a daughter, Maria.';

describe('free text read through its translation', () => {
  it('reads the translation when it names more persons than the original, with snippets grounded in it', async () => {
    const r = notice(GERMAN, ENGLISH);
    const x = await new DeterministicExtractor().extract(r);
    const names = x.personas.map((p) => p.persona.name);
    assert.ok(names.includes('Heinrich Penner') && names.includes('Maria Penner'), names.join('; '));
    for (const gp of x.personas)
      for (const s of Object.values(gp.snippets)) assert.ok(snippetInSource(s, r), `not grounded: ${s}`);
  });

  it('without a translation the original is read as before, and a snippet of no text is not grounded', async () => {
    const r = notice(GERMAN);
    const x = await new DeterministicExtractor().extract(r);
    assert.ok(!x.personas.some((p) => p.persona.name === 'Maria Penner'));
    assert.equal(snippetInSource('two sons, Heinrich and Peter', r), false);
    assert.equal(snippetInSource('two sons, Heinrich and Peter', notice(GERMAN, ENGLISH)), true);
  });
});
