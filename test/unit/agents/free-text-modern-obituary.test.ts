/**
 * An obituary as notices now write it (issue #14, a fresh held-out case): the subject surname first in
 * capitals, the parents after "born … to", survivors listed with their spouses in brackets.
 */
import assert from 'node:assert/strict';
import { extractFromText, snippetInSource } from '../../../src/agents/analyst/extract';

const TEXT = `SEXTON, Delbert Ray, 80, of Kettering, passed away Wednesday, October 14, 2009, at Kettering Medical
Center. He was born August 17, 1928, in Benham, Kentucky, to the late Ray and
Edna (Hensley) Mullins. His father was killed in the mines when Delbert was two, and he was raised by his
stepfather, Clarence Sexton, whose name he took as a schoolboy. He was preceded in death by his wife of 49 years,
Juanita (Collins) Sexton, in 2001, and by his half-sister Shirley Ison. He is survived by his sons
Gary (Debra) Sexton of Kettering and Mark Sexton of Beavercreek; daughter Karen (Tom) Riddle of
Xenia; half-sister Wanda Blair of Harlan, Ky.; six grandchildren and two great-grandchildren.`;

const out = extractFromText('Dayton Daily News, 16 October 2009 — obituary, Delbert Ray Sexton', TEXT, '16 OCT 2009');
const named = (name: string) => out.personas.find((p) => p.persona.name === name)?.persona;

describe('free text: a modern obituary (issue #14)', () => {
  it('names its subject surname first: "SEXTON, Delbert Ray, 80" is Delbert Ray Sexton, dead on 14 OCT 2009', () => {
    assert.equal(out.personas[0].persona.name, 'Delbert Ray Sexton');
    assert.equal(out.personas[0].persona.deathDate, '14 OCT 2009');
    assert.equal(out.personas[0].persona.birthDate, '17 AUG 1928');
  });

  it('reads the parents after "born … to the late", the mother under her maiden and married names', () => {
    assert.equal(named('Ray Mullins')?.role, 'father');
    const mother = named('Edna Hensley');
    assert.equal(mother?.role, 'mother');
    assert.equal(mother?.marriedName, 'Edna Mullins');
    assert.equal(named('Clarence Sexton')?.role, undefined, 'the stepfather is no parent');
  });

  it('reads the wife "of 49 years", and survivors listed without commas, each with the spouse in brackets', () => {
    const wife = named('Juanita Collins');
    assert.equal(wife?.role, 'spouse');
    assert.equal(wife?.marriedName, 'Juanita Sexton');
    assert.equal(named('Gary Sexton')?.relationship, 'son');
    assert.equal(named('Mark Sexton')?.relationship, 'son');
    assert.equal(named('Karen Riddle')?.relationship, 'daughter');
    assert.equal(named('Tom Riddle')?.relationship, 'son-in-law');
    assert.equal(named('Debra Sexton'), undefined, 'a son’s wife in brackets is not his sister');
    assert.equal(named('Wanda Blair')?.relationship, 'sister');
  });

  it('cites only words of the text', () => {
    for (const p of out.personas)
      for (const [field, snip] of Object.entries(p.snippets))
        assert.ok(
          snippetInSource(snip, { persons: [], text: TEXT, title: '', date: '', place: '' }),
          `${p.persona.name}.${field}: "${snip}"`,
        );
  });

  it('"Born in Toishan, China, he came to San Francisco": a place after another verb is no parent', () => {
    const chan = extractFromText(
      'San Francisco Chronicle, 6 February 1988 — obituary, Kwok Hing Chan',
      'CHAN, Kwok Hing (Lee Wing Sun) — In San Francisco, February 2, 1988, aged 81. Born in Toishan, China, he came to San Francisco as a boy in 1921.',
    );
    assert.equal(chan.personas[0].persona.name, 'Kwok Hing Chan');
    assert.deepEqual(
      chan.personas.filter((p) => p.persona.role !== 'principal').map((p) => p.persona.name),
      [],
    );
  });

  it('a dateline in capitals is no name: "GORDONVILLE, Pa., Jan. 21 — … Deacon John K. Stoltzfus"', () => {
    const letter = extractFromText(
      'The Budget, 29 January 1931, letter from Gordonville',
      'GORDONVILLE, Pa., Jan. 21 — Cold and clear. Deacon John K. Stoltzfus of near Intercourse passed away Saturday evening.',
    );
    assert.notEqual(letter.personas[0]?.persona.name, 'Pa Gordonville');
  });
});
