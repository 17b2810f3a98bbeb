/**
 * The Validator's round at the end of a cycle (seed 004's refinement loop, issue #23 item 1): every
 * engine-owned fact and relationship of the subject and their immediate family is staged again
 * through the Validator, and each one it does not pass is sent back with its request — a corroborating search of the next cycle for the person
 * (ScoutRevisitSource), the extractor's next try — or, after MAX_ROUNDS rounds or when its evidence
 * is not in its sources, escalated to the review queue with the reasons. Every round and escalation
 * is logged with its reasons (decisionType `validation`), and cycles/<n>.md lists them.
 */
import { displayName, type NewLogEntry, type Person, type Task } from '../../model';
import { recordTypesFor } from '../../agents/analyst/analyst';
import { personQuery } from '../../agents/analyst/clues';
import { restage, type ItemVerdict, type StagingDecision } from '../../agents/analyst/staging';
import { evidenceFingerprint, holdRound, MAX_ROUNDS, refineRound, type RoundOutcome } from '../../agents/validator';
import type { ValidationItem } from '../agents';
import { isLiving } from '../../agents/censor';
import { cycleKey } from '../../case/cycles/record';
import type { Research, RunContext } from './context';
import { searchTask } from './tasks';
import { writeDirty } from './validate-output';

/** Below a clue's and a conflict's revisit: a request for more evidence runs when they have. */
export const REFINEMENT_PRIORITY = 0.5;
/**
 * The round covers the subject and their immediate family: the conclusion the research states, and
 * the persons the loop searches for. Elsewhere the Validator still gates every promotion (staging.ts),
 * and what it does not pass stays staged for the user; a round there would ask no one and, measured on
 * bench/loop's 2,700-record archive, rewrote most person files every cycle (the loop 1.5–3.5× slower).
 */
const ROUND_DISTANCE = 1;

/** The record types that would hold more evidence for an item ("birth.date", "parent:P2"). */
function recordTypesOf(v: ItemVerdict, p: Person): string[] {
  if (v.kind === 'assertion') {
    const a = p.assertions.find((x) => x.id === v.id);
    return a ? recordTypesFor(a.field) : [];
  }
  const type = v.id.split(':')[0];
  return type === 'spouse' ? ['marriage'] : ['birth', 'baptism'];
}

/** One item's round: the person with the item as it goes on, and what happened. */
function roundFor(p: Person, v: ItemVerdict, at: string): { person: Person; outcome: RoundOutcome } {
  if (v.kind === 'assertion') {
    let outcome: RoundOutcome = { kind: 'unchanged' };
    const assertions = p.assertions.map((a) => {
      if (a.id !== v.id) return a;
      const r = refineRound(a, v.verdict, at);
      outcome = r.outcome;
      return r.item;
    });
    return { person: outcome.kind === 'unchanged' ? p : { ...p, assertions }, outcome };
  }
  let outcome: RoundOutcome = { kind: 'unchanged' };
  const relationships = p.relationships.map((r) => {
    if (`${r.type}:${r.person}` !== v.id) return r;
    const x = refineRound(r, v.verdict, at);
    outcome = x.outcome;
    return x.item;
  });
  return { person: outcome.kind === 'unchanged' ? p : { ...p, relationships }, outcome };
}

/** The person is the entry's context (its id: cycles/<n>.md shows a living person as the Censor does). */
function logEntry(p: Person, v: ItemVerdict, outcome: RoundOutcome, cycle: number): NewLogEntry {
  if (outcome.kind === 'escalated')
    return {
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'validation',
      optionsConsidered: ['pass', 'needs_more_evidence', 'reject'],
      chosenOption: `${v.verdict.verdict}: escalated to the review queue`,
      rationale: `${v.label}: ${outcome.reasons.join('; ')}`,
      context: p.id,
      cycle,
    };
  const round = outcome.kind === 'round' ? outcome.rounds : 0;
  return {
    agent: 'Analyst',
    actionType: 'decision',
    decisionType: 'validation',
    optionsConsidered: ['pass', 'needs_more_evidence', 'reject'],
    chosenOption: `needs_more_evidence (round ${round} of ${MAX_ROUNDS})`,
    rationale: `${v.label}: ${v.verdict.reasons.join('; ')} — requested: ${outcome.kind === 'round' ? outcome.request : ''}`,
    context: p.id,
    cycle,
  };
}

/**
 * The request sent back: one search of every permitted source for the records that would hold more
 * evidence of the person's items. The novelty guard drops it when
 * the same search was made before, so a round with nothing new to ask costs nothing.
 */
function searchesFor(ctx: RunContext, research: Research, p: Person, recordTypes: ReadonlySet<string>): Task[] {
  if (!recordTypes.size) return [];
  // A living person is not researched by name (the Censor's rule): their facts wait for the user.
  if (isLiving(p, ctx.clock.now(), ctx.config.privacy.livingThresholdYears)) return [];
  const q = personQuery(p, { recordTypes: [...recordTypes].sort() });
  return [
    searchTask(ctx, research.engine.sourcePermissions, q, {
      priority: REFINEMENT_PRIORITY,
      targetPerson: p.id,
      revisitReason: 'New hypothesis requires additional data',
    }),
  ];
}

/** An item as a model Validator is shown it. */
function itemOf(p: Person, v: ItemVerdict): { item: ValidationItem; fingerprint: string } | undefined {
  const x =
    v.kind === 'assertion'
      ? p.assertions.find((a) => a.id === v.id)
      : p.relationships.find((r) => `${r.type}:${r.person}` === v.id);
  if (!x) return undefined;
  return {
    item: {
      id: `${p.id}/${v.id}`,
      label: v.label,
      evidence: x.evidence.map((e) => ({
        source: e.source,
        snippet: e.snippet,
        sourceClass: e.sourceClass,
        information: e.information,
        evidence: e.evidence,
      })),
    },
    fingerprint: evidenceFingerprint(x.evidence),
  };
}

/**
 * The subject's family in an order a resumed run repeats: nearest first, then by name and creation
 * (not the graph's insertion order, which is the order a resumed run read the person files in). The
 * order decides the order of the round's searches in the queue, and of the verdicts in cycles/<n>.md.
 */
function roundOrder(graph: Research['graph']): Person[] {
  const key = (p: Person) => [graph.distanceFromSubject(p.id), displayName(p), p.createdAt ?? '', p.id] as const;
  return [...graph.persons.values()]
    .filter((p) => graph.distanceFromSubject(p.id) <= ROUND_DISTANCE)
    .map((p) => ({ p, k: key(p) }))
    .sort(
      (a, b) =>
        a.k[0] - b.k[0] || a.k[1].localeCompare(b.k[1]) || a.k[2].localeCompare(b.k[2]) || a.k[3].localeCompare(b.k[3]),
    )
    .map((x) => x.p);
}

/** The cycle's Validator round over the subject's family; persons changed are written, searches queued. */
export async function validateStaged(ctx: RunContext, research: Research): Promise<void> {
  const { engine, graph, analyst } = research;
  const at = cycleKey(engine.sessionId, engine.cycle);
  const tasks: Task[] = [];
  const decisions: StagingDecision[] = [];
  const passed: { person: string; verdict: ItemVerdict; item: ValidationItem; fingerprint: string }[] = [];
  for (const p0 of roundOrder(graph)) {
    const disputed = new Set(p0.assertions.filter((a) => a.status === 'disputed').map((a) => a.id));
    const staged = restage(p0, disputed, analyst.validation);
    decisions.push(...staged.decisions);
    let p = staged.person;
    const verdicts = staged.verdicts;
    const searchFor = new Set<string>();
    for (const v of verdicts) {
      if (v.status === 'accepted' && ctx.agents.validator) {
        const shown = itemOf(p, v);
        const key = shown && `${shown.item.id}|${shown.fingerprint}`;
        if (shown && key && !research.modelReviewed.has(key)) {
          research.modelReviewed.add(key);
          passed.push({ person: p.id, verdict: v, ...shown });
        }
      }
      if (v.status !== 'staged' || v.verdict.verdict === 'pass') continue;
      const r = roundFor(p, v, at);
      if (r.outcome.kind === 'unchanged') continue;
      p = r.person;
      ctx.log.add(logEntry(p, v, r.outcome, engine.cycle));
      if (r.outcome.kind === 'round') for (const t of recordTypesOf(v, p)) searchFor.add(t);
    }
    if (p !== p0) graph.put(p);
    tasks.push(...searchesFor(ctx, research, p, searchFor));
  }
  tasks.push(...(await modelHolds(ctx, research, passed, at)));
  if (decisions.length)
    ctx.log.add({
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'stage_or_accept',
      optionsConsidered: ['accepted', 'staged', 'disputed'],
      chosenOption: (['accepted', 'staged', 'disputed'] as const)
        .map((to) => `${decisions.filter((d) => d.to === to).length} ${to === 'staged' ? 'staged for review' : to}`)
        .join(', '),
      rationale:
        decisions
          .slice(0, 12)
          .map((d) => d.reason)
          .join('; ') + (decisions.length > 12 ? `; … ${decisions.length - 12} more` : ''),
      context: `the Validator's round of cycle ${engine.cycle}`,
      cycle: engine.cycle,
    });
  engine.revisitQueue.push(...tasks);
  await writeDirty(ctx, { graph, merges: [] });
}

/**
 * The model Validator's verdicts on the facts the rules passed (each fact once per evidence): a hold
 * that passed the firewall sends the fact back to staged, one round, with a search for more evidence.
 */
async function modelHolds(
  ctx: RunContext,
  research: Research,
  passed: readonly { person: string; verdict: ItemVerdict; item: ValidationItem; fingerprint: string }[],
  at: string,
): Promise<Task[]> {
  const model = ctx.agents.validator;
  if (!model || !passed.length) return [];
  const held = await model.review(
    passed.map((x) => x.item),
    ctx.opts.signal,
  );
  const tasks: Task[] = [];
  for (const x of passed) {
    const h = held.get(x.item.id);
    const p = research.graph.get(x.person);
    if (!h || !p) continue;
    const v = x.verdict;
    let next: Person;
    let outcome: RoundOutcome;
    if (v.kind === 'assertion') {
      const found = p.assertions.find((a) => a.id === v.id);
      if (!found) continue;
      const r = holdRound(found, h.reason, x.fingerprint, at);
      outcome = r.outcome;
      next = { ...p, assertions: p.assertions.map((a) => (a === found ? r.item : a)) };
    } else {
      const found = p.relationships.find((r) => `${r.type}:${r.person}` === v.id);
      if (!found) continue;
      const r = holdRound(found, h.reason, x.fingerprint, at);
      outcome = r.outcome;
      next = { ...p, relationships: p.relationships.map((y) => (y === found ? r.item : y)) };
    }
    if (outcome.kind !== 'round') continue;
    research.graph.put(next);
    ctx.log.add({
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'validation',
      optionsConsidered: ['pass', 'needs_more_evidence', 'reject'],
      chosenOption: `needs_more_evidence by the model Validator (round ${outcome.rounds} of ${MAX_ROUNDS})`,
      rationale: `${v.label}: the rules passed it; the model Validator holds it back for review — requested: ${outcome.request}`,
      context: p.id,
      cycle: research.engine.cycle,
    });
    tasks.push(...searchesFor(ctx, research, next, new Set(recordTypesOf(v, next))));
  }
  return tasks;
}
