/**
 * Winterfox's token-budgeted research context (seed 002): the planner sees the case through six
 * sections with fixed character budgets (~16,000 characters, ~4,000 tokens in all), so a prompt
 * stays the same size whether the case holds ten persons or a hundred thousand. Items are added in
 * the engine's priority order until a section is full; what does not fit is counted, not sent.
 */
import type { PlanningView } from '../engine/agents';
import type { CaseConfig } from '../model';

export const CONTEXT_SECTIONS = [
  { key: 'graph_summary', title: 'Current knowledge state', budget: 3200 },
  { key: 'prior_cycles', title: 'Recent discoveries (prior cycles)', budget: 4800 },
  { key: 'search_history', title: 'Queued searches (do not repeat near-identical ones)', budget: 2400 },
  { key: 'contradictions', title: 'Contradictions', budget: 1600 },
  { key: 'weakest_nodes', title: 'Pending clues (weakest areas, from the Analyst)', budget: 1600 },
  { key: 'open_questions', title: 'Open questions and gaps', budget: 2400 },
] as const;
export type SectionKey = (typeof CONTEXT_SECTIONS)[number]['key'];
export const CONTEXT_BUDGET_CHARS = CONTEXT_SECTIONS.reduce((s, x) => s + x.budget, 0);

/** One item may use at most this share of its section, so a single long entry cannot crowd out the rest. */
const MAX_ITEM_SHARE = 0.5;

export interface SectionText {
  key: SectionKey;
  text: string;
  shown: number;
  omitted: number;
}

export function fitSection(
  title: string,
  items: readonly string[],
  budget: number,
): { text: string; shown: number; omitted: number } {
  const header = `## ${title}\n`;
  const reserve = 48; // room for the "… N more" line
  const maxItem = Math.floor(budget * MAX_ITEM_SHARE);
  let text = header;
  let shown = 0;
  for (const raw of items) {
    const one = raw.replace(/\s+/g, ' ').trim();
    const line = `- ${one.length > maxItem ? `${one.slice(0, maxItem - 1)}…` : one}\n`;
    if (text.length + line.length > budget - reserve) break;
    text += line;
    shown += 1;
  }
  if (items.length === 0) text += '- (none)\n';
  const omitted = items.length - shown;
  if (omitted > 0) text += `- … and ${omitted} more not shown\n`;
  return { text, shown, omitted };
}

export function buildPlanningContext(view: PlanningView): { text: string; sections: SectionText[]; chars: number } {
  const c = view.counts;
  const b = view.budgetRemaining;
  const items: Record<SectionKey, string[]> = {
    graph_summary: [
      `Cycle ${view.cycle}; subject ${view.subject.name}${view.subject.id ? ` (${view.subject.id})` : ''}`,
      `${c.persons} persons, ${c.assertions} assertions, ${c.sources} captured sources, ${c.frontier} queued tasks, ${c.clues} pending clues, ${c.openConflicts} open conflicts`,
      `Budget remaining: ${b.cycles} cycles, ${b.requests} source requests, ${b.tokens} tokens, $${b.usd.toFixed(2)}`,
      ...(view.persons?.length ? [`Persons: ${view.persons.map((p) => `${p.name} (${p.id})`).join('; ')}`] : []),
    ],
    prior_cycles: view.recentDiscoveries,
    search_history: view.frontier.map(
      (t) => `${t.id} [${t.taskType}, priority ${t.priority.toFixed(2)}] ${t.query ? JSON.stringify(t.query) : ''}`,
    ),
    contradictions: [
      ...(c.openConflicts ? [`${c.openConflicts} open conflict(s) need corroborating evidence`] : []),
      ...view.gaps.filter((g) => /conflict|disagree|contradict/i.test(g)),
      ...(view.conflicts ?? []).map((c) => `${c.id}: ${c.field} of ${c.person} (${c.values.join(' vs ')})`),
    ],
    weakest_nodes: [...view.pendingClues]
      .sort((x, y) => y.priority - x.priority)
      .map(
        (h) =>
          `${h.id} (priority ${h.priority.toFixed(2)}): ${h.statement}${h.suggestedQueries.length ? ` — try: ${h.suggestedQueries.join('; ')}` : ''}`,
      ),
    open_questions: view.gaps.filter((g) => !/conflict|disagree|contradict/i.test(g)),
  };
  const sections = CONTEXT_SECTIONS.map((s) => ({ key: s.key, ...fitSection(s.title, items[s.key], s.budget) }));
  const text = sections.map((s) => s.text).join('\n');
  return { text, sections, chars: text.length };
}

/** The stable per-case block (cached across calls): question, subject, goals, permitted tiers. */
export function caseContext(config: CaseConfig): string {
  const s = config.subject;
  return [
    '# Case',
    `Research question: ${config.question}`,
    `Subject: ${s.name}${s.born ? `, born ${s.born}` : ''}${s.died ? `, died ${s.died}` : ''}${s.place ? `, ${s.place}` : ''}`,
    `Goals: ${config.goals.join(', ')}`,
    `Permitted source tiers: 0 (open)${config.tiers.tier1 ? ', 1 (user credential)' : ''}${config.tiers.tier2 ? ', 2 (manual links only)' : ''}`,
  ].join('\n');
}

/**
 * The Lead's choice (issue #23 item 3): the candidate targets by id with their UCB1 scores, the
 * engine's suggestion, and the three views — summary, focused on the suggestion, weakest claims.
 * Bounded by the engine (at most 12 candidates, 20 facts, 10 weak claims), one line each.
 */
export function leadContext(lead: NonNullable<PlanningView['lead']>): string {
  const s = lead.summary;
  const lines = [
    '# Choose the target of this cycle',
    `Summary: ${s.persons} persons, ${s.ancestors} ancestors in the target generations, ${s.openConflicts} open conflicts, ${s.openClues} open clues. Goals: ${s.goals.map((g) => `${g.goal} ${g.status}`).join('; ') || 'none'}.`,
    '## Candidate targets (id — person — what; UCB1 score)',
    ...lead.candidates.map((c) => `- ${c.id} — ${c.person} — ${c.label}; score ${c.score.toFixed(3)}`),
    `Engine's suggestion: ${lead.suggested ?? 'none'}`,
  ];
  if (lead.focused) {
    const f = lead.focused;
    lines.push(
      `## Focused view of the suggestion${f.person ? `: ${f.person.name} (${f.person.id})` : ''}`,
      ...f.facts.map((x) => `- ${x.field} = ${x.value} [${x.status}, ${x.sources} source(s)]`),
      `- lacks: ${f.gaps.join(', ') || 'nothing'}`,
    );
  }
  lines.push(
    '## Weakest claims (contested, single-source or low confidence)',
    ...(lead.weakest.length
      ? lead.weakest.map(
          (w) =>
            `- ${w.person} ${w.field} = ${w.value} [${w.status}, ${w.sources} source(s), confidence ${w.confidence.toFixed(2)}]`,
        )
      : ['- (none)']),
  );
  return lines.join('\n');
}
