// Issue #14 (held-out cases): a persona given only a name, beside a namesake in the same record, is matched to no one.
import assert from 'node:assert/strict';
import type { SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');
const source = (text: string): SourceRecord => archiveSource(text, NOW);

const baptism = (key: string, born: string, father: string) => `---
title: Baptism of Thomas Wroe, Burslem, ${born}
recordType: baptism
date: ${born}
place: Burslem, Staffordshire, England
persons:
  - { key: ${key}, name: Thomas /Wroe/, role: principal, sex: M, birthDate: ${born}, residence: "Burslem, Staffordshire, England" }
  - { key: F, name: ${father} /Wroe/, role: father, sex: M }
relationships:
  - { from: F, to: ${key}, type: father }
---
Thomas, son of ${father} Wroe.
`;

const NEWSLETTER = `---
title: Heritage newsletter, members' interests
recordType: newspaper
date: 2016
place: Burslem, Staffordshire, England
persons:
  - { key: T, name: Thomas /Wroe/, role: mentioned, sex: M }
  - { key: G, name: Thomas /Wroe/, role: mentioned, sex: M }
---
Thomas Wroe, potter, and his grandson Pte Thomas Wroe, killed in 1915.
`;

describe('identity: a bare namesake in a record', () => {
  it('is not given to a known man of the name on the name alone', async () => {
    const { analyst } = testAnalyst();
    const a = await analyst.analyse(source(baptism('A', '17 FEB 1834', 'Joseph')), 1);
    const b = await analyst.analyse(source(baptism('B', '5 JAN 1835', 'William')), 1);
    // Found by a search for the first Thomas: he takes one of the two personas.
    const n = await analyst.analyseFor(source(NEWSLETTER), 1, a.integration.personIds[0]);
    // The other, told nothing of but the name, is not given to the cousin of the name.
    assert.ok(!n.integration.personIds.includes(b.integration.personIds[0]), 'the bare namesake went to the cousin');
    assert.ok(n.integration.personIds.includes(a.integration.personIds[0]));
  });
});
