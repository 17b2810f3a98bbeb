/**
 * Fault suite (#21 item 7): `ancestry research` and `ancestry import` killed with SIGKILL at seeded
 * random points, then run again; the case must equal one from an uninterrupted run (byte for byte
 * apart from random ids and timestamps: test/helpers/case-compare.ts) and nothing may be left behind
 * (temp files, journal, lock, import marker).
 *
 * A handful of kills run in `npm test`; for more: ANCESTRY_FAULT_KILLS=20 ANCESTRY_FAULT_SEED=7
 * npx mocha --no-config -r tsx/cjs --extension ts --timeout 0 test/integration/engine/faults.test.ts
 * The figures are printed at the end of each test.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORT_MARKER } from '../../../src/case/import-marker';
import { findStaleTemps } from '../../../src/case/temp-files';
import { JOURNAL_FILE } from '../../../src/case/writer';
import { caseDifferences } from '../../helpers/case-compare';
import { REPO_ROOT, SHARED_DATA, tempDir } from '../../helpers/paths';
import { sampleCopy } from './helpers';
import { builtCli } from '../../helpers/built-cli';
import { interruptedWork, runKilledAfter, seededRandom } from '../../helpers/kill-points';

const CLI = builtCli();
const KILLS = Number(process.env.ANCESTRY_FAULT_KILLS ?? 2);
const SEED = Number(process.env.ANCESTRY_FAULT_SEED ?? 21);

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [...CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs the CLI and SIGKILLs it after `ms` (if it is still running then). */
async function cliKilledAfter(ms: number, ...args: string[]): Promise<{ killed: boolean; code: number | null }> {
  const { code, signal } = await runKilledAfter(ms, [...CLI, ...args], REPO_ROOT);
  return { killed: signal === 'SIGKILL' || code === null, code };
}

/**
 * The research had ended before the kill: its session saved as terminated, its session_end entry in
 * the log, and no committed step waiting in the journal.
 */
function finishedBeforeKill(dir: string): boolean {
  if (existsSync(join(dir, JOURNAL_FILE)) || findStaleTemps(dir).length) return false;
  try {
    const s = JSON.parse(readFileSync(join(dir, 'hypotheses.json'), 'utf8')) as {
      terminated?: unknown;
      sessionId?: unknown;
    };
    if (s.terminated !== true) return false;
    return readFileSync(join(dir, 'log', 'research-log.jsonl'), 'utf8')
      .split('\n')
      .some((l) => l.includes('"session_end"') && l.includes(`"sessionId":"${String(s.sessionId)}"`));
  } catch {
    return false;
  }
}

/** What interrupted work left that nothing should leave after a complete run. */
function leftBehind(dir: string): string[] {
  return interruptedWork(dir).map((w) => w.rel);
}

describe('fault suite: kill -9 at random points, then run again', function () {
  this.timeout(0);

  it(`research: ${KILLS} kill(s) at seeded points; each resumed case equals the uninterrupted one`, async () => {
    const random = seededRandom(SEED);
    const reference = sampleCopy();
    const t0 = Date.now();
    const r = cli('research', reference, '--offline');
    assert.equal(r.code, 0, r.err);
    const duration = Date.now() - t0;
    let killed = 0;
    let identical = 0;
    let leftByKills = 0;
    for (let i = 0; i < KILLS; i++) {
      const dir = sampleCopy();
      const at = Math.round(300 + random() * duration * 0.9);
      const k = await cliKilledAfter(at, 'research', dir, '--offline');
      if (!k.killed) {
        // It finished before the kill: running it again would continue a finished session, not resume one.
        assert.equal(k.code, 0);
        assert.deepEqual(caseDifferences(reference, dir), [], 'an uninterrupted run equals the reference');
        continue;
      }
      // Killed after the run had ended (its session saved as terminated, no step pending): the research
      // was complete, and a run now would continue a finished session (the Lead may look further).
      if (finishedBeforeKill(dir)) {
        assert.deepEqual(caseDifferences(reference, dir), [], `killed at ${at} ms after the run ended`);
        continue;
      }
      killed += 1;
      leftByKills += findStaleTemps(dir).length + (existsSync(join(dir, JOURNAL_FILE)) ? 1 : 0);
      // Readers work on a killed case.
      assert.equal(cli('status', dir).code, 0, `status after a kill at ${at} ms`);
      const again = cli('research', dir, '--offline');
      assert.equal(again.code, 0, `resume after a kill at ${at} ms: ${again.err}`);
      const diff = caseDifferences(reference, dir);
      if (!diff.length) identical += 1;
      assert.deepEqual(diff, [], `killed at ${at} ms (seed ${SEED}, kill ${i + 1}): the resumed case differs`);
      assert.deepEqual(leftBehind(dir), [], 'nothing left behind after the resume');
    }
    console.log(
      `      research: ${killed} of ${KILLS} runs killed mid-way, ${identical} resumed identical; temp/journal files left by the kills: ${leftByKills}, after the resume: 0`,
    );
  });

  it(`import: ${KILLS} kill(s) at seeded points; running it again gives the uninterrupted import`, async () => {
    const random = seededRandom(SEED + 1);
    const ged = join(SHARED_DATA, 'gedcom/gedcom-samples/bourbon.ged');
    const root = tempDir('ancestry-fault-import-');
    const reference = join(root, 'reference');
    const t0 = Date.now();
    const r = cli('import', ged, '--case', reference);
    assert.equal(r.code, 0, r.err);
    const duration = Date.now() - t0;
    let killed = 0;
    let identical = 0;
    let flagged = 0;
    for (let i = 0; i < KILLS; i++) {
      const dir = join(root, `killed-${i}`);
      const at = Math.round(500 + random() * duration * 0.8);
      const k = await cliKilledAfter(at, 'import', ged, '--case', dir);
      if (k.killed) killed += 1;
      if (existsSync(join(dir, 'case.yaml')) && k.killed && existsSync(join(dir, IMPORT_MARKER))) {
        // The cut-off import shows in status and validate.
        assert.match(cli('status', dir).out, /Import {4}INTERRUPTED/);
        const v = cli('validate', dir);
        assert.match(v.out + v.err, /did not finish/);
        flagged += 1;
      }
      const again = cli('import', ged, '--case', dir);
      assert.equal(again.code, 0, `import again after a kill at ${at} ms: ${again.err}`);
      const diff = caseDifferences(reference, dir);
      if (!diff.length) identical += 1;
      assert.deepEqual(diff, [], `killed at ${at} ms (seed ${SEED + 1}, kill ${i + 1}): the re-imported case differs`);
      assert.deepEqual(leftBehind(dir), [], 'nothing left behind after the import is run again');
    }
    console.log(
      `      import: ${killed} of ${KILLS} runs killed mid-way (${flagged} flagged INTERRUPTED), ${identical} identical after running again; left behind: 0`,
    );
  });
});
