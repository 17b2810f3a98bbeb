/**
 * Measures the log(m/u) of the resolver's style rule (a regnal number or an epithet that differs,
 * score.ts STYLE_DIFFERS) on the tuning injector only (resolve-royal.ts, seeds 1-5, the three trees
 * of resolve-heldout.ts; never the held-out injector): among blocked candidate pairs where both
 * sides bear a style, m = P(the rule fires | same person), u = P(the rule fires | different
 * persons), with add-one-half smoothing (m is near 0: a second entry leaves a style out, it rarely
 * changes it; a typo can).
 *
 *   npx tsx bench/resolve-weights.ts [--seeds 1,2,3,4,5]
 */
import { resolve } from 'node:path';
import { CandidateIndex, featuresOfPerson } from '../src/agents/analyst/resolve';
import { styleContradiction } from '../src/agents/analyst/resolve/score';
import { TREES } from './resolve-heldout';
import { buildRoyalSet, loadGedcomPersons } from './resolve-royal';
import { ROYAL92_LABELLED } from './resolve-royal92-duplicates';

const SHARED = resolve(__dirname, '../../shared/data');
const args = process.argv.slice(2);
const seeds = args.includes('--seeds') ? args[args.indexOf('--seeds') + 1].split(',').map(Number) : [1, 2, 3, 4, 5];

let matches = 0;
let matchFires = 0;
let others = 0;
let otherFires = 0;
const styled = (f: ReturnType<typeof featuresOfPerson>) => f.names.some((n) => n.regnal || n.epithet);
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
      if (!styled(a) || !styled(b)) continue;
      const fires = styleContradiction(a, b) !== undefined;
      if (same(a.id, b.id)) {
        matches++;
        if (fires) matchFires++;
      } else {
        others++;
        if (fires) otherFires++;
      }
    }
  }
}
const m = (matchFires + 0.5) / (matches + 1);
const u = (otherFires + 0.5) / (others + 1);
console.log(
  `style rule (regnal number / epithet differs), tuning injector seeds ${seeds.join(',')}, pairs where both bear a style:\n` +
    `  same person: ${matchFires}/${matches} fire (m = ${m.toFixed(4)}); different persons: ${otherFires}/${others} fire (u = ${u.toFixed(4)})\n` +
    `  log(m/u) = ${Math.log(m / u).toFixed(2)}`,
);
