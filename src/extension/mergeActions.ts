/** Merge decisions from the Merges panel, applied by the Analyst's merge module through the case writer. */
import type { MergesFromWebview } from '../protocol/merges';

type Decision = Extract<MergesFromWebview, { type: 'accept' | 'reject' | 'undo' }>;

export async function applyMergeDecision(_root: string, m: Decision): Promise<string> {
  throw new Error(`merge ${m.type} is not available yet: the Analyst's merge module (src/agents/analyst/merge) has not landed`);
}
