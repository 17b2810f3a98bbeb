/**
 * The Lead chooses (issue #23 item 3): each cycle a target of the case (lead/targets.ts) and a
 * strategy, with a written reason. Without a model, or when the model's choice is unusable, the
 * UCB1 score (lead/ucb.ts) chooses; a model's choice names a candidate by id and is kept only then,
 * its reason quoted and labelled as the planner's. The target steers the cycle: its searches, its
 * conflict's ResolveTask or its clue's search come first. What the cycle gained is its reward.
 */
import { z } from 'zod';
import type { Conflict, NewLogEntry, Person, Task } from '../../model';
import { goalStatus } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { personQuery } from '../../agents/analyst/clues';
import type { PlanDecision } from '../agents';
import { openHypotheses, type EngineState } from '../state';
import { STRATEGIES, type Strategy } from '../strategy';
import {
  focusedView,
  leadTargets,
  summaryView,
  weakestView,
  type CaseSnapshot,
  type LeadTarget,
} from '../lead/targets';
import { cycleReward, remember, scoreTargets, strategyFor, ucbReason, type ScoredTarget } from '../lead/ucb';
import type { RunContext } from './context';
import { changedConflicts, resolveTask } from './resolve-conflict';
import { recordTypesFor } from '../../agents/analyst/analyst';
import { searchTask } from './tasks';

/** A target's searches: above the planner's gap searches (0.9 at most), below a ResolveTask (0.95). */
export const TARGET_PRIORITY = 0.92;

/** How many scored candidates the planner is shown and the log names. */
const SHOWN_CANDIDATES = 12;

export interface LeadChoice {
  target: LeadTarget | undefined;
  strategy: Strategy;
  /** The engine's own words: the target and what its score rests on. */
  reason: string;
  chosenBy: 'ucb1' | 'planner';
  /** The best-scored candidates (the planner chooses among them). */
  candidates: ScoredTarget[];
  /** The planner's reason, as it gave it (quoted and labelled wherever it is written). */
  plannerReason?: string;
  /** Why the planner's choice was not kept, when it made one. */
  overruled?: string;
}

export interface LeadInput {
  engine: Readonly<EngineState>;
  graph: KnowledgeGraph;
  conflicts: ReadonlyMap<string, Conflict>;
}

function snapshot(ctx: RunContext, input: LeadInput): CaseSnapshot {
  const get = (id: string) => input.graph.get(id);
  const subject = get(input.engine.subjectId!)!;
  return {
    subject,
    get,
    goals: goalStatus(subject, ctx.config.goals, get),
    conflicts: input.conflicts.values(),
    clues: openHypotheses(input.engine),
    // The goals concern the subject and their parents: generation 1 unless the case asks for more.
    generations: ctx.config.targetGenerations ?? 1,
  };
}

/** The UCB1 choice (what the Lead does without a model), with the views a planner is shown. */
export function chooseTarget(ctx: RunContext, input: LeadInput): LeadChoice & { views: LeadViews } {
  const snap = snapshot(ctx, input);
  const scored = scoreTargets(leadTargets(snap), input.engine.lead);
  const best = scored[0];
  const target = best?.target;
  return {
    target,
    strategy: strategyFor(target),
    reason: best ? ucbReason(best, scored.length) : 'nothing is open: every goal proven, no conflict or clue open',
    chosenBy: 'ucb1',
    candidates: scored.slice(0, SHOWN_CANDIDATES),
    views: {
      summary: summaryView({ ...snap, conflicts: input.conflicts.values() }, input.graph.size),
      focused: target ? focusedView({ ...snap, conflicts: input.conflicts.values() }, target) : undefined,
      weakest: weakestView(snap),
    },
  };
}

export type LeadViews = {
  summary: ReturnType<typeof summaryView>;
  focused: ReturnType<typeof focusedView> | undefined;
  weakest: ReturnType<typeof weakestView>;
};

/** The planner's answer on the target, as it must be to be kept. */
const PlannerTarget = z.object({
  id: z.string().min(1),
  strategy: z.enum(STRATEGIES).optional(),
  reason: z.string().default(''),
});

/**
 * The planner's choice when it names a candidate it was shown; else the UCB1 choice, with why.
 * A strategy it leaves out or gets wrong is the one the target asks for.
 */
export function adoptPlannerTarget(ucb: LeadChoice, answer: PlanDecision['target']): LeadChoice {
  if (answer === undefined) return ucb;
  const parsed = PlannerTarget.safeParse(answer);
  if (!parsed.success) return { ...ucb, overruled: 'its answer on the target was malformed' };
  const chosen = ucb.candidates.find((c) => c.target.id === parsed.data.id);
  if (!chosen)
    return {
      ...ucb,
      overruled: `it named a target that is not among the candidates`,
      plannerReason: parsed.data.reason,
    };
  const strategy = parsed.data.strategy ?? strategyFor(chosen.target);
  return {
    ...ucb,
    target: chosen.target,
    strategy,
    reason: `${chosen.target.label} (UCB1 ranked it ${ucb.candidates.indexOf(chosen) + 1} of ${ucb.candidates.length})`,
    chosenBy: 'planner',
    plannerReason: parsed.data.reason,
  };
}

/** Record types a search asks for, by what a goal or a target lacks (the planner's gaps too). */
export const GAP_RECORD_TYPES: Record<string, string[]> = {
  parents: ['birth', 'baptism', 'death'],
  spouse: ['marriage'],
  children: ['census', 'baptism', 'birth'],
  siblings: ['census', 'baptism', 'birth'],
  birth: ['birth', 'baptism'],
  death: ['death', 'burial', 'obituary'],
  marriage: ['marriage'],
};

/**
 * The work the target asks for: a search for each thing its person lacks (a goal's, an ancestor's
 * missing facts); for a conflict, a corroborating search for its field and, when its evidence
 * changed since it was weighed, a ResolveTask; a clue's queued search raised to the target's priority.
 */
export function targetTasks(
  ctx: RunContext,
  input: LeadInput,
  target: LeadTarget | undefined,
): { tasks: Task[]; raise?: string } {
  if (!target) return { tasks: [] };
  if (target.kind === 'conflict') {
    const c = target.conflict ? input.conflicts.get(target.conflict) : undefined;
    const p = c && input.graph.get(c.person);
    if (!c || !p) return { tasks: [] };
    // Weighed again only when its evidence changed since it was weighed (as at a session's start):
    // an unchanged conflict weighs the same. Corroboration is sought for its field either way.
    const changed = changedConflicts([c], input.graph)[0];
    return {
      tasks: [
        ...(changed ? [resolveTask(ctx, c, changed.evidence)] : []),
        searchTask(ctx, input.engine.sourcePermissions, personQuery(p, { recordTypes: recordTypesFor(c.field) }), {
          priority: TARGET_PRIORITY,
          targetPerson: p.id,
        }),
      ],
    };
  }
  if (target.kind === 'hypothesis') return { tasks: [], raise: target.hypothesis };
  const person: Person | undefined = input.graph.get(target.person);
  if (!person) return { tasks: [] };
  return {
    tasks: target.missing
      .filter((m) => GAP_RECORD_TYPES[m])
      .map((m) =>
        searchTask(ctx, input.engine.sourcePermissions, personQuery(person, { recordTypes: GAP_RECORD_TYPES[m] }), {
          priority: TARGET_PRIORITY,
          targetPerson: person.id,
        }),
      ),
  };
}

/** The choice as the research log keeps it (the target's id chosen, the candidates and their scores). */
export function leadTargetEntry(kind: string, choice: LeadChoice, cycle: number): NewLogEntry[] {
  const said = (text: string | undefined) => {
    const t = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
    return t ? `, saying: "${t.replace(/"/g, "'")}"` : '';
  };
  const t = choice.target;
  const out: NewLogEntry[] = [
    {
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'lead_target',
      optionsConsidered: choice.candidates.map((c) => `${c.target.id} (${c.score.toFixed(3)})`),
      chosenOption: t?.id ?? 'none',
      rationale: `${choice.strategy}: ${choice.reason}${choice.chosenBy === 'planner' ? `; chosen by the Lead planner (${kind})${said(choice.plannerReason)}` : ''}`,
      context: t ? `${t.person}: ${t.label}` : '',
      cycle,
    },
  ];
  if (choice.overruled)
    out.push({
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'planner_target_overruled',
      optionsConsidered: ['the planner’s target', 'the UCB1 target'],
      chosenOption: 'the UCB1 target',
      rationale: `the Lead planner (${kind}) chose a target${said(choice.plannerReason)}; overruled: ${choice.overruled}`,
      context: `cycle ${cycle}`,
      cycle,
    });
  return out;
}

/** What is known about a person: accepted facts, the sources cited for them, accepted relationships, conflicts settled. */
export interface Known {
  facts: number;
  sources: number;
  links: number;
  resolved: number;
}

/** What is known about the target's person (the reward's baseline: one person, not the whole case). */
export function knownAbout(graph: KnowledgeGraph, conflicts: ReadonlyMap<string, Conflict>, person: string): Known {
  const p = graph.get(person);
  const sources = new Set<string>();
  let facts = 0;
  for (const a of p?.assertions ?? [])
    if (a.status === 'accepted') {
      facts += 1;
      for (const e of a.evidence) sources.add(e.source);
    }
  let links = 0;
  for (const r of p?.relationships ?? [])
    if (r.status === 'accepted') {
      links += 1;
      for (const e of r.evidence) sources.add(e.source);
    }
  let resolved = 0;
  for (const c of conflicts.values()) if (c.person === person && c.status === 'resolved') resolved += 1;
  return { facts, sources: sources.size, links, resolved };
}

/**
 * The cycle's reward, added to its target's visits (UCB1's memory, kept with the session): what
 * the cycle learnt about the target's person, so work on other persons is not credited to it.
 */
export function rewardTarget(engine: EngineState, target: string, before: Known, after: Known): number {
  const r = cycleReward({
    facts: after.facts - before.facts,
    sources: after.sources - before.sources,
    links: after.links - before.links,
    resolved: after.resolved - before.resolved,
  });
  engine.lead = remember(engine.lead, target, r);
  return r;
}
