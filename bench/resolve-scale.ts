/** Resolution time only: 10k vs 100k persons (also run by bench/resolve.ts --only scale). */
import { performance } from 'node:perf_hooks';
import { CandidateIndex, DEFAULT_THRESHOLDS, featuresOfPerson, scorePair } from '../src/agents/analyst/resolve';
import { population } from './resolve';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
for (const n of sizes.length ? sizes : [10_000]) {
  const persons = population(n);
  const t0 = performance.now();
  const feats = persons.map((p) => featuresOfPerson(p));
  const t1 = performance.now();
  const index = new CandidateIndex(feats);
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  let pairs = 0;
  for (const [a, b] of index.pairs()) {
    scorePair(a, b, {
      frequencies: index.frequencies,
      family: index,
      explain: false,
      floor: DEFAULT_THRESHOLDS.review,
    });
    pairs++;
  }
  const t3 = performance.now();
  const cpu = process.cpuUsage(c2);
  console.log(
    `${n} persons: features ${((t1 - t0) / 1000).toFixed(2)} s, index ${((t2 - t1) / 1000).toFixed(2)} s, ${pairs} pairs scored in ${((t3 - t2) / 1000).toFixed(2)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)`,
  );
}
