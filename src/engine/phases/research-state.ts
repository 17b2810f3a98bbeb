/**
 * The research state on disk (seed 002's cycle records, seed 003's timeline and theories; issue #23
 * item 5): at the end of every cycle, cycles/<n>.md for that cycle, timeline.md and theories.md,
 * in the cycle's transaction, through the Censor. Cycle files are derived from the research log
 * (append-only, every entry stamped with its session and cycle), so writing them again gives the
 * same files: a resumed run completes the cycle it was killed in, a continued session numbers its
 * cycles after the earlier ones, and cycles the log holds but the folder lacks (a case researched
 * before these files existed) are written once.
 */
import type { LogEntry, Person } from '../../model';
import { displayName } from '../../model';
import { isLiving, redactPerson, type CensorContext } from '../../agents/censor';
import { CycleNumbering, cycleFromLog, cycleKey } from '../../case/cycles/record';
import { cycleFile, rawAnswersFile, renderCycle, renderRawAnswers } from '../../case/cycles/render';
import { renderTimeline } from '../../case/cycles/timeline';
import { renderTheories } from '../../case/cycles/theories';
import type { CycleState, Research, RunContext } from './context';

/** The whole log, parsing only what was appended since the last cycle (a run's log grows with every step). */
function readLog(ctx: RunContext, cycles: CycleState): LogEntry[] {
  const store = ctx.store;
  if (!store.logTail) return store.log();
  const seen = (cycles.logRead ??= { bytes: 0, entries: [] });
  const tail = store.logTail(seen.bytes);
  if (tail.next < seen.bytes) {
    // An append-only log never shrinks; if it did, read it whole rather than guess.
    cycles.logRead = undefined;
    return store.log();
  }
  seen.entries.push(...tail.entries);
  seen.bytes = tail.next;
  return tail.staged.length ? [...seen.entries, ...tail.staged] : seen.entries;
}

function censorOf(ctx: RunContext): CensorContext {
  return {
    now: ctx.clock.now(),
    thresholdYears: ctx.config.privacy.livingThresholdYears,
    consent: ctx.config.privacy.consent,
  };
}

/** How a person is shown in these files: a living one as the Censor shows them ("Living Surname"). */
function shownName(p: Person, censor: CensorContext): string {
  return !censor.consent && isLiving(p, censor.now, censor.thresholdYears)
    ? `Living ${p.names[0]?.surname ?? ''}`.trim()
    : displayName(p);
}

/**
 * Writes the files of the cycles the log holds for this session (the one just ended, or open when
 * `open` is set) and any earlier cycle whose file is missing; then timeline.md and theories.md.
 */
export async function writeResearchState(ctx: RunContext, research: Research, cycles: CycleState): Promise<void> {
  const store = ctx.store;
  if (!store.writeResearchState) return;
  const censor = censorOf(ctx);
  const { graph, engine } = research;
  const shown = (p: Person) => shownName(p, censor);
  const get = (id: string) => {
    const p = graph.get(id);
    return p ? redactPerson(p, censor).person : undefined;
  };
  const subject = get(engine.subjectId!)!;
  const log = readLog(ctx, cycles);
  const numbering = new CycleNumbering(log);
  const byCycle = new Map<string, LogEntry[]>();
  for (const e of log) {
    if (!e.cycle) continue;
    const key = cycleKey(e.sessionId, e.cycle);
    const list = byCycle.get(key);
    if (list) list.push(e);
    else byCycle.set(key, [e]);
  }
  const current = cycleKey(engine.sessionId, engine.cycle);
  for (const { n, sessionId, cycle } of numbering.all()) {
    const key = cycleKey(sessionId, cycle);
    const rel = cycleFile(n);
    // The cycle in progress is (re)written; any other cycle only when its file is missing.
    if (key !== current && store.hasResearchState?.(rel)) continue;
    const entries = byCycle.get(key);
    if (!entries?.length) continue;
    const { record, raw, rejected } = cycleFromLog(n, entries, {
      target: `${shown(subject)} (${subject.id})`,
      nameOf: (id) => {
        const p = get(id);
        return p ? `${shown(p)} (${id})` : undefined;
      },
    });
    await store.writeResearchState(rel, renderCycle(record, raw));
    if (raw.length || rejected.length)
      await store.writeResearchState(rawAnswersFile(n), renderRawAnswers(n, raw, rejected));
  }
  const sources = new Map(store.sources().map((s) => [s.id, s]));
  const conflicts = store.conflicts();
  await store.writeResearchState(
    'timeline.md',
    renderTimeline({ subject, get, shownName: shown, conflicts, source: (id) => sources.get(id) }),
  );
  await store.writeResearchState(
    'theories.md',
    renderTheories({
      subject,
      get,
      shownName: shown,
      hidden: (p) => shown(p) !== displayName(p),
      hypotheses: [...engine.hypotheses.values()],
      conflicts,
      merges: store.merges().clusters,
      source: (id) => sources.get(id),
    }),
  );
}
