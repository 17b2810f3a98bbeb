import assert from 'node:assert/strict';
import { extractFromText, snippetInSource } from '../../../src/agents/analyst/extract';
import { sha256 } from '../../../src/engine/ids';
import { displayName, type SourceRecord } from '../../../src/model';
import { testAnalyst } from '../../helpers/analyst';

function source(title: string, text: string): SourceRecord {
  return {
    title,
    recordType: 'obituary',
    date: '1951',
    place: 'Dayton, Montgomery, Ohio, USA',
    repository: 'Dayton Daily News',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text,
    id: `S-${sha256(text).slice(0, 12)}`,
    accessedAt: '2026-01-01T00:00:00.000Z',
    sha256: sha256(text),
  };
}

const byName = (out: ReturnType<typeof extractFromText>, name: string) =>
  out.personas.find((p) => p.persona.name === name);

describe('free text: the relatives a notice names (issue #14 items 4 and 8)', () => {
  const OBIT = source(
    'Obituary of Mrs. Minnie A. Kessler, 1951',
    'Mrs. Minnie A. Kessler, 71, died Friday at her home. Born March 2, 1880, in Xenia, she was a daughter of Jacob and Sarah (Baird) Lutz. She was married May 9, 1901, to George Kessler, who preceded her in death in 1939. Surviving are three sons, Carl of Dayton, Otto of Lima, Ohio and Frank of Gary, Ind.; a daughter, Mrs. Leo (Bertha) Haas of Xenia; a daughter, Mrs. Albert Stamm of Troy; a sister, Mrs. Ida Penrod of Xenia; a brother, Emil Lutz of Toledo, O.; and nine grandchildren.',
  );

  it('reads a list of survivors: residences are not names, a bare given name takes the family surname, "Mrs. Leo (Bertha) Haas" is Bertha Haas, wife of Leo', () => {
    const out = extractFromText(OBIT.title, OBIT.text);
    const names = out.personas.map((p) => p.persona.name);
    for (const n of [
      'Carl Kessler',
      'Otto Kessler',
      'Frank Kessler',
      'Bertha Haas',
      'Leo Haas',
      'Ida Penrod',
      'Emil Lutz',
    ])
      assert.ok(names.includes(n), `${n} in ${names.join(', ')}`);
    assert.ok(!names.some((n) => /Ohio|Ind|Lima|Gary|Dayton/.test(n)), names.join(', '));
    // The sons' surname is written for their mother, and cited from there.
    assert.equal(byName(out, 'Carl Kessler')!.snippets.surname, 'Minnie A. Kessler');
    assert.equal(byName(out, 'Carl Kessler')!.persona.relationship, 'son');
    assert.equal(byName(out, 'Ida Penrod')!.persona.relationship, 'sister');
    const bertha = out.personas.findIndex((p) => p.persona.name === 'Bertha Haas');
    const leo = out.personas.findIndex((p) => p.persona.name === 'Leo Haas');
    assert.equal(out.personas[leo].persona.relationship, 'son-in-law', 'never the principal’s own husband');
    // The couples it states, and (stated with them) each daughter's tie to the principal.
    const stamm = names.indexOf('Albert Stamm');
    const mrsStamm = names.indexOf('Mrs. Stamm');
    assert.deepEqual(
      out.relations.map((r) => [r.from, r.to, r.type]),
      [
        [`#${leo}`, `#${bertha}`, 'spouse'],
        [`#${stamm}`, `#${mrsStamm}`, 'spouse'],
        [`#${bertha}`, '#0', 'child'],
        [`#${mrsStamm}`, '#0', 'child'],
      ],
    ); // "Mrs. Albert Stamm": only her husband is named; she stays a mention ("Mrs. Stamm").
    assert.ok(names.includes('Mrs. Stamm') && names.includes('Albert Stamm'));
    for (const gp of out.personas) for (const s of Object.values(gp.snippets)) assert.ok(snippetInSource(s, OBIT), s);
  });

  it('reads "daughter of Jacob and Sarah (Baird) Lutz" as Sarah Baird, married Lutz, and dates the marriage by "married <date>, to", not by a death', () => {
    const out = extractFromText(OBIT.title, OBIT.text);
    assert.equal(byName(out, 'Jacob Lutz')?.persona.role, 'father');
    const mother = byName(out, 'Sarah Baird')!;
    assert.equal(mother.persona.role, 'mother');
    assert.equal(mother.persona.marriedName, 'Sarah Lutz');
    assert.equal(byName(out, 'George Kessler')?.persona.marriageDate, '9 MAY 1901');
  });

  it('reads the list after "their children" with the names right after the word', () => {
    const out = extractFromText(
      'Holm family reunion notice, 2016',
      'FAMILY REUNION. Descendants of Jón Holm (1838–1912) and Sigríður Björnsdóttir, who came to Gimli in 1876, and of their children Thorsteinn Johnson of Árnes, Björn Hólm of Selkirk and Ingibjörg Sveinsson of Winnipeg, will gather at the church hall.',
    );
    const children = out.personas.filter((p) => p.persona.role === 'child').map((p) => p.persona.name);
    assert.deepEqual(children, ['Thorsteinn Johnson', 'Björn Hólm', 'Ingibjörg Sveinsson']);
    // Without an opener a head word names no list: "His big sister Agnes" is a sentence's.
    const plain = extractFromText('Agnes', 'Henry Miller died. His big sister Agnes Miller came from Ohio.');
    assert.ok(!plain.personas.some((p) => p.persona.role === 'child'));
  });

  it('reads the couple of "Descendants of X (dates) and Y Z" as the principal and spouse', () => {
    const out = extractFromText(
      'Holm family reunion notice, 2016',
      'FAMILY REUNION. Descendants of Jón Holm (1838–1912) and Sigríður Björnsdóttir, who came to Gimli in 1876, will gather at the church hall.',
    );
    const names = out.personas.map((p) => `${p.persona.role}:${p.persona.name}`);
    assert.ok(names.includes('principal:Jón Holm'), names.join('; '));
    assert.ok(names.includes('spouse:Sigríður Björnsdóttir'), names.join('; '));
    // A given name alone is not read: it would need a surname the notice does not write.
    const bare = extractFromText('Reunion', 'Descendants of Jón Holm and Sigga will gather at the hall.');
    assert.ok(!bare.personas.some((p) => p.persona.role === 'spouse'));
  });

  it('reads "his son, Name", "His wife, Jane" and a couple named together with their children', () => {
    const out = extractFromText(
      'Death of Owen Rees',
      'Owen Rees, a retired collier, died yesterday at the home of his son, Hugh Rees, Main street. His wife, Mary, died in 1920. He is survived by two sons, Hugh, of this city, and Evan, of Nanticoke.',
    );
    assert.deepEqual(
      out.personas.map((p) => `${p.persona.role}:${p.persona.name}`),
      ['principal:Owen Rees', 'child:Hugh Rees', 'child:Evan Rees', 'spouse:Mary Rees'],
    );
    const notice = extractFromText(
      'Lutz family reunion, 1990',
      "LUTZ — Descendants of the late Jacob and Anna Lutz meet Sunday at the park. Jacob and Anna's children were Karl, Emil and Rosa. Hosts are Mr. and Mrs. Paul Wendt. Mrs. Wendt, the former Clara Lutz, daughter of the late Karl Lutz, is the eldest grandchild.",
    );
    const idx = (n: string) => `#${notice.personas.findIndex((p) => p.persona.name === n)}`;
    const rel = notice.relations.map((r) => `${r.from} ${r.type} ${r.to}`);
    assert.ok(rel.includes(`${idx('Karl Lutz')} child ${idx('Jacob Lutz')}`), rel.join('; '));
    assert.ok(rel.includes(`${idx('Clara Lutz')} child ${idx('Karl Lutz')}`), rel.join('; '));
    assert.ok(rel.includes(`${idx('Paul Wendt')} spouse ${idx('Clara Lutz')}`), rel.join('; '));
    assert.equal(notice.personas.find((p) => p.persona.name === 'Clara Lutz')?.persona.marriedName, 'Clara Wendt');
    // Karl's daughter is not the principal's daughter: "daughter of the late Karl Lutz" is about Mrs. Wendt.
    assert.ok(!notice.personas.some((p) => p.persona.role === 'father' || p.persona.role === 'mother'));
  });

  it('does not make a widow the mother of the children an obituary lists (no household: nothing says so)', async () => {
    const { graph, analyst } = testAnalyst();
    const obit = source(
      'Obituary of Walter Brandt, 1960',
      'Walter Brandt, 70, died Monday. He is survived by his wife, Elsie; one son, Ray of Akron; and a daughter, Mrs. Leo (Bertha) Haas of Canton.',
    );
    await analyst.analyseFor(obit, 1, undefined);
    const elsie = [...graph.persons.values()].find((p) => displayName(p) === 'Elsie Brandt')!;
    const ray = [...graph.persons.values()].find((p) => displayName(p) === 'Ray Brandt')!;
    assert.ok(elsie && ray);
    assert.ok(!elsie.relationships.some((r) => r.type === 'child'), 'Elsie is his wife, not proven Ray’s mother');
    const walter = [...graph.persons.values()].find((p) => displayName(p) === 'Walter Brandt')!;
    assert.ok(walter.relationships.some((r) => r.type === 'child' && r.person === ray.id));
    // A daughter whose husband the notice names is still his daughter (stated with her marriage).
    const bertha = [...graph.persons.values()].find((p) => displayName(p) === 'Bertha Haas')!;
    const leo = [...graph.persons.values()].find((p) => displayName(p) === 'Leo Haas')!;
    assert.ok(walter.relationships.some((r) => r.type === 'child' && r.person === bertha.id));
    assert.ok(bertha.relationships.some((r) => r.type === 'spouse' && r.person === leo.id));
    assert.ok(!walter.relationships.some((r) => r.person === leo.id), 'her husband is not his');
  });

  it('a town after a bracketed name is where she lives, not another child', () => {
    const t = extractFromText(
      'Death of Mr Donald MacLeod',
      'There passed away at his home, 14 Balallan, Mr Donald MacLeod, crofter. He is survived by his widow, a son, John, at home, and a daughter, Mrs Kenneth Macdonald (Catherine), Glasgow. The funeral was largely attended.',
    );
    const names = t.personas.map((p) => p.persona.name);
    assert.ok(!names.some((n) => /Glasgow/.test(n)), names.join('; '));
  });

  it('one brother, one sister: a town after the full name is where each lives, not a relative of the name', () => {
    const t = extractFromText(
      'Death of Robert Rowlands',
      'Robert Rowlands, a deacon of the Welsh church, died on the 12th. He leaves his wife, a brother, William Rowlands, Llanberis, and a sister, Mrs. Ellen Parry, Deiniolen. The Rev. J. T. Evans officiated.',
    );
    const names = t.personas.map((p) => p.persona.name);
    assert.ok(!names.some((n) => /Llanberis|Deiniolen/.test(n)), names.join('; '));
    assert.ok(names.includes('William Rowlands') && names.some((n) => /Ellen Parry/.test(n)), names.join('; '));
  });

  it('a kinship word before the name in another language is no part of it ("Großvater Peter H. Penner")', () => {
    const t = extractFromText(
      'Nachruf',
      'Goessel, Kansas. Unser lieber Vater und Großvater Peter H. Penner wurde geboren den 3. Februar 1868.',
    );
    assert.ok(
      !t.personas.some((p) => /Großvater/.test(p.persona.name)),
      t.personas.map((p) => p.persona.name).join('; '),
    );
  });

  it('reads "the son of X and Y née Z" after a principal written with a middle initial', () => {
    const t = extractFromText(
      'Obituary',
      'Goessel, Kansas. Our dear father Peter H. Penner was born on 3 February 1868 at Rückenau, Molotschna, South Russia, the son of Heinrich Penner and Aganetha née Klassen. He died in 1934.',
    );
    const father = t.personas.find((p) => p.persona.role === 'father');
    const mother = t.personas.find((p) => p.persona.role === 'mother');
    assert.equal(father?.persona.name, 'Heinrich Penner');
    assert.deepEqual([mother?.persona.name, mother?.persona.marriedName], ['Aganetha Klassen', 'Aganetha Penner']);
  });

  it('files a cousin, a nephew or an in-law named in full as a person of the notice, tied to no one', () => {
    const t = extractFromText(
      'Obituary of Morris Kahn',
      'Morris Kahn, 65, died yesterday. He leaves his widow, Rose Kahn; a brother, Louis Kagan of Chicago, and a cousin, Max Kagan of Brooklyn. His cousin and brother-in-law Peter J. Penner preceded him. His nephew Carl spoke, and his great-granddaughter Lisa Kane wrote the notice.',
    );
    const kin = t.personas.filter((p) => p.persona.role === 'other' && p.persona.relationship !== 'brother');
    assert.deepEqual(
      kin.map((p) => [p.persona.name, p.persona.relationship]),
      [
        ['Max Kagan', 'cousin'],
        ['Peter J. Penner', 'cousin'],
      ],
    );
    // A given name alone stays a mention; a great-granddaughter of a modern notice is not filed as kin.
    assert.ok(!t.personas.some((p) => /^Carl$|Lisa Kane/.test(p.persona.name)));
    assert.ok(!t.relations.some((r) => kin.some((k) => k.key === r.from || k.key === r.to)));
  });
});
