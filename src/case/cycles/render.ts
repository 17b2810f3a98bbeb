/**
 * cycles/<n>.md: the cycle's record as front matter (what `ancestry cycles --json` reads) and the
 * same as prose below it, with the model's answers verbatim (seed 002's cycle export).
 */
import { renderFrontMatter } from '../frontmatter';
import type { CycleRecord, RawAnswer } from './record';

export const CYCLES_DIR = 'cycles';

export function cycleFile(n: number): string {
  return `${CYCLES_DIR}/${n}.md`;
}

/**
 * The model's answers of a cycle, verbatim: derived data under .ancestry/ (git-ignored), not a case
 * file — an answer may hold what the hallucination firewall rejected, which no case file may state.
 */
export function rawAnswersFile(n: number): string {
  return `.ancestry/${CYCLES_DIR}/${n}.md`;
}

function fence(text: string): string {
  // A fence longer than any run of backticks in the answer, so the answer cannot close it.
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}text\n${text}\n${f}`;
}

/** .ancestry/cycles/<n>.md: each model answer of the cycle with its call, fenced, and what the firewall rejected. */
export function renderRawAnswers(n: number, raw: readonly RawAnswer[], rejected: readonly string[]): string {
  const out = [`# Cycle ${n}: the model's answers, verbatim`, ''];
  raw.forEach((a, i) => out.push(`## ${i + 1}. ${a.agent} — ${a.purpose} (${a.model})`, '', fence(a.output), ''));
  if (rejected.length) out.push('## Rejected by the hallucination firewall', '', ...rejected.map((x) => `- ${x}`), '');
  return out.join('\n');
}

export function renderCycle(record: CycleRecord, raw: readonly RawAnswer[]): string {
  const r = record;
  const c = r.changes;
  const out: string[] = [];
  out.push(
    `# Cycle ${r.cycle}: ${r.selection.strategy || 'no plan'} — ${r.selection.target}`,
    '',
    `Session ${r.session}, its cycle ${r.sessionCycle}; started ${r.startedAt}.${r.status === 'open' ? ' **The run stopped inside this cycle; it is completed when research resumes.**' : ''}`,
    '',
    '## Selection',
    '',
    `- Strategy: ${r.selection.strategy || '—'}`,
    `- Target: ${r.selection.target}${r.selection.targetId ? ` (\`${r.selection.targetId}\`)` : ''}`,
  );
  if (r.selection.targetReason) out.push(`- Why this target: ${r.selection.targetReason}`);
  out.push(`- Why: ${r.selection.reason || '—'}`);
  if (r.selection.planned.length)
    out.push(`- Searches the Lead's plan added: ${r.selection.planned.map((q) => `\`${q}\``).join('; ')}`);
  out.push('', '## Tasks', '');
  if (!r.tasks.length) out.push('No task was run.');
  for (const t of r.tasks)
    out.push(
      `${r.tasks.indexOf(t) + 1}. ${t.type} ${t.id} (priority ${t.priority.toFixed(3)}): ${t.about || '—'} — ${t.reason}`,
    );
  out.push('', '## Searches (Scout)', '');
  if (!r.searches.length) out.push('No source was searched.');
  for (const s of r.searches)
    out.push(
      `- ${s.source}: \`${s.query}\` → ${s.success ? `${s.records} record(s)${s.cached ? ' (cached)' : ''}` : `failed: ${s.failure ?? 'unknown reason'}`}`,
    );
  out.push(
    '',
    '## What changed in the case (Analyst)',
    '',
    `- Facts: ${c.factsAccepted} accepted, ${c.factsStaged} staged for review, ${c.factsDisputed} disputed`,
    `- Persons: ${c.personsCreated.length} created${c.personsCreated.length ? ` (${c.personsCreated.join(', ')})` : ''}, ${c.personsJoined} persona(s) joined to a known person, ${c.namesakesKeptApart} namesake(s) kept apart`,
    `- Conflicts weighed: ${c.conflicts.length ? c.conflicts.map((x) => `${x.id} (${x.field} → ${x.chosen})`).join('; ') : 'none'}`,
    `- Merge proposals: ${c.mergeProposals}; new clues: ${c.clues}; revisits: ${c.revisits}`,
  );
  if (r.verification) out.push(`- Verification checkpoint: ${r.verification}`);
  if (r.validator.length)
    out.push('', '## Validator', '', ...r.validator.map((v) => `- ${v.person}: ${v.verdict} — ${v.why}`));
  out.push('', '## Model', '');
  if (!r.model.calls.length) out.push('No model was called (deterministic agents).');
  else {
    out.push(`${r.model.calls.length} call(s), ${r.model.tokens} tokens, $${r.model.costUsd.toFixed(4)}.`, '');
    for (const m of r.model.calls)
      out.push(
        `- ${m.agent} (${m.model}) ${m.purpose}: ${m.inputTokens} in / ${m.outputTokens} out, $${m.costUsd.toFixed(4)}`,
      );
  }
  if (raw.length)
    out.push(
      '',
      `The model's ${raw.length} answer(s), verbatim, are kept in \`${rawAnswersFile(r.cycle)}\` (derived, not evidence): \`ancestry cycles <dir> ${r.cycle} --raw\` shows them.`,
    );
  out.push('', '## Self-critique', '');
  out.push(r.critique.length ? r.critique.map((x) => `- ${x}`).join('\n') : 'None recorded.');
  if (r.firewall.length)
    out.push(
      '',
      '## Hallucination firewall',
      '',
      `Rejected: ${r.firewall.map((f) => `${f.rejections} by check ${f.check}`).join(', ')}. What was rejected is quoted in the research log and in \`${rawAnswersFile(r.cycle)}\`, never in a case file.`,
    );
  if (r.errors.length) out.push('', '## Errors', '', ...r.errors.map((x) => `- ${x}`));
  if (r.termination) out.push('', '## Termination', '', r.termination);
  out.push('');
  return renderFrontMatter(r, `\n${out.join('\n')}`);
}
