/**
 * Where `ancestry merges` spends its time on one case, phase by phase (issue #15 item 4), so that
 * bench/merges-scale.ts's total can be explained: open the case, features, blocking index,
 * candidate pairs with the quick (floored, unexplained) score, explanations (every "merge", the
 * best "review"s, as proposeMerges), proposals as clusters, merges.json written, research log appended, first page listed.
 * Works on a copy of the case (merges.json and the log are written).
 *
 *   npx tsx bench/merges-phases.ts <case dir>          (e.g. a case bench/merges-scale.ts imports)
 *   npx tsx bench/merges-phases.ts --generate 100000   (generates and imports a tree first)
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initCase, openCase } from '../src/case';
import { importGedcom } from '../src/interchange/gedcom/import';
import { CandidateIndex, pairKey, scorePair, DEFAULT_THRESHOLDS, demoteAmbiguous } from '../src/agents/analyst/resolve';
import {
  EXPLAINED_REVIEWS,
  caseFeatures,
  chooseByRank,
  proposalToCluster,
  reviewPage,
  unexplained,
} from '../src/agents/analyst/merge';
import { generateGedcom } from './gedcom-generate';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const work = mkdtempSync(join(tmpdir(), 'merges-phases-'));
  try {
    let src = argv[0];
    if (argv[0] === '--generate') {
      const n = Number(argv[1]);
      const file = join(work, `gen-${n}.ged`);
      writeFileSync(file, generateGedcom(n));
      src = join(work, 'source');
      const store = await initCase(src, { question: 'bench', subject: { name: 'Bench' } });
      await importGedcom(file, store, { as: 'tree' });
    }
    const dir = join(work, 'case');
    cpSync(src, dir, { recursive: true });
    // Wall time and CPU time (user + system of this process): on a shared machine the CPU time
    // says more about the work done than the wall time does.
    const times: [string, number, number, number][] = [];
    let t = performance.now();
    let cpu = process.cpuUsage();
    const lap = (name: string) => {
      const now = performance.now();
      const c = process.cpuUsage(cpu);
      times.push([name, now - t, (c.user + c.system) / 1000, process.memoryUsage().heapUsed / 2 ** 20]);
      t = now;
      cpu = process.cpuUsage();
    };
    // As `ancestry merges` opens it: trees not read at open, streamed once by the search.
    const store = await openCase(dir, { trees: 'lazy' });
    lap('open case');
    const { feats, rank } = caseFeatures(store);
    const persons = feats;
    lap('read + features');
    const index = new CandidateIndex(feats);
    lap('blocking index');
    const min = DEFAULT_THRESHOLDS.review;
    const found: { a: (typeof feats)[number]; b: (typeof feats)[number]; score: ReturnType<typeof scorePair> }[] = [];
    let pairs = 0;
    for (const [a, b] of index.pairs()) {
      pairs++;
      const q = scorePair(a, b, { frequencies: index.frequencies, family: index, explain: false, floor: min });
      if (q.similarity >= min && q.recommendation !== 'separate') found.push({ a, b, score: q });
    }
    found.sort(
      (x, y) =>
        y.score.similarity - x.score.similarity || pairKey(x.a.id, x.b.id).localeCompare(pairKey(y.a.id, y.b.id)),
    );
    lap('pairs + quick score');
    // As proposeMerges: every "merge" and the best EXPLAINED_REVIEWS "review"s are explained.
    let reviews = EXPLAINED_REVIEWS;
    for (const d of found)
      if (d.score.recommendation !== 'review' || reviews-- > 0)
        d.score = scorePair(d.a, d.b, { frequencies: index.frequencies, family: index });
    lap('explanations');
    // As searchDuplicateFeatures: a person who fits two others held apart is a review.
    demoteAmbiguous(found);
    lap('ambiguity');
    const now = store.clock.now();
    const canonical = (ids: string[]) => chooseByRank(ids, (id) => rank.get(id) ?? 0);
    const clusters = found.map((d) => proposalToCluster(canonical, d, now));
    lap('clusters');
    await store.writeMerges({ ...store.merges(), clusters });
    lap('merges.json written');
    const quiet = clusters.filter(unexplained);
    await store.appendLog([
      ...clusters
        .filter((c) => !unexplained(c))
        .map((c) => ({
          agent: 'Analyst' as const,
          actionType: 'merge' as const,
          clusterId: c.id,
          operation: 'propose' as const,
          rationale: c.rationale,
          context: `${c.memberIds.join(' + ')} (${c.recommendation}, similarity ${c.similarity})`,
        })),
      {
        agent: 'Analyst' as const,
        actionType: 'decision' as const,
        decisionType: 'merge_proposals_unexplained',
        optionsConsidered: [],
        chosenOption: 'explain when listed',
        rationale: `${quiet.length} further review proposals`,
        context: 'merges.json',
      },
    ]);
    lap('research log');
    const page = reviewPage(store.merges().clusters, {}, () => undefined);
    JSON.stringify(page);
    lap('first page');
    const total = times.reduce((s, [, ms]) => s + ms, 0);
    const totalCpu = times.reduce((s, [, , ms]) => s + ms, 0);
    const sec = (ms: number) => `${(ms / 1000).toFixed(2).padStart(7)} s`;
    console.log(`${persons.length} persons, ${pairs} candidate pairs, ${clusters.length} proposals`);
    console.log(`${'phase'.padEnd(24)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)}  heap after`);
    for (const [name, ms, c, heap] of times)
      console.log(`${name.padEnd(24)} ${sec(ms)} ${sec(c)} ${heap.toFixed(0).padStart(6)} MB`);
    console.log(
      `${'total'.padEnd(24)} ${sec(total)} ${sec(totalCpu)}, maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
