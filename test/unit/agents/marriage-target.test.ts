// A marriage whose groom is like the sought man and like a namesake already married to another:
// the sought man, free to marry, stays the groom (the "already married" tie rule speaks for him).
import assert from 'node:assert/strict';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst, marriage1866 } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('marriage: the sought person against a married namesake', () => {
  it('the groom is the sought man when the only rival namesake is already married to another', async () => {
    const { analyst } = hollisAnalyst();
    const census = archiveSource(
      `---
title: 1860 census, Findlay, Hancock, Ohio — William Hollis household
recordType: census
date: 1860
place: Findlay, Hancock, Ohio, USA
persons:
  - key: P1
    name: William /Hollis/
    role: head
    sex: M
    age: 45
    birthPlace: Wyandot Co., Ohio
  - key: P2
    name: Lucinda /Hollis/
    role: spouse
    sex: F
    age: 20
relationships:
  - { from: P1, to: P2, type: spouse }
---
William Hollis 45 Wyandot Co.; Lucinda Hollis 20, wife.
`,
      NOW,
    );
    const first = await analyst.analyseFor(census, 1, 'P-subject');
    const rival = first.integration.personIds[0]!;
    const marriage = marriage1866(`William H. Hollis and Sarah A. Kimble, married 8 Nov. 1866.`);
    const out = await analyst.analyseFor(marriage, 1, 'P-subject');
    const groom = out.integration.personIds[0];
    assert.notEqual(groom, rival, 'not the namesake already married to Lucinda');
    assert.equal(groom, 'P-subject');
  });
});
