// Issue #14 (namesakes joined): a search for one man finds the death of another of his name, and the
// record's own family (a wife and son who are the namesake's) says whose it is. Records written for
// the test after the held-out case ungurean-boian-alberta (two John Ungarians of one village).
import assert from 'node:assert/strict';
import { familyFavoursRival } from '../../../src/agents/analyst/identity/family-rival';
import type { PairScore } from '../../../src/agents/analyst/resolve/score';
import type { SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { stagedSubject, testAnalyst, TEST_NOW } from '../../helpers/analyst';

const source = (text: string): SourceRecord => archiveSource(text, TEST_NOW);

const CENSUS_1901 = source(`---
title: Census of Canada 1901, Alberta, Beaver Lake, page 7
recordType: census
date: 31 MAR 1901
place: Beaver Lake, Alberta, Canada
persons:
  - { key: H, name: John /Ungarian/, role: head, sex: M, birthDate: 14 MAR 1874, birthPlace: Austria }
  - { key: W, name: Sophia /Ungarian/, role: spouse, sex: F, relationship: wife }
  - { key: H2, name: John /Ungarian/, role: head, sex: M, birthDate: 10 JUN 1875, birthPlace: Austria }
  - { key: W2, name: Helen /Ungarian/, role: spouse, sex: F, relationship: wife }
  - { key: S2, name: Nick /Ungarian/, role: child, sex: M, relationship: son }
relationships:
  - { from: W, to: H, type: spouse }
  - { from: W2, to: H2, type: spouse }
  - { from: S2, to: H2, type: child }
  - { from: S2, to: W2, type: child }
---
Ungarian, John, head, b. Mar 14 1874; Sophia, wife. Ungarian, John, head, b. June 10 1875; Helen, wife; Nick, son.
`);

const DEATH_1936 = source(`---
title: Alberta registration of death 1936, John Ungarian
recordType: death
date: 20 JAN 1936
place: Boian, Alberta, Canada
persons:
  - key: D
    name: John /Ungarian/
    role: deceased
    sex: M
    age: 60
    occupation: farmer
  - key: W
    name: Helen /Ungarian/
    role: spouse
    sex: F
    relationship: wife
  - key: N
    name: Nick /Ungarian/
    role: informant
    sex: M
    relationship: son
---
John Ungarian died January 20, 1936, aged 60. Wife: Helen Ungarian. Informant: Nick Ungarian, son.
`);

const score = (similarity: number, relationships = 0): PairScore => ({
  similarity,
  features: {},
  weights: relationships ? { relationships } : {},
  rationale: '',
  whyNotMerge: '',
  recommendation: similarity >= 0.9 ? 'merge' : 'review',
});

describe('a namesake the record’s family ties to', () => {
  it('a search for the subject finds the death of his namesake: the wife and son named make it the namesake’s', async () => {
    const { graph, analyst } = testAnalyst(
      [stagedSubject({ given: 'John', surname: 'Ungarian', born: 'ABT 1874' })],
      'P-subject',
    );
    await analyst.analyseFor(CENSUS_1901, 1, 'P-subject');
    const johns = [...graph.persons.values()].filter((p) => p.names.some((n) => n.given === 'John'));
    assert.equal(johns.length, 2, 'two John Ungarians after the census');
    const other = johns.find((p) => p.id !== 'P-subject')!;
    await analyst.analyseFor(DEATH_1936, 1, 'P-subject');
    const deathOf = (id: string) =>
      graph.get(id)!.assertions.filter((a) => a.field === 'death.date' && a.status !== 'rejected');
    assert.equal(deathOf('P-subject').length, 0, 'the subject is not given his namesake’s death');
    assert.deepEqual(
      deathOf(other.id).map((a) => a.value),
      ['20 JAN 1936'],
      'the death is the namesake’s, whose wife and son the record names',
    );
  });

  it('needs a rival tied by family and clearly ahead; otherwise the search’s aim stands', () => {
    assert.equal(familyFavoursRival(score(0.9), [score(0.99, 2.7)]), true);
    assert.equal(familyFavoursRival(score(0.9), [score(0.99)]), false, 'no relative named alike');
    assert.equal(familyFavoursRival(score(0.9), [score(0.99, 1.2)]), false, 'one relative named alike');
    assert.equal(familyFavoursRival(score(0.9, 1.2), [score(0.999, 2.7)]), false, 'the sought person is tied too');
    assert.equal(familyFavoursRival(score(0.9), [score(0.95, 1.5)]), false, 'not ahead by the margin');
    assert.equal(familyFavoursRival(score(0.9), []), false);
  });
});
