// Issue #14 (unseen cases): associates recur; a witness named alike beside his old company is one man.
import assert from 'node:assert/strict';
import { isAssociateRole } from '../../../src/agents/analyst/identity/associates';
import type { NewLogEntry, SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

const source = (text: string): SourceRecord => archiveSource(text, NOW);

function setup() {
  return testAnalyst();
}

const matches = (log: NewLogEntry[]) =>
  log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === 'persona_match')
    .map((e) => e.rationale);

const MARRIAGE = `---
title: Civil marriage of Afonso Prates and Inês Lobo, Évora, 1888
recordType: marriage
date: 2 JUN 1888
place: Évora, Portugal
persons:
  - { key: G, name: Afonso /Prates/, role: groom, sex: M, age: 26 }
  - { key: B, name: Inês /Lobo/, role: bride, sex: F, age: 21 }
  - { key: W1, name: Bento /Sardinha/, role: witness, sex: M }
  - { key: W2, name: Duarte /Vilela/, role: witness, sex: M }
relationships:
  - { from: G, to: B, type: spouse }
---
Afonso Prates e Inês Lobo. Testemunhas: Bento Sardinha e Duarte Vilela.
`;

describe('identity: associates recur', () => {
  it('judges only witnesses, sponsors, godparents and officiants this way', () => {
    assert.ok(isAssociateRole('witness') && isAssociateRole('officiant') && isAssociateRole('godparent'));
    assert.ok(!isAssociateRole('father') && !isAssociateRole('principal') && !isAssociateRole(undefined));
  });

  it("the two witnesses of a couple's marriage who witness their child's birth are the same two men", async () => {
    const { analyst } = setup();
    const birth = source(`---
title: Civil birth of Rui Prates, Évora, 1890
recordType: birth
date: 5 MAR 1890
place: Évora, Portugal
persons:
  - { key: C, name: Rui /Prates/, role: principal, sex: M }
  - { key: F, name: Afonso /Prates/, role: father, sex: M, age: 28 }
  - { key: M, name: Inês /Lobo/, role: mother, sex: F }
  - { key: W1, name: Bento /Sardinha/, role: witness, sex: M }
  - { key: W2, name: Duarte /Vilela/, role: witness, sex: M }
relationships:
  - { from: F, to: C, type: father }
  - { from: M, to: C, type: mother }
---
Rui, filho de Afonso Prates e de Inês Lobo. Testemunhas: Bento Sardinha e Duarte Vilela.
`);
    const first = await analyst.analyse(source(MARRIAGE), 1);
    const second = await analyst.analyse(birth, 1);
    assert.equal(second.integration.personIds[3], first.integration.personIds[2]);
    assert.equal(second.integration.personIds[4], first.integration.personIds[3]);
    assert.ok(matches(second.log).some((r) => /Associates recur: Bento Sardinha was named with/.test(r)));
  });

  it('a witness of the name in a record of strangers stays apart (no company kept)', async () => {
    const { analyst } = setup();
    const other = source(`---
title: Civil marriage of Jorge Mota and Clara Reis, Évora, 1891
recordType: marriage
date: 8 AUG 1891
place: Évora, Portugal
persons:
  - { key: G, name: Jorge /Mota/, role: groom, sex: M, age: 30 }
  - { key: B, name: Clara /Reis/, role: bride, sex: F, age: 24 }
  - { key: W1, name: Bento /Sardinha/, role: witness, sex: M }
relationships:
  - { from: G, to: B, type: spouse }
---
Jorge Mota e Clara Reis. Testemunha: Bento Sardinha.
`);
    const first = await analyst.analyse(source(MARRIAGE), 1);
    const second = await analyst.analyse(other, 1);
    assert.notEqual(second.integration.personIds[2], first.integration.personIds[2]);
  });

  it('a godmother named beside her own husband is not the namesake married to another man, whatever company she keeps', async () => {
    const { analyst } = setup();
    // The groom's mother Anna née Kubát, wife of Wenzel Dwořak, then a baptism whose godparents are
    // "Wenzel Kubát and his wife Anna": the bride (the child's mother) links the two records.
    const wedding = source(`---
title: Marriage of Josef Dwořak and Maria Swoboda, Zhoř, 1852
recordType: marriage
date: 24 NOV 1852
place: Zhoř, Bohemia
persons:
  - { key: G, name: Josef /Dwořak/, role: groom, sex: M, age: 30 }
  - { key: F, name: Wenzel /Dwořak/, role: father, sex: M }
  - { key: M, name: Anna /Kubát/, role: mother, sex: F }
  - { key: B, name: Maria /Swoboda/, role: bride, sex: F, age: 24 }
relationships:
  - { from: F, to: G, type: father }
  - { from: M, to: G, type: mother }
  - { from: F, to: M, type: spouse }
  - { from: G, to: B, type: spouse }
---
Josef Dwořak, Sohn des Wenzel Dwořak und der Anna geb. Kubát; Braut Maria Swoboda.
`);
    const baptism = source(`---
title: Baptism of Anna Dwořak, Zhoř, 1854
recordType: baptism
date: 3 MAR 1854
place: Zhoř, Bohemia
persons:
  - { key: C, name: Anna /Dwořak/, role: principal, sex: F }
  - { key: F, name: Josef /Dwořak/, role: father, sex: M }
  - { key: M, name: Maria /Swoboda/, role: mother, sex: F }
  - { key: GF, name: Wenzel /Kubát/, role: godparent, sex: M }
  - { key: GM, name: Anna /Kubát/, role: godparent, sex: F }
relationships:
  - { from: F, to: C, type: father }
  - { from: M, to: C, type: mother }
  - { from: GF, to: GM, type: spouse }
---
Anna, Tochter des Josef Dwořak und der Maria Swoboda. Pathen: Wenzel Kubát und dessen Ehewirthin Anna.
`);
    const first = await analyst.analyse(wedding, 1);
    const second = await analyst.analyse(baptism, 1);
    assert.notEqual(second.integration.personIds[4], first.integration.personIds[2]);
    assert.ok(!matches(second.log).some((r) => /Associates recur: Anna Kubát/.test(r)));
  });
});
