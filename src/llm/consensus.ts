/**
 * Optional multi-agent consensus (seed 002, Winterfox "dispatch_with_synthesis"): several models
 * extract from the same record in parallel, each through its own firewall, and a synthesiser groups
 * their findings. A value that several models found independently gets the compounded confidence
 * 1 − ∏(1 − cᵢ); a value only one model found keeps 0.7 × c (the single-source discount). Values the
 * models disagree on are all preserved: the majority value is the field, the others become clues.
 * The synthesis is deterministic (grouping by name and value), so it adds no model cost and cannot
 * itself hallucinate.
 */
import type { ExtractionResult, GroundedPersona, RecordExtractor } from '../engine/agents';
import { Persona, type SourceRecord } from '../model';
import { foldWord } from './firewall/grounding';

export const SINGLE_SOURCE_DISCOUNT = 0.7;

/** Independent confirmations: P(at least one is right) = 1 − ∏(1 − cᵢ). */
export function compoundConfidence(confidences: readonly number[]): number {
  return 1 - confidences.reduce((p, c) => p * (1 - Math.min(1, Math.max(0, c))), 1);
}

/** Seed 002 merge rule: a finding confirmed by n ≥ 2 independent agents compounds; one alone is discounted. */
export function consensusConfidence(confidences: readonly number[]): number {
  if (confidences.length === 0) return 0;
  return confidences.length === 1 ? confidences[0] * SINGLE_SOURCE_DISCOUNT : compoundConfidence(confidences);
}

const norm = (v: unknown) => foldWord(String(v)).replace(/\s+/g, ' ').trim();

interface Support {
  value: unknown;
  snippet?: string;
  agents: Set<number>;
  confidences: number[];
}

export interface ConsensusReport {
  agents: number;
  groups: { name: string; supportedBy: number; confidence: number }[];
}

export function synthesise(results: ExtractionResult[]): ExtractionResult & { report: ConsensusReport } {
  const groups = new Map<string, { fields: Map<string, Map<string, Support>>; confidences: Map<number, number> }>();
  // Deterministic personas are the same input to every model, not independent findings: passed through once.
  const passThrough = new Map<string, GroundedPersona>();
  results.forEach((r, agent) => {
    for (const gp of r.personas) {
      if (gp.method !== 'llm') {
        passThrough.set(JSON.stringify(gp.persona), gp);
        continue;
      }
      const key = norm(gp.persona.name);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { fields: new Map(), confidences: new Map() }));
      g.confidences.set(agent, Math.max(g.confidences.get(agent) ?? 0, gp.confidence));
      for (const [field, value] of Object.entries(gp.persona)) {
        if (value === undefined || value === null || typeof value === 'object') continue;
        let byValue = g.fields.get(field);
        if (!byValue) g.fields.set(field, (byValue = new Map<string, Support>()));
        const vk = norm(value);
        let s = byValue.get(vk);
        if (!s) byValue.set(vk, (s = { value, snippet: gp.snippets[field], agents: new Set(), confidences: [] }));
        if (!s.agents.has(agent)) {
          s.agents.add(agent);
          s.confidences.push(gp.confidence);
        }
        s.snippet ??= gp.snippets[field];
      }
    }
  });

  const personas: GroundedPersona[] = [...passThrough.values()];
  const hypotheses: ExtractionResult['hypotheses'] = results.flatMap((r) => r.hypotheses);
  const report: ConsensusReport = { agents: results.length, groups: [] };
  for (const g of groups.values()) {
    const values: Record<string, unknown> = {};
    const snippets: Record<string, string> = {};
    for (const [field, byValue] of g.fields) {
      const ranked = [...byValue.values()].sort(
        (a, b) =>
          b.agents.size - a.agents.size || compoundConfidence(b.confidences) - compoundConfidence(a.confidences),
      );
      const [best, ...others] = ranked;
      values[field] = best.value;
      if (best.snippet) snippets[field] = best.snippet;
      for (const o of others) {
        hypotheses.push({
          type: 'resolve_conflict',
          text: `Models disagree on ${field} of ${String(values.name ?? best.value)}: "${String(best.value)}" (${best.agents.size} model(s)) versus "${String(o.value)}" (${o.agents.size})`,
          priority: Math.min(0.9, consensusConfidence(o.confidences)),
          suggestedQueries: [],
        });
      }
    }
    const parsed = Persona.safeParse(values);
    if (!parsed.success) continue;
    const confidence = consensusConfidence([...g.confidences.values()]);
    personas.push({ persona: parsed.data, snippets, confidence, method: 'llm' });
    report.groups.push({ name: String(values.name), supportedBy: g.confidences.size, confidence });
  }
  const seen = new Set<string>();
  const distinct = hypotheses.filter((h) => (seen.has(h.text) ? false : (seen.add(h.text), true)));
  return { personas, hypotheses: distinct, rejected: results.flatMap((r) => r.rejected), report };
}

/** Runs several extractors (one per model) on the same record in parallel and synthesises them. */
export class ConsensusExtractor implements RecordExtractor {
  readonly kind = 'llm' as const;
  lastReport: ConsensusReport | undefined;

  constructor(private readonly extractors: RecordExtractor[]) {
    if (extractors.length < 2) throw new Error('consensus needs at least two extractors');
  }

  async extract(record: SourceRecord, signal?: AbortSignal): Promise<ExtractionResult> {
    const settled = await Promise.allSettled(this.extractors.map((e) => e.extract(record, signal)));
    const results = settled
      .filter((s): s is PromiseFulfilledResult<ExtractionResult> => s.status === 'fulfilled')
      .map((s) => s.value);
    if (!results.length) throw (settled[0] as PromiseRejectedResult).reason;
    const { report, ...merged } = synthesise(results);
    this.lastReport = report;
    return merged;
  }
}
