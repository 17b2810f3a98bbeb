import assert from 'node:assert/strict';
import { extractFromText, snippetInSource } from '../../../src/agents/analyst/extract';
import { subjectAt } from '../../../src/agents/analyst/extract/subject';

const byName = (out: ReturnType<typeof extractFromText>, name: string) =>
  out.personas.find((p) => p.persona.name === name);

/** Every snippet a persona cites is in the text it came from (whitespace as the grounding reads it). */
function grounded(out: ReturnType<typeof extractFromText>, text: string): void {
  for (const p of out.personas)
    for (const [field, snip] of Object.entries(p.snippets))
      assert.ok(
        snippetInSource(snip, { persons: [], text, title: '', date: '', place: '' }),
        `${p.persona.name}.${field}: "${snip}" is not in the text`,
      );
}

describe('free text: whom a sentence is about (issue #14: no fact on the wrong person)', () => {
  it('a headstone quoted in a newspaper: the dead are the father and mother, not the man who erected it', () => {
    const text = `A weathered headstone in Kenmare Old Cemetery has been cleaned by the family. It reads: "Erected by
Timothy O'Sullivan, Gortamullin, in loving memory of his father Daniel O'Sullivan who died 4th Feb. 1908 aged 62
years, and his mother Honora who died 12th Nov. 1921 aged 70 years. R.I.P."`;
    const out = extractFromText('"Family restores Kenmare headstone", The Kerryman, 2021', text);
    assert.equal(out.personas[0].persona.name, "Timothy O'Sullivan");
    assert.equal(out.personas[0].persona.deathDate, undefined, 'the father’s death is not the principal’s');
    const father = byName(out, "Daniel O'Sullivan");
    assert.equal(father?.persona.role, 'father');
    assert.equal(father?.persona.deathDate, '4 FEB 1908');
    const mother = byName(out, "Honora O'Sullivan");
    assert.equal(mother?.persona.role, 'mother');
    assert.equal(mother?.persona.deathDate, '12 NOV 1921');
    grounded(out, text);
  });

  it('"His big sister Agnes, who registered his death, had married William Craig": Agnes married, not the principal', () => {
    const text = `THE BOYDS OF TOWNEND, DALRY

Robert Boyd the silk weaver and his wife Janet Murdoch lost their first wee Hugh in 1846. That second Hugh Boyd
became the blacksmith and died in 1889, leaving his widow Margaret. His big sister Agnes, who registered his death,
had married William Craig, a miner.`;
    const out = extractFromText('Family tree note', text);
    assert.equal(out.personas[0].persona.name, 'Robert Boyd', 'the heading in capitals is not part of the name');
    assert.equal(byName(out, 'William Craig'), undefined, 'Agnes’s husband is not Robert’s spouse');
    assert.equal(byName(out, 'Margaret Boyd'), undefined, 'Hugh’s widow is not Robert’s wife');
    assert.equal(byName(out, 'Janet Murdoch')?.persona.role, 'spouse');
    grounded(out, text);
  });

  it('a pronoun of the other sex is about somebody else ("her brother Abe" in a note about Isadore)', () => {
    const text = `Great-grandpa Isadore Gordon came over in 1907. He died in Brooklyn in 1952. His wife, great-grandma Ida,
was Chaya Sora Shapiro at home; her brother Abe had the tenement on Orchard Street.`;
    const out = extractFromText('Notes', text);
    assert.equal(out.personas[0].persona.name, 'Isadore Gordon');
    assert.ok(!out.personas.some((p) => p.persona.relationship === 'brother'), 'Abe is Ida’s brother');
  });

  it('a county history sets its subject in capitals inside a sentence, and reads an aside before the bride', () => {
    const text = `THE GARRETSON FAMILY. Among the Quaker settlers was JOSEPH GARRETSON, the pioneer of the family in this
county. He was a son of John and Hannah Garretson of Goshen. In 1767 he married, according to the usage of Friends,
Elizabeth, daughter of Caleb Pennock of Marple.`;
    const out = extractFromText('History of Frederick County', text);
    assert.equal(out.personas[0].persona.name, 'Joseph Garretson');
    const bride = out.personas.find((p) => p.persona.role === 'spouse');
    assert.equal(bride?.persona.name, 'Elizabeth Pennock', 'her father’s surname is the one she was born with');
    assert.equal(bride?.persona.marriedName, 'Elizabeth Garretson');
    assert.equal(bride?.persona.marriageDate, '1767');
    const father = byName(out, 'Caleb Pennock');
    assert.ok(father, 'her father is named');
    const [b, f] = [out.personas.indexOf(bride), out.personas.indexOf(father)];
    assert.ok(out.relations.some((r) => r.from === `#${b}` && r.to === `#${f}` && r.type === 'child'));
    assert.ok(!out.personas.some((p) => p.persona.role === 'spouse' && p.persona.name === 'John Garretson'));
    grounded(out, text);
  });

  it('a name broken across two lines is one name; "When" opening a sentence is not part of it', () => {
    const a = extractFromText('Capilla', 'Entre los asistentes estuvo la joven Valeria\nHernández Gutiérrez, nacida …');
    assert.equal(a.personas[0].persona.name, 'Valeria Hernández Gutiérrez');
    const b = extractFromText('Roots', 'When Giuseppe Ferraro stepped off the ship in April 1907 he was 26.');
    assert.equal(b.personas[0].persona.name, 'Giuseppe Ferraro');
    const c = extractFromText('Obituary', 'Don Smith, 84, died Tuesday, March 3, 1970 at his home.');
    assert.equal(c.personas[0].persona.name, 'Don Smith', 'a given name is not a word that opens a sentence');
  });

  it('"Name (1868–1934)" gives that person the years of birth and death', () => {
    const text = 'tataranieta de don José María Hernández Ruiz (1868–1934), uno de los primeros mayordomos.';
    const out = extractFromText('Celebran 150 años', `La joven Valeria Hernández Gutiérrez, ${text}`);
    const jm = byName(out, 'José María Hernández Ruiz');
    assert.equal(jm?.persona.birthDate, '1868');
    assert.equal(jm?.persona.deathDate, '1934');
  });

  it('an obituary still gives its principal the death, spouse and relatives ("Survivors include his wife …")', () => {
    const text = `John Melnick, 69, died Tuesday, March 11, 1958 at Griffin Hospital. Survivors include his wife, Mrs.
Anastasia (Shevchuk) Melnick; two sons, Peter Melnick of Derby and Michael Melnick of Seymour.`;
    const out = extractFromText('JOHN MELNICK', text);
    assert.equal(out.personas[0].persona.deathDate, '11 MAR 1958');
    // "Mrs. Anastasia (Shevchuk) Melnick": her birth name, with her married name kept beside it.
    assert.equal(byName(out, 'Anastasia Shevchuk')?.persona.role, 'spouse');
    assert.equal(byName(out, 'Anastasia Shevchuk')?.persona.marriedName, 'Anastasia Melnick');
    assert.equal(byName(out, 'Peter Melnick')?.persona.role, 'child');
  });

  it('subjectAt: the principal by name or by "he", another by name, kin word or relative clause', () => {
    const body = 'Elizabeth died in 1794; Joseph Garretson died 4 Oct. 1801. He died at home. His son Amos died young.';
    const at = (w: string, from = 0) => subjectAt(body, body.indexOf(w, from), 'Joseph Garretson');
    assert.equal(at('died'), 'unknown');
    assert.equal(at('died', body.indexOf('Joseph')), 'principal');
    assert.equal(at('died', body.indexOf('He')), 'principal');
    assert.equal(at('died', body.indexOf('His')), 'other');
    const rel = 'in memory of his father Daniel O’Sullivan who died 4th Feb. 1908';
    assert.equal(subjectAt(rel, rel.indexOf('died'), "Timothy O'Sullivan"), 'other');
  });
});
