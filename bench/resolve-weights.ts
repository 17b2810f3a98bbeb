/**
 * Measures the log(m/u) of the resolver's contradiction rules on the tuning injector only
 * (resolve-royal.ts, seeds 1-5, the three trees of resolve-heldout.ts; never the held-out
 * injector): among blocked candidate pairs where a rule can apply, m = P(the rule fires | same
 * person), u = P(the rule fires | different persons), add-one-half smoothed (m is often 0: a second
 * entry of a person rarely contradicts the first this way). royal92's own labelled duplicates count
 * as same-person pairs. Rules:
 *   style            regnal number or epithet differs (score.ts STYLE_DIFFERS), pairs where both bear a style
 *   siblingsApart    same parent, given names agreeing, births centred 2+ years apart (family-rules.ts)
 *   parentsDiffer    two linked parents each, none shared, given names that do not pair up (family-rules.ts)
 *   generation       Jr. / Sr. / III written differently in the names
 *   placesDiffer     birth places contradict and death places contradict (family-rules.ts)
 *
 *   npx tsx bench/resolve-weights.ts [--seeds 1,2,3,4,5]
 */
import { resolve } from 'node:path';
import { CandidateIndex, comparePlaces, featuresOfPerson, type PersonFeatures } from '../src/agents/analyst/resolve';
import { styleContradiction } from '../src/agents/analyst/resolve/score';
import { PLACE_CONTRADICTS, parentsDiffer, siblingBirthsApart } from '../src/agents/analyst/resolve/family-rules';
import { nicknameMatch } from '../src/model/names';
import { TREES } from './resolve-heldout';
import { buildRoyalSet, loadGedcomPersons } from './resolve-royal';
import { ROYAL92_LABELLED } from './resolve-royal92-duplicates';

const SHARED = resolve(__dirname, '../../shared/data');
const args = process.argv.slice(2);
const seeds = args.includes('--seeds') ? args[args.indexOf('--seeds') + 1].split(',').map(Number) : [1, 2, 3, 4, 5];

type F = PersonFeatures;
const styled = (f: F) => f.names.some((n) => n.regnal || n.epithet);
const given = (f: F) => f.names[0]?.given[0];
const givenAgrees = (a: F, b: F) => {
  const x = given(a);
  const y = given(b);
  return Boolean(x && y && (x === y || nicknameMatch(x, y)));
};
const contradicts = (x: string[], y: string[]) =>
  x.length > 0 && y.length > 0 && (comparePlaces(x, y)?.score ?? 1) < PLACE_CONTRADICTS;

/** Each rule: where it can apply, and whether it fires. */
const RULES: Record<string, { applies: (a: F, b: F) => boolean; fires: (a: F, b: F) => boolean }> = {
  style: { applies: (a, b) => styled(a) && styled(b), fires: (a, b) => styleContradiction(a, b) !== undefined },
  siblingsApart: {
    applies: (a, b) => a.parents.some((p) => b.parents.includes(p)) && givenAgrees(a, b),
    fires: (a, b) => siblingBirthsApart(a, b) !== undefined,
  },
  parentsDiffer: {
    applies: (a, b) => a.parents.length === 2 && b.parents.length === 2,
    fires: (a, b) => parentsDiffer(a, b) !== undefined,
  },
  generation: {
    applies: (a, b) => Boolean(a.generation && b.generation),
    fires: (a, b) => a.generation !== b.generation,
  },
  placesDiffer: {
    applies: (a, b) => a.birthPlace.length * b.birthPlace.length * a.deathPlace.length * b.deathPlace.length > 0,
    fires: (a, b) => contradicts(a.birthPlace, b.birthPlace) && contradicts(a.deathPlace, b.deathPlace),
  },
};
const tally = Object.fromEntries(
  Object.keys(RULES).map((k) => [k, { matches: 0, matchFires: 0, others: 0, otherFires: 0 }]),
);

for (const tree of TREES) {
  const base = loadGedcomPersons(resolve(SHARED, tree.file));
  const natural = tree.name === 'royal92' ? ROYAL92_LABELLED.filter((l) => l.same) : [];
  for (const seed of seeds) {
    const n = Math.min(150, Math.round(base.length / 10));
    const set = buildRoyalSet(SHARED, { persons: base, seed, duplicates: n, twins: Math.round(n / 3) });
    const byId = new Map(set.persons.map((p) => [p.id, p]));
    const feats = set.persons.map((p) => featuresOfPerson(p, (id) => byId.get(id)));
    const root = (id: string) => set.injected.get(id) ?? id;
    const same = (a: string, b: string) =>
      root(a) === root(b) || natural.some((l) => [l.a, l.b].includes(root(a)) && [l.a, l.b].includes(root(b)));
    const index = new CandidateIndex(feats);
    for (const [a, b] of index.pairs()) {
      const s = same(a.id, b.id);
      for (const [name, rule] of Object.entries(RULES)) {
        if (!rule.applies(a, b)) continue;
        const fires = rule.fires(a, b);
        const t = tally[name];
        if (s) {
          t.matches++;
          if (fires) t.matchFires++;
        } else {
          t.others++;
          if (fires) t.otherFires++;
        }
      }
    }
  }
}
console.log(`tuning injector seeds ${seeds.join(',')}, candidate pairs where each rule applies:`);
for (const [name, t] of Object.entries(tally)) {
  const m = (t.matchFires + 0.5) / (t.matches + 1);
  const u = (t.otherFires + 0.5) / (t.others + 1);
  console.log(
    `  ${name.padEnd(14)} same person: ${t.matchFires}/${t.matches} fire (m = ${m.toFixed(4)}); different persons: ${t.otherFires}/${t.others} fire (u = ${u.toFixed(4)}); log(m/u) = ${Math.log(m / u).toFixed(2)}`,
  );
}
