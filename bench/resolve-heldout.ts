/**
 * Held-out measurement of the resolver (issue #15 item 3): two independent duplicate injectors —
 * the tuning one (resolve-royal.ts, seeds 1-5) and the held-out one (resolve-inject-heldout.ts) —
 * on three real trees of different kinds: royal lineages
 * (royal92), one family (willis), a large mixed tree (pres2020: presidents' families). Per tree,
 * injector and seed: precision and recall of "merge" alone and of "merge + review".
 *
 * Truth: an injected duplicate is the same as its original (and as anything the original is the
 * same as). royal92's own duplicates — records entered twice in the original file — are labelled in
 * resolve-royal92-duplicates.ts (with the original pairs that are different persons) and count as
 * true pairs when proposed, so precision is not understated; any other proposal between two
 * original records is unlabelled and left out of precision (reported as "orig, unjudged"). Recall
 * is over the injected duplicates. Injected hard
 * negatives (twins, necronym siblings, Jr. sons) count as false when proposed.
 *
 * Dev and held-out: the tuning injector's seeds and the held-out injector's HELDOUT_DEV_SEEDS are
 * dev sets — tune on them, read their wrong merges and misses (--details). The held-out injector's
 * HELDOUT_SEEDS are reported as figures only: --details never lists their pairs (unless
 * --details-heldout, which spends them: pick new held-out seeds afterwards).
 *
 *   npx tsx bench/resolve-heldout.ts [--seeds 1006,1007] [--dev-seeds 1001,1002] [--tuning-seeds 1,2]
 *       [--trees royal92,willis] [--details] [--json]
 */
import { resolve } from 'node:path';
import { featuresOfPerson, searchDuplicateFeatures } from '../src/agents/analyst/resolve';
import { LISTED_REVIEWS } from '../src/agents/analyst/merge';
import type { Person } from '../src/model';
import { HELDOUT_DEV_SEEDS, HELDOUT_SEEDS, injectHeldOut } from './resolve-inject-heldout';
import { buildRoyalSet, loadGedcomPersons } from './resolve-royal';
import { ROYAL92_LABELLED } from './resolve-royal92-duplicates';

const SHARED = resolve(__dirname, '../../shared/data');
const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const json = args.includes('--json');
const heldSeeds = arg('--seeds')?.split(',').filter(Boolean).map(Number) ?? HELDOUT_SEEDS;
const devSeeds = arg('--dev-seeds')?.split(',').map(Number) ?? HELDOUT_DEV_SEEDS;
const tuneSeeds = arg('--tuning-seeds')?.split(',').map(Number) ?? [1, 2, 3, 4, 5];

export const TREES: { name: string; kind: string; file: string }[] = [
  { name: 'royal92', kind: 'royal lineages', file: 'gedcom/royal92.ged' },
  { name: 'willis', kind: 'one family', file: 'gedcom/gedcom4j-samples/willis.ged' },
  { name: 'pres2020', kind: 'large mixed', file: 'gedcom/gedcom-samples/pres2020.ged' },
];
const trees = arg('--trees')?.split(',') ?? TREES.map((t) => t.name);

export interface Measure {
  tree: string;
  injector: 'tuning' | 'held-out';
  /** a dev set (tuned on, its pairs may be read) or held out (figures only) */
  dev: boolean;
  seed: number;
  duplicates: number;
  merge: { tp: number; fp: number; precision: number; recall: number };
  review: { tp: number; fp: number; precision: number; recall: number };
  /**
   * At each listing floor (FLOORS): the injected duplicates found by a proposal at or above it
   * (merge + review recall if only those were listed), and the wrong proposals at or above it.
   */
  floors: { floor: number; found: number; wrong: number }[];
  /** proposals between two original records of an unlabelled tree (not judged) */
  unjudged: { merge: number; review: number };
  /** labelled original duplicates proposed as merge (royal92) */
  naturalMerged: number;
  falseMerges: string[];
  missed: string[];
}

/** Entities: union-find over injected → original and the labelled original duplicates. */
function entities(pairs: [string, string][]) {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x);
    if (!p || p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const [a, b] of pairs) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  }
  return (a: string, b: string) => find(a) === find(b);
}

export function measure(
  tree: string,
  injector: Measure['injector'],
  seed: number,
  persons: Person[],
  injected: Map<string, string>,
  negatives: Set<string>,
): Measure {
  const labelled = tree === 'royal92' ? ROYAL92_LABELLED : [];
  const natural = labelled.filter((p) => p.same).map((p) => [p.a, p.b] as [string, string]);
  const judgedOriginal = new Set(labelled.map((p) => `${p.a}|${p.b}`));
  const same = entities([...injected, ...natural]);
  const synthetic = (id: string) => injected.has(id) || negatives.has(id);
  const byId = new Map(persons.map((p) => [p.id, p]));
  const feats = persons.map((p) => featuresOfPerson(p, (id) => byId.get(id)));

  const m = { tp: 0, fp: 0 };
  const rv = { tp: 0, fp: 0 };
  const unjudged = { merge: 0, review: 0 };
  let naturalMerged = 0;
  const foundMerge = new Set<string>();
  const foundReview = new Set<string>();
  const falseMerges: string[] = [];
  /** each found duplicate's best similarity; each wrong proposal's similarity */
  const best = new Map<string, number>();
  const wrong: number[] = [];
  // The search `ancestry merges` runs: quick scores, a person who fits two others held apart is a
  // review (demoteAmbiguous), every "merge" and the best LISTED_REVIEWS reviews kept.
  const { proposals } = searchDuplicateFeatures(feats, { explainReviews: 0, maxReviews: LISTED_REVIEWS });
  for (const { a, b, score: s } of proposals) {
    const judged =
      synthetic(a.id) ||
      synthetic(b.id) ||
      judgedOriginal.has(`${a.id}|${b.id}`) ||
      judgedOriginal.has(`${b.id}|${a.id}`);
    if (!judged) {
      unjudged.review++;
      if (s.recommendation === 'merge') unjudged.merge++;
      continue;
    }
    const truth = same(a.id, b.id);
    const dup = injected.has(a.id) ? a.id : injected.has(b.id) ? b.id : undefined;
    if (truth) {
      rv.tp++;
      if (dup && same(dup, injected.get(dup)!)) {
        foundReview.add(dup);
        best.set(dup, Math.max(best.get(dup) ?? 0, s.similarity));
      }
    } else {
      rv.fp++;
      wrong.push(s.similarity);
    }
    if (s.recommendation !== 'merge') continue;
    if (truth) {
      m.tp++;
      if (dup) foundMerge.add(dup);
      else naturalMerged++;
    } else {
      m.fp++;
      falseMerges.push(`${a.id} ${a.label} (${a.birth?.text ?? '-'}) ~ ${b.id} ${b.label} (${b.birth?.text ?? '-'})`);
    }
  }
  const n = injected.size;
  const missed = [...injected.keys()].filter((d) => !foundReview.has(d));
  return {
    tree,
    injector,
    // Any seed but the held-out injector's reported ones may be read.
    dev: injector === 'tuning' || !HELDOUT_SEEDS.includes(seed),
    seed,
    duplicates: n,
    merge: { ...m, precision: m.tp + m.fp ? m.tp / (m.tp + m.fp) : 1, recall: foundMerge.size / n },
    review: { ...rv, precision: rv.tp + rv.fp ? rv.tp / (rv.tp + rv.fp) : 1, recall: foundReview.size / n },
    floors: FLOORS.map((floor) => ({
      floor,
      found: [...best.values()].filter((x) => x >= floor).length,
      wrong: wrong.filter((x) => x >= floor).length,
    })),
    unjudged,
    naturalMerged,
    falseMerges,
    missed,
  };
}

/** Listing floors measured (--floors): what a default list above each would keep and lose. */
export const FLOORS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85];

/** Duplicates per tree: a tenth of its persons, at most 150; hard negatives a third of that. */
const counts = (n: number) => {
  const duplicates = Math.min(150, Math.round(n / 10));
  return { duplicates, negatives: Math.round(duplicates / 3) };
};

export function runTree(name: string, which: Measure['injector'], seed: number): Measure {
  const t = TREES.find((x) => x.name === name);
  if (!t) throw new Error(`unknown tree ${name} (one of ${TREES.map((x) => x.name).join(', ')})`);
  const base = loadGedcomPersons(resolve(SHARED, t.file));
  const c = counts(base.length);
  if (which === 'held-out') {
    const set = injectHeldOut(base, { seed, duplicates: c.duplicates, namesakes: c.negatives });
    return measure(name, which, seed, set.persons, set.injected, new Set(set.namesakes.keys()));
  }
  const set = buildRoyalSet(SHARED, { persons: base, seed, duplicates: c.duplicates, twins: c.negatives });
  return measure(name, which, seed, set.persons, set.injected, new Set(set.twins.keys()));
}

function main() {
  const out: Measure[] = [];
  for (const tree of trees) {
    for (const seed of tuneSeeds) out.push(runTree(tree, 'tuning', seed));
    for (const seed of devSeeds) out.push(runTree(tree, 'held-out', seed));
    for (const seed of heldSeeds) out.push(runTree(tree, 'held-out', seed));
  }
  if (json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  const pct = (x: number) => (x * 100).toFixed(1).padStart(6);
  const sum = (xs: Measure[], f: (m: Measure) => number) => xs.reduce((s, m) => s + f(m), 0);
  console.log(
    'tree       injector  seeds       dups | merge P   merge R | m+rev P   m+rev R | false merges  orig(unjudged m/r)',
  );
  // One table row per tree and injector (tuning, held-out on dev seeds, held-out on held-out seeds).
  const groups = trees.flatMap((tree) =>
    (
      [
        ['tuning', true],
        ['held-out', true],
        ['held-out', false],
      ] as const
    ).flatMap(([inj, dev]) => {
      const rows = out.filter((m) => m.tree === tree && m.injector === inj && m.dev === dev);
      const label = `${tree.padEnd(10)} ${(dev && inj === 'held-out' ? 'ho-dev' : inj).padEnd(9)}`;
      return rows.length ? [{ rows, label }] : [];
    }),
  );
  for (const { rows, label } of groups) {
    // Pooled over the seeds: every pair counts once, whatever seed it came from.
    const mtp = sum(rows, (m) => m.merge.tp);
    const mfp = sum(rows, (m) => m.merge.fp);
    const rtp = sum(rows, (m) => m.review.tp);
    const rfp = sum(rows, (m) => m.review.fp);
    const n = sum(rows, (m) => m.duplicates);
    const mrec = sum(rows, (m) => m.merge.recall * m.duplicates) / n;
    const rrec = sum(rows, (m) => m.review.recall * m.duplicates) / n;
    console.log(
      `${label} ${`${rows[0]?.seed ?? ''}..${rows.at(-1)?.seed ?? ''}`.padEnd(10)} ${String(n).padStart(5)} | ${pct(mtp / (mtp + mfp || 1))}   ${pct(mrec)} | ${pct(rtp / (rtp + rfp || 1))}   ${pct(rrec)} | ${String(mfp).padStart(12)}  ${sum(rows, (m) => m.unjudged.merge)}/${sum(rows, (m) => m.unjudged.review)}`,
    );
  }
  if (args.includes('--floors')) {
    console.log('\nm+rev recall (wrong proposals) if only proposals at or above a floor were listed:');
    console.log(`tree       injector  ${FLOORS.map((f) => `>=${f}`.padStart(14)).join('')}`);
    for (const { rows, label } of groups) {
      const n = sum(rows, (m) => m.duplicates);
      const cells = FLOORS.map((_, i) => {
        const found = sum(rows, (m) => m.floors[i].found);
        const wrong = sum(rows, (m) => m.floors[i].wrong);
        return `${((found / n) * 100).toFixed(1)} (${wrong})`.padStart(14);
      });
      console.log(`${label} ${cells.join('')}`);
    }
  }
  const listHeldOut = args.includes('--details-heldout');
  if (args.includes('--details') || listHeldOut)
    for (const m of out) {
      if (!m.falseMerges.length && !m.missed.length) continue;
      // Held-out pairs read once are tuned on from then on: they stay unlisted.
      if (!m.dev && !listHeldOut) continue;
      console.log(`\n${m.tree} ${m.injector} seed ${m.seed}`);
      for (const f of m.falseMerges) console.log(`  false merge: ${f}`);
      for (const d of m.missed.slice(0, 10)) console.log(`  missed (not even review): ${d}`);
    }
}

if (require.main === module) main();
