/**
 * The Analyst's extractor and verifier for free-text records (obituaries, newspaper OCR, seed 001
 * §3.2/§5.2). Structured records need no model: the deterministic extractor's result is returned
 * as is. Free text goes to Claude with the deterministic fields to verify; the model may check its
 * quotations with find_in_source first (a bounded tool loop); what comes back passes the firewall
 * field by field, and rejected items are returned in `rejected` and logged.
 */
import type { ExtractionResult, GroundedPersona, RecordExtractor } from '../../engine/agents';
import type { SourceRecord } from '../../model';
import { checkVerification, type Rejection } from '../firewall';
import type { LlmGateway } from '../gateway';
import { VERIFIER_SYSTEM } from '../prompts';
import { VERIFY_TOOL, type VerifierOutput } from '../schemas';
import { askWithTools, isRecoverable, logRejections } from './ask';
import { findInSourceTool } from './source-tools';

/** Raw text sent per record: long OCR pages are cut, which bounds the prompt (snippets are still checked against the whole capture). */
export const MAX_RECORD_CHARS = 12_000;
const FREE_TEXT_TYPES = new Set(['obituary', 'newspaper', 'probate', 'other']);

export function isFreeText(record: SourceRecord): boolean {
  return record.text.trim().length >= 40 && (record.persons.length === 0 || FREE_TEXT_TYPES.has(record.recordType));
}

function structuredOnly(record: SourceRecord): ExtractionResult {
  return {
    personas: record.persons.map((persona): GroundedPersona => ({
      persona,
      snippets: {},
      confidence: 0.8,
      method: 'structured',
    })),
    hypotheses: [],
    rejected: [],
  };
}

export function verificationUserPrompt(record: SourceRecord, extracted: GroundedPersona[]): string {
  const text =
    record.text.length > MAX_RECORD_CHARS
      ? `${record.text.slice(0, MAX_RECORD_CHARS)}\n[… ${record.text.length - MAX_RECORD_CHARS} more characters not shown]`
      : record.text;
  return JSON.stringify(
    {
      url: record.url ?? null,
      title: record.title,
      record_type: record.recordType,
      record_date: record.date ?? null,
      record_place: record.place ?? null,
      raw_text: text,
      extracted_fields: extracted.slice(0, 30).map((p, ref) => ({ ref, ...p.persona, citations: p.snippets })),
    },
    null,
    1,
  );
}

/**
 * The deterministic floor for extraction (issue 14): the firewall judges the model's answer person by
 * person, and a person with any rejected field falls back to the deterministic extraction whole (a
 * model caught fabricating about a person is not trusted on the rest of it); a person only the model
 * found keeps its grounded fields. A verified person keeps the deterministic confidence: the model's own
 * confidence is not evidence and must not accept or stage a fact on its say-so.
 */
export function floorVerification(
  output: VerifierOutput,
  record: SourceRecord,
  extracted: GroundedPersona[],
): { personas: GroundedPersona[]; hypotheses: ExtractionResult['hypotheses']; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const byRef = new Map<number, GroundedPersona>();
  const fallenBack = new Set<number>();
  const found: GroundedPersona[] = [];
  output.persons.forEach((person, i) => {
    const one = checkVerification({ ...output, persons: [person], hypotheses: [] }, { record, extracted });
    rejected.push(...one.rejected.map((r) => ({ ...r, reason: r.reason.replace(/^person 0\b/, `person ${i}`) })));
    const base = person.ref !== null ? extracted[person.ref] : undefined;
    if (person.ref !== null && base) {
      if (one.rejected.length || !one.personas[0] || fallenBack.has(person.ref)) {
        fallenBack.add(person.ref);
        byRef.set(person.ref, base);
      } else if (!byRef.has(person.ref)) byRef.set(person.ref, { ...one.personas[0], confidence: base.confidence });
    } else if (person.ref === null) found.push(...one.personas);
  });
  const hyps = checkVerification({ ...output, persons: [] }, { record, extracted });
  rejected.push(...hyps.rejected);
  return { personas: [...extracted.map((p, i) => byRef.get(i) ?? p), ...found], hypotheses: hyps.hypotheses, rejected };
}

export class LlmRecordExtractor implements RecordExtractor {
  readonly kind = 'llm' as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly opts: {
      fallback?: RecordExtractor;
      model?: string;
      now?: () => Date;
      thresholdYears?: number;
    } = {},
  ) {}

  get model(): string | undefined {
    return this.opts.model;
  }

  async extract(record: SourceRecord, signal?: AbortSignal): Promise<ExtractionResult> {
    const base = this.opts.fallback ? await this.opts.fallback.extract(record, signal) : structuredOnly(record);
    if (!isFreeText(record) || this.gateway.meter.exhausted()) return base;
    const log = this.gateway.log;
    const now = this.opts.now?.() ?? new Date();
    const recordYear = Number.parseInt(record.date?.match(/\b(\d{4})\b/)?.[1] ?? '', 10);
    // A record from within the living threshold (a modern obituary) names living survivors.
    const modern =
      !Number.isFinite(recordYear) || recordYear > now.getUTCFullYear() - (this.opts.thresholdYears ?? 100);
    let answer;
    try {
      answer = await askWithTools(
        this.gateway,
        {
          purpose: `verify ${record.id}`,
          role: 'research',
          agent: 'Analyst',
          system: VERIFIER_SYSTEM,
          user: verificationUserPrompt(record, base.personas),
          model: this.opts.model,
          aboutLiving: modern,
          signal,
        },
        VERIFY_TOOL,
        [findInSourceTool(record)],
      );
    } catch (err) {
      if (!isRecoverable(err)) throw err;
      if (err.kind === 'invalid_response')
        log({
          actionType: 'error',
          agent: 'Analyst',
          message: `verifier output unusable for ${record.id}: ${err.message}`,
          rationale: 'kept the deterministic extraction',
          context: record.id,
        });
      return base;
    }
    const verified = floorVerification(answer.output, record, base.personas);
    logRejections(log, 'Analyst', verified.rejected, record.id, this.gateway.meter.cycle);
    // What the deterministic reading states between the personas (keys, relations, the words that
    // write an inferred surname) stays: the model verifies persons, it does not restate the record.
    const personas = verified.personas.map((p, i) => {
      const b = base.personas[i];
      if (!b || i >= base.personas.length) return p;
      const snippets =
        b.snippets.surname && !p.snippets.surname ? { ...p.snippets, surname: b.snippets.surname } : p.snippets;
      return { ...p, snippets, ...(b.key && !p.key ? { key: b.key } : {}) };
    });
    return {
      ...(base.relations ? { relations: base.relations } : {}),
      ...(base.events ? { events: base.events } : {}),
      personas,
      hypotheses: [...base.hypotheses, ...verified.hypotheses],
      rejected: [...base.rejected, ...verified.rejected],
    };
  }
}
