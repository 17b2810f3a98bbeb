// Issue #14 (recall on free text): a name taken by court order, a family note's headings and kinship
// words, and "married" read for the person who married. Texts are written for the test.
import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';
import { statedAliases, statedNameChange } from '../../../src/agents/analyst/identity/name-change';
import type { SourceRecord } from '../../../src/model';
import { testAnalyst } from '../../helpers/analyst';
import { archiveSource } from '../../helpers/archive-source';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('a name taken by order or declaration', () => {
  it('reads the new name from the wording of a naturalization, a notice or a deed', () => {
    assert.deepEqual(
      statedNameChange('it is further ordered that his name be changed to SAMUEL KANE.\nCertificate No. 1'),
      { given: 'Samuel', surname: 'Kane', snippet: 'it is further ordered that his name be changed to SAMUEL KANE' },
    );
    assert.equal(statedNameChange('Szmul Kaniewski, also known as Samuel Kane, of Chicago')?.surname, 'Kane');
    assert.equal(statedNameChange('In 1890 he changed his name to Wm. H. Brandt')?.given, 'Wm. H.');
    // No wording of a change, or two different names: nothing is taken.
    assert.equal(statedNameChange('Samuel Kane, tailor, of Chicago'), undefined);
    assert.equal(statedNameChange('name was changed to Samuel Kane. Later also known as Sam Kahn'), undefined);
  });

  it('reads an obituary\'s "was known … as", "took the surname" and "(born <Surname>," for the principal', () => {
    const obituary =
      'he came to this country in 1891 and was known to his\nlandsleit of the Kelmer Society, of which he was a founder, as Morris Kagan.';
    assert.deepEqual(
      [statedNameChange(obituary, 'Morris /Kahn/')?.given, statedNameChange(obituary, 'Morris /Kahn/')?.surname],
      ['Morris', 'Kagan'],
    );
    // A surname alone goes with the principal's own given name.
    assert.equal(
      statedNameChange('great-grandfather Takeshi Ueda (born Kimura, 1882–1937)', 'Takeshi Ueda')?.surname,
      'Kimura',
    );
    assert.equal(
      statedNameChange('Rhys ab Evan, whose son took the surname Price in 1821', 'John ap Rhys')?.surname,
      'Price',
    );
    // Not a name: a place after "born", words after "known as", the name the principal already bears.
    assert.equal(statedNameChange('He was born Ohio, 1850, and was known as a kind man.', 'John Smith'), undefined);
    assert.equal(statedNameChange('He took the name of John Smith', 'John Smith'), undefined);
  });

  it("reads a second name written right after a persona's own in a list", () => {
    const padron = [
      'Juan Buenaventura (antes Juan de la Cruz), labrador .... 41',
      'Padrón de la cabecería de D. Mariano Reyes (antes de los Reyes), año de 1850',
    ];
    assert.deepEqual(
      statedAliases(padron, 'Juan /Buenaventura/').map((a) => [a.given, a.surname]),
      [['Juan', 'de la Cruz']],
    );
    assert.deepEqual(
      statedAliases(padron, 'Mariano /Reyes/').map((a) => [a.given, a.surname]),
      [['Mariano', 'de los Reyes']],
    );
    assert.deepEqual(
      statedAliases(['Thomas Hartley alias Hurst, aged 22, ploughman'], 'Thomas Hartley').map((a) => a.surname),
      ['Hurst'],
    );
    // Only right after the persona's own name, and only after a word that gives a second name.
    assert.deepEqual(
      statedAliases(['Thomas Hartley, called to the bar; John Brown alias Black'], 'Thomas Hartley'),
      [],
    );
    assert.deepEqual(statedAliases(['Juan Buenaventura (antes Juan de la Cruz)'], 'Pedro Buenaventura'), []);
    // German "als" is "as": "Johann Schmidt als Zeuge" names a witness, not a second name.
    assert.deepEqual(statedAliases(['Johann Schmidt als Zeuge, Anna Weber als Patin'], 'Johann Schmidt'), []);
  });

  it('gives the petitioner the new name as an alias, so his later records are searched and read under it', async () => {
    const { graph, analyst } = testAnalyst([], undefined, NOW);
    const petition: SourceRecord = archiveSource(
      `---
title: Petition for naturalization, Szmul Kaniewski, Cook County, 1911
recordType: naturalization
date: 3 MAY 1911
place: Chicago, Cook, Illinois, USA
persons:
  - { key: P, name: Szmul /Kaniewski/, role: principal, sex: M, birthDate: 2 JUN 1886, birthPlace: "Plock, Russia" }
---
The petition of Szmul Kaniewski, born June 2, 1886, at Plock, Russia ... it is ordered that the
petitioner be admitted, and that his name be changed to SAMUEL KANE.
`,
      NOW,
    );
    const out = await analyst.analyse(petition, 1);
    const p = graph.get(out.integration.personIds[0]!)!;
    const aka = p.names.find((x) => x.surname === 'Kane');
    assert.deepEqual([aka?.given, aka?.type, aka?.citations], ['Samuel', 'aka', [petition.id]]);
  });
});

describe('free text: the principal of a family note', () => {
  it('skips a heading in capitals and a kinship word before the name', () => {
    const note = extractFromText(
      'Family note',
      'THE KANES OF WICKER PARK\n\nGreat-grandpa Samuel Kane came over in 1907 and pressed pants on Division Street.',
    );
    assert.equal(note.personas[0]?.persona.name, 'Samuel Kane');
    const aunt = extractFromText('Memories', 'Aunt Bertha Vogel kept the farm at Elkhorn until 1950.');
    assert.equal(aunt.personas[0]?.persona.name, 'Bertha Vogel');
  });

  it('does not give the principal the spouse another person married', () => {
    const t = extractFromText(
      'Family note',
      'Samuel Kane came over in 1907. Their daughter Ruth Kane married Leo Adler in 1934. Samuel died in 1950.',
    );
    assert.ok(!t.personas.some((p) => p.persona.role === 'spouse'), JSON.stringify(t.personas.map((p) => p.persona)));
    const own = extractFromText('Family note', 'Samuel Kane came over in 1907 and married Dora Roth in 1910.');
    assert.equal(own.personas.find((p) => p.persona.role === 'spouse')?.persona.name, 'Dora Roth');
  });
});
