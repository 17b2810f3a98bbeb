/**
 * summary.md, rewritten each cycle as a proof argument (seed 003: the deliverable, written as if in
 * one sitting; GPS: question, sources consulted including negative searches, evidence correlation,
 * conflict resolution, conclusion). Living persons are shown only as the Censor allows.
 */
import type {
  Assertion,
  CaseConfig,
  Conflict,
  EvidenceClaim,
  Person,
  Relationship,
  SourceRecord,
} from '../../../model';
import { identitySection, type IdentityNotes } from '../identity/notes';
import { displayName } from '../../../model';
import { redactPerson, type CensorContext } from '../../censor';
import { isStartingHint } from '../../../model/hint';
import { compatibleValues, precision } from '../conflicts/compatible';
import { rivals } from '../conflicts/detect';
import { proofArgument } from './argument';
import type { GoalStatus, VerificationResult } from '../gps';

export interface SearchRecord {
  query: string;
  source: string;
  records: number;
  success: boolean;
  failure?: string;
}

export interface SummaryInput {
  config: CaseConfig;
  subject: Person;
  get(id: string): Person | undefined;
  sources: SourceRecord[];
  searches: SearchRecord[];
  conflicts: Conflict[];
  goals: GoalStatus[];
  verification?: VerificationResult;
  gpsCoverage: boolean;
  status: {
    cycles: number;
    terminated: boolean;
    reason?: string;
    strategy?: string;
    openClues: number;
    queued: number;
  };
  censor: CensorContext;
  /** Namesakes kept apart and mentions still unresolved (identity/notes.ts). */
  identity?: IdentityNotes;
}

const MAX_ROWS = 200;

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function cites(evidence: readonly EvidenceClaim[]): string {
  const ids = [...new Set(evidence.map((e) => e.source))];
  return ids.map((id) => `[${id}]`).join(' ');
}

function bestOf(p: Person, field: string): Assertion | undefined {
  return p.assertions
    .filter((a) => a.field === field && a.status === 'accepted')
    .sort((a, b) => b.confidence - a.confidence)[0];
}

/**
 * The most specific accepted place that agrees with the preferred one: "Bavaria" (most confident,
 * many records) and "Kleinbach, Unterfranken, Bavaria, Germany" (the baptism) are one conclusion, and
 * a genealogist states the town. Agreement and precision are the conflict analysis's own.
 */
function mostSpecificPlace(p: Person, field: string, preferred: Assertion | undefined): Assertion[] {
  if (!preferred || preferred.status !== 'accepted') return preferred ? [preferred] : [];
  const level = precision(field, preferred.value);
  const finer = p.assertions
    .filter(
      (a) =>
        a.field === field &&
        a.status === 'accepted' &&
        a !== preferred &&
        precision(field, a.value) > level &&
        compatibleValues(field, a.value, preferred.value),
    )
    .sort((a, b) => precision(field, b.value) - precision(field, a.value) || b.confidence - a.confidence)[0];
  return finer ? [finer, preferred] : [preferred];
}

/** The engine's own rationale: a model's labelled opinion stays in the conflict file, out of the proof argument. */
export function engineRationale(rationale: string): string {
  const i = rationale.search(/ \[(Model opinion, not evidence|Conflict analyst model):/);
  return i < 0 ? rationale : rationale.slice(0, i);
}

function statusWord(s: Assertion['status']): string {
  return s === 'accepted' ? 'accepted' : s === 'staged' ? 'staged (review)' : s;
}

function relatives(
  p: Person,
  type: Relationship['type'],
  get: SummaryInput['get'],
  status: Relationship['status'] = 'accepted',
): { rel: Relationship; person: Person }[] {
  return p.relationships
    .filter((r) => r.type === type && r.status === status)
    .map((rel) => ({ rel, person: get(rel.person) }))
    .filter((x): x is { rel: Relationship; person: Person } => Boolean(x.person));
}

export function renderSummary(input: SummaryInput): string {
  const ctx = input.censor;
  // Where the evidence conflicts, the conclusion states the value the conflict analysis preferred.
  const preferredOf = new Map(
    input.conflicts.filter((c) => c.preferred).map((c) => [`${c.person}|${c.field}`, c.preferred]),
  );
  // Conclusions rest on accepted facts only (issue 14): a staged value is listed under "Needs review".
  const best = (p: Person, field: string): Assertion | undefined => {
    const pref = preferredOf.get(`${p.id}|${field}`);
    const hit = pref
      ? p.assertions.find((a) => a.field === field && a.value === pref && a.status === 'accepted')
      : undefined;
    return hit ?? bestOf(p, field);
  };
  const lifeSpan = (p: Person): string => {
    const b = best(p, 'birth.date') ?? best(p, 'baptism.date');
    const d = best(p, 'death.date') ?? best(p, 'burial.date');
    return [b ? `b. ${b.value}` : '', d ? `d. ${d.value}` : ''].filter(Boolean).join(', ');
  };
  const safe = (p: Person) => redactPerson(p, ctx).person;
  const subject = safe(input.subject);
  const get = (id: string) => {
    const p = input.get(id);
    return p ? safe(p) : undefined;
  };
  const name = displayName(subject);
  const out: string[] = [];
  out.push(`# ${name}: research summary`, '');
  out.push(`**Research question.** ${input.config.question.trim()}`, '');

  // Conclusion first: what the evidence shows.
  out.push('## Conclusion', '');
  const sentences: string[] = [];
  const birth = best(subject, 'birth.date');
  // The place stated is the most specific one that agrees; both it and the preferred one are cited.
  const birthPlaces = mostSpecificPlace(subject, 'birth.place', best(subject, 'birth.place'));
  if (birth)
    sentences.push(
      `${name} was born ${birth.value}${birthPlaces[0] ? ` in ${birthPlaces[0].value}` : ''} ${cites([...birth.evidence, ...birthPlaces.flatMap((a) => a.evidence)])}.`,
    );
  const death = best(subject, 'death.date');
  const deathPlaces = mostSpecificPlace(subject, 'death.place', best(subject, 'death.place'));
  if (death)
    sentences.push(
      `${subject.sex === 'F' ? 'She' : 'He'} died ${death.value}${deathPlaces[0] ? ` in ${deathPlaces[0].value}` : ''} ${cites([...death.evidence, ...deathPlaces.flatMap((a) => a.evidence)])}.`,
    );
  const parents = relatives(subject, 'parent', get);
  if (parents.length)
    sentences.push(
      `${subject.sex === 'F' ? 'She' : 'He'} was the child of ${parents.map((x) => `${displayName(x.person)} ${cites(x.rel.evidence)}`).join(' and ')}.`,
    );
  const spouses = relatives(subject, 'spouse', get);
  for (const s of spouses) {
    const m = best(subject, 'marriage.date');
    // One citation list for the sentence: the register that gives the date is also evidence of the marriage.
    sentences.push(
      `${subject.sex === 'F' ? 'She' : 'He'} married ${displayName(s.person)}${m ? ` on ${m.value}` : ''} ${cites([...(m?.evidence ?? []), ...s.rel.evidence])}.`,
    );
  }
  const children = relatives(subject, 'child', get);
  if (children.length)
    sentences.push(
      `Children: ${children.map((c) => `${displayName(c.person)}${lifeSpan(c.person) ? ` (${lifeSpan(c.person)})` : ''} ${cites(c.rel.evidence)}`).join('; ')}.`,
    );
  out.push(
    sentences.length ? sentences.join(' ') : 'No conclusion can be drawn yet: no accepted evidence names the subject.',
    '',
  );
  const met = input.goals.filter((g) => g.met).length;
  out.push(
    `Goals answered: ${met} of ${input.goals.length} (${input.goals.map((g) => `${g.goal}: ${g.met ? (g.sufficient ? 'proven' : 'found, needs corroboration') : 'open'}`).join('; ')}).`,
  );
  const v = input.verification;
  out.push(
    `Verification checkpoint: ${v ? (v.passed ? `passed — all ${v.checked} cited snippets were found verbatim in their captured sources` : `FAILED — ${v.failures.length} of ${v.checked} citations could not be confirmed`) : 'not run yet'}. GPS coverage (a primary and a secondary source for every person): ${input.gpsCoverage ? 'met' : 'not met'}.`,
    '',
  );

  // How the evidence fits: direct statements, indirect evidence, values set aside (issue 14 item 8).
  const sourceById = new Map(input.sources.map((x) => [x.id, x]));
  const concluded = [
    ...(birth ? [{ label: 'Born', assertion: birth }] : []),
    ...birthPlaces.slice(0, 1).map((a) => ({ label: 'Born in', assertion: a })),
    ...(death ? [{ label: 'Died', assertion: death }] : []),
  ];
  const argument = proofArgument({
    subject,
    get,
    source: (id) => sourceById.get(id),
    conflicts: input.conflicts,
    facts: concluded,
    relationships: [
      ...parents.map((x) => ({ label: 'Parent', ...x })),
      ...spouses.map((x) => ({ label: 'Spouse', ...x })),
      ...children.map((x) => ({ label: 'Child', ...x })),
    ].map((x) => ({ label: x.label, rel: x.rel, person: x.person })),
    namesakes: input.identity?.namesakes,
  });
  if (argument.length) out.push('## Proof argument', '', ...argument, '');

  // Evidence correlation for the subject.
  out.push(
    '## Evidence correlation',
    '',
    '| Fact | Value | Status | Confidence | Evidence (Mills: source / information / evidence) |',
    '|---|---|---|---|---|',
  );
  const facts = subject.assertions
    .filter((a) => !isStartingHint(a))
    .sort((a, b) => a.field.localeCompare(b.field) || b.confidence - a.confidence);
  for (const a of facts.slice(0, MAX_ROWS)) {
    const ev =
      a.evidence.map((e) => `[${e.source}] ${e.sourceClass}/${e.information}/${e.evidence}`).join('; ') ||
      (a.note ? cell(a.note) : 'no evidence');
    out.push(`| ${a.field} | ${cell(a.value)} | ${statusWord(a.status)} | ${a.confidence.toFixed(2)} | ${cell(ev)} |`);
  }
  const hints = subject.assertions.filter(isStartingHint);
  if (hints.length)
    out.push(
      '',
      `Starting hint from case.yaml (used to search, not evidence): ${hints.map((a) => `${a.field} ${a.value}`).join('; ')}.`,
    );
  out.push('');

  // The family.
  out.push('## Family', '', '| Relationship | Person | Dates | Status | Evidence |', '|---|---|---|---|---|');
  for (const [label, list] of [
    ['parent', parents],
    ['spouse', spouses],
    ['child', children],
  ] as const) {
    for (const x of list)
      out.push(
        `| ${label} | ${cell(displayName(x.person))} (${x.person.id}) | ${cell(lifeSpan(x.person))} | ${statusWord(x.rel.status)} | ${cites(x.rel.evidence)} |`,
      );
  }
  out.push('');

  // Conflicts.
  const family = new Set([
    subject.id,
    ...parents.map((x) => x.person.id),
    ...spouses.map((x) => x.person.id),
    ...children.map((x) => x.person.id),
  ]);
  const conflicts = input.conflicts.filter((c) => family.has(c.person));
  out.push('## Conflicts and their resolution', '');
  if (!conflicts.length) out.push('No conflicting evidence was found for the subject and the immediate family.', '');
  for (const c of conflicts) {
    const who = get(c.person);
    out.push(`### ${who ? displayName(who) : c.person}: ${c.field} (${c.status})`, '');
    for (const x of [...rivals(c)].sort((a, b) => b.weight - a.weight)) {
      const support = c.competing.filter((y) => y.supports === x.value);
      out.push(
        `- "${x.value}" — weight ${x.weight.toFixed(2)} ${cites(x.evidence)}${support.length ? `; supported, at a coarser precision, by ${support.map((y) => `"${y.value}" ${cites(y.evidence)}`.trim()).join(', ')}` : ''}`,
      );
    }
    out.push('', `Preferred: **${c.preferred || 'none (tie)'}**. ${engineRationale(c.rationale)}`, '');
    if (c.nextActions.length) out.push(`Next actions: ${c.nextActions.join('; ')}.`, '');
  }

  // Sources and searches.
  out.push(
    '## Sources consulted',
    '',
    '| Source | Record | Repository | Mills class | Tier | Accessed |',
    '|---|---|---|---|---|---|',
  );
  for (const s of input.sources.slice(0, MAX_ROWS))
    out.push(
      `| ${s.id} | ${cell(s.title)}${s.supersededBy ? ` (superseded by ${s.supersededBy}: its facts withdrawn)` : ''} | ${cell(s.repository)} | ${s.sourceType}${s.informationType ? `/${s.informationType}` : ''} | ${s.tier} | ${s.accessedAt.slice(0, 10)} |`,
    );
  if (input.sources.length > MAX_ROWS) out.push(`| … | ${input.sources.length - MAX_ROWS} more | | | | |`);
  out.push('');
  const negative = input.searches.filter((s) => s.success && s.records === 0);
  const failed = input.searches.filter((s) => !s.success);
  out.push(`### Searches (${input.searches.length}; ${negative.length} negative, ${failed.length} failed)`, '');
  for (const s of input.searches.slice(-MAX_ROWS))
    out.push(
      `- ${s.source}: \`${s.query}\` → ${s.success ? (s.records ? `${s.records} record(s)` : 'nothing found (negative search)') : `failed: ${s.failure ?? 'unknown error'}`}`,
    );
  out.push('');

  out.push(...identitySection(input.identity));

  // Staged facts and relationships: findings to review, never stated as conclusions.
  out.push('## Needs review', '');
  const stagedRels = (['parent', 'spouse', 'child'] as const).flatMap((t) =>
    relatives(subject, t, get, 'staged').map(
      (x) =>
        `- ${t} ${displayName(x.person)} (${x.person.id}): staged, confidence ${x.rel.confidence.toFixed(2)} ${cites(x.rel.evidence)}`,
    ),
  );
  const staged: string[] = [];
  for (const id of family) {
    const p = id === subject.id ? subject : get(id);
    if (!p) continue;
    // A staged value that only restates an accepted one at a coarser precision ("CAL 1842" beside "14 MAR 1842") supports it: nothing to review.
    const restates = (a: Assertion) =>
      p.assertions.some(
        (b) =>
          b !== a &&
          b.status === 'accepted' &&
          b.field === a.field &&
          precision(a.field, b.value) >= precision(a.field, a.value) &&
          compatibleValues(a.field, a.value, b.value),
      );
    for (const a of p.assertions)
      if (a.status === 'staged' && a.evidence.length && !restates(a))
        staged.push(
          `- ${displayName(p)}: ${a.field} = ${a.value} (confidence ${a.confidence.toFixed(2)}) ${cites(a.evidence)}`,
        );
  }
  if (!stagedRels.length && !staged.length)
    out.push('Nothing is staged: every finding about the subject and the immediate family is accepted or disputed.');
  if (stagedRels.length)
    out.push(`Relationships not yet proven (${stagedRels.length}):`, ...stagedRels.slice(0, MAX_ROWS), '');
  if (staged.length) out.push(`Facts not yet proven (${staged.length}):`, ...staged.slice(0, MAX_ROWS));
  // Where the user decides them: the CLI verb and the VS Code command share one queue (case/review-queue.ts).
  if (stagedRels.length || staged.length)
    out.push(
      '',
      'Accept, reject or correct each with `ancestry review <case>` (or "Ancestry: Review Staged Facts…" in VS Code).',
    );
  out.push('');

  // Open questions.
  out.push('## Open questions', '');
  const gaps = input.goals
    .filter((g) => !g.sufficient)
    .map(
      (g) =>
        `- ${g.goal}: ${g.met ? `found (${g.detail}) but not yet corroborated by two sources` : 'no evidence yet'}`,
    );
  out.push(...(gaps.length ? gaps : ['- Every research goal is answered by corroborated evidence.']));
  out.push('');

  out.push('## Research status', '');
  out.push(
    `${input.status.cycles} research cycle(s)${input.status.strategy ? `, last strategy ${input.status.strategy}` : ''}; ${input.status.queued} task(s) queued, ${input.status.openClues} open clue(s). ${input.status.terminated ? `Research ended: ${input.status.reason}.` : 'Research can continue: run it again to resume.'}`,
    '',
  );
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}
