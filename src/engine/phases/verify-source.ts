/**
 * VerifyTask (seed 000 TASK_TYPE, seed 003's verification of captured evidence), the Analyst's: one
 * captured source is re-read from sources/, its sha256 and captured fields checked against the
 * capture, and every snippet the case cites from it looked for verbatim. The verdict is logged
 * with its reasons. On a failure the facts and relationships resting on the source are held back:
 * staged (never promoted by the engine, staging.ts) and escalated with the reason, so they lead the
 * review queue and summary.md names them. A later pass lifts the mark (the fact is then staged,
 * and promoted again only on its evidence).
 *
 * Queued by the Lead when the cycle's verification checkpoint fails for a source, and at a run's
 * start for a source whose file no longer matches its capture (edited on disk since), that facts
 * are held back for (restored, it passes and the marks are lifted), or that the checkpoint cannot
 * confirm a citation in (a person file edited since; a run that ended exhausted or on its budget
 * queues nothing more at its last checkpoint). One task per state of the file.
 */
import type { Person, Task } from '../../model';
import { displayName } from '../../model';
import { verifySource, type SourceVerdict } from '../../agents/analyst/gps/verify-source';
import type { VerificationResult } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { editedCapturedFields, sourceHash } from '../../case/source-integrity';
import { sha256 } from '../ids';
import { makeTask, PreconditionError } from '../state';
import type { Research, RunContext } from './context';
import { queue } from './research';

/** Before any search: nothing more is built on a source that may not say what was captured. */
export const VERIFY_PRIORITY = 1;

/** The start of an escalation reason a VerifyTask writes (and lifts when the source passes again). */
export function verificationMark(sourceId: string): string {
  return `source ${sourceId} failed verification`;
}

/**
 * A VerifyTask for one source, once per state of its file and of what the case cites from it
 * (`cited`: the snippets, see citedState): a new edit of either is verified again.
 */
export function verifyTask(ctx: RunContext, sourceId: string, cited = ''): Task {
  const s = ctx.store.source(sourceId);
  return makeTask({
    taskType: 'VerifyTask',
    priority: VERIFY_PRIORITY,
    createdAt: ctx.clock.now().toISOString(),
    records: [sourceId],
    queryHash: `verify:${sourceId}:${s ? sourceHash(s).slice(0, 16) : 'missing'}:${cited}`,
  });
}

/** Per source of `ids`: a digest of the snippets the case cites from it (not rejected; the user's and GEDCOM's aside). */
export function citedState(persons: Iterable<Person>, ids: ReadonlySet<string>): Map<string, string> {
  const snippets = new Map<string, string[]>();
  for (const p of persons)
    for (const x of [...p.assertions, ...p.relationships]) {
      if (x.status === 'rejected') continue;
      for (const e of x.evidence)
        if (ids.has(e.source) && e.method !== 'user' && e.method !== 'gedcom') {
          const list = snippets.get(e.source) ?? [];
          list.push(e.snippet);
          snippets.set(e.source, list);
        }
    }
  return new Map([...snippets].map(([id, list]) => [id, sha256(list.sort().join('\u0000')).slice(0, 12)]));
}

/** Captured sources whose file as read does not match its capture (body sha256 or a captured field). */
export function changedSources(ctx: RunContext): string[] {
  const out: string[] = [];
  for (const s of ctx.store.sources()) {
    const bodyChanged = sourceHash(s) !== (s.bodySha256 ?? s.sha256);
    const { text: _t, ...front } = s;
    if (bodyChanged || (s.frontSha256 && editedCapturedFields(front, s.frontSha256).length)) out.push(s.id);
  }
  return out;
}

/** Sources some fact is held back for (a VerifyTask failed them): checked again at a run's start. */
export function heldBackSources(persons: Iterable<Person>): string[] {
  const out = new Set<string>();
  for (const p of persons)
    for (const x of [...p.assertions, ...p.relationships])
      for (const r of x.escalated?.reasons ?? []) {
        const m = /^source (\S+) failed verification/.exec(r);
        if (m) out.add(m[1]);
      }
  return [...out];
}

/** The Lead queues a VerifyTask per source (novelty: one per source state); logged when any is new. */
export function queueVerifications(
  ctx: RunContext,
  research: Research,
  sourceIds: readonly string[],
  why: string,
): void {
  if (!sourceIds.length) return;
  const ids = new Set(sourceIds);
  const cited = citedState(research.graph.persons.values(), ids);
  const { added } = queue(
    research,
    [...ids].map((id) => verifyTask(ctx, id, cited.get(id))),
  );
  if (!added.length) return;
  ctx.log.add({
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'queue_verification',
    optionsConsidered: ['verify', 'continue'],
    chosenOption: 'verify',
    rationale: `${why}: ${added.length} source(s) to re-read and check (sha256 and cited snippets)`,
    context: added.map((t) => t.records?.[0]).join(','),
  });
}

/** Sources the checkpoint could not confirm a citation in. */
export function failedSources(v: VerificationResult | undefined): string[] {
  return v && !v.passed ? [...new Set(v.failures.map((f) => f.source))] : [];
}

/** VerifyTask's executor. */
export function verifySourceTask(ctx: RunContext, research: Research, task: Task): SourceVerdict | undefined {
  const { engine, graph } = research;
  if (!engine.activeAgent.has('Analyst')) throw new PreconditionError('VerifyTask', 'Analyst ∈ activeAgent');
  const id = task.records?.[0];
  if (!id) return undefined;
  const read = ctx.store.rereadSource?.(id) ?? { record: ctx.store.source(id) };
  const verdict = verifySource(id, read.record, graph.persons.values(), read.problem);
  const changed = verdict.passed ? liftMarks(graph, id) : holdBack(graph, verdict);
  const persons = new Set(verdict.affected.map((c) => c.person)).size;
  ctx.log.add({
    agent: 'Analyst',
    actionType: 'decision',
    decisionType: 'source_verification',
    optionsConsidered: ['passed', 'failed'],
    chosenOption: verdict.passed ? 'passed' : 'failed',
    confidence: verdict.passed ? 1 : 0,
    rationale: verdict.passed
      ? `sources/${id}.md re-read: its text and captured fields match the capture and all ${verdict.claims.length} cited snippet(s) are verbatim in it${changed ? `; ${changed} earlier verification mark(s) lifted` : ''}`
      : `sources/${id}.md re-read: ${verdict.reasons.join('; ')}. Held back for review: ${verdict.affected.length} citation(s) of ${persons} person(s)${changed ? `, ${changed} fact(s) or relationship(s) no longer accepted` : ''}`,
    context: id,
  });
  if (!verdict.passed) ctx.log.emit('finding', `Source ${id} failed verification: ${verdict.reasons[0]}`);
  return verdict;
}

/** Affected facts and relationships: staged and escalated (the user's decisions are left alone). Returns how many were accepted. */
function holdBack(graph: KnowledgeGraph, verdict: SourceVerdict): number {
  const reason = `${verificationMark(verdict.source)}: ${verdict.reasons.join('; ')}`;
  const byPerson = new Map<string, Set<string>>();
  for (const c of verdict.affected) {
    const set = byPerson.get(c.person) ?? new Set<string>();
    set.add(`${c.kind}|${c.id}`);
    byPerson.set(c.person, set);
  }
  let demoted = 0;
  const mark = <T extends { status: string; reviewed?: unknown; escalated?: { reasons: string[] } }>(x: T): T => {
    if (x.reviewed !== undefined || x.status === 'rejected') return x;
    if (x.status === 'accepted') demoted += 1;
    const reasons = (x.escalated?.reasons ?? []).filter((r) => !r.startsWith(verificationMark(verdict.source)));
    return {
      ...x,
      status: x.status === 'accepted' ? 'staged' : x.status,
      escalated: { reasons: [...reasons, reason] },
    };
  };
  for (const [pid, keys] of byPerson) {
    const p = graph.get(pid);
    if (!p) continue;
    graph.put({
      ...p,
      assertions: p.assertions.map((a) => (keys.has(`assertion|${a.id}`) ? mark(a) : a)),
      relationships: p.relationships.map((r) => (keys.has(`relationship|${r.type}:${r.person}`) ? mark(r) : r)),
    });
  }
  return demoted;
}

/** A source that passes again: its verification marks are lifted (the fact stays staged until its evidence promotes it). */
function liftMarks(graph: KnowledgeGraph, sourceId: string): number {
  const prefix = verificationMark(sourceId);
  let lifted = 0;
  const lift = <T extends { escalated?: { reasons: string[] } }>(x: T): T => {
    if (!x.escalated?.reasons.some((r) => r.startsWith(prefix))) return x;
    lifted += 1;
    const reasons = x.escalated.reasons.filter((r) => !r.startsWith(prefix));
    const { escalated: _e, ...rest } = x;
    return (reasons.length ? { ...rest, escalated: { reasons } } : rest) as T;
  };
  for (const p of [...graph.persons.values()]) {
    const marked = (x: { escalated?: { reasons: string[] } }) => x.escalated?.reasons.some((r) => r.startsWith(prefix));
    if (!p.assertions.some(marked) && !p.relationships.some(marked)) continue;
    graph.put({ ...p, assertions: p.assertions.map(lift), relationships: p.relationships.map(lift) });
  }
  return lifted;
}

/**
 * summary.md's lines on facts held back because their source failed verification (empty when
 * none): under the conclusion, before the goals line, as the files that could not be read are.
 */
export function heldBackLines(persons: Iterable<Person>, shownName: (p: Person) => string = displayName): string[] {
  const bySource = new Map<string, { reason: string; items: string[] }>();
  const note = (p: Person, what: string, reasons: readonly string[]) => {
    for (const r of reasons) {
      const m = /^source (\S+) failed verification: (.*)$/s.exec(r);
      if (!m) continue;
      const e = bySource.get(m[1]) ?? { reason: m[2], items: [] };
      e.items.push(`${shownName(p)} (${p.id}) ${what}`);
      bySource.set(m[1], e);
    }
  };
  for (const p of persons) {
    for (const a of p.assertions) if (a.escalated) note(p, `${a.field} = ${a.value}`, a.escalated.reasons);
    for (const r of p.relationships) if (r.escalated) note(p, `${r.type} ${r.person}`, r.escalated.reasons);
  }
  if (!bySource.size) return [];
  const lines = [
    `**Failed verification.** ${bySource.size} captured source(s) no longer say what was captured or cited; what rests on them is held back from this conclusion for review ("ancestry review"):`,
    '',
  ];
  for (const [id, e] of [...bySource].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(
      `- \`sources/${id}.md\`: ${e.reason.split('\n')[0]} — held back: ${e.items.slice(0, 8).join('; ')}${e.items.length > 8 ? `; and ${e.items.length - 8} more` : ''}`,
    );
  lines.push('');
  return lines;
}

/** The summary with the held-back lines before its goals line (or at its end). */
export function withHeldBack(markdown: string, persons: Iterable<Person>): string {
  const lines = heldBackLines(persons);
  if (!lines.length) return markdown;
  const block = `${lines.join('\n')}\n`;
  const at = markdown.search(/^Goals answered:/m);
  if (at >= 0) return markdown.slice(0, at) + block + markdown.slice(at);
  return `${markdown.trimEnd()}\n\n${block}`;
}
