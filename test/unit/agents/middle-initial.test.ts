// Two namesakes in one record told apart by a middle initial: the one bearing the sought person's is he.
import assert from 'node:assert/strict';
import { pickByMiddleInitial } from '../../../src/agents/analyst/identity/middle-initial';
import type { NameFeature } from '../../../src/agents/analyst/resolve';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');

const name = (...given: string[]) => [{ given, surnames: ['hollis'] } as unknown as NameFeature];

describe('middle initial: namesakes in one record', () => {
  it('takes the one written with the sought middle initial over one written without', () => {
    const names = [name('william'), name('william', 'h')];
    assert.equal(
      pickByMiddleInitial(0, [0, 1], (i) => names[i], name('william', 'h')),
      1,
    );
  });
  it('decides nothing when the pick bears an initial, the sought person has none, or the first names differ', () => {
    const names = [name('william', 'j'), name('william', 'h'), name('walter', 'h')];
    assert.equal(
      pickByMiddleInitial(0, [0, 1], (i) => names[i], name('william', 'h')),
      undefined,
    );
    assert.equal(
      pickByMiddleInitial(0, [0, 1], (i) => [name('william'), names[1]][i], name('william')),
      undefined,
    );
    assert.equal(
      pickByMiddleInitial(0, [0, 2], (i) => [name('william'), names[1], names[2]][i], name('william', 'h')),
      undefined,
    );
  });
  it('a letter on a claimant "not identical with" the sought man: the one with his initial is he', async () => {
    const { graph, analyst } = hollisAnalyst();
    const letter = archiveSource(
      `---
title: Letter of the Commissioner of Pensions on the claim of William Hollis, 1892
recordType: letter
date: 11 JAN 1892
place: Washington, District of Columbia, USA
persons:
  - key: P1
    name: William /Hollis/
    role: principal
    sex: M
    birthDate: 1838
    birthPlace: Wyandot Co., Ohio
  - key: P2
    name: William H. /Hollis/
    role: mentioned
    sex: M
    deathDate: 14 JUL 1880
---
The claimant William Hollis, born 1838 in Wyandot County, is not identical with William H. Hollis, who died July 14, 1880.
`,
      NOW,
    );
    const out = await analyst.analyseFor(letter, 1, 'P-subject');
    assert.equal(out.integration.personIds[1], 'P-subject');
    assert.notEqual(out.integration.personIds[0], 'P-subject');
    assert.ok(graph.get(out.integration.personIds[0]!));
  });
});
