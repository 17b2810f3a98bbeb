/**
 * The Scout's optional web search through Anthropic's server-side tool (web_search_20250305), only
 * when case.yaml llm.webSearch allows it. What the model says is never evidence: only the verbatim
 * `cited_text` passages of the pages it found are captured, one record per page, and they go through
 * capture, extraction and the firewall like any other source. Pages nothing was quoted from are
 * dropped (nothing verbatim to ground a fact on).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ConnectorContext, SearchOutcome, SourceConnector } from '../engine/ports';
import { type CaseConfig, RawRecord, type SearchQuery } from '../model';
import type { LlmGateway } from './gateway';
import { LlmError, type LlmMessage } from './port';

export const WEB_SEARCH_SYSTEM = `You are the Scout of a genealogical research system. Search the web for records about the person described and quote, with citations, the passages of each page that concern them (names, dates, places, relationships). Do not summarise beyond the quoted passages and do not guess.`;

/** Continuations allowed when the API pauses a long server-tool turn (stop_reason "pause_turn"). */
const MAX_CONTINUATIONS = 2;

export function describeQuery(q: SearchQuery): string {
  const name = q.name ?? [q.given, q.surname].filter(Boolean).join(' ');
  return [
    name && `Name: ${name}`,
    q.birthYear !== undefined && `Born about ${q.birthYear}`,
    q.deathYear !== undefined && `Died about ${q.deathYear}`,
    q.place && `Place: ${q.place}`,
    q.recordTypes?.length && `Record types: ${q.recordTypes.join(', ')}`,
    q.text && `Also: ${q.text}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Pages found and the passages cited from each, from one or more response messages. */
export function citedPages(
  messages: LlmMessage[],
): { url: string; title: string; pageAge?: string; passages: string[] }[] {
  const pages = new Map<string, { url: string; title: string; pageAge?: string; passages: string[] }>();
  for (const m of messages) {
    for (const block of m.content) {
      if (block.type === 'web_search_tool_result' && Array.isArray((block as { content?: unknown }).content)) {
        for (const r of (block as { content: { url: string; title: string; page_age?: string | null }[] }).content) {
          if (!pages.has(r.url))
            pages.set(r.url, {
              url: r.url,
              title: r.title,
              ...(r.page_age ? { pageAge: r.page_age } : {}),
              passages: [],
            });
        }
      }
    }
    for (const block of m.content) {
      if (block.type !== 'text') continue;
      for (const c of (
        block as { citations?: { type: string; url?: string; cited_text?: string; title?: string | null }[] | null }
      ).citations ?? []) {
        if (c.type !== 'web_search_result_location' || !c.url || !c.cited_text) continue;
        const page = pages.get(c.url) ?? { url: c.url, title: c.title ?? c.url, passages: [] };
        pages.set(c.url, page);
        if (!page.passages.includes(c.cited_text)) page.passages.push(c.cited_text);
      }
    }
  }
  return [...pages.values()];
}

export class ClaudeWebSearchConnector implements SourceConnector {
  readonly id = 'claude-web-search';
  readonly displayName = 'Web search (Claude server tool)';
  readonly tier = 0 as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly config: CaseConfig,
    private readonly opts: { maxUses?: number; model?: string } = {},
  ) {}

  async search(query: SearchQuery, ctx: ConnectorContext): Promise<SearchOutcome> {
    const started = Date.now();
    if (!this.config.llm.webSearch) {
      ctx.log({
        actionType: 'compliance',
        agent: 'Censor',
        check: 'tos',
        subject: this.id,
        allowed: false,
        reason: 'web search is off (case.yaml llm.webSearch)',
        rationale: '',
        context: '',
      });
      return { records: [], responseTimeMs: 0 };
    }
    const maxUses = this.opts.maxUses ?? 3;
    const tool: Anthropic.WebSearchTool20250305 = {
      type: 'web_search_20250305',
      name: 'web_search',
      max_uses: maxUses,
    };
    const user = `Find genealogical records for:\n${describeQuery(query)}`;
    const messages: LlmMessage[] = [];
    const continuation: Anthropic.MessageParam[] = [];
    for (let turn = 0; turn <= MAX_CONTINUATIONS; turn++) {
      let reply;
      try {
        reply = await this.gateway.call({
          purpose: `web search: ${describeQuery(query).split('\n')[0] ?? ''}`,
          role: 'research',
          agent: 'Scout',
          system: WEB_SEARCH_SYSTEM,
          user,
          tools: [tool],
          continuation: [...continuation],
          maxWebSearches: maxUses,
          model: this.opts.model,
          signal: ctx.signal,
        });
      } catch (err) {
        if (err instanceof LlmError && err.kind !== 'aborted' && messages.length) break; // keep what earlier turns found
        throw err;
      }
      messages.push(reply.message);
      if (reply.message.stop_reason !== 'pause_turn') break;
      continuation.push({ role: 'assistant', content: reply.message.content as Anthropic.ContentBlockParam[] });
    }
    const records: RawRecord[] = [];
    for (const page of citedPages(messages)) {
      if (!page.passages.length) continue;
      let repository: string;
      try {
        repository = new URL(page.url).hostname;
      } catch {
        continue; // not a URL: nothing to cite
      }
      records.push(
        RawRecord.parse({
          title: page.title || page.url,
          recordType: 'other',
          repository,
          // Web pages are compiled by someone: Mills "authored", the lowest evidence weight.
          sourceType: 'authored',
          url: page.url,
          sourceId: this.id,
          tier: 0,
          text: page.passages.join('\n…\n'),
        }),
      );
    }
    return { records, url: 'anthropic:web_search_20250305', responseTimeMs: Date.now() - started };
  }
}
