import { openCase } from '../src/case';
import { CandidateIndex, featuresOfPerson, findDuplicates, scorePair } from '../src/agents/analyst/resolve';
(async () => {
  const store = await openCase('/tmp/mprof/w/case');
  const ps = store.persons();
  let t = performance.now();
  const byId = new Map(ps.map((p) => [p.id, p]));
  const feats = ps.map((p) => featuresOfPerson(p, (id) => byId.get(id)));
  console.log('feats', (performance.now() - t).toFixed(0)); t = performance.now();
  const idx = new CandidateIndex(feats);
  console.log('index', (performance.now() - t).toFixed(0)); t = performance.now();
  let n = 0, rev = 0, merge = 0;
  for (const [a, b] of idx.pairs()) { n++; const s = scorePair(a, b, { frequencies: idx.frequencies, family: idx, explain: false, floor: 0.3 }); if (s.recommendation === 'merge') merge++; else if (s.recommendation === 'review') rev++; }
  console.log('pairs', n, 'merge', merge, 'review', rev, (performance.now() - t).toFixed(0)); t = performance.now();
  const d = findDuplicates(ps, {});
  console.log('find', d.length, (performance.now() - t).toFixed(0));
})();
