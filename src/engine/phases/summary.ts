/**
 * Summary: the outputs refreshed at the end of every cycle and of the run: persons and merges
 * written, the verification checkpoint, summary.md (the deliverable), graph.jsonld and tree.ged.
 */
import type { Conflict, MergeCluster } from '../../model';
import type { CaseProblem } from '../../case/problems';
import { goalStatus, checkGPSCoverage, type VerificationResult } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { IdentityNotes } from '../../agents/analyst/identity/notes';
import { renderSummary } from '../../agents/analyst/proof/summary';
import { exportGedcom, exportJsonLd } from '../../interchange';
import { openHypotheses, type EngineState } from '../state';
import type { Strategy } from '../strategy';
import { withUnreadableFiles } from '../unreadable-summary';
import type { RunContext } from './context';
import { writeDirty } from './validate-output';
import { verificationCheckpoint } from './verify';
import { withHeldBack } from './verify-source';

export interface OutputsInput {
  engine: Readonly<EngineState>;
  graph: KnowledgeGraph;
  conflicts: ReadonlyMap<string, Conflict>;
  /** Merge proposals not written yet. */
  merges: readonly MergeCluster[];
  strategy: Strategy;
  identityNotes: IdentityNotes;
  skipped: readonly CaseProblem[];
}

/** Returns the verification checkpoint it ran. */
export async function writeOutputs(ctx: RunContext, input: OutputsInput): Promise<VerificationResult> {
  const { engine, graph } = input;
  await writeDirty(ctx, { graph, merges: input.merges });
  const v = verificationCheckpoint(ctx, graph);
  const subject = graph.get(engine.subjectId!)!;
  const goals = goalStatus(subject, ctx.config.goals, (id) => graph.get(id));
  const censor = {
    now: ctx.clock.now(),
    thresholdYears: ctx.config.privacy.livingThresholdYears,
    consent: ctx.config.privacy.consent,
  };
  const rendered = renderSummary({
    config: ctx.config,
    subject,
    get: (id) => graph.get(id),
    sources: ctx.store.sources(),
    searches: ctx.log.searches,
    conflicts: [...input.conflicts.values()],
    goals,
    verification: v,
    gpsCoverage: checkGPSCoverage(graph.persons.values()),
    status: {
      cycles: engine.cycle,
      terminated: engine.terminated,
      reason: engine.terminationReason,
      strategy: input.strategy,
      openClues: openHypotheses(engine).length,
      queued: engine.frontier.size,
    },
    censor,
    identity: input.identityNotes,
  });
  // A file the run could not read (a spouse's) is named under the conclusion it is missing from.
  const md = withUnreadableFiles(rendered, [...input.skipped], {
    subject,
    unreadablePersonFile: (id) =>
      (ctx.store as { unreadablePersonFile?(id: string): string | undefined }).unreadablePersonFile?.(id),
  });
  await ctx.store.writeSummary(withHeldBack(md, graph.persons.values()));
  await writeExports(ctx);
  return v;
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
