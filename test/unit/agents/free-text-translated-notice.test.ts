// Issue #14: a Swedish-American obituary read from its English translation, as such notices are
// written: a dateline, the subject by his initials, the day of death before the verb, "mourned by".
import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';

const title = 'Obituary of G. P. Sandberg, Svenska Amerikanska Posten, Minneapolis, 1921';
const text = `Center City. On 8 March died here G. P. Sandberg, one of the old settlers of Chisago Lake, 74 years
old. He was born 22 July 1846 in Hälleberga parish, Småland, and emigrated in 1869. In 1872 he married
Anna Christina Larsdotter, who survives him. He is mourned by his wife, the sons John in Minneapolis
and Albert on the home farm, the daughter Mrs. Oscar Lundquist (Maria) in Lindstrom.`;

describe('free text: a notice translated from Swedish', () => {
  const out = extractFromText(title, text, '15 MAR 1921');
  const named = (n: string) => out.personas.find((p) => p.persona.name === n)?.persona;

  it('takes the subject from the title written with initials, not the dateline "Center City"', () => {
    assert.equal(out.personas[0].persona.name, 'G. P. Sandberg');
    assert.ok(!out.personas.some((p) => /City/.test(p.persona.name)));
  });

  it('reads "On 8 March died here" as the day of death in the notice’s year', () => {
    assert.equal(out.personas[0].persona.deathDate, '8 MAR 1921');
    assert.equal(out.personas[0].snippets.deathDate, 'On 8 March died');
    const dated = extractFromText(title, 'On the 8th of March, 1920, died at his home G. P. Sandberg.', '15 MAR 1921');
    assert.equal(dated.personas[0].persona.deathDate, '8 MAR 1920', 'a year written wins over the notice’s');
  });

  it('lists those "mourned by" him, a son "on the home farm" among them', () => {
    assert.equal(named('John Sandberg')?.relationship, 'son');
    assert.equal(named('Albert Sandberg')?.relationship, 'son');
    assert.equal(named('Maria Lundquist')?.relationship, 'daughter');
  });

  it('never takes a dateline town for a person', () => {
    const t = extractFromText('Death notice', 'Cedar Falls. John Peterson died here on 3 May 1911.', '10 MAY 1911');
    assert.equal(t.personas[0]?.persona.name, 'John Peterson');
  });
});

describe('free text: a notice translated from Estonian', () => {
  const text = `Died on 4 March 1913 in Kolga parish (vald) the master of Tamme farm, Jüri Tamm, 74 years old. The
deceased was born in 1839 on Tamme farm, which his father Jaan Tamm and his mother Mai née Lepp
kept. Mourned by his widow Liisa, sons Jaan and Karl, daughter Anna, married Rebane.`;
  const out = extractFromText('Surmakuulutus, Jüri Tamm, Postimees, 1913', text, '7 MAR 1913');
  const roles = out.personas.map((p) => `${p.persona.role}: ${p.persona.name}`);

  it('reads the death from a sentence that opens with the verb, and the birth "on" a farm', () => {
    const juri = out.personas[0].persona;
    assert.equal(juri.name, 'Jüri Tamm');
    assert.equal(juri.deathDate, '4 MAR 1913');
    assert.equal(juri.birthDate, '1839');
    assert.equal(juri.birthPlace, 'Tamme');
  });

  it('tells his father Jaan from his son Jaan: "his father … and his mother … née …" are his parents', () => {
    assert.deepEqual(roles.slice(1, 4), ['father: Jaan Tamm', 'mother: Mai Lepp', 'child: Jaan Tamm']);
    assert.equal(out.personas[2].persona.marriedName, 'Mai Tamm');
  });
});

describe('free text: a funeral report’s list of mourners', () => {
  const text = `The funeral of Mr. William Cotterill, of 14, Ripon Street, Attercliffe, took place yesterday. The mourners were
Mrs. Cotterill (widow), Mr. and Mrs. W. Cotterill (son and daughter-in-law), Mr. and Mrs. F. Staniforth
(son-in-law and daughter), Mr. G. Cotterill (son), Mr. T. Cotterill (brother), and Mrs. Hirst and
Mrs. Platts (neighbours). Among the floral tributes was a wreath.`;
  const out = extractFromText('Funeral report, Mr. Wm. Cotterill, 1899', text, '7 NOV 1899');
  const at = (i: number) => `${out.personas[i].persona.relationship}: ${out.personas[i].persona.name}`;

  it('reads each relative with the tie in brackets; a couple’s tie names the man first', () => {
    assert.deepEqual(
      out.personas.slice(1).map((_, i) => at(i + 1)),
      [
        'wife: Mrs. Cotterill',
        'son: W. Cotterill',
        'daughter-in-law: Mrs. Cotterill',
        'daughter: Mrs. Staniforth',
        'son-in-law: F. Staniforth',
        'son: G. Cotterill',
        'brother: T. Cotterill',
      ],
    );
  });

  it('ties the in-laws to their spouses, and reads no neighbour', () => {
    const spouses = out.relations.filter((r) => r.type === 'spouse').map((r) => [r.from, r.to]);
    assert.deepEqual(spouses, [
      ['#3', '#2'],
      ['#5', '#4'],
    ]);
    assert.ok(!out.personas.some((p) => /Hirst|Platts/.test(p.persona.name)));
  });
});

describe('free text: a letter', () => {
  it('takes no principal from its salutation ("Dear Mr. Tamm,")', () => {
    const out = extractFromText(
      'Letter from Kadri Tamm-Kuusk to a DNA match in Canada, 2016',
      'Dear Mr. Tamm,\n\nOur DNA match was right. I am Kadri Tamm-Kuusk, born 23 November 1976 in Tallinn.',
      '14 SEP 2016',
    );
    assert.equal(out.personas[0]?.persona.name, 'Kadri Tamm-Kuusk');
  });
});

describe('free text: a sentence that opens with its date', () => {
  it('"On October 19, 1876, he was united in marriage to Miss Augusta Schmeling": his wife, not October’s', () => {
    const text =
      'William Radtke passed away. On October 19, 1876, he was united in marriage to Miss Augusta Schmeling, who survives him.';
    const out = extractFromText('Obituary of William Radtke', text, '1923');
    assert.deepEqual(
      out.personas.map((p) => `${p.persona.role}: ${p.persona.name}`),
      ['principal: William Radtke', 'spouse: Augusta Schmeling'],
    );
  });
});
