/**
 * Per-model prices in USD per million tokens: Anthropic's published list prices as of November 2025
 * (anthropic.com/pricing; not re-checkable offline — update this table when prices change). Prompt
 * caching: a 5-minute cache write costs 1.25× the input price, a cache read 0.1×. Server-side web
 * search costs $10 per 1,000 searches on top of tokens. Model ids with a date suffix
 * ("claude-sonnet-4-5-20250929") match their family by longest prefix (so a newer point release such
 * as "claude-sonnet-4-6" is priced as the Sonnet 4 family); a model of no known family is priced at
 * the most expensive known rate, so a budget can only be reached early, never overrun.
 */
export interface ModelPrice {
  input: number;
  output: number;
}

export const PRICES_AS_OF = '2025-11';

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-opus-4': { input: 15, output: 75 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
};

export const CACHE_WRITE_MULTIPLIER = 1.25;
export const CACHE_READ_MULTIPLIER = 0.1;
export const WEB_SEARCH_USD = 10 / 1000;

const MOST_EXPENSIVE: ModelPrice = Object.values(MODEL_PRICES).reduce((a, b) => (b.output > a.output ? b : a));

export function priceOf(
  model: string,
  table: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): { price: ModelPrice; known: boolean } {
  const key = Object.keys(table)
    .filter((k) => model === k || model.startsWith(`${k}-`))
    .sort((a, b) => b.length - a.length)[0];
  return key ? { price: table[key], known: true } : { price: MOST_EXPENSIVE, known: false };
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  webSearches: number;
}

export function costOf(model: string, u: TokenUsage, table?: Readonly<Record<string, ModelPrice>>): number {
  const { price } = priceOf(model, table);
  const perToken =
    u.inputTokens * price.input +
    u.cacheWriteTokens * price.input * CACHE_WRITE_MULTIPLIER +
    u.cacheReadTokens * price.input * CACHE_READ_MULTIPLIER +
    u.outputTokens * price.output;
  return perToken / 1_000_000 + u.webSearches * WEB_SEARCH_USD;
}
