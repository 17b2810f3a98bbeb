/** Prints missed true pairs and near-miss false pairs of one dataset, to tune the scorer by eye. */
import { resolve } from 'node:path';
import { CandidateIndex, featuresOfPerson, scorePair } from '../src/agents/analyst/resolve';
import { loadFebrl, loadRldata, loadSplinkHistorical, type Labelled } from './resolve-data';
import { buildRoyalSet } from './resolve-royal';

/** `--seed N`: the royal92 injection seed (default 7, as in bench/resolve.ts). */
const seedArg = process.argv.indexOf('--seed');
const seed = seedArg > 0 ? Number(process.argv[seedArg + 1]) : undefined;

function royal(): Labelled {
  const r = buildRoyalSet(SHARED, { duplicates: 300, twins: 100, seed });
  const entity = new Map<string, string>();
  for (const p of r.persons) entity.set(p.id, r.injected.get(p.id) ?? p.id);
  return { persons: r.persons, entity };
}

const SHARED = resolve(__dirname, '../../shared/data');
const which = process.argv[2] ?? 'febrl3';
const set: Labelled =
  which === 'royal92'
    ? royal()
    : which === 'rldata'
      ? loadRldata(SHARED)
      : which === 'splink'
        ? loadSplinkHistorical(SHARED, 10000)
        : loadFebrl(
            SHARED,
            which === 'febrl4' ? ['dataset4a.csv', 'dataset4b.csv'] : [`dataset${which.slice(-1)}.csv`],
          );
const byId = new Map(set.persons.map((p) => [p.id, p]));
const feats = set.persons.map((p) => featuresOfPerson(p, (id) => byId.get(id)));
const idx = new CandidateIndex(feats);
const missed: string[] = [];
const hist = new Map<string, [number, number]>();
for (const [a, b] of idx.pairs()) {
  const s = scorePair(a, b, { frequencies: idx.frequencies, family: idx });
  const truth = set.entity.get(a.id) === set.entity.get(b.id);
  const bucket = (Math.floor(s.similarity * 20) / 20).toFixed(2);
  const h = hist.get(bucket) ?? [0, 0];
  h[truth ? 0 : 1]++;
  hist.set(bucket, h);
  if (!truth && s.similarity >= 0.75 && missed.length < Number(process.argv[3] ?? 15))
    missed.push(
      `FALSE ${s.similarity.toFixed(3)} ${a.id} ${b.id} ${Object.values(s.features)
        .map((f) => f.reason)
        .join(' | ')}`,
    );
  if (truth && s.recommendation !== 'merge' && missed.length < Number(process.argv[3] ?? 15))
    missed.push(
      `${s.similarity.toFixed(3)} ${a.label} (${a.birth?.text ?? '-'}–${a.death?.text ?? '-'}) ~ ${b.label} (${b.birth?.text ?? '-'}–${b.death?.text ?? '-'}) ${JSON.stringify(s.weights)}\n   ${Object.values(
        s.features,
      )
        .map((f) => f.reason)
        .join(' | ')}${s.hardNegative ? `\n   HARD: ${s.hardNegative}` : ''}`,
    );
}
console.log(
  [...hist.entries()]
    .sort()
    .map(([k, [t, f]]) => `${k}: true ${t} false ${f}`)
    .join('\n'),
);
console.log(missed.join('\n'));
if (which === 'royal92') {
  // True pairs the blocking never produced.
  const seen = new Set<string>();
  for (const [a, b] of idx.pairs()) seen.add(a.id < b.id ? `${a.id}|${b.id}` : `${b.id}|${a.id}`);
  let shown = 0;
  for (const f of feats) {
    const orig = set.entity.get(f.id);
    if (!orig || orig === f.id) continue;
    const k = f.id < orig ? `${f.id}|${orig}` : `${orig}|${f.id}`;
    if (seen.has(k) || shown++ > 8) continue;
    const o = feats.find((x) => x.id === orig)!;
    console.log(
      'UNBLOCKED',
      f.label,
      f.birth?.text,
      JSON.stringify(f.names[0]),
      '|',
      o.label,
      o.birth?.text,
      JSON.stringify(o.names[0]),
    );
  }
}
