/**
 * Seed 002 cost tracking: tokens and USD per call, per role (Lead strategy versus research work), per
 * cycle and per run; and the USD/token budget of case.yaml as a hard limit. A call is only made when
 * its worst case (the prompt at ~3 characters a token, or the densest ratio seen so far, and the full
 * max_tokens of output) still fits, so a run ends within its budget instead of one call past it. The engine reads costUsd()/tokens().
 */
import { costOf, priceOf, type ModelPrice, type TokenUsage, WEB_SEARCH_USD } from './pricing';

export type LlmRole = 'lead' | 'research';

export interface MeteredCall extends TokenUsage {
  model: string;
  role: LlmRole;
  purpose: string;
  cycle: number;
  costUsd: number;
  tokens: number;
  promptChars: number;
}

export interface Totals {
  calls: number;
  tokens: number;
  costUsd: number;
}

/** Characters per token assumed when estimating a prompt before sending it (English averages ~4). */
export const CHARS_PER_TOKEN_ESTIMATE = 3;
/** Below this many output tokens a call is not worth making. */
export const MIN_USEFUL_OUTPUT_TOKENS = 256;

export class CostMeter {
  private readonly log: MeteredCall[] = [];
  private currentCycle = 0;
  private exhaustedReason: string | undefined;
  /** Input tokens per prompt character: starts at the conservative estimate, then the worst seen. */
  private tokensPerChar = 1 / CHARS_PER_TOKEN_ESTIMATE;

  constructor(
    readonly budget: { maxUsd: number; maxTokens: number },
    private readonly prices?: Readonly<Record<string, ModelPrice>>,
  ) {}

  setCycle(cycle: number): void {
    this.currentCycle = cycle;
  }

  get cycle(): number {
    return this.currentCycle;
  }

  costUsd(): number {
    return this.log.reduce((s, c) => s + c.costUsd, 0);
  }

  tokens(): number {
    return this.log.reduce((s, c) => s + c.tokens, 0);
  }

  calls(): readonly MeteredCall[] {
    return this.log;
  }

  /** Set once a call was refused for lack of budget; the run should end. */
  exhausted(): string | undefined {
    return this.exhaustedReason;
  }

  knownPrice(model: string): boolean {
    return priceOf(model, this.prices).known;
  }

  /**
   * How many output tokens the next call may request so that, at worst, it stays within budget; 0
   * when it cannot be afforded (the meter then reports itself exhausted).
   */
  affordableOutputTokens(model: string, promptChars: number, wantedOutput: number, maxWebSearches = 0): number {
    const { price } = priceOf(model, this.prices);
    const inputTokens = Math.ceil(promptChars * this.tokensPerChar);
    const usdLeft =
      this.budget.maxUsd - this.costUsd() - maxWebSearches * WEB_SEARCH_USD - (inputTokens * price.input) / 1_000_000;
    const tokensLeft = this.budget.maxTokens - this.tokens() - inputTokens;
    const byUsd = Math.floor((usdLeft * 1_000_000) / price.output);
    const allowed = Math.min(wantedOutput, byUsd, tokensLeft);
    if (allowed < Math.min(MIN_USEFUL_OUTPUT_TOKENS, wantedOutput)) {
      this.exhaustedReason ??= `LLM budget exhausted: $${this.costUsd().toFixed(4)} of $${this.budget.maxUsd} and ${this.tokens()} of ${this.budget.maxTokens} tokens used; the next call (~${inputTokens} input tokens) would exceed it`;
      return 0;
    }
    return allowed;
  }

  record(call: Omit<MeteredCall, 'costUsd' | 'tokens' | 'cycle'> & { cycle?: number }): MeteredCall {
    const entry: MeteredCall = {
      ...call,
      cycle: call.cycle ?? this.currentCycle,
      costUsd: costOf(call.model, call, this.prices),
      tokens: call.inputTokens + call.outputTokens + call.cacheReadTokens + call.cacheWriteTokens,
    };
    this.log.push(entry);
    const input = call.inputTokens + call.cacheReadTokens + call.cacheWriteTokens;
    if (call.promptChars > 0) this.tokensPerChar = Math.max(this.tokensPerChar, input / call.promptChars);
    return entry;
  }

  private totals(filter: (c: MeteredCall) => boolean): Totals {
    const sel = this.log.filter(filter);
    return {
      calls: sel.length,
      tokens: sel.reduce((s, c) => s + c.tokens, 0),
      costUsd: sel.reduce((s, c) => s + c.costUsd, 0),
    };
  }

  byRole(): Record<LlmRole, Totals> {
    return { lead: this.totals((c) => c.role === 'lead'), research: this.totals((c) => c.role === 'research') };
  }

  byCycle(): { cycle: number; lead: Totals; research: Totals }[] {
    const cycles = [...new Set(this.log.map((c) => c.cycle))].sort((a, b) => a - b);
    return cycles.map((cycle) => ({
      cycle,
      lead: this.totals((c) => c.cycle === cycle && c.role === 'lead'),
      research: this.totals((c) => c.cycle === cycle && c.role === 'research'),
    }));
  }

  /** A "Cost" section for summary.md. */
  reportMarkdown(): string {
    const usd = (n: number) => `$${n.toFixed(4)}`;
    const role = this.byRole();
    const lines = [
      '## Model cost',
      '',
      `Run total: ${usd(this.costUsd())} of ${usd(this.budget.maxUsd)} budget; ${this.tokens()} of ${this.budget.maxTokens} tokens; ${this.log.length} call(s).`,
      '',
      '| | calls | tokens | USD |',
      '|---|---:|---:|---:|',
      `| Lead (planning) | ${role.lead.calls} | ${role.lead.tokens} | ${usd(role.lead.costUsd)} |`,
      `| Research (extraction, verification, adjudication, conflicts, web search) | ${role.research.calls} | ${role.research.tokens} | ${usd(role.research.costUsd)} |`,
    ];
    const cycles = this.byCycle();
    if (cycles.length) {
      lines.push('', '| cycle | lead USD | research USD | tokens |', '|---:|---:|---:|---:|');
      for (const c of cycles)
        lines.push(
          `| ${c.cycle} | ${usd(c.lead.costUsd)} | ${usd(c.research.costUsd)} | ${c.lead.tokens + c.research.tokens} |`,
        );
    }
    if (this.exhaustedReason) lines.push('', `Stopped calling the model: ${this.exhaustedReason}.`);
    return lines.join('\n');
  }
}
