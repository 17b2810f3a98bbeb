/**
 * royal92 injected duplicates over several injection seeds: the synthetic-pairs row (precision,
 * recall, F1) and the hard-negative merges per seed, and the mean F1. Tuning on one seed and
 * checking on the others shows whether a change generalises or only fits one draw.
 *
 *   npx tsx bench/resolve-seeds.ts [--seeds 1,2,3,4,5,6,7] [--json]
 */
import { royalEvaluation, type Row } from './resolve';

const args = process.argv.slice(2);
const seeds = args.includes('--seeds')
  ? args[args.indexOf('--seeds') + 1].split(',').map(Number)
  : [1, 2, 3, 4, 5, 6, 7];
const json = args.includes('--json');

interface HardNegatives {
  syntheticTwinsMerged: number;
  realTwinsMerged: number;
  parentChildMerged: number;
}

const out: { seed: number; synthetic: Row; evidenceRich: Row; hard: HardNegatives }[] = [];
for (const seed of seeds) {
  const { rows, extra } = royalEvaluation(seed);
  out.push({ seed, synthetic: rows[1], evidenceRich: rows[2], hard: extra.hardNegatives as HardNegatives });
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const pct = (x: number) => (x * 100).toFixed(1).padStart(5);
if (json) console.log(JSON.stringify(out, null, 2));
else {
  console.log(
    'seed    TP   FP   FN  prec%  rec%   F1%  | ev.-rich F1%  | twins merged (synthetic/real)  parent-child merged',
  );
  for (const { seed, synthetic: r, evidenceRich: e, hard: h } of out) {
    console.log(
      `${String(seed).padStart(4)} ${String(r.tp).padStart(5)} ${String(r.fp).padStart(4)} ${String(r.fn).padStart(4)} ${pct(r.precision)} ${pct(r.recall)} ${pct(r.f1)}  |        ${pct(e.f1)}  | ${h.syntheticTwinsMerged}/${h.realTwinsMerged}                            ${h.parentChildMerged}`,
    );
  }
  console.log(
    `mean              ${pct(mean(out.map((o) => o.synthetic.precision)))} ${pct(mean(out.map((o) => o.synthetic.recall)))} ${pct(mean(out.map((o) => o.synthetic.f1)))}  |        ${pct(mean(out.map((o) => o.evidenceRich.f1)))}`,
  );
}
