import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  DeterministicExtractor,
  extractFromText,
  snippetInSource,
  toGedcomDate,
} from '../../../src/agents/analyst/extract';
import { ArchiveConnector } from '../../../src/sources/archive';
import { sha256 } from '../../../src/engine/ids';
import type { RawRecord, SourceRecord } from '../../../src/model';
import { REPO_ROOT } from '../../helpers/paths';

const sample = new ArchiveConnector({ root: join(REPO_ROOT, 'examples/sample-case') });
function captured(title: string): SourceRecord {
  const r = sample.records().find((x) => x.title.startsWith(title));
  if (!r) throw new Error(`no sample record "${title}"`);
  return asSource(r);
}
function asSource(r: RawRecord): SourceRecord {
  return {
    ...r,
    id: `S-${sha256(r.text).slice(0, 12)}`,
    accessedAt: '2026-01-01T00:00:00.000Z',
    sha256: sha256(r.text),
  };
}

describe('deterministic extractor', () => {
  const x = new DeterministicExtractor();

  it('turns GEDCOM-ish prose dates into GEDCOM dates', () => {
    assert.equal(toGedcomDate('March 14, 1842'), '14 MAR 1842');
    assert.equal(toGedcomDate('14 March 1842'), '14 MAR 1842');
    assert.equal(toGedcomDate('Sept. 1877'), 'SEP 1877');
    assert.equal(toGedcomDate('1912'), '1912');
  });

  it('grounds every structured field in a verbatim line of the record', async () => {
    for (const s of sample.records().map(asSource)) {
      const out = await x.extract(s);
      for (const gp of out.personas) {
        for (const [field, snippet] of Object.entries(gp.snippets))
          assert.ok(snippetInSource(snippet, s), `${s.title}: ${gp.persona.name} ${field} "${snippet}"`);
      }
    }
  });

  it('prefers the census row that names the persona as the snippet', async () => {
    const out = await x.extract(captured('1880 U.S. census, Springfield, Sangamon, Illinois — Schmidt'));
    const annie = out.personas.find((p) => p.persona.name.startsWith('Annie'))!;
    assert.equal(annie.snippets.age, 'Schmidt, Annie | daughter | 7 | at school | Illinois | Bavaria | Baden');
    assert.equal(annie.snippets.relationship, annie.snippets.age);
    assert.equal(annie.method, 'structured');
  });

  it('reads an obituary: birth, death, parents, spouse, children and a married daughter', async () => {
    const out = await x.extract(captured('Obituary of John F. Schmidt'));
    const by = (n: string) => out.personas.find((p) => p.persona.name === n);
    const main = by('John F. Schmidt')!;
    assert.equal(main.persona.role, 'principal');
    assert.equal(main.persona.birthDate, '14 MAR 1842');
    assert.equal(main.persona.birthPlace, 'Kleinbach, Bavaria');
    assert.equal(main.persona.deathDate, '2 FEB 1911');
    assert.equal(main.method, 'pattern');
    assert.equal(by('Georg Schmidt')?.persona.role, 'father');
    assert.equal(by('Margaretha Schmidt')?.persona.role, 'mother');
    const wife = by('Katharina Huber')!;
    assert.equal(wife.persona.role, 'spouse');
    assert.equal(wife.persona.marriageDate, '1869');
    assert.equal(by('William Schmidt')?.persona.sex, 'M');
    assert.equal(by('Charles Schmidt')?.persona.role, 'child');
    const anna = by('Anna Schmidt')!;
    assert.equal(anna.persona.sex, 'F');
    assert.equal(anna.persona.marriedName, 'Anna Miller');
    assert.equal(anna.persona.spouseName, 'Henry Miller');
    const src = captured('Obituary of John F. Schmidt');
    for (const gp of out.personas) for (const s of Object.values(gp.snippets)) assert.ok(snippetInSource(s, src), s);
  });

  it('reads "born in 1912 in …", "son of … and …", "survived by one son" and "preceded in death by his wife"', () => {
    const out = extractFromText(
      'Obituary of Robert Schmidt',
      'Robert Schmidt, 76, died Saturday, February 18, 1989 at home. He was born in 1912 in Springfield, the son of Charles and Emma Schmidt. He is survived by one son, Thomas of Springfield. He was preceded in death by his wife, Dorothy.',
    );
    const names = out.personas.map((p) => `${p.persona.role}:${p.persona.name}`);
    assert.deepEqual(names, [
      'principal:Robert Schmidt',
      'father:Charles Schmidt',
      'mother:Emma Schmidt',
      'spouse:Dorothy Schmidt',
      'child:Thomas Schmidt',
    ]);
    assert.equal(out.personas[0].persona.birthDate, '1912');
    assert.equal(out.personas[0].persona.deathDate, '18 FEB 1989');
  });

  it('labels a "Jr." inference as a hypothesis, never a fact', () => {
    const out = extractFromText('Obituary of John Smith Jr', 'John Smith Jr died May 3, 1950 in Peoria.');
    assert.equal(out.hypotheses.length, 1);
    assert.equal(out.hypotheses[0].type, 'parental_discovery');
  });

  it('rejects free text with no recognisable person', async () => {
    const r = await x.extract(
      asSource({
        title: 'note',
        recordType: 'other',
        repository: 'x',
        sourceType: 'authored',
        sourceId: 'archive',
        tier: 0,
        persons: [],
        text: 'nothing here at all.',
      }),
    );
    assert.equal(r.personas.length, 0);
    assert.equal(r.rejected.length, 1);
  });
});
