/**
 * Summary: the outputs refreshed at the end of every cycle and of the run: persons and merges
 * written, the verification checkpoint, summary.md (the deliverable), graph.jsonld and tree.ged.
 */
import { goalStatus, checkGPSCoverage } from '../../agents/analyst/gps';
import { renderSummary } from '../../agents/analyst/proof/summary';
import { exportGedcom, exportJsonLd } from '../../interchange';
import { openHypotheses } from '../state';
import { withUnreadableFiles } from '../unreadable-summary';
import type { RunContext, RunState } from './context';
import { writeDirty } from './validate-output';
import { verificationCheckpoint } from './verify';

export async function writeOutputs(ctx: RunContext, run: RunState): Promise<void> {
  await writeDirty(ctx, run);
  const v = verificationCheckpoint(ctx, run);
  const subject = run.graph.get(run.state.subjectId!)!;
  const goals = goalStatus(subject, ctx.config.goals, (id) => run.graph.get(id));
  const censor = {
    now: ctx.clock.now(),
    thresholdYears: ctx.config.privacy.livingThresholdYears,
    consent: ctx.config.privacy.consent,
  };
  const rendered = renderSummary({
    config: ctx.config,
    subject,
    get: (id) => run.graph.get(id),
    sources: ctx.store.sources(),
    searches: ctx.log.searches,
    conflicts: [...run.conflictsById.values()],
    goals,
    verification: v,
    gpsCoverage: checkGPSCoverage(run.graph.persons.values()),
    status: {
      cycles: run.state.cycle,
      terminated: run.state.terminated,
      reason: run.state.terminationReason,
      strategy: run.strategy,
      openClues: openHypotheses(run.state).length,
      queued: run.state.frontier.size,
    },
    censor,
    identity: run.identityNotes,
  });
  // A file the run could not read (a spouse's) is named under the conclusion it is missing from.
  const md = withUnreadableFiles(rendered, run.skipped, {
    subject,
    unreadablePersonFile: (id) =>
      (ctx.store as { unreadablePersonFile?(id: string): string | undefined }).unreadablePersonFile?.(id),
  });
  await ctx.store.writeSummary(md);
  await writeExports(ctx);
}

async function writeExports(ctx: RunContext): Promise<void> {
  for (const [name, make] of [
    ['graph.jsonld', () => exportJsonLd(ctx.store, { now: ctx.clock.now() })],
    ['tree.ged', () => exportGedcom(ctx.store, { version: '5.5.1', now: ctx.clock.now() }).text],
  ] as const) {
    try {
      await ctx.store.writeExport(name, make(), { censoredByField: true });
    } catch (e) {
      ctx.log.add({
        agent: 'Lead',
        actionType: 'error',
        message: `exports/${name}: ${e instanceof Error ? e.message : String(e)}`,
        rationale: 'an export failure does not stop the research',
        context: name,
      });
    }
  }
}
