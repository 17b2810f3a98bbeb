/**
 * Issue #15 item 1: a value the Censor generalised for a living person (a birth date to its decade,
 * a place to state/country) is not what was recorded, so no duplicate proposal may rest on it. A
 * tree with living persons is imported as a user would; without consent the proposals compare none
 * of their dates and places and say so, with consent (privacy.consent: true) the full values are
 * there and decide.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { proposeMerges } from '../../../src/agents/analyst/merge';
import { pairKey } from '../../../src/agents/analyst/resolve';
import { initCase } from '../../../src/case';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import type { MergeCluster, Person } from '../../../src/model';
import { tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

const PLACE = 'Springfield, Sangamon, Illinois, USA';
/**
 * Karl and Maria (dead) with three living children: two Emmas born four years apart (two persons),
 * and Lukas, whom the tree also holds a second time without his parents (one person twice).
 */
const GED = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Karl /Becker/
1 SEX M
1 BIRT
2 DATE 3 FEB 1940
1 DEAT
2 DATE 2010
1 FAMS @F1@
0 @I2@ INDI
1 NAME Maria /Huber/
1 SEX F
1 BIRT
2 DATE 1945
1 DEAT
2 DATE 2015
1 FAMS @F1@
0 @I3@ INDI
1 NAME Emma /Becker/
1 SEX F
1 BIRT
2 DATE 4 JUL 1990
2 PLAC ${PLACE}
1 FAMC @F1@
0 @I4@ INDI
1 NAME Emma /Becker/
1 SEX F
1 BIRT
2 DATE 20 SEP 1994
2 PLAC ${PLACE}
1 FAMC @F1@
0 @I5@ INDI
1 NAME Lukas /Becker/
1 SEX M
1 BIRT
2 DATE 12 MAR 1992
2 PLAC ${PLACE}
1 FAMC @F1@
0 @I6@ INDI
1 NAME Lukas /Becker/
1 SEX M
1 BIRT
2 DATE 12 MAR 1992
2 PLAC ${PLACE}
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 CHIL @I4@
1 CHIL @I5@
0 TRLR
`;

let n = 0;
async function imported(consent: boolean) {
  const root = tempDir('ancestry-living-merges-');
  const file = join(root, 'becker.ged');
  writeFileSync(file, GED);
  const store = await initCase(
    join(root, `case-${++n}`),
    { question: 'Becker family', subject: { name: 'Karl Becker' }, privacy: { consent } },
    { clock },
  );
  await importGedcom(file, store, { as: 'tree', now: NOW });
  const byXref = (xref: string, given: string) => {
    const p = store.persons().find((x: Person) => x.id.endsWith(`-${xref}`) && x.names[0]?.given === given);
    assert.ok(p, `${given} (${xref}) imported`);
    return p.id;
  };
  const { added } = await proposeMerges(store, NOW);
  const pair = (x: string, y: string): MergeCluster | undefined =>
    added.find((c) => pairKey(c.memberIds[0], c.memberIds[1]) === pairKey(x, y));
  return {
    store,
    added,
    pair,
    emma: [byXref('I3', 'Emma'), byXref('I4', 'Emma')],
    lukas: [byXref('I5', 'Lukas'), byXref('I6', 'Lukas')],
  };
}

/** Every reason a proposal gives, as one text. */
const explained = (c: MergeCluster) =>
  [c.rationale, c.whyNotMerge, ...Object.values(c.features).map((f) => f.reason)].join(' | ');

describe('duplicate proposals and values the Censor generalised', function () {
  this.timeout(60_000);

  it('without consent: nothing rests on a decade or a generalised place, and the explanation says so', async () => {
    const { store, added, pair, emma, lukas } = await imported(false);
    // The tree holds the generalised values, marked as such.
    const stored = store.person(lukas[0])!;
    const birth = stored.assertions.find((a) => a.field === 'birth.date')!;
    assert.notEqual(birth.value, '12 MAR 1992');
    assert.equal(birth.generalised, true, birth.value);
    assert.ok(stored.assertions.find((a) => a.field === 'birth.place')?.generalised);

    const living = new Set([...emma, ...lukas]);
    for (const c of added.filter((x) => x.memberIds.some((id) => living.has(id)))) {
      const text = explained(c);
      assert.ok(!/199\d|Illinois/i.test(text), `no comparison of a generalised value: ${text}`);
      assert.ok(
        !('birthDate' in c.features) && !('birthPlace' in c.features),
        `no date or place feature: ${Object.keys(c.features).join(', ')}`,
      );
      assert.notEqual(c.recommendation, 'merge', `a living pair without comparable evidence is not merged: ${text}`);
      assert.match(c.whyNotMerge, /birth date withheld for a living person: not compared/);
    }
    // The two Emmas share parents and a name, and nothing else can be compared: review, never merge.
    const emmas = pair(emma[0], emma[1]);
    assert.ok(emmas, 'the same-name sisters are shown for review');
    assert.equal(emmas.recommendation, 'review');
    assert.match(emmas.whyNotMerge, /no date on either side/);
  });

  it('with consent: the full dates and places are there and decide', async () => {
    const { added, pair, emma, lukas } = await imported(true);
    const twice = pair(lukas[0], lukas[1]);
    assert.ok(twice, `Lukas entered twice is proposed (got ${added.map((c) => c.memberIds.join('+')).join(', ')})`);
    assert.equal(twice.recommendation, 'merge');
    assert.match(twice.features.birthDate?.reason ?? '', /12 MAR 1992/);
    assert.ok(!/withheld/.test(twice.whyNotMerge), twice.whyNotMerge);
    // Births four years apart under the same parents: two sisters, never proposed as one.
    assert.equal(pair(emma[0], emma[1]), undefined);
  });
});
