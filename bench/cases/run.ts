/**
 * Runs the research loop on a temporary copy of an evaluation case, offline and without a model
 * (the deterministic agents, as `ancestry research <dir> --offline` does), then scores the result.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCase } from '../../src/case';
import { runResearch } from '../../src/engine/run';
import { loadConnectors } from '../../src/sources';
import { withCaseArchive } from '../../src/sources/archive';
import { caseRoot, loadExpected } from './expected';
import { readCaseOutput } from './output';
import { type CaseScore, scoreCase } from './score';

export const CASES_DIR = join(__dirname, '..', '..', 'test', 'cases');

export interface CaseRun {
  score?: CaseScore;
  error?: string;
  seconds: number;
  status?: string;
  outDir?: string;
}

/** The evaluation cases: every folder of `dir` holding a case.yaml and an expected.yaml. */
export function listCases(dir = CASES_DIR): string[] {
  return readdirSync(dir)
    .map((f) => join(dir, f))
    .filter((d) => existsSync(join(d, 'expected.yaml')))
    .sort();
}

/**
 * `runs`: how many times the research is run on the same folder, one after another, before it is
 * scored (a user who runs "Research person" again on a finished case): a second run must add no
 * duplicate and lose nothing, so the scores of 1 and 2 runs should agree.
 */
export async function runCase(caseDir: string, opts: { keep?: boolean; runs?: number } = {}): Promise<CaseRun> {
  const name = basename(caseDir);
  const expected = loadExpected(caseDir);
  const work = mkdtempSync(join(tmpdir(), `ancestry-case-${name}-`));
  const outDir = join(work, name);
  // Only the user's inputs are copied: the engine starts from nothing it wrote before.
  const root = caseRoot(caseDir, expected);
  cpSync(join(root, 'case.yaml'), join(outDir, 'case.yaml'));
  cpSync(join(root, 'archive'), join(outDir, 'archive'), { recursive: true });
  const t0 = performance.now();
  try {
    let result: Awaited<ReturnType<typeof runResearch>> | undefined;
    for (let n = 0; n < Math.max(1, opts.runs ?? 1); n++) {
      const store = await openCase(outDir);
      const { connectors } = await loadConnectors({ config: store.config(), env: {}, store, offline: true });
      result = await runResearch({ store, connectors: withCaseArchive(store.root, connectors) });
    }
    if (!result) throw new Error('no research ran');
    const seconds = (performance.now() - t0) / 1000;
    const score = scoreCase(name, caseDir, expected, readCaseOutput(outDir), outDir);
    return {
      score,
      seconds,
      status: `${result.status}: ${result.terminationReason}`,
      outDir: opts.keep ? outDir : undefined,
    };
  } catch (e) {
    return {
      error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      seconds: (performance.now() - t0) / 1000,
      outDir: opts.keep ? outDir : undefined,
    };
  } finally {
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}
