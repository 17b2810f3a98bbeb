/**
 * The hallucination firewall (seed 001 §6): every model output is untrusted until it passes. Each
 * function takes a zod-validated model output and what the model was given, and returns only what
 * passed plus one rejection (check number 1–10 and reason) per item that did not. Callers log the
 * rejections; nothing rejected reaches person files, the graph or the summary.
 */
import { doubleMetaphone } from '../../model/names';
import type { GroundedPersona, PlanDecision, ValidationItem } from '../../engine/agents';
import { type Conflict, Persona, PersonaRole, type SearchQuery, type SourceRecord } from '../../model';
import {
  type ConflictOutput,
  type PlannerOutput,
  type ResolverOutput,
  type ValidatorOutput,
  VERIFIABLE_FIELDS,
  type VerifierOutput,
} from '../schemas';
import {
  containsVerbatim,
  dateGrounded,
  foldWord,
  hasSignificantWord,
  inventedProperNames,
  KINSHIP_TERMS,
  mentionsKinship,
  missingWords,
  stringsOf,
  urlsIn,
  wordSet,
  yearsIn,
} from './grounding';

export const FIREWALL_CHECKS = {
  1: 'Citation required: every verified field has a non-null citation snippet',
  2: 'Citation exists in source: the snippet appears verbatim in the captured text',
  3: 'No invented dates: date values match dates found in the source',
  4: 'No invented names: person names appear in the source',
  5: 'No invented places: place names appear in the source',
  6: 'Hypothesis labelling: all inferences are marked is_fact = false',
  7: 'Confidence bounds: confidences and priorities are within [0, 1]',
  8: 'No fabricated URLs: every URL (and source id) in the output exists in the input',
  9: 'Relationship grounding: relationship claims cite specific evidence',
  10: 'Conflict preservation: conflicting claims are preserved, not overwritten',
} as const;
export type CheckNumber = keyof typeof FIREWALL_CHECKS;

export interface Rejection {
  check?: CheckNumber;
  reason: string;
}

/** "check 3 (No invented dates), check 10 (Conflict preservation)": names the checks, never the rejected text. */
export function describeChecks(rejected: readonly Rejection[]): string {
  const nums = [...new Set(rejected.map((r) => r.check).filter((c): c is CheckNumber => c !== undefined))].sort(
    (a, b) => a - b,
  );
  return nums.length ? nums.map((n) => `check ${n}: ${FIREWALL_CHECKS[n].split(':')[0]}`).join('; ') : 'invalid output';
}

const inUnit = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;
const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Check 8 over a whole output: URLs must occur in the input text. */
function fabricatedUrls(output: unknown, inputText: string): string[] {
  const known = new Set(urlsIn(inputText).map((u) => u.toLowerCase()));
  return [...new Set(stringsOf(output).flatMap(urlsIn))].filter(
    (u) => !known.has(u.toLowerCase()) && !inputText.includes(u),
  );
}

/** Check 3 over free text: years mentioned must occur in the input. */
function inventedYears(texts: string[], inputText: string): number[] {
  const known = new Set(yearsIn(inputText));
  return [...new Set(texts.flatMap(yearsIn))].filter((y) => !known.has(y));
}

// ───────────────────────── extraction / verification (seed 001 §3.2, §5.2) ─────────────────────────

export interface VerificationInput {
  record: SourceRecord;
  /** Fields already extracted deterministically (structured or pattern), which the model verified. */
  extracted: GroundedPersona[];
}

export interface VerifiedExtraction {
  personas: GroundedPersona[];
  hypotheses: { type: string; text: string; priority: number; suggestedQueries: string[] }[];
  rejected: Rejection[];
}

const DATE_FIELDS = new Set(['birthDate', 'deathDate', 'burialDate']);
const PLACE_FIELDS = new Set(['birthPlace', 'deathPlace', 'burialPlace', 'residence']);
const RELATION_FIELDS = new Set(['role', 'relationship']);
const VERIFIABLE = new Set<string>(VERIFIABLE_FIELDS);
const RELATION_WORDS = new Set([
  ...KINSHIP_TERMS.map(foldWord),
  'of',
  'the',
  'to',
  'and',
  'his',
  'her',
  'their',
  'late',
  'step',
  'half',
  'law',
  'in',
  'adopted',
  'eldest',
  'youngest',
  'only',
  'first',
  'second',
]);
const SEXES: Record<string, 'M' | 'F' | 'U'> = { m: 'M', male: 'M', f: 'F', female: 'F', u: 'U', unknown: 'U' };

export function checkVerification(output: VerifierOutput, input: VerificationInput): VerifiedExtraction {
  const { record } = input;
  const sourceText = `${record.title}\n${record.text}`;
  const corpusText = [
    record.title,
    record.text,
    record.place ?? '',
    record.date ?? '',
    record.url ?? '',
    record.repository,
  ].join('\n');
  const corpus = wordSet(corpusText);
  const rejected: Rejection[] = [];
  const personas: GroundedPersona[] = [];
  const hypotheses: VerifiedExtraction['hypotheses'] = [];

  output.persons.forEach((person, pi) => {
    const base = person.ref !== null ? input.extracted[person.ref] : undefined;
    if (person.ref !== null && !base)
      rejected.push({
        check: 8,
        reason: `person ${pi}: refers to extracted person #${person.ref}, which was not in the input`,
      });
    const values: Record<string, string> = base
      ? Object.fromEntries(
          Object.entries(base.persona)
            .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
            .map(([k, v]) => [k, String(v)]),
        )
      : {};
    const snippets: Record<string, string> = { ...(base?.snippets ?? {}) };
    const confidences: number[] = [];
    let nameRejected = false;

    for (const f of person.fields) {
      const where = `person ${pi} ${f.field} "${short(f.value, 40)}"`;
      if (f.status === 'Unverified' || f.status === 'Not Found') continue; // honestly not found: not a fact, not a violation
      const reject = (check: CheckNumber, reason: string) => {
        rejected.push({ check, reason: `${where}: ${reason}` });
        if (f.field === 'name') nameRejected = true;
      };
      if (!VERIFIABLE.has(f.field)) {
        rejected.push({ reason: `${where}: not a persona field` });
        continue;
      }
      if (!inUnit(f.confidence)) {
        reject(7, `confidence ${f.confidence} is outside [0, 1]`);
        continue;
      }
      const snippet = f.citation_snippet?.trim() ?? '';
      if (!snippet) {
        reject(1, 'verified without a citation snippet');
        continue;
      }
      if (!containsVerbatim(sourceText, snippet)) {
        reject(2, `citation not found in the source: "${short(snippet)}"`);
        continue;
      }
      const badUrls = urlsIn(f.value).filter((u) => !corpusText.includes(u));
      if (badUrls.length) {
        reject(8, `URL not in the input: ${badUrls[0]}`);
        continue;
      }
      if (f.field === 'name') {
        const missing = missingWords(f.value, corpus);
        if (missing.length) {
          reject(4, `name part(s) not in the source: ${missing.join(', ')}`);
          continue;
        }
      } else if (DATE_FIELDS.has(f.field) || f.field === 'age') {
        const g = dateGrounded(f.value, snippet);
        if (!g.ok) {
          reject(3, g.why ?? 'date not in the cited text');
          continue;
        }
      } else if (PLACE_FIELDS.has(f.field)) {
        // A place needs a name: a value of stray characters ("'0") has no word the source could ground.
        if (!hasSignificantWord(f.value)) {
          reject(5, `no place name in "${short(f.value)}"`);
          continue;
        }
        const missing = missingWords(f.value, corpus);
        if (missing.length) {
          reject(5, `place word(s) not in the source: ${missing.join(', ')}`);
          continue;
        }
      } else if (RELATION_FIELDS.has(f.field)) {
        if (f.field === 'role' && !PersonaRole.safeParse(f.value).success) {
          reject(9, `"${f.value}" is not a record role`);
          continue;
        }
        if (!mentionsKinship(snippet, f.value)) {
          reject(9, `the cited text "${short(snippet)}" does not state the relationship`);
          continue;
        }
        // "son of Zebediah Quux": a relationship may not smuggle in a name the source lacks.
        const missing = missingWords(f.value, corpus).filter((w) => !RELATION_WORDS.has(w));
        if (missing.length) {
          reject(4, `relationship names word(s) not in the source: ${missing.join(', ')}`);
          continue;
        }
      } else if (f.field === 'occupation') {
        const missing = missingWords(f.value, wordSet(snippet));
        if (missing.length) {
          reject(4, `occupation word(s) not in the cited text: ${missing.join(', ')}`);
          continue;
        }
      } else if (f.field === 'sex' && !SEXES[f.value.toLowerCase()]) {
        rejected.push({ reason: `${where}: sex must be M, F or U` });
        continue;
      }
      // A default role ("principal") was never read from the record, so replacing it is no conflict.
      const previous = f.field === 'role' && !snippets.role ? undefined : values[f.field];
      const differs = previous !== undefined && foldWord(previous).trim() !== foldWord(f.value).trim();
      if (differs && f.status === 'Verified') {
        reject(10, `would overwrite the extracted value "${short(previous, 40)}" instead of reporting a conflict`);
        continue;
      }
      if (differs && f.status === 'Conflicting') {
        // Both readings are kept: the extracted value stays, the alternative becomes a clue.
        hypotheses.push({
          type: 'resolve_conflict',
          text: `The record may also give ${f.field} "${f.value}" for ${values.name ?? `person ${pi}`} (cited: "${short(snippet, 120)}"), against "${previous}"`,
          priority: Math.min(0.9, Math.max(0.1, f.confidence)),
          suggestedQueries: [],
        });
        continue;
      }
      values[f.field] = f.field === 'sex' ? SEXES[f.value.toLowerCase()] : f.value;
      snippets[f.field] = snippet;
      confidences.push(f.confidence);
    }

    if (nameRejected && !base) {
      rejected.push({ check: 4, reason: `person ${pi}: dropped, its name did not pass the firewall` });
      return;
    }
    if (!values.name) {
      if (person.fields.length) rejected.push({ check: 1, reason: `person ${pi}: no verified name, so no person` });
      return;
    }
    const parsed = Persona.safeParse(values);
    if (!parsed.success) {
      rejected.push({ reason: `person ${pi}: not a valid persona (${parsed.error.issues[0]?.message ?? 'invalid'})` });
      return;
    }
    const confidence = confidences.length ? Math.min(...confidences) : (base?.confidence ?? 0.5);
    personas.push({
      persona: parsed.data,
      snippets,
      confidence,
      method: confidences.length ? 'llm' : (base?.method ?? 'llm'),
    });
  });

  for (const h of output.hypotheses) {
    const label = `hypothesis "${short(h.text)}"`;
    if (h.is_fact) {
      rejected.push({ check: 6, reason: `${label}: an inference marked as a fact` });
      continue;
    }
    if (!inUnit(h.priority)) {
      rejected.push({ check: 7, reason: `${label}: priority ${h.priority} is outside [0, 1]` });
      continue;
    }
    const badUrls = fabricatedUrls(h, corpusText);
    if (badUrls.length) {
      rejected.push({ check: 8, reason: `${label}: URL not in the input: ${badUrls[0]}` });
      continue;
    }
    hypotheses.push({ type: h.type, text: h.text, priority: h.priority, suggestedQueries: h.suggested_queries });
  }
  return { personas, hypotheses, rejected };
}

// ───────────────────────── planning (seed 001 §3.1, §5.1) ─────────────────────────

export interface PlanInput {
  /** Everything the planner was shown (the built context). */
  contextText: string;
  /** Captured source ids and plugin ids it may revisit. */
  knownSources: string[];
}

/** Years a query may ask for: within this many years of a year in the input (searching is not asserting). */
export const QUERY_YEAR_SLACK = 2;

/**
 * Spelling variants a query may use: a name word absent from the input passes when it sounds like
 * one that is there (shared double-metaphone code, same initial) — Schmitt for Schmidt. A query is
 * not a fact; whatever it finds passes the firewall on its own. Invented names still fail.
 */
function soundsLikeInput(word: string, phonetic: Map<string, Set<string>>): boolean {
  const codes = doubleMetaphone(word).filter(Boolean);
  return codes.some((c) => phonetic.get(c)?.has(word[0]) ?? false);
}

function phoneticIndex(corpus: Set<string>): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const w of corpus) {
    if (w.length < 3 || /\d/.test(w)) continue;
    for (const c of doubleMetaphone(w).filter(Boolean)) {
      let initials = index.get(c);
      if (!initials) index.set(c, (initials = new Set()));
      initials.add(w[0]);
    }
  }
  return index;
}

function queryViolation(
  q: z_Query,
  input: PlanInput,
  corpus: Set<string>,
  phonetic: () => Map<string, Set<string>>,
): Rejection | undefined {
  for (const key of ['given', 'surname', 'name'] as const) {
    const v = q[key];
    if (v) {
      const missing = missingWords(v, corpus).filter((w) => !soundsLikeInput(w, phonetic()));
      if (missing.length)
        return { check: 4, reason: `query ${key} "${short(v, 40)}" is not in the input (${missing.join(', ')})` };
    }
  }
  if (q.place) {
    const missing = missingWords(q.place, corpus);
    if (missing.length)
      return { check: 5, reason: `query place "${short(q.place, 40)}" is not in the input (${missing.join(', ')})` };
  }
  const years = yearsIn(input.contextText);
  for (const key of ['birthYear', 'deathYear'] as const) {
    const y = q[key];
    if (y !== undefined && !years.some((k) => Math.abs(k - y) <= QUERY_YEAR_SLACK))
      return { check: 3, reason: `query ${key} ${y} is not near any year in the input` };
  }
  if (q.text) {
    const capitalised = (q.text.match(/\b[A-Z][a-z\u00C0-\u017F']+\b/g) ?? []).filter(
      (w) => !corpus.has(foldWord(w)) && !QUERY_WORDS.has(w.toLowerCase()),
    );
    if (capitalised.length)
      return { check: 4, reason: `query text names "${capitalised.join(', ')}", not in the input` };
    const y = inventedYears([q.text], input.contextText);
    if (y.length) return { check: 3, reason: `query text year ${y[0]} is not in the input` };
  }
  const urls = fabricatedUrls(q, input.contextText);
  if (urls.length) return { check: 8, reason: `query URL not in the input: ${urls[0]}` };
  return undefined;
}

/** Generic search words a query may use although the case does not contain them. */
const QUERY_WORDS = new Set([
  'census',
  'birth',
  'death',
  'marriage',
  'baptism',
  'burial',
  'obituary',
  'probate',
  'will',
  'military',
  'immigration',
  'naturalization',
  'passenger',
  'parish',
  'church',
  'cemetery',
  'record',
  'records',
  'register',
  'index',
  'newspaper',
  'family',
  'father',
  'mother',
  'son',
  'daughter',
  'wife',
  'husband',
  'sr',
  'jr',
]);

type z_Query = NonNullable<PlannerOutput['next_actions'][number]['query']>;

function toSearchQuery(q: z_Query): SearchQuery {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
}

/** A planner's reason is prose, not a fact; one that names people, years or URLs the input lacks is withheld, the action kept. */
function groundedReason(reason: string, input: PlanInput, corpus: Set<string>): string {
  const bad =
    inventedProperNames([reason], corpus).length ||
    inventedYears([reason], input.contextText).length ||
    fabricatedUrls(reason, input.contextText).length;
  return bad ? '(reason withheld by the hallucination firewall)' : reason;
}

export function checkPlan(output: PlannerOutput, input: PlanInput): { decision: PlanDecision; rejected: Rejection[] } {
  const corpus = wordSet(input.contextText);
  let index: Map<string, Set<string>> | undefined;
  const phonetic = () => (index ??= phoneticIndex(corpus));
  const rejected: Rejection[] = [];
  const decision: PlanDecision = {
    nextActions: [],
    queryExpansions: [],
    revisits: [],
    shouldStop: output.should_stop,
    ...(output.stop_reason ? { stopReason: output.stop_reason } : {}),
    // The engine keeps it only when it names a candidate it offered; its reason is quoted as the planner's.
    ...(output.target
      ? {
          target: {
            id: output.target.id,
            ...(output.target.strategy ? { strategy: output.target.strategy } : {}),
            reason: output.target.reason,
          },
        }
      : {}),
  };
  output.next_actions.forEach((a, i) => {
    const where = `action ${i} (${a.action})`;
    if (!inUnit(a.priority))
      return void rejected.push({ check: 7, reason: `${where}: priority ${a.priority} is outside [0, 1]` });
    const v = a.query ? queryViolation(a.query, input, corpus, phonetic) : undefined;
    if (v) return void rejected.push({ check: v.check, reason: `${where}: ${v.reason}` });
    const urls = fabricatedUrls(a.reason, input.contextText);
    if (urls.length) return void rejected.push({ check: 8, reason: `${where}: URL not in the input: ${urls[0]}` });
    const tier = a.source_tier === 1 || a.source_tier === 2 ? a.source_tier : 0;
    // A merge names persons and a resolve a conflict by the ids the context gave (check 8: nothing invented).
    const persons = [...new Set(a.persons)];
    if (a.action === 'merge') {
      const unknown = persons.find((id) => !input.contextText.includes(id));
      if (persons.length < 2 || unknown !== undefined)
        return void rejected.push({
          check: 8,
          reason: `${where}: ${unknown !== undefined ? `person "${short(unknown, 40)}" is not in the input` : 'a merge names at least two persons by id'}`,
        });
    }
    if (a.action === 'resolve' && (!a.conflict || !input.contextText.includes(a.conflict)))
      return void rejected.push({
        check: 8,
        reason: `${where}: ${a.conflict ? `conflict "${short(a.conflict, 40)}" is not in the input` : 'a resolve names a conflict by id'}`,
      });
    decision.nextActions.push({
      action: a.action,
      ...(a.query ? { query: toSearchQuery(a.query) } : {}),
      ...(a.action === 'merge' ? { persons } : {}),
      ...(a.action === 'resolve' && a.conflict ? { conflict: a.conflict } : {}),
      priority: a.priority,
      reason: groundedReason(a.reason, input, corpus),
      tier,
    });
  });
  output.query_expansions.forEach((q, i) => {
    const v = queryViolation(q, input, corpus, phonetic);
    if (v) rejected.push({ check: v.check, reason: `expansion ${i}: ${v.reason}` });
    else decision.queryExpansions.push(toSearchQuery(q));
  });
  output.revisit_schedule.forEach((r, i) => {
    if (!input.knownSources.includes(r.source_id) && !input.contextText.includes(r.source_id)) {
      return void rejected.push({
        check: 8,
        reason: `revisit ${i}: source "${short(r.source_id, 40)}" is not in the input`,
      });
    }
    const v = queryViolation(r.improved_query, input, corpus, phonetic);
    if (v) return void rejected.push({ check: v.check, reason: `revisit ${i}: ${v.reason}` });
    decision.revisits.push({
      source: r.source_id,
      improvedQuery: toSearchQuery(r.improved_query),
      reason: groundedReason(r.reason, input, corpus),
    });
  });
  output.hypotheses.forEach((h, i) => {
    // The Lead never creates clues (Z invariant 6: only the Analyst does); it must still label them.
    if (h.is_fact)
      rejected.push({ check: 6, reason: `planner hypothesis ${i} "${short(h.text)}": an inference marked as a fact` });
    else if (!inUnit(h.priority))
      rejected.push({ check: 7, reason: `planner hypothesis ${i}: priority ${h.priority} is outside [0, 1]` });
  });
  return { decision, rejected };
}

// ───────────────────────── entity resolution (seed 001 §3.3, §5.3) ─────────────────────────

export function checkAdjudication(output: ResolverOutput, inputText: string): Rejection[] {
  const rejected: Rejection[] = [];
  if (!inUnit(output.similarity_score))
    rejected.push({ check: 7, reason: `similarity ${output.similarity_score} is outside [0, 1]` });
  if (!inUnit(output.confidence))
    rejected.push({ check: 7, reason: `confidence ${output.confidence} is outside [0, 1]` });
  for (const [k, f] of Object.entries(output.feature_scores))
    if (!inUnit(f.score)) rejected.push({ check: 7, reason: `feature ${k} score ${f.score} is outside [0, 1]` });
  const texts = [
    output.merge_rationale,
    output.why_not_merge,
    ...Object.values(output.feature_scores).map((f) => f.reason),
  ];
  const years = inventedYears(texts, inputText);
  if (years.length)
    rejected.push({
      check: 3,
      reason: `the reasoning cites year(s) ${years.join(', ')}, which neither record contains`,
    });
  const names = inventedProperNames(texts, wordSet(inputText));
  if (names.length)
    rejected.push({
      check: 4,
      reason: `the reasoning names ${names.map((n) => `"${n}"`).join(', ')}, which neither record contains`,
    });
  const urls = fabricatedUrls(texts, inputText);
  if (urls.length) rejected.push({ check: 8, reason: `URL not in the input: ${urls[0]}` });
  return rejected;
}

// ───────────────────────── conflicts (seed 001 §3.4, §5.4) ─────────────────────────

export function checkConflictAnalysis(output: ConflictOutput, conflict: Conflict, inputText: string): Rejection[] {
  const rejected: Rejection[] = [];
  const values = conflict.competing.map((c) => foldWord(c.value).trim());
  if (!values.includes(foldWord(output.recommended_value).trim())) {
    rejected.push({
      check: 10,
      reason: `recommended "${short(output.recommended_value, 40)}" is none of the competing values (${conflict.competing.map((c) => c.value).join(' | ')})`,
    });
  }
  if (!output.preserve_alternatives)
    rejected.push({ check: 10, reason: 'the analysis would discard the competing assertions' });
  const badIndex = output.evidence_ranking.find((r) => r.claim_index < 0 || r.claim_index >= conflict.competing.length);
  if (badIndex) rejected.push({ check: 10, reason: `ranks claim #${badIndex.claim_index}, which does not exist` });
  if (!inUnit(output.confidence))
    rejected.push({ check: 7, reason: `confidence ${output.confidence} is outside [0, 1]` });
  const texts = [output.analysis, ...output.next_actions, ...output.evidence_ranking.map((r) => r.reason)];
  const years = inventedYears(texts, inputText);
  if (years.length)
    rejected.push({
      check: 3,
      reason: `the analysis cites year(s) ${years.join(', ')}, which no competing claim contains`,
    });
  const names = inventedProperNames(
    [output.analysis, ...output.evidence_ranking.map((r) => r.reason)],
    wordSet(inputText),
  );
  if (names.length)
    rejected.push({
      check: 4,
      reason: `the analysis names ${names.map((n) => `"${n}"`).join(', ')}, which no competing claim contains`,
    });
  const urls = fabricatedUrls(texts, inputText);
  if (urls.length) rejected.push({ check: 8, reason: `URL not in the input: ${urls[0]}` });
  return rejected;
}

// ───────────────────────── the Validator (seed 004) ─────────────────────────

/**
 * A model Validator's verdicts that may stand: on an item it was given (check 8), and, when it holds
 * one back, quoting that item's own evidence (check 2) without inventing years or names (checks 3, 4).
 * Passes are dropped: only the rules promote.
 */
export function checkValidation(
  output: ValidatorOutput,
  items: readonly ValidationItem[],
): { held: Map<string, string>; rejected: Rejection[] } {
  const byId = new Map(items.map((i) => [i.id, i]));
  const held = new Map<string, string>();
  const rejected: Rejection[] = [];
  for (const v of output.verdicts) {
    if (v.verdict === 'pass') continue;
    const item = byId.get(v.item.trim());
    if (!item) {
      rejected.push({ check: 8, reason: `verdict on "${short(v.item, 40)}", which is not an item given` });
      continue;
    }
    const text = [item.label, ...item.evidence.map((e) => e.snippet)].join('\n');
    if (!v.quote || !item.evidence.some((e) => containsVerbatim(e.snippet, v.quote!))) {
      rejected.push({ check: 2, reason: `${item.id}: the verdict quotes no words of its evidence` });
      continue;
    }
    const years = inventedYears([v.reason], text);
    if (years.length) {
      rejected.push({
        check: 3,
        reason: `${item.id}: the reason cites year(s) ${years.join(', ')}, not in its evidence`,
      });
      continue;
    }
    const names = inventedProperNames([v.reason], wordSet(text));
    if (names.length) {
      rejected.push({
        check: 4,
        reason: `${item.id}: the reason names ${names.map((n) => `"${n}"`).join(', ')}, not in its evidence`,
      });
      continue;
    }
    held.set(item.id, v.reason);
  }
  return { held, rejected };
}
