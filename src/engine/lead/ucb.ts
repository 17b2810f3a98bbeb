/**
 * The Lead's choice without a model (issue #23 item 3): a UCB1 score over the targets. Each target
 * keeps its visits and the reward of the cycles that worked it (the information they gained); the
 * score is its mean reward plus the UCB1 exploration term c·√(ln N / (n+1)) plus prior terms for
 * what is open on it (a conflict, a goal gap, a clue's priority, an ancestor's missing facts). The
 * choice is deterministic: equal scores go to the kind ranked first, then to the smaller id.
 */
import type { Strategy } from '../strategy';
import type { LeadTarget, TargetKind } from './targets';

/** A target's history: how many cycles worked it and the reward they gained in all. */
export interface TargetStats {
  visits: number;
  reward: number;
}

/** What the Lead remembers across cycles and runs (persisted with the session). */
export interface LeadMemory {
  /** Cycles that worked a target (N of UCB1). */
  cycles: number;
  targets: Record<string, TargetStats>;
}

export function emptyMemory(): LeadMemory {
  return { cycles: 0, targets: {} };
}

/** UCB1's exploration constant (√2 in the original; smaller, since the priors already rank unvisited targets). */
const C = 0.5;
const W_GOAL = 0.6;
const W_CONFLICT = 0.3;
const W_CLUE = 0.3;
const W_MISSING = 0.1;

/** Equal scores: a goal of the research before a conflict, an ancestor, a clue. */
const KIND_RANK: Record<TargetKind, number> = { gap: 0, conflict: 1, person: 2, hypothesis: 3 };

export interface ScoredTarget {
  target: LeadTarget;
  score: number;
  mean: number;
  visits: number;
  prior: number;
}

function prior(t: LeadTarget): number {
  return (
    W_GOAL * t.goalGap +
    W_CONFLICT * Math.min(1, t.openConflicts) +
    W_CLUE * t.cluePriority +
    W_MISSING * t.missing.length * (t.kind === 'person' ? 1 : 0)
  );
}

/** Every target with its score, best first. */
export function scoreTargets(targets: readonly LeadTarget[], memory: LeadMemory): ScoredTarget[] {
  const lnN = Math.log(memory.cycles + 1);
  return targets
    .map((target) => {
      const s = memory.targets[target.id] ?? { visits: 0, reward: 0 };
      const mean = s.visits ? s.reward / s.visits : 0;
      const p = prior(target);
      const score = mean + C * Math.sqrt(lnN / (s.visits + 1)) + p;
      return { target, score, mean, visits: s.visits, prior: p };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_RANK[a.target.kind] - KIND_RANK[b.target.kind] ||
        (a.target.id < b.target.id ? -1 : a.target.id > b.target.id ? 1 : 0),
    );
}

/**
 * The strategy a target asks for (seed 002): a conflict is CHALLENGEd (counter-evidence), a goal
 * of the research DEEPENed (evidence for it, corroboration of what was found), an ancestor's
 * missing facts and a clue EXPLOREd (new records, new persons). With nothing open: DEEPEN, the
 * seed's default.
 */
export function strategyFor(t: LeadTarget | undefined): Strategy {
  if (!t) return 'deepen';
  return t.kind === 'conflict' ? 'challenge' : t.kind === 'gap' ? 'deepen' : 'explore';
}

/** The engine's own reason for a choice: the target, its score and what made it. */
export function ucbReason(s: ScoredTarget, of: number): string {
  const parts = [`score ${s.score.toFixed(3)}, best of ${of}`];
  parts.push(s.visits ? `mean reward ${s.mean.toFixed(2)} over ${s.visits} visit(s)` : 'not worked yet');
  if (s.target.goalGap)
    parts.push(`goal ${s.target.goal} ${s.target.goalGap === 1 ? 'not found' : 'not corroborated'}`);
  if (s.target.openConflicts) parts.push(`${s.target.openConflicts} open conflict(s) on the person`);
  if (s.target.cluePriority) parts.push(`clue priority ${s.target.cluePriority.toFixed(2)}`);
  if (s.target.kind === 'person') parts.push(`lacks ${s.target.missing.join(', ')}`);
  return `${s.target.label} — ${parts.join('; ')}`;
}

/**
 * A cycle's information gain on its target as a reward in [0, 1): new sources, accepted facts and
 * relationships, conflicts settled, g/(g+1), so a first find counts most and no count dominates.
 */
export function cycleReward(gain: { sources: number; facts: number; links: number; resolved: number }): number {
  const g = Math.max(0, gain.sources) + Math.max(0, gain.facts) + Math.max(0, gain.links) + Math.max(0, gain.resolved);
  return g / (g + 1);
}

/** The memory after a cycle that worked `targetId` and gained `reward`. */
export function remember(memory: LeadMemory, targetId: string, reward: number): LeadMemory {
  const s = memory.targets[targetId] ?? { visits: 0, reward: 0 };
  return {
    cycles: memory.cycles + 1,
    targets: { ...memory.targets, [targetId]: { visits: s.visits + 1, reward: s.reward + reward } },
  };
}
