// A widow's later husband is not her first: a middle initial does not make "John W." a "William".
import assert from 'node:assert/strict';
import { givenNamesAlike } from '../../../src/agents/analyst/identity/hard-facts';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst, widowsDeclaration1881 } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('given names alike: initials', () => {
  it('a bare middle initial does not match a first name spelt out as another', () => {
    assert.equal(givenNamesAlike('John W.', 'William H.'), false);
    assert.equal(givenNamesAlike('William H.', 'John W.'), false);
  });
  it('a later given name in full still matches, and an initial written first still stands for the name', () => {
    assert.equal(givenNamesAlike('Anna Maria', 'Maria'), true);
    assert.equal(givenNamesAlike('W.', 'William'), true);
    assert.equal(givenNamesAlike('Joh. Georg', 'Georg'), true);
    assert.equal(givenNamesAlike('William H.', 'William'), true);
  });
});

describe('family context: a widow remarried', () => {
  it('the husband named in her drop report for remarriage is not her late husband, whose initial he shares', async () => {
    const { graph, analyst } = hollisAnalyst();
    const declaration = widowsDeclaration1881(
      `  - key: P1
    name: Sarah A. /Hollis/
    role: principal
    sex: F
  - key: P2
    name: William H. /Hollis/
    role: spouse
    sex: M
    deathDate: 14 JUL 1880`,
      `Sarah A. Hollis, widow of William H. Hollis, who died July 14, 1880.`,
      `  - { from: P1, to: P2, type: spouse }`,
    );
    const first = await analyst.analyseFor(declaration, 1, 'P-subject');
    assert.equal(first.integration.personIds[1], 'P-subject');
    const drop = archiveSource(
      `---
title: Drop report, Sarah A. Hollis, 1887
recordType: military
date: 30 APR 1887
place: Washington, District of Columbia, USA
persons:
  - key: P1
    name: Sarah A. /Hollis/
    role: principal
    sex: F
  - key: P2
    name: John W. /Reese/
    role: spouse
    sex: M
relationships:
  - { from: P1, to: P2, type: spouse }
---
Sarah A. Hollis, widow of William H. Hollis. Dropped because of remarriage, March 3, 1887, to John W. Reese.
`,
      NOW,
    );
    const out = await analyst.analyseFor(drop, 1, 'P-subject');
    assert.notEqual(out.integration.personIds[1], 'P-subject', 'John W. Reese is not William H. Hollis');
    assert.ok(!graph.get('P-subject')!.names.some((n) => n.surname === 'Reese'));
  });
});
