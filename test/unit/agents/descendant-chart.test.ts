import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';

/** A family-tree program's descendant report, as a compiler prints it for a cousin. */
const CHART = `RODRIGUES OF SIOLIM — Descendants of Manuel Rodrigues
(printed 3 May 2018)

Manuel Rodrigues, of Siolim, Bardez — m. Rosa Maria Lobo (Lobo e Souza)
|-- Fr. Inacio Rodrigues (1861–1930), parish priest
|-- Joaquim Jose "Quim" Rodrigues (b. 2 Feb 1864 Siolim; d. 9 Sep 1931 Mombasa),
|   clerk, Customs
|   m. 4 May 1890 at Siolim: Ana Maria (Anita) Pinto (1870–1944)
|   |-- Luis Rodrigues (b. 1 Jan 1892 Mombasa; d. 1960 Nairobi)
|   |   m. Clara Dias (1899–1980)
|   |   |-- Peter Rodrigues (living), m. Jean Fonseca
|   |-- Emilia Rodrigues (1895–1972), unmarried

NOTE: compiled from the family's papers.`;

describe('free text: a descendant chart printed from family-tree software', () => {
  const out = extractFromText('Family-tree printout, "Rodrigues of Siolim", 2018', CHART, '3 MAY 2018');
  const byName = (n: string) => out.personas.find((p) => p.persona.name === n);
  const key = (n: string) => byName(n)!.key!;
  const stated = (a: string, type: string, b: string) =>
    out.relations.some((r) => r.from === key(a) && r.type === type && r.to === key(b));

  it('reads every person once, titles, nicknames and aliases aside, with the dates in brackets', () => {
    assert.equal(out.personas[0].persona.name, 'Manuel Rodrigues');
    const joaquim = byName('Joaquim Jose Rodrigues')!.persona;
    assert.equal(joaquim.birthDate, '2 FEB 1864');
    assert.equal(joaquim.birthPlace, 'Siolim');
    assert.equal(joaquim.deathDate, '9 SEP 1931');
    assert.equal(joaquim.deathPlace, 'Mombasa');
    assert.equal(byName('Inacio Rodrigues')?.persona.deathDate, '1930');
    assert.equal(byName('Ana Maria Pinto')?.persona.birthDate, '1870');
    assert.equal(byName('Peter Rodrigues')?.persona.birthDate, undefined, 'a living person has no dates read');
    const body = CHART.replace(/\s+/g, ' ');
    for (const p of out.personas) for (const s of Object.values(p.snippets)) assert.ok(body.includes(s), s);
  });

  it('states each child of the person above at a lesser indent, and each spouse of the one written under or beside', () => {
    assert.ok(stated('Rosa Maria Lobo', 'spouse', 'Manuel Rodrigues'));
    assert.ok(stated('Joaquim Jose Rodrigues', 'child', 'Manuel Rodrigues'));
    assert.ok(stated('Inacio Rodrigues', 'child', 'Manuel Rodrigues'));
    assert.ok(stated('Ana Maria Pinto', 'spouse', 'Joaquim Jose Rodrigues'));
    assert.ok(stated('Luis Rodrigues', 'child', 'Joaquim Jose Rodrigues'));
    assert.ok(stated('Emilia Rodrigues', 'child', 'Joaquim Jose Rodrigues'));
    assert.ok(stated('Clara Dias', 'spouse', 'Luis Rodrigues'));
    assert.ok(stated('Peter Rodrigues', 'child', 'Luis Rodrigues'));
    assert.ok(stated('Jean Fonseca', 'spouse', 'Peter Rodrigues'));
    assert.ok(!stated('Luis Rodrigues', 'child', 'Manuel Rodrigues'));
    assert.equal(byName('Clara Dias')?.persona.role, 'other', "a grandson's wife is not the principal's spouse");
  });
});
