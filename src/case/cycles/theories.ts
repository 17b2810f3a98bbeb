/**
 * theories.md (seed 003's alternative theories, the GPS's "resolve conflicting evidence"): what the
 * research holds open, each with the evidence for it, the evidence against it and its status —
 * the Analyst's open leads, the conclusions not yet proven (staged or disputed facts of the subject
 * and the immediate family) and the identity theories (merge proposals waiting for a decision).
 */
import { ONCE } from './timeline';
import type { Assertion, ClueHypothesis, Conflict, MergeCluster, Person, SourceRecord } from '../../model';

export interface TheoriesInput {
  subject: Person;
  /** Persons as the Censor shows them. */
  get(id: string): Person | undefined;
  shownName(p: Person): string;
  /** A living person without consent: their evidence is cited by source, not quoted (the snippet names them). */
  hidden(p: Person): boolean;
  hypotheses: readonly ClueHypothesis[];
  conflicts: readonly Conflict[];
  merges: readonly MergeCluster[];
  source(id: string): SourceRecord | undefined;
}

/** Identity theories listed (the rest are counted): a big tree can hold thousands of proposals. */
const MAX_IDENTITY = 30;

function cite(input: TheoriesInput, ids: Iterable<string>): string {
  const list = [...new Set(ids)].map((id) => {
    const s = input.source(id);
    return s ? `${id} (${s.title})` : id;
  });
  return list.length ? list.join('; ') : 'none recorded';
}

function claimEvidence(a: Assertion, quote: boolean): string {
  if (!quote && a.evidence.length) return a.evidence.map((e) => e.source).join('; ');
  return a.evidence.length
    ? a.evidence.map((e) => `${e.source}${e.snippet ? ` “${e.snippet.slice(0, 160)}”` : ''}`).join('; ')
    : a.note
      ? `no source (${a.note})`
      : 'no source';
}

export function renderTheories(input: TheoriesInput): string {
  const { subject } = input;
  const out: string[] = [
    `# Theories: ${input.shownName(subject)} (${subject.id})`,
    '',
    'What the research holds open, each with the evidence for and against it and its status. Rewritten at the end of every research cycle.',
    '',
  ];
  // 1. Open leads: the Analyst's clues still to be searched.
  const open = input.hypotheses.filter((h) => h.status === 'pending' || h.status === 'in_progress');
  const settled = input.hypotheses.length - open.length;
  out.push(`## Open leads (${open.length} open, ${settled} followed or dismissed)`, '');
  if (!open.length) out.push('None open.');
  for (const h of [...open].sort((a, b) => b.priority - a.priority)) {
    out.push(`- **${h.id}** (${h.status}, priority ${h.priority.toFixed(2)}): ${h.statement}`);
    out.push(`  - For: ${cite(input, h.evidence)}`);
    out.push('  - Against: none found yet (the lead is tested by its searches)');
    if (h.suggestedQueries.length) out.push(`  - Searches: ${h.suggestedQueries.map((q) => `\`${q}\``).join('; ')}`);
  }
  // 2. Conclusions not yet proven, on the subject and the immediate family.
  const family: Person[] = [subject];
  for (const r of subject.relationships) {
    if (r.status === 'rejected') continue;
    const p = input.get(r.person);
    if (p && !family.includes(p)) family.push(p);
  }
  out.push('', '## Conclusions not yet proven', '');
  let unproven = 0;
  for (const p of family) {
    for (const a of p.assertions) {
      if ((a.status !== 'staged' && a.status !== 'disputed') || a.reviewed) continue;
      unproven += 1;
      const rivals = p.assertions.filter(
        (b) =>
          b.field === a.field &&
          b.value !== a.value &&
          b.status !== 'rejected' &&
          (ONCE.has(a.field.split('.')[0]) || b.event === a.event),
      );
      const conflict = input.conflicts.find((c) => c.person === p.id && c.field === a.field);
      out.push(
        `- **${input.shownName(p)} (${p.id}) ${a.field} = ${a.value}** (${a.status}${a.escalated ? ', escalated' : ''}, confidence ${a.confidence.toFixed(2)})`,
      );
      out.push(`  - For: ${claimEvidence(a, !input.hidden(p))}`);
      out.push(
        `  - Against: ${rivals.length ? rivals.map((b) => `${b.value} (${b.status}; ${b.evidence.map((e) => e.source).join(', ') || 'no source'})`).join('; ') : 'no competing value'}${conflict ? `; conflict ${conflict.id} prefers ${conflict.preferred}` : ''}`,
      );
    }
    for (const r of p === subject ? p.relationships : []) {
      if (r.status !== 'staged' || r.reviewed) continue;
      const other = input.get(r.person);
      unproven += 1;
      out.push(
        `- **${other ? input.shownName(other) : r.person} (${r.person}) is ${input.shownName(subject)}'s ${r.type}** (staged, confidence ${r.confidence.toFixed(2)})`,
      );
      out.push(
        `  - For: ${cite(
          input,
          r.evidence.map((e) => e.source),
        )}`,
      );
      out.push('  - Against: no competing record found');
    }
  }
  if (!unproven) out.push('None: every fact of the subject and the immediate family is accepted or decided by you.');
  // 3. Identity theories: persons the resolver thinks may be one, waiting for a decision.
  const familyIds = new Set(family.map((p) => p.id));
  const proposals = input.merges
    .filter((m) => m.status === 'proposed')
    .sort(
      (a, b) =>
        Number(b.memberIds.some((id) => familyIds.has(id))) - Number(a.memberIds.some((id) => familyIds.has(id))) ||
        b.similarity - a.similarity,
    );
  out.push('', `## Identity theories (${proposals.length} merge proposal(s) waiting)`, '');
  if (!proposals.length) out.push('None waiting.');
  for (const m of proposals.slice(0, MAX_IDENTITY)) {
    const names = m.memberIds.map((id) => {
      const p = input.get(id);
      return p ? `${input.shownName(p)} (${id})` : id;
    });
    out.push(`- **${names.join(' = ')}** (${m.id}, ${m.recommendation}, similarity ${m.similarity.toFixed(2)})`);
    out.push(`  - For: ${m.rationale || 'see `ancestry merges`'}`);
    out.push(`  - Against: ${m.whyNotMerge || 'nothing recorded'}`);
  }
  if (proposals.length > MAX_IDENTITY)
    out.push(`- … and ${proposals.length - MAX_IDENTITY} more (\`ancestry merges <dir>\` lists them all)`);
  out.push('');
  return out.join('\n');
}
