import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openCase } from '../../../src/case';
import { runResearch, type EngineEvent } from '../../helpers/research';
import { displayName, type Person } from '../../../src/model';
import { REPO_ROOT } from '../../helpers/paths';
import { sampleCopy } from './helpers';

/** What a finished case holds, independent of random person ids. */
async function contents(dir: string) {
  const store = await openCase(dir);
  const persons = store.persons();
  const key = (p: Person) =>
    `${displayName(p)}|${p.assertions.find((a) => a.field === 'birth.date' && a.status === 'accepted')?.value ?? ''}`;
  const byId = new Map(persons.map((p) => [p.id, p]));
  return {
    persons: persons.map(key).sort(),
    sources: store
      .sources()
      .map((s) => s.id)
      .sort(),
    conflicts: store
      .conflicts()
      .map((c) => `${key(byId.get(c.person)!)}|${c.field}|${c.preferred}`)
      .sort(),
    relationships: persons
      .flatMap((p) => p.relationships.map((r) => `${key(p)} ${r.type} ${key(byId.get(r.person)!)}`))
      .sort(),
    evidence: persons.flatMap((p) =>
      p.assertions.flatMap((a) => a.evidence.map((e) => `${p.id}|${a.id}|${e.source}|${e.snippet}`)),
    ),
    session: store.session()!,
  };
}

function assertNoDuplicates(c: Awaited<ReturnType<typeof contents>>): void {
  assert.equal(new Set(c.evidence).size, c.evidence.length, 'no evidence claim twice');
  assert.equal(new Set(c.session.hypotheses.map((h) => h.id)).size, c.session.hypotheses.length, 'no clue twice');
  assert.equal(new Set(c.session.completedTaskIds).size, c.session.completedTaskIds.length, 'no task completed twice');
}

/** Starts the loop in a child process and SIGKILLs it after `steps` progress events. */
function runAndKill(dir: string, steps: number): Promise<{ killed: boolean; seen: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'run-case.ts'), dir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seen = 0;
    let killed = false;
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const e = JSON.parse(line) as EngineEvent;
      if (e.type === 'step' || e.type === 'source' || e.type === 'finding') seen += 1;
      if (seen >= steps && !killed) {
        killed = child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!killed && code !== 0) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ killed: signal === 'SIGKILL', seen });
    });
  });
}

describe('persistence: a killed run resumes where it stopped, duplicating nothing', function () {
  this.timeout(300_000);
  let reference: Awaited<ReturnType<typeof contents>>;

  before(async () => {
    const dir = sampleCopy();
    const r = await runResearch({ store: await openCase(dir), connectors: [], stepsPerCycle: 3 });
    assert.equal(r.status, 'completed');
    reference = await contents(dir);
    assertNoDuplicates(reference);
  });

  for (const killAfter of [2, 6, 11]) {
    it(`SIGKILL after ${killAfter} progress events, then resume`, async () => {
      const dir = sampleCopy();
      const k = await runAndKill(dir, killAfter);
      assert.ok(k.killed, 'the child was killed before it finished');
      const mid = await openCase(dir);
      const saved = mid.session();
      assert.ok(saved && !saved.terminated, 'the persisted session is unfinished');
      const r = await runResearch({ store: mid, connectors: [], stepsPerCycle: 3 });
      assert.equal(r.status, 'completed');
      const after = await contents(dir);
      assertNoDuplicates(after);
      assert.deepEqual(after.sources, reference.sources, 'the same evidence, captured once');
      assert.deepEqual(after.persons, reference.persons, 'the same persons, none twice');
      assert.deepEqual(after.relationships, reference.relationships);
      assert.deepEqual(after.conflicts, reference.conflicts);
      const log = readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8');
      assert.ok(log.includes('resuming session'), 'the resumed run says so in the log');
    });
  }
});

describe('Ctrl-C: a cancelled run stops cleanly after the current step', function () {
  this.timeout(300_000);

  it('stops after the step in progress, saves the session unfinished, and the next run completes it', async () => {
    const dir = sampleCopy();
    const controller = new AbortController();
    let stepsAfterAbort = 0;
    const events: EngineEvent[] = [];
    const r = await runResearch({
      store: await openCase(dir),
      connectors: [],
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        if (controller.signal.aborted && e.type === 'step' && /^(Searching|Analysing)/.test(e.message))
          stepsAfterAbort += 1;
        // Ctrl-C while the first search runs: its records are captured, their analysis waits.
        if (e.type === 'step' && /^Searching/.test(e.message) && !controller.signal.aborted)
          controller.abort(new Error('user cancel'));
      },
    });
    assert.equal(r.status, 'cancelled');
    assert.equal(stepsAfterAbort, 0, 'no new step starts after the cancel');
    const store = await openCase(dir);
    const session = store.session()!;
    assert.equal(session.terminated, false);
    assert.ok(session.frontier.length > 0, 'the queued work is kept for the next run');
    const tail = store
      .log()
      .slice(-3)
      .map((e) => e.actionType);
    assert.deepEqual(tail.slice(-1), ['session_end']);
    assert.ok(store.log().some((e) => e.actionType === 'termination' && e.userCancelled));
    assert.ok(store.log().some((e) => e.actionType === 'session_end' && e.status === 'cancelled'));
    // The search that was running when Ctrl-C came finished: its evidence is captured, its analysis queued.
    assert.ok(store.sources().length > 0);
    assert.ok(session.frontier.some((t) => t.taskType === 'AnalyzeTask'));
    const again = await runResearch({ store, connectors: [] });
    assert.equal(again.status, 'completed');
    assertNoDuplicates(await contents(dir));
  });
});

describe('budget: a run cut short by its budget parks its tasks, and the next run picks them up', function () {
  this.timeout(300_000);

  it('terminates on the cycle budget with an empty frontier (Z invariant 3) and continues next time', async () => {
    const dir = sampleCopy();
    const first = await runResearch({ store: await openCase(dir), connectors: [], maxCycles: 1, stepsPerCycle: 2 });
    assert.equal(first.status, 'completed');
    assert.match(first.terminationReason, /budget exceeded: cycle budget \(1\) used/);
    const s1 = (await openCase(dir)).session()!;
    assert.equal(s1.terminated, true);
    assert.equal(s1.frontier.length, 0);
    assert.ok((s1.parkedTasks ?? []).length > 0, 'the unfinished work is parked');
    const second = await runResearch({ store: await openCase(dir), connectors: [] });
    assert.equal(second.status, 'completed');
    const store = await openCase(dir);
    const done = new Set(store.session()!.completedTaskIds);
    assert.ok(
      (s1.parkedTasks ?? []).some((t) => done.has(t.id)),
      'a parked task ran in the next run',
    );
    assertNoDuplicates(await contents(dir));
  });
});
