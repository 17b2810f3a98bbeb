/**
 * The research state on disk (issue #23 item 5): cycles/<n>.md per cycle, timeline.md, theories.md,
 * `ancestry cycles`. Real CLI runs on copies of the sample case; a second run, a killed run and a
 * living relative are checked.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { CycleRecord } from '../../../src/case/cycles/record';
import { cli } from '../../helpers/cli-in-process';
import { REPO_ROOT } from '../../helpers/paths';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

interface Listed {
  cycles: CycleRecord[];
  problems: string[];
}

async function listCycles(dir: string): Promise<Listed> {
  const r = await cli(['cycles', dir, '--json']);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as Listed;
}

function cycleTexts(dir: string): Map<string, string> {
  return new Map(readdirSync(join(dir, 'cycles')).map((f) => [f, readFileSync(join(dir, 'cycles', f), 'utf8')]));
}

/** The cycles as the log has them: one per (session, cycle) that was planned. */
function plannedCycles(dir: string): string[] {
  return readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { actionType: string; decisionType?: string; sessionId: string; cycle?: number })
    .filter((e) => e.actionType === 'decision' && e.decisionType === 'cycle_plan')
    .map((e) => `${e.sessionId}#${e.cycle}`);
}

describe('research state on disk: cycles/<n>.md, timeline.md, theories.md, ancestry cycles', function () {
  this.timeout(300_000);

  it('writes one file per cycle, a timeline and theories, and a second run appends without losing or duplicating', async () => {
    const dir = sampleCopy();
    const first = await cli(['research', dir, '--offline', '--no-llm', '--json']);
    assert.equal(first.code, 0, first.err);
    const result = JSON.parse(first.out) as { cycles: number; terminationReason: string };
    const listed = await listCycles(dir);
    assert.deepEqual(listed.problems, []);
    assert.deepEqual(
      listed.cycles.map((c) => c.cycle),
      Array.from({ length: result.cycles }, (_, i) => i + 1),
      'cycles 1..N, one per cycle of the run',
    );
    assert.ok(listed.cycles.every((c) => c.status === 'complete'));
    assert.ok(listed.cycles.every((c) => c.tasks.length > 0 && c.selection.reason.length > 0));
    // The Lead's target (issue #23 item 3): each cycle names one, with its reason in the engine's words.
    assert.ok(
      listed.cycles.every(
        (c) => c.selection.targetId && /^(explore|deepen|challenge): /.test(c.selection.targetReason ?? ''),
      ),
      JSON.stringify(listed.cycles.map((c) => c.selection)),
    );
    const session = () =>
      JSON.parse(readFileSync(join(dir, 'hypotheses.json'), 'utf8')) as { lead?: { cycles: number } };
    const worked = session().lead?.cycles ?? 0;
    assert.ok(worked > 0, "the targets' visits are kept with the session");
    const c1 = listed.cycles[0];
    assert.ok(c1.changes.personsCreated.length > 0, 'the first cycle created persons');
    assert.ok(c1.changes.factsAccepted > 0);
    assert.ok(c1.searches.some((s) => s.records > 0));
    assert.equal(listed.cycles.at(-1)!.termination, result.terminationReason, 'the last cycle says why the run ended');

    // One cycle shown as markdown; bad numbers are named, exit 2.
    const shown = await cli(['cycles', dir, '2']);
    assert.equal(shown.code, 0);
    assert.match(shown.out, /^# Cycle 2: \w+ — /);
    assert.match(shown.out, /^## Searches \(Scout\)$/m);
    for (const bad of ['0', 'two', String(result.cycles + 1)]) {
      const r = await cli(['cycles', dir, bad]);
      assert.equal(r.code, 2, `cycles ${bad}`);
      assert.match(r.err, new RegExp(`cycle|${bad}`));
      assert.match(r.err, new RegExp(`it has cycles 1–${result.cycles}`));
    }

    // The timeline is in date order and shows the birth conflict with its values.
    const timeline = readFileSync(join(dir, 'timeline.md'), 'utf8');
    const at = (s: string) => timeline.indexOf(s);
    assert.ok(at('**14 MAR 1842** — Birth') > 0, timeline.slice(0, 600));
    assert.ok(at('— Birth') < at('— Marriage') && at('— Marriage') < at('— Death:'), 'birth, marriage, death in order');
    assert.match(
      timeline,
      /\*\*Conflict C-P-[0-9a-f]+-birth\.date\*\* \(\w+\): preferred 14 MAR 1842; also recorded .*14 MAR 1841/,
    );
    assert.match(timeline, /Sources: S-[0-9a-f]+ \(Baptism of Johann Friedrich Schmidt/);
    const theories = readFileSync(join(dir, 'theories.md'), 'utf8');
    assert.match(theories, /^## Conclusions not yet proven$/m);
    assert.match(
      theories,
      /birth\.date = 14 MAR 1841\*\* \(disputed[^)]*\)\n {2}- For: S-[0-9a-f]+.*\n {2}- Against: .*14 MAR 1842 \(accepted/,
    );
    assert.match(theories, /^## Identity theories \(\d+ merge proposal\(s\) waiting\)$/m);

    // A second run: a new session continues the numbering; the earlier files are left as they were.
    const before = cycleTexts(dir);
    const second = await cli(['research', dir, '--offline', '--no-llm', '--json']);
    assert.equal(second.code, 0, second.err);
    const again = await listCycles(dir);
    const planned = plannedCycles(dir);
    assert.equal(again.cycles.length, planned.length, 'a file for every cycle in the log');
    assert.deepEqual(
      again.cycles.map((c) => `${c.session}#${c.sessionCycle}`),
      planned,
      'each cycle once, in the order run',
    );
    assert.ok(again.cycles.length > listed.cycles.length, 'the second run added its cycles');
    assert.ok((session().lead?.cycles ?? 0) > worked, 'the second run went on from the first run’s visits');
    for (const [f, text] of before) assert.equal(readFileSync(join(dir, 'cycles', f), 'utf8'), text, `${f} unchanged`);
  });

  it('a cycle file that does not parse is named with its line, the others listed, and research leaves it alone', async () => {
    const dir = sampleCopy();
    assert.equal((await cli(['research', dir, '--offline', '--no-llm', '--max-cycles', '2'])).code, 0);
    const file = join(dir, 'cycles/1.md');
    const broken = readFileSync(file, 'utf8').replace(/^status: complete$/m, 'status: maybe');
    writeFileSync(file, broken);
    const r = await cli(['cycles', dir]);
    assert.equal(r.code, 2);
    assert.match(r.err, /cycles\/1\.md:\d+:\d+: error: status: /);
    assert.match(r.out, /^ {2}2 {2}complete/m, 'cycle 2 is still listed');
    assert.equal((await cli(['research', dir, '--offline', '--no-llm', '--max-cycles', '1'])).code, 0);
    assert.equal(readFileSync(file, 'utf8'), broken, 'never rewritten');
  });

  it('a killed run, resumed, ends with each cycle once and complete', async () => {
    const dir = sampleCopy();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'run-case.ts'), dir], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let cycles = 0;
      child.stdout.on('data', (d: Buffer) => {
        cycles += (String(d).match(/"type":"cycle"/g) ?? []).length;
        // Killed inside the third cycle, after its first cycles were written.
        if (cycles >= 3) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', (_code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error('the run finished before it was killed')),
      );
    });
    const mid = await listCycles(dir);
    assert.ok(mid.cycles.length >= 2, `${mid.cycles.length} cycle file(s) before the kill`);
    const r = await runResearch({ store: await openCase(dir), connectors: [], stepsPerCycle: 3 });
    assert.equal(r.status, 'completed');
    const after = await listCycles(dir);
    const planned = plannedCycles(dir);
    assert.equal(new Set(planned).size, planned.length, 'no cycle planned twice');
    assert.deepEqual(
      after.cycles.map((c) => `${c.session}#${c.sessionCycle}`),
      planned,
    );
    assert.equal(after.cycles.length, r.cycles, 'one file per cycle of the resumed session');
    assert.ok(after.cycles.every((c) => c.status === 'complete'));
    const taskIds = after.cycles.flatMap((c) => c.tasks.map((t) => t.id));
    assert.equal(new Set(taskIds).size, taskIds.length, 'no task listed in two cycles or twice');
  });

  it('a living relative is shown as the Censor shows them in the timeline, theories and cycle files', async () => {
    const dir = sampleCopy();
    assert.equal((await cli(['research', dir, '--offline', '--no-llm'])).code, 0);
    // Robert Schmidt (1912–1989) has a living son, Thomas J. Schmidt, born 5 March 1958, of 1423 Elm Street.
    const robert = (await openCase(dir))
      .persons()
      .find((p) => p.relationships.some((r) => r.type === 'child') && p.names[0]?.given === 'Robert');
    assert.ok(robert, 'Robert Schmidt with his son');
    const r = await cli(['research', dir, '--offline', '--no-llm', '--person', robert.id]);
    assert.equal(r.code, 0, r.err);
    const timeline = readFileSync(join(dir, 'timeline.md'), 'utf8');
    assert.match(timeline, /Birth of child Living Schmidt \(P-[0-9a-f]+\)/, 'the son is in the timeline, as Living');
    const files = [timeline, readFileSync(join(dir, 'theories.md'), 'utf8'), ...cycleTexts(dir).values()];
    for (const text of files)
      for (const leak of ['Thomas', '5 MAR 1958', 'March 5, 1958', 'Elm Street', '62702'])
        assert.ok(
          !text.includes(leak),
          `"${leak}" leaked: ${text.slice(Math.max(0, text.indexOf(leak) - 200), text.indexOf(leak) + 100)}`,
        );
  });
});
