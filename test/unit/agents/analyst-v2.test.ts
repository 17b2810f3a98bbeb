import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import { sha256 } from '../../../src/engine/ids';
import { parseArchiveRecord } from '../../../src/sources/archive';
import { displayName, type Person, type SourceRecord } from '../../../src/model';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

function source(text: string, rel = 'archive/x.md'): SourceRecord {
  const r = parseArchiveRecord(text, rel);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return {
    ...r.record,
    id: `S-${sha256(text).slice(0, 12)}`,
    accessedAt: NOW.toISOString(),
    sha256: sha256(r.record.text),
  };
}

function setup() {
  return testAnalyst();
}

function named(g: KnowledgeGraph, given: string): Person {
  const p = [...g.persons.values()].find((x) => x.names.some((n) => n.given === given));
  assert.ok(p, given);
  return p;
}

function rels(g: KnowledgeGraph, p: Person): string[] {
  return p.relationships.map((r) => `${r.type} ${displayName(g.get(r.person)!)}`).sort();
}

const WILL = `---
title: Will of Sara Hebard, Windham
recordType: will
date: 3 MAR 1712/13
place: Windham, Connecticut
calendar: dual
informant: P2
persons:
  - key: P1
    name: Sara /Hebard/
    role: testator
    age: in her 67th year
  - key: P2
    name: Robert /Hebard/
    role: executor
    informationType: primary
  - key: P3
    name: Anna /Miller/
    role: heir
  - key: P4
    name: Henry /Miller/
    role: mentioned
  - key: P5
    name: Thomas /Hebard/
    role: heir
relationships:
  - { from: P3, to: P1, type: child }
  - { from: P4, to: P3, type: spouse }
  - { from: P2, to: P1, type: child }
  - { from: P5, to: P2, type: brother }
---
I Sara Hebard of Windham being in her 67th year give to my daughter Anna wife of Henry Miller my bed.
My son Robert Hebard executor; his brother Thomas Hebard my land.
`;

describe('analyst on archive format v2', () => {
  it('a will: stated relationships become edges, the age as written gives the birth, the will date is no birth', async () => {
    const { graph, analyst } = setup();
    const out = await analyst.analyse(source(WILL), 1);
    assert.equal(out.integration.created.length, 5);
    const sara = named(graph, 'Sara');
    const anna = named(graph, 'Anna');
    const henry = named(graph, 'Henry');
    const thomas = named(graph, 'Thomas');
    assert.deepEqual(rels(graph, sara), ['child Anna Miller', 'child Robert Hebard', 'child Thomas Hebard']);
    assert.deepEqual(rels(graph, anna), ['parent Sara Hebard', 'spouse Henry Miller']);
    assert.deepEqual(rels(graph, henry), ['spouse Anna Miller']);
    // The brother shares the parent the record names for Robert: indirect evidence.
    const tRel = thomas.relationships.find((r) => r.type === 'parent')!;
    assert.equal(tRel.evidence[0].evidence, 'indirect');
    assert.equal(anna.relationships.find((r) => r.type === 'spouse')!.evidence[0].evidence, 'direct');
    // "in her 67th year" at 3 MAR 1712/13 (= 1713): 66 completed years.
    assert.deepEqual(
      sara.assertions.filter((a) => a.field === 'birth.date').map((a) => a.value),
      ['CAL 1647'],
    );
    for (const p of [anna, henry, thomas, named(graph, 'Robert')])
      assert.ok(
        !p.assertions.some((a) => a.field.startsWith('birth')),
        `${displayName(p)} has no birth from the will's date`,
      );
    // Robert's own information type overrides the record's.
    assert.ok(named(graph, 'Robert').relationships[0].evidence.every((e) => e.information === 'primary'));
  });

  it('a marriage naming both fathers: each father is linked to his own child, and the fathers are no couple', async () => {
    const { graph, analyst } = setup();
    const text = `---
title: Marriage of Thomas Whitcombe and Sarah Pegg
recordType: marriage
date: 2 OCT 1858
place: Much Wenlock, Shropshire, England
persons:
  - { key: T, name: Thomas /Whitcombe/, role: groom, sex: M }
  - { key: S, name: Sarah /Pegg/, role: bride, sex: F }
  - { key: TF, name: William /Whitcombe/, role: father, sex: M }
  - { key: SF, name: Richard /Pegg/, role: father, sex: M }
relationships:
  - { from: T, to: S, type: spouse }
  - { from: TF, to: T, type: father }
  - { from: SF, to: S, type: father }
---
Thomas Whitcombe, bachelor, father William Whitcombe; Sarah Pegg, spinster, father Richard Pegg.
`;
    await analyst.analyse(source(text), 1);
    // The roles alone ("father" in a marriage) would make both fathers the groom's, and a couple.
    assert.deepEqual(rels(graph, named(graph, 'Thomas')), ['parent William Whitcombe', 'spouse Sarah Pegg']);
    assert.deepEqual(rels(graph, named(graph, 'Sarah')), ['parent Richard Pegg', 'spouse Thomas Whitcombe']);
    assert.deepEqual(rels(graph, named(graph, 'Richard')), ['child Sarah Pegg']);
    assert.deepEqual(rels(graph, named(graph, 'William')), ['child Thomas Whitcombe']);
  });

  it('a known person first recorded under another surname gets a clue to search that name (seed 000 "new name")', async () => {
    const { analyst } = testAnalyst([], 'P-1');
    const census = `---
title: Census 1861, Bourton
recordType: census
date: 1861
place: Bourton, Shropshire, England
persons:
  - { name: Thomas /Whitcombe/, role: head, sex: M, age: 26, relationship: head }
  - { name: Sarah /Whitcombe/, role: spouse, sex: F, age: 23, relationship: wife }
---
Thomas Whitcombe head 26; Sarah do. wife 23
`;
    const marriage = `---
title: Marriage 1858, Much Wenlock
recordType: marriage
date: 2 OCT 1858
place: Much Wenlock, Shropshire, England
persons:
  - { key: T, name: Thomas /Whitcombe/, role: groom, sex: M }
  - { key: S, name: Sarah /Pegg/, role: bride, sex: F, age: 20 }
relationships:
  - { from: T, to: S, type: spouse }
---
Thomas Whitcombe, bachelor; Sarah Pegg, 20, spinster.
`;
    await analyst.analyse(source(census, 'archive/a.md'), 1);
    const out = await analyst.analyse(source(marriage, 'archive/b.md'), 2);
    const clue = out.clues.find((c) => c.statement.startsWith('Find records under the name Sarah Pegg'));
    assert.ok(clue, out.clues.map((c) => c.statement).join('; '));
    assert.equal(clue.statement, 'Find records under the name Sarah Pegg (known as Sarah Whitcombe)');
    assert.match(clue.suggestedQueries[0], /given:Sarah surname:Pegg/);
    // Thomas was recorded under his one surname: no clue for him.
    assert.ok(!out.clues.some((c) => /under the name Thomas/.test(c.statement)));
  });

  it("a death register's own date is not the death when the record dates the death itself (died 13th, registered 14th)", async () => {
    const { graph, analyst } = testAnalyst([], 'P-1');
    const register = `---
title: Atto di morte, Laurenzana, 1911
recordType: death
date: 14 JAN 1911
place: Laurenzana, Potenza, Italy
persons:
  - { key: D, name: Giovanni Battista /Rossi/, role: deceased, sex: M }
events:
  - { type: death, date: 13 JAN 1911, place: Laurenzana, persons: [D] }
---
L'anno 1911, addì 14 gennaio … è morto Giovanni Battista Rossi, il giorno 13 gennaio.
`;
    const out = await analyst.analyse(source(register, 'archive/m.md'), 1);
    const deaths = graph.get(out.integration.personIds[0]!)!.assertions.filter((a) => a.field === 'death.date');
    assert.deepEqual(
      deaths.map((a) => a.value),
      ['13 JAN 1911'],
    );
  });

  it('a person first met in a record that gives them a second surname gets a clue for it too', async () => {
    const { analyst } = testAnalyst([], 'P-1');
    const padron = `---
title: Padrón de Bauan, 1850
recordType: census
date: 1850
place: Bauan, Batangas, Philippines
persons:
  - { key: J, name: Juan /Buenaventura/, role: head, sex: M, age: 41 }
---
Juan Buenaventura (antes Juan de la Cruz), labrador .... 41
`;
    const out = await analyst.analyse(source(padron, 'archive/p.md'), 1);
    const clue = out.clues.find((c) => c.statement.startsWith('Find records under the name Juan de la Cruz'));
    assert.ok(clue, out.clues.map((c) => c.statement).join('; '));
    assert.match(clue.suggestedQueries[0], /given:Juan surname:"?de la Cruz/);
  });

  it('a mother named by her given name alone is filed under her husband’s surname and her baptism is looked for by her given name', async () => {
    const { graph, analyst } = testAnalyst([], 'P-1');
    const baptism = `---
title: Bedydd Rhys mab John Price, 1826
recordType: baptism
date: 20 AUG 1826
place: Llanuwchllyn, Merioneth, Wales
persons:
  - { key: P1, name: Rhys /Price/, role: principal, sex: M, birthDate: 2 AUG 1826 }
  - { key: P2, name: John /Price/, role: father, sex: M }
  - { key: P3, name: Marged, role: mother, sex: F }
relationships:
  - { from: P2, to: P1, type: father }
  - { from: P3, to: P1, type: mother }
---
Awst 20, 1826. Rhys, mab John Price a Marged ei wraig.
`;
    const out = await analyst.analyse(source(baptism, 'archive/r.md'), 1);
    const marged = graph.get(out.integration.personIds[2]!)!;
    assert.deepEqual(
      marged.names.map((n) => [n.given, n.surname, n.type]),
      [['Marged', 'Price', 'married']],
    );
    const clue = out.clues.find((c) => c.statement.startsWith('Find the birth or baptism of Marged Price'));
    assert.ok(clue, out.clues.map((c) => c.statement).join('; '));
    assert.ok(!/surname:/.test(clue.suggestedQueries[0]), clue.suggestedQueries[0]);
  });

  it('a family register page: several events, each to its persons; a burial date is never a birth', async () => {
    const { graph, analyst } = setup();
    const text = `---
title: Family register, Kleinbach, Schmidt family
recordType: register
language: de
calendar: gregorian
informationType: primary
persons:
  - { key: F, name: Georg /Schmidt/, role: head, occupation: Bauer }
  - { key: M, name: Eva /Huber/, role: spouse }
  - { key: C1, name: Johann /Schmidt/, role: child }
  - { key: C2, name: Johann /Schmidt/, role: child }
events:
  - { type: marriage, date: 12 MAY 1838, place: Kleinbach, persons: [F, M] }
  - { type: birth, date: 3 JAN 1839, place: Kleinbach, persons: [C1] }
  - { type: burial, date: 9 FEB 1840, place: Kleinbach, persons: [C1] }
  - { type: birth, date: 14 MAR 1842, place: Kleinbach, persons: [C2] }
relationships:
  - { from: F, to: C1, type: father }
  - { from: M, to: C1, type: mother }
  - { from: F, to: C2, type: father }
  - { from: M, to: C2, type: mother }
  - { from: M, to: F, type: spouse }
---
Georg Schmidt, Bauer, oo 12.5.1838 Eva Huber.
Johann, geb. 3.1.1839, begr. 9.2.1840.
Johann, geb. 14.3.1842.
`;
    await analyst.analyse(source(text), 1);
    const johanns = [...graph.persons.values()].filter((p) => p.names.some((n) => n.given === 'Johann'));
    assert.equal(johanns.length, 2, 'the same-name child who died young stays a person of its own');
    const facts = johanns.map((p) =>
      p.assertions
        .filter((a) => a.field !== 'sex')
        .map((a) => `${a.field}=${a.value}`)
        .sort()
        .join(' '),
    );
    assert.deepEqual(facts.sort(), [
      'birth.date=14 MAR 1842 birth.place=Kleinbach',
      'birth.date=3 JAN 1839 birth.place=Kleinbach burial.date=9 FEB 1840 burial.place=Kleinbach',
    ]);
    const georg = named(graph, 'Georg');
    const eva = named(graph, 'Eva');
    assert.deepEqual(
      georg.assertions
        .filter((a) => a.field.startsWith('marriage'))
        .map((a) => a.value)
        .sort(),
      ['12 MAY 1838', 'Kleinbach'],
    );
    assert.equal(
      georg.assertions.find((a) => a.field === 'marriage.date')!.event,
      eva.assertions.find((a) => a.field === 'marriage.date')!.event,
      'one marriage event for the couple',
    );
    assert.deepEqual(rels(graph, georg).filter((r) => r.startsWith('child')).length, 2);
    assert.ok(eva.relationships.some((r) => r.type === 'spouse' && r.person === georg.id));
  });

  it('a Julian record keeps its calendar; a dual-dated death gives an age-based birth in the new-style year', async () => {
    const { graph, analyst } = setup();
    const text = `---
title: Burial of William Hebard
recordType: burial
date: 14 FEB 1730/31
calendar: julian
persons:
  - { key: P1, name: William /Hebard/, role: deceased, age: in his 80th year }
events:
  - { type: burial, date: 14 FEB 1730/31, place: Windham, persons: [P1] }
---
Buried William Hebard in his 80th year, 14 Feb 1730/31.
`;
    await analyst.analyse(source(text), 1);
    const w = named(graph, 'William');
    assert.deepEqual(
      w.assertions.filter((a) => a.field === 'burial.date').map((a) => a.value),
      ['@#DJULIAN@ 14 FEB 1730/31'],
    );
    assert.deepEqual(
      w.assertions.filter((a) => a.field === 'birth.date').map((a) => a.value),
      ['CAL 1652'],
    );
  });

  it('a marriage with bride and groom roles links the couple', async () => {
    const { graph, analyst } = setup();
    const text = `---
title: Marriage
recordType: marriage
date: 1 JUN 1850
persons:
  - { name: Jan /de Vries/, role: groom, age: 25 }
  - { name: Maria /Bakker/, role: bride, age: 22 }
  - { name: Pieter /Bakker/, role: witness }
---
Jan de Vries, 25, and Maria Bakker, 22.
`;
    await analyst.analyse(source(text), 1);
    assert.deepEqual(rels(graph, named(graph, 'Jan')), ['spouse Maria Bakker']);
    assert.deepEqual(
      named(graph, 'Maria')
        .assertions.filter((a) => a.field === 'birth.date')
        .map((a) => a.value),
      ['CAL 1828'],
    );
  });
});
