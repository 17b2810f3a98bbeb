// Issue #14 (unseen cases): a grandparent a record names is a parent of the child's father or mother.
import assert from 'node:assert/strict';
import { grandparentLinks } from '../../../src/agents/analyst/identity/grandparents';
import type { StatedRelation } from '../../../src/engine/agents';
import type { Persona, SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

const source = (text: string): SourceRecord => archiveSource(text, NOW);

const personas: Persona[] = [
  { name: 'Giovanni /Ferri/', role: 'principal', sex: 'M' },
  { name: 'Luigi /Ferri/', role: 'father', sex: 'M' },
  { name: 'Rosa /Galli/', role: 'mother', sex: 'F' },
  { name: 'Pietro /Ferri/', role: 'other', sex: 'M' },
  { name: 'Anna /Conti/', role: 'other', sex: 'F' },
  { name: 'Carlo /Galli/', role: 'other', sex: 'M' },
  { name: 'Teresa /Bassi/', role: 'other', sex: 'F' },
];
const keys = ['C', 'F', 'M', 'PGF', 'PGM', 'MGF', 'MGM'];
const rel = (from: string, to: string, type: StatedRelation['type']): StatedRelation => ({
  from,
  to,
  type,
  snippet: `${from} ${type} ${to}`,
});
const relations = [
  rel('F', 'C', 'father'),
  rel('M', 'C', 'mother'),
  ...['PGF', 'PGM', 'MGF', 'MGM'].map((k) => rel('C', k, 'grandchild')),
];

describe('identity: grandparents are parents of the father or the mother', () => {
  it('reads the side from the words "paterni" / "materni" before each name', () => {
    const text = 'Nonni paterni: Pietro Ferri e Anna Conti; materni: Carlo Galli e Teresa Bassi.';
    const links = grandparentLinks(personas, keys, relations, [text]);
    assert.deepEqual(
      links.map((l) => `${l.grandparent}>${l.parent}`),
      ['PGF>F', 'PGM>F', 'MGF>M', 'MGM>M'],
    );
    assert.match(links[1].why, /Anna Conti is named a grandparent of Giovanni Ferri, and the record names .* paternal/);
  });

  it('without words, a grandfather of the father’s surname is his parent; a grandmother of no shared surname is left open', () => {
    const links = grandparentLinks(personas, keys, relations, ['Giovanni, figlio di Luigi Ferri e Rosa Galli.']);
    assert.deepEqual(
      links.map((l) => `${l.grandparent}>${l.parent}`),
      ['PGF>F', 'MGF>M'],
    );
  });

  it('words and surname that disagree decide nothing', () => {
    const text = 'Nonni materni: Pietro Ferri.';
    const links = grandparentLinks(personas, keys, relations, [text]);
    assert.ok(!links.some((l) => l.grandparent === 'PGF'));
  });

  it("the maternal grandfather of a civil birth is the bride's father of the parents' marriage", async () => {
    const { graph, analyst } = testAnalyst();
    const marriage = source(`---
title: Marriage of Luigi Ferri and Rosa Galli, Lugo, 1890
recordType: marriage
date: 3 MAY 1890
place: Lugo, Ravenna, Italy
persons:
  - { key: G, name: Luigi /Ferri/, role: groom, sex: M, age: 25 }
  - { key: B, name: Rosa /Galli/, role: bride, sex: F, age: 20 }
  - { key: BF, name: Carlo /Galli/, role: father, sex: M }
relationships:
  - { from: G, to: B, type: spouse }
  - { from: BF, to: B, type: father }
---
Luigi Ferri, 25, and Rosa Galli, 20, daughter of Carlo Galli.
`);
    const birth = source(`---
title: Birth of Giovanni Ferri, Lugo, 1893
recordType: birth
date: 9 JAN 1893
place: Lugo, Ravenna, Italy
persons:
  - { key: C, name: Giovanni /Ferri/, role: principal, sex: M }
  - { key: F, name: Luigi /Ferri/, role: father, sex: M, age: 28 }
  - { key: M, name: Rosa /Galli/, role: mother, sex: F }
  - { key: MGF, name: Carlo /Galli/, role: other, sex: M }
relationships:
  - { from: F, to: C, type: father }
  - { from: M, to: C, type: mother }
  - { from: C, to: MGF, type: grandchild }
---
Giovanni, figlio di Luigi Ferri e di Rosa Galli. Nonno materno: Carlo Galli.
`);
    const first = await analyst.analyse(marriage, 1);
    const second = await analyst.analyse(birth, 1);
    const carlo = first.integration.personIds[2]!;
    const rosa = first.integration.personIds[1]!;
    assert.equal(second.integration.personIds[2], rosa);
    assert.equal(second.integration.personIds[3], carlo);
    const link = graph.get(rosa)!.relationships.filter((r) => r.type === 'parent' && r.person === carlo);
    assert.equal(link.length, 1);
    assert.ok(link[0].evidence.some((e) => e.source === birth.id && e.evidence === 'indirect'));
  });
});
