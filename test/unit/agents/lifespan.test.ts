// Issue #14 (held-out cases): a register page's events date each persona, and a life has one end.
import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import { withEventDates } from '../../../src/agents/analyst/identity/event-dates';
import { lifespanContradiction } from '../../../src/agents/analyst/identity/lifespan';
import { featuresOfPersona } from '../../../src/agents/analyst/resolve/features';
import { Person, type NewLogEntry, type Persona, type SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

const source = (text: string): SourceRecord => archiveSource(text, NOW);

function setup(persons: Person[] = [], subject?: string) {
  return testAnalyst(persons, subject);
}

function decisions(log: NewLogEntry[], type: string): string[] {
  return log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === type)
    .map((e) => e.rationale);
}

const EVIDENCE = {
  source: 'S-test',
  snippet: 'x',
  repository: 'Test repository',
  tier: 0,
  accessedAt: NOW.toISOString(),
  evidenceType: 'Primary',
  sourceClass: 'original',
  information: 'primary',
  evidence: 'direct',
  confidence: 0.9,
};

function person(id: string, given: string, facts: Record<string, string>): Person {
  return Person.parse({
    id,
    names: [{ given, surname: 'Pike' }],
    sex: 'M',
    assertions: Object.entries(facts).map(([field, value], i) => ({
      id: `A-${id}-${i}`,
      field,
      value,
      status: 'accepted',
      confidence: 0.9,
      evidence: [EVIDENCE],
    })),
  });
}

const persona = (role: Persona['role']): Persona => ({ name: 'Walter /Pike/', role });

describe('identity: dates from the events of a register page', () => {
  it('gives each persona its birth from a birth event, else from a baptism, and its death from a burial', () => {
    const personas: Persona[] = [persona('principal'), persona('principal'), { name: 'Ann /Pike/', role: 'child' }];
    const feats = personas.map((p) => featuresOfPersona(p));
    withEventDates(
      feats,
      ['W1', 'W2', 'A'],
      [
        { type: 'baptism', date: '2 FEB 1711', persons: ['W1'] },
        { type: 'burial', date: '9 MAR 1711', persons: ['W1'] },
        { type: 'christening', date: '4 APR 1713', persons: ['W2'] },
        { type: 'birth', date: '1 APR 1716', persons: ['A'] },
        { type: 'baptism', date: '9 APR 1716', persons: ['A'] },
      ],
    );
    assert.deepEqual([feats[0].birth?.min, feats[0].birth?.max, feats[0].death?.max], [1709, 1711, 1711]);
    assert.deepEqual([feats[1].birth?.min, feats[1].birth?.max, feats[1].death], [1711, 1713, undefined]);
    // The birth event says it exactly; the baptism does not widen it.
    assert.deepEqual([feats[2].birth?.min, feats[2].birth?.max, feats[2].birth?.stated], [1716, 1716, true]);
  });

  it('a daughter born on the register page is not the namesake girl of eight in a later census', async () => {
    const { graph, analyst } = setup();
    const census = source(`---
title: 1850 census, Dover — Cobb household
recordType: census
date: 1 AUG 1850
place: Dover, Kent, Delaware, USA
persons:
  - key: H
    name: Ezra /Cobb/
    role: head
    sex: M
    age: 55
  - key: D
    name: Ann /Cobb/
    role: other
    sex: F
    age: 8
---
Ezra Cobb | 55 | M | Ann do. | 8 | F
`);
    const register = source(`---
title: Dover town records, births — children of Ezra and Ruth Cobb
recordType: register
date: FROM 1820 TO 1824
place: Dover, Kent, Delaware, USA
persons:
  - { key: F, name: Ezra /Cobb/, role: father, sex: M }
  - { key: M, name: Ruth /Cobb/, role: mother, sex: F }
  - { key: A, name: Ann /Cobb/, role: child, sex: F }
relationships:
  - { from: F, to: A, type: father }
  - { from: M, to: A, type: mother }
events:
  - { type: birth, date: 3 MAR 1821, place: Dover, persons: [A] }
---
Children of Ezra Cobb and Ruth his wife: Ann, born March 3d 1821.
`);
    const first = await analyst.analyse(census, 1);
    const second = await analyst.analyse(register, 1);
    const annIn1850 = first.integration.personIds[1]!;
    const annIn1821 = second.integration.personIds[2]!;
    assert.notEqual(annIn1821, annIn1850);
    assert.equal(graph.features(annIn1821)?.birth?.min, 1821);
  });
});

describe('identity: a life has one end', () => {
  it('two deaths years apart are two persons; a slip of a few years is not', () => {
    const g = new KnowledgeGraph([person('P-old', 'Walter', { 'burial.date': '20 OCT 1780' })]);
    const infant = { persona: persona('principal'), source: { recordType: 'register', date: 'FROM 1711 TO 1713' } };
    const why = lifespanContradiction(
      g,
      { ...infant, death: { text: '9 MAR 1711', min: 1711, max: 1711, stated: true } },
      g.get('P-old')!,
    );
    assert.match(why ?? '', /dies once/);
    assert.equal(
      lifespanContradiction(
        g,
        { ...infant, death: { text: '1777', min: 1777, max: 1777, stated: true } },
        g.get('P-old')!,
      ),
      undefined,
    );
  });

  it('no one marries or fathers a child after their death (a posthumous child within a year is allowed)', () => {
    const g = new KnowledgeGraph([person('P-dead', 'Walter', { 'death.date': '9 MAR 1711' })]);
    const p = g.get('P-dead')!;
    const groom = { persona: persona('groom'), source: { recordType: 'marriage', date: '12 OCT 1738' } };
    assert.match(lifespanContradiction(g, groom, p) ?? '', /recorded alive as groom in 12 OCT 1738, after the death/);
    const father = { persona: persona('father'), source: { recordType: 'baptism', date: '2 FEB 1712' } };
    assert.equal(lifespanContradiction(g, father, p), undefined);
    // A will proved after the death names the dead man: no contradiction.
    const testator = { persona: persona('testator'), source: { recordType: 'probate', date: '1 JUN 1713' } };
    assert.equal(lifespanContradiction(g, testator, p), undefined);
  });

  it('a will provides for the living: the son Jacob of an 1822 will is not the infant Jacob dead in 1792', () => {
    const g = new KnowledgeGraph([person('P-infant', 'Jacob', { 'death.date': '20 AUG 1792' })]);
    const p = g.get('P-infant')!;
    const legatee = { persona: persona('legatee'), source: { recordType: 'will', date: '3 APR 1822' } };
    assert.match(
      lifespanContradiction(g, legatee, p) ?? '',
      /recorded alive as legatee in 3 APR 1822, after the death/,
    );
    // A legatee who died while the will waited to be proved is still the one it names.
    const proved = { persona: persona('legatee'), source: { recordType: 'probate', date: '1799' } };
    assert.equal(lifespanContradiction(g, proved, p), undefined);
  });

  it('no one is in a record made before they were born (an infant on an 1845 passenger list, a brother born 1847)', () => {
    const g = new KnowledgeGraph([person('P-1847', 'Heinrich', { 'birth.date': '14 MAR 1847' })]);
    const p = g.get('P-1847')!;
    const infant = { persona: persona('child'), source: { recordType: 'immigration', date: '20 NOV 1845' } };
    assert.match(lifespanContradiction(g, infant, p) ?? '', /before Heinrich Pike \(P-1847\) was born \(14 MAR 1847\)/);
    // A year's slack for a stated birth that may be late, and no verdict from a later account.
    const baptised = { persona: persona('principal'), source: { recordType: 'baptism', date: '15 MAR 1846' } };
    assert.equal(lifespanContradiction(g, baptised, p), undefined);
    const history = { persona: persona('mentioned'), source: { recordType: 'newspaper', date: '1845' } };
    assert.equal(lifespanContradiction(g, history, p), undefined);
    // A birth worked out from a census age is no stated birth: Mary baptised 1809, "CAL 1812" from her age.
    const g2 = new KnowledgeGraph([person('P-mary', 'Mary', { 'birth.date': 'CAL 1812' })]);
    const baptism = { persona: persona('principal'), source: { recordType: 'baptism', date: '12 MAR 1809' } };
    assert.equal(lifespanContradiction(g2, baptism, g2.get('P-mary')!), undefined);
  });

  it('an informant, a witness or a godparent acts in person: not the infant of the name who died before', () => {
    const g = new KnowledgeGraph([person('P-infant', 'Jakob', { 'death.date': '3 SEP 1862' })]);
    const p = g.get('P-infant')!;
    for (const [role, recordType] of [
      ['informant', 'death'],
      ['witness', 'marriage'],
      ['godparent', 'baptism'],
    ] as const)
      assert.match(
        lifespanContradiction(g, { persona: persona(role), source: { recordType, date: '14 MAY 1897' } }, p) ?? '',
        new RegExp(`recorded alive as ${role} in 14 MAY 1897, after the death`),
      );
    // A newspaper's "mentioned" is no act: nothing follows from it.
    const mentioned = { persona: persona('mentioned'), source: { recordType: 'newspaper', date: '14 MAY 1897' } };
    assert.equal(lifespanContradiction(g, mentioned, p), undefined);
  });

  it('a person buried as an infant is not the man recorded married years later', () => {
    const g = new KnowledgeGraph([person('P-man', 'Walter', { 'marriage.date': '12 OCT 1738' })]);
    const infant = {
      persona: persona('principal'),
      death: { text: '9 MAR 1711', min: 1711, max: 1711, stated: true },
      source: { recordType: 'burial', date: '9 MAR 1711' },
    };
    assert.match(
      lifespanContradiction(g, infant, g.get('P-man')!) ?? '',
      /married 12 OCT 1738: no one is recorded alive/,
    );
  });

  it('of two brothers of one name on a register page, the infant buried is not the man buried sixty years later', async () => {
    const subject = Person.parse({
      id: 'P-subject',
      names: [{ given: 'Walter', surname: 'Pike' }],
      assertions: [
        { id: 'A-hint', field: 'birth.date', value: 'ABT 1713', status: 'staged', confidence: 0.5, evidence: [] },
      ],
    });
    const { graph, analyst } = setup([subject], 'P-subject');
    const burial = source(`---
title: Burial of Walter Pike, Ashford, 1780
recordType: burial
date: 20 OCT 1780
place: Ashford, Kent, England
persons:
  - { name: Walter /Pike/, role: principal, sex: M, age: 67 }
---
1780. Octr. 20th Walter Pike, aged 67 years, was buried.
`);
    await analyst.analyseFor(burial, 1, 'P-subject');
    // A burial register's entry is the burial: its date is the burial date.
    assert.ok(graph.get('P-subject')!.assertions.some((a) => a.field === 'burial.date' && a.value === '20 OCT 1780'));
    const register = source(`---
title: Ashford parish register 1711–1713, Pike entries
recordType: register
date: FROM 1711 TO 1713
place: Ashford, Kent, England
persons:
  - { key: S, name: Simon /Pike/, role: father, sex: M }
  - { key: J, name: Joan /Pike/, role: mother, sex: F }
  - { key: W1, name: Walter /Pike/, role: principal, sex: M }
  - { key: W2, name: Walter /Pike/, role: principal, sex: M }
relationships:
  - { from: S, to: W1, type: father }
  - { from: J, to: W1, type: mother }
  - { from: S, to: W2, type: father }
  - { from: J, to: W2, type: mother }
events:
  - { type: baptism, date: 2 FEB 1711, persons: [W1] }
  - { type: burial, date: 9 MAR 1711, persons: [W1] }
  - { type: baptism, date: 4 APR 1713, persons: [W2] }
---
Feb. 2 1711 Walter son of Simon Pike & Joan baptized. Mar. 9 1711 Walter son of Simon Pike buried, an infant.
Apr. 4 1713 Walter son of Simon Pike & Joan baptized.
`);
    const out = await analyst.analyseFor(register, 1, 'P-subject');
    assert.notEqual(out.integration.personIds[2], 'P-subject');
    assert.equal(out.integration.personIds[3], 'P-subject');
    const facts = graph.get('P-subject')!.assertions.map((a) => `${a.field} ${a.value}`);
    assert.ok(facts.includes('baptism.date 4 APR 1713'), facts.join('; '));
    assert.ok(!facts.includes('burial.date 9 MAR 1711'), facts.join('; '));
  });

  it('a man buried in 1870 is not his namesake of the same age in the 1881 census, and the log says why', async () => {
    const { graph, analyst } = setup();
    const census = source(`---
title: 1881 census, Ashford — Pike household
recordType: census
date: 4 APR 1881
place: Ashford, Kent, England
persons:
  - { key: H, name: Walter /Pike/, role: head, sex: M, age: 58, birthPlace: Ashford, occupation: farmer }
---
Walter Pike | head | 58 | farmer | Ashford
`);
    const burial = source(`---
title: Burial of Walter Pike, Ashford, 1870
recordType: burial
date: 14 NOV 1870
place: Ashford, Kent, England
persons:
  - { key: D, name: Walter /Pike/, role: principal, sex: M, age: 49, deathDate: 12 NOV 1870, occupation: farmer }
---
1870. Novr. 14th Walter Pike, farmer, died the 12th, aged 49 years, was buried.
`);
    const first = await analyst.analyse(census, 1);
    const second = await analyst.analyse(burial, 1);
    const living = first.integration.personIds[0]!;
    assert.notEqual(second.integration.personIds[0], living);
    assert.ok(!graph.get(living)!.assertions.some((a) => a.field.startsWith('death')));
    const why = decisions(second.log, 'namesake_kept_apart');
    assert.ok(
      why.some((w) => /recorded living 4 APR 1881: no one is recorded alive after their death/.test(w)),
      why.join('\n'),
    );
  });
});
