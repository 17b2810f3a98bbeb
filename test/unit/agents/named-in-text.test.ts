// Issue #14: a free-text record naming a person of the case in full (a reunion newsletter's
// "Philip Renouf … and Mary Ann Huard") is cited on that person, when no other person bears the name.
import assert from 'node:assert/strict';
import { namedInText } from '../../../src/agents/analyst/identity/named-in-text';
import { Person, type SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';

const person = (id: string, given: string, surname: string) => Person.parse({ id, names: [{ given, surname }] });

const NEWSLETTER = archiveSource(`---
title: Jersey Heritage of the Gaspé Coast newsletter, spring 2020
recordType: newspaper
date: APR 2020
place: Paspébiac, Québec, Canada
repository: Société du patrimoine jersiais, newsletter no. 41
sourceType: authored
persons: []
---
Welcome to our new member, great-great-granddaughter of Philip Renouf of St Ouen and Mary Ann Huard
through their son Joseph. There were two Philip Renoufs at Paspébiac. Her cousin Juan Antonio Ybarra
and Jean Baptiste Grandchamp wrote too.`);

/** A free-text newsletter of the given title and text. */
const newsletter = (title: string, text: string) =>
  archiveSource(`---
title: ${title}
recordType: newspaper
date: 2019
repository: a family society
sourceType: authored
persons: []
---
${text}`);

const cited = (persons: Person[], sources: SourceRecord[] = [NEWSLETTER]) =>
  namedInText(sources, persons).map((f) => `${f.person}:${f.written}`);

describe('persons a free-text record names in full', () => {
  it('cites the case’s only Mary Ann Huard, and neither of two Philip Renoufs', () => {
    const persons = [
      person('P-mary', 'Mary Ann', 'Huard'),
      person('P-philip1', 'Philip', 'Renouf'),
      person('P-philip2', 'Philippe', 'Renouf'),
      person('P-philip3', 'Philip', 'Renouf'),
    ];
    assert.deepEqual(cited(persons), ['P-mary:mary ann huard']);
  });

  it('does not take the tail or the head of a longer name ("Antonio Ybarra", "Jean Baptiste")', () => {
    const persons = [person('P-antonio', 'Antonio', 'Ybarra'), person('P-jb', 'Jean', 'Baptiste')];
    assert.deepEqual(cited(persons), []);
  });

  it('does not cite a person twice, nor a name of the persons a record lists in its front matter', () => {
    const already = Person.parse({
      id: 'P-mary',
      names: [{ given: 'Mary Ann', surname: 'Huard', citations: [NEWSLETTER.id] }],
    });
    assert.deepEqual(cited([already]), []);
    const structured = { ...NEWSLETTER, persons: [{ name: 'Mary Ann /Huard/', role: 'principal' }] } as SourceRecord;
    assert.deepEqual(cited([person('P-mary', 'Mary Ann', 'Huard')], [structured]), []);
    // Another name in the text of that record is read as in any free text.
    assert.deepEqual(cited([person('P-jb', 'Jean Baptiste', 'Grandchamp')], [structured]), [
      'P-jb:jean baptiste grandchamp',
    ]);
  });

  it('reads a possessive as the name, and a name at the end of a sentence before a capitalised word', () => {
    const text = newsletter(
      'Tolley family newsletter, 2016',
      `This year honours both families, Ann Pugh's and Sarah Ann Bright's. Our line runs through their son Evan Price.
Nain would have been proud. Ask Wm. Price Jones about the farm.`,
    );
    const persons = [
      person('P-ann', 'Ann', 'Pugh'),
      person('P-sarah', 'Sarah Ann', 'Bright'),
      person('P-evan', 'Evan', 'Price'),
      person('P-wm', 'Wm.', 'Price'),
    ];
    // "Wm. Price Jones" is a longer name: the abbreviation's stop ends no sentence.
    assert.deepEqual(cited(persons, [text]).sort(), [
      'P-ann:ann pugh',
      'P-evan:evan price',
      'P-sarah:sarah ann bright',
    ]);
  });

  it('reads a bracketed maiden name or nickname, and a couple written under one surname', () => {
    const text = newsletter(
      'Reunion newsletter',
      `A great-grandson of Sarah (Tolley) Clegg; Wasyl (Bill) Hrycak came too. She descends from Joe Mike
and Asun Goicoechea of the Star Boarding House.`,
    );
    const persons = [
      person('P-sarah', 'Sarah', 'Tolley'),
      person('P-bill', 'Bill', 'Hrycak'),
      person('P-joe', 'Joe Mike', 'Goicoechea'),
      person('P-mike', 'Mike', 'Goicoechea'),
    ];
    // "Mike Goicoechea" is the tail of Joe Mike's name, not another person named.
    assert.deepEqual(cited(persons, [text]).sort(), [
      'P-bill:bill hrycak',
      'P-joe:joe mike goicoechea',
      'P-sarah:sarah tolley',
    ]);
  });

  it('reads a nickname or an abbreviated given name as the only bearer of the full one', () => {
    const text = newsletter(
      'Come Home Year newsletter',
      `Pat Hanrahan fished off the point; Thos. Ashby kept the inn, Bill Kelly the shop, and Juan B. Daher
the store.`,
    );
    const persons = [
      person('P-pat', 'Patrick', 'Hanrahan'),
      person('P-thos', 'Thomas', 'Ashby'),
      person('P-w1', 'William', 'Kelly'),
      person('P-w2', 'William Henry', 'Kelly'),
      person('P-juan', 'Juan Bautista', 'Daher'),
      person('P-juan-uncle', 'Juan', 'Daher'),
    ];
    // Two Williams Kelly: "Bill Kelly" is neither. "Juan B." is Juan Bautista, not the uncle Juan.
    assert.deepEqual(cited(persons, [text]).sort(), ['P-juan:juan b daher', 'P-pat:pat hanrahan', 'P-thos:thos ashby']);
  });
});
