/**
 * Verify (seed 003's verification checkpoint): every cited snippet is looked for verbatim in its
 * captured source. Run at the end of every cycle (logged) and before the loop may end on its goals.
 */
import { verifyCitations, type VerificationResult } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { RunContext } from './context';

/** The check the loop runs before it may end as goal achieved / GPS satisfied (not logged). */
export function verifiedNow(ctx: RunContext, graph: KnowledgeGraph): VerificationResult {
  return verifyCitations(graph.persons.values(), (id) => ctx.store.source(id));
}

/** The checkpoint of a cycle's end, with its decision entry in the research log. */
export function verificationCheckpoint(ctx: RunContext, graph: KnowledgeGraph): VerificationResult {
  const v = verifiedNow(ctx, graph);
  ctx.log.add({
    agent: 'Analyst',
    actionType: 'decision',
    decisionType: 'verification_checkpoint',
    optionsConsidered: ['passed', 'failed'],
    chosenOption: v.passed ? 'passed' : 'failed',
    confidence: v.checked ? Number(((v.checked - v.failures.length) / v.checked).toFixed(4)) : 1,
    rationale: v.passed
      ? `all ${v.checked} cited snippets found verbatim in their captured sources`
      : `${v.failures.length} of ${v.checked} citations not confirmed: ${v.failures
          .slice(0, 5)
          .map((f) => `${f.source} "${f.snippet.slice(0, 40)}" (${f.problem})`)
          .join('; ')}`,
    context: '',
  });
  return v;
}
