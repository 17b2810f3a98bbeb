// Issue #14 (unseen cases): a wife named in a way never seen before is found through her husband.
import assert from 'node:assert/strict';
import type { SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');
const source = (text: string): SourceRecord => archiveSource(text, NOW);

const BAPTISM = `---
title: Baptism of João, Paauilo, 1885
recordType: baptism
date: 7 FEB 1885
place: Paauilo, Hamakua, Hawaii
persons:
  - { key: C, name: João, role: principal, sex: M, birthDate: 2 FEB 1885 }
  - { key: F, name: José /Gomes de Freitas/, role: father, sex: M, age: 44, residence: "Paauilo, Hamakua, Hawaii" }
  - { key: M, name: Maria de Jesus, role: mother, sex: F, age: 40 }
relationships:
  - { from: F, to: C, type: father }
  - { from: M, to: C, type: mother }
  - { from: F, to: M, type: spouse }
---
João, filho de José Gomes de Freitas e de Maria de Jesus.
`;

// The husband again, as an American clerk wrote him, with the son: his names now include "Jose G. Freitas".
const CENSUS = `---
title: 1900 census, Paauilo, Hamakua, Hawaii
recordType: census
date: 1 JUN 1900
place: Paauilo, Hamakua, Hawaii
persons:
  - { key: H, name: Jose G. /Freitas/, role: head, sex: M, age: 59, residence: "Paauilo, Hamakua, Hawaii" }
  - { key: S, name: John /Freitas/, role: child, sex: M, age: 15, birthDate: FEB 1885 }
relationships:
  - { from: H, to: S, type: father }
---
Freitas, Jose G., head, 59, widowed; John, son, 15.
`;

const death = (wife: string, husband: string) => `---
title: Death of ${wife.replace(/\//g, '')}, Paauilo, 1898
recordType: death
date: 2 AUG 1898
place: Paauilo, Hamakua, Hawaii
persons:
  - { key: D, name: ${wife}, role: deceased, sex: F, age: 53, deathDate: 2 AUG 1898 }
  - { key: H, name: ${husband}, role: spouse, sex: M }
relationships:
  - { from: H, to: D, type: spouse }
---
${wife.replace(/\//g, '')}, 53 years, married, wife of ${husband.replace(/\//g, '')}.
`;

describe('identity: the wife of a known husband', () => {
  it("'Maria da Conceição Freitas, wife of Jose G. Freitas' is José Gomes de Freitas's wife Maria de Jesus", async () => {
    const { analyst } = testAnalyst();
    const first = await analyst.analyse(source(BAPTISM), 1);
    const census = await analyst.analyse(source(CENSUS), 1);
    assert.equal(census.integration.personIds[0], first.integration.personIds[1], 'the husband in the census');
    const second = await analyst.analyse(source(death('Maria da Conceição /Freitas/', 'Jose G. /Freitas/')), 1);
    assert.equal(second.integration.personIds[1], first.integration.personIds[1], 'the husband');
    assert.equal(second.integration.personIds[0], first.integration.personIds[2], 'the wife');
  });

  it('a wife of another given name is not taken for his known wife', async () => {
    const { analyst } = testAnalyst();
    const first = await analyst.analyse(source(BAPTISM), 1);
    await analyst.analyse(source(CENSUS), 1);
    const second = await analyst.analyse(source(death('Rosa da Luz /Freitas/', 'Jose G. /Freitas/')), 1);
    assert.notEqual(second.integration.personIds[0], first.integration.personIds[2]);
  });
});
