/**
 * What every plugin connector shares: the Censor's ToS gate before each action, credentials added
 * to requests (never to logs), one SOURCE_ACCESS entry per HTTP request with its response time,
 * records validated as RawRecord, partial results kept when a follow-up request fails, and one
 * broadened retry ("revisit") when a narrow query finds nothing.
 */
import { checkSourceAccess, tosLogEntry } from '../agents/censor/tos';
import type { ConnectorContext, SearchOutcome, SourceConnector } from '../engine/ports';
import { RawRecord, type SearchQuery, type Tier } from '../model';
import type { Access, HttpClient, RequestOptions } from './http/client';
import { SourceError } from './http/errors';
import { endpointUrl, type Endpoint, type SourceAction, type SourcePlugin } from './plugin';

/** What a page request accepts unless its endpoint says otherwise. */
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** A credential resolved at load time; only its value is secret. */
export interface Credential {
  value: string;
}

/** Per-search helper given to connector implementations. */
export class SearchCall {
  readonly trace: Access[] = [];
  private readonly checked = new Map<string, boolean>();

  constructor(
    readonly plugin: SourcePlugin,
    private readonly http: HttpClient,
    private readonly ctx: ConnectorContext,
    private readonly credential?: Credential,
  ) {}

  get signal(): AbortSignal | undefined {
    return this.ctx.signal;
  }

  log: ConnectorContext['log'] = (entry) => this.ctx.log(entry);

  /** The Censor's gate, logged once per action and search. Throws SourceError('tos') when denied. */
  permit(action: SourceAction): void {
    let allowed = this.checked.get(action);
    if (allowed === undefined) {
      const decision = checkSourceAccess(this.plugin, action);
      this.ctx.log(tosLogEntry(this.plugin, action, decision));
      this.checked.set(action, (allowed = decision.allowed));
      if (!allowed) throw new SourceError(this.plugin.plugin_id, 'tos', decision.reason);
    }
    if (!allowed)
      throw new SourceError(this.plugin.plugin_id, 'tos', `Action prohibited by ToS: ${this.plugin.plugin_id}`);
  }

  url(endpoint: Pick<Endpoint, 'path'>, suffix = ''): URL {
    const u = endpointUrl(this.plugin, endpoint);
    if (suffix) u.pathname = `${u.pathname.replace(/\/$/, '')}/${suffix.replace(/^\//, '')}`;
    return u;
  }

  private withAuth(opts: RequestOptions): RequestOptions {
    const auth = this.plugin.auth;
    const params = { ...opts.params };
    const headers = { ...opts.headers };
    const secrets: string[] = [];
    const secretParams: string[] = [];
    if (this.credential) {
      if (auth.param) {
        params[auth.param] = this.credential.value;
        // An app id is not a secret (WikiTree documents it as an identifier); keys and tokens are.
        if (auth.type !== 'app_id') {
          secretParams.push(auth.param);
          secrets.push(this.credential.value);
        }
      }
      if (auth.header) {
        headers[auth.header] =
          auth.type === 'oauth_token' && auth.header.toLowerCase() === 'authorization'
            ? `Bearer ${this.credential.value}`
            : this.credential.value;
        secrets.push(this.credential.value);
      }
    }
    return {
      ...opts,
      params,
      headers,
      secrets,
      secretParams,
      trace: this.trace,
      log: (entry) => this.ctx.log(entry),
      signal: this.ctx.signal,
    };
  }

  /** A JSON request for `action` (ToS-gated) to an endpoint of the plugin, with its fixed params. */
  async json(
    action: SourceAction,
    endpoint: Endpoint,
    opts: RequestOptions & { suffix?: string } = {},
  ): Promise<unknown> {
    this.permit(action);
    const url = this.url(endpoint, opts.suffix);
    const { data } = await this.http.json(
      this.plugin,
      url,
      this.withAuth({
        accept: endpoint.accept,
        method: endpoint.method,
        ...opts,
        params: { ...endpoint.params, ...opts.params },
      }),
    );
    return data;
  }

  /**
   * A web page for `action`: a page made for people, read by program, so the Censor must allow
   * `scrape` as well as the action. An answer that says it is not HTML (JSON, an image) is
   * 'malformed', never cached; relative links of the page resolve against `url`.
   */
  async page(
    action: SourceAction,
    endpoint: Endpoint,
    opts: RequestOptions & { suffix?: string } = {},
  ): Promise<{ body: string; url: string; contentType?: string }> {
    this.permit(action);
    this.permit('scrape');
    const url = this.url(endpoint, opts.suffix);
    const result = await this.http.request(
      this.plugin,
      url,
      this.withAuth({
        accept: endpoint.accept ?? HTML_ACCEPT,
        method: endpoint.method,
        ...opts,
        params: { ...endpoint.params, ...opts.params },
        validate: (body, contentType) => {
          if (contentType && !/html|xml|text\/plain/i.test(contentType))
            throw new Error(`the answer is ${contentType.split(';')[0]}, not an HTML page`);
          opts.validate?.(body, contentType);
        },
      }),
    );
    return { body: result.body, url: result.url, contentType: result.contentType };
  }

  /** Like json, but a failed follow-up request yields undefined: what was found is kept. */
  async optional(
    action: SourceAction,
    endpoint: Endpoint,
    opts: RequestOptions & { suffix?: string } = {},
  ): Promise<unknown> {
    try {
      return await this.json(action, endpoint, opts);
    } catch (e) {
      if (this.ctx.signal?.aborted || !(e instanceof SourceError)) throw e;
      // Already logged as a failed access; an open circuit fails fast, so carrying on costs nothing.
      return undefined;
    }
  }
}

export interface RecordDraft extends Omit<
  RawRecord,
  'sourceId' | 'tier' | 'repository' | 'sourceType' | 'informationType' | 'persons' | 'text' | 'recordType'
> {
  recordType?: RawRecord['recordType'];
  repository?: string;
  sourceType?: RawRecord['sourceType'];
  informationType?: RawRecord['informationType'];
  persons?: RawRecord['persons'];
  text?: string;
}

export abstract class PluginConnector implements SourceConnector {
  readonly id: string;
  readonly displayName: string;
  readonly tier: Tier;

  constructor(
    readonly plugin: SourcePlugin,
    protected readonly http: HttpClient,
    protected readonly credential?: Credential,
  ) {
    this.id = plugin.plugin_id;
    this.displayName = plugin.display_name;
    this.tier = plugin.tier;
  }

  /** Runs one search; returns the records found so far even when a later request fails. */
  protected abstract run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void>;

  /** A broader query to try once when `query` found nothing, or undefined. */
  protected broaden(query: SearchQuery): SearchQuery | undefined {
    if (query.place || query.deathYear) {
      const { place: _p, deathYear: _d, ...rest } = query;
      return rest;
    }
    return undefined;
  }

  private skipped: string[] = [];

  /**
   * Fills plugin-level fields (tier, repository, Mills classification) and validates. An item the
   * model rejects is skipped (and logged), never allowed to sink the other results.
   */
  protected record(draft: RecordDraft): RawRecord | undefined {
    const r = this.plugin.reliability;
    const parsed = RawRecord.safeParse({
      repository: this.plugin.display_name,
      sourceType: r.source_class,
      informationType: r.information,
      ...draft,
      sourceId: this.id,
      tier: this.tier,
    });
    if (parsed.success) return parsed.data;
    return this.skip(
      `${draft.title || draft.externalId || '(untitled)'}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }

  /** An item left out, logged with why when the search finishes. */
  protected skip(why: string): undefined {
    this.skipped.push(why);
    return undefined;
  }

  protected keep(found: RawRecord[], record: RawRecord | undefined): void {
    if (record) found.push(record);
  }

  async search(query: SearchQuery, ctx: ConnectorContext): Promise<SearchOutcome> {
    const first = await this.attempt(query, ctx);
    if (first.records.length || first.error) return this.finish(first);
    const wider = this.broaden(query);
    if (!wider) return this.finish(first);
    ctx.log({
      actionType: 'revisit',
      agent: 'Scout',
      source: this.id,
      revisitReason: ['Previous search parameters too narrow'],
      improvedQuery: JSON.stringify(wider),
      rationale: `no result for ${JSON.stringify(query)}; retrying without place and death year`,
      context: '',
    });
    const second = await this.attempt(wider, ctx);
    return this.finish({ ...second, trace: [...first.trace, ...second.trace] });
  }

  private async attempt(
    query: SearchQuery,
    ctx: ConnectorContext,
  ): Promise<{ records: RawRecord[]; trace: Access[]; error?: unknown }> {
    const call = new SearchCall(this.plugin, this.http, ctx, this.credential);
    const records: RawRecord[] = [];
    let error: unknown;
    try {
      call.permit('search');
      await this.run(query, call, records);
    } catch (e) {
      error = e;
    }
    for (const why of this.skipped.splice(0)) {
      ctx.log({
        actionType: 'error',
        agent: 'Scout',
        message: `${this.id}: skipped an item the record model rejects — ${why}`,
        rationale: 'one bad item does not sink the others',
        context: '',
      });
    }
    // One SOURCE_ACCESS per request; the records are counted on the last successful one.
    const lastOk = call.trace.map((a) => a.success).lastIndexOf(true);
    call.trace.forEach((a, i) =>
      ctx.log({
        actionType: 'source_access',
        agent: 'Scout',
        source: this.id,
        tier: this.tier,
        url: a.url,
        success: a.success,
        failureReason: a.failureReason,
        responseTimeMs: a.responseTimeMs,
        recordCount: i === lastOk ? records.length : 0,
        cached: a.cached,
        rationale: '',
        context: a.status ? `HTTP ${a.status}` : '',
      }),
    );
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the request threw, as caught (unknown, narrowed to {} by the check)
    if (error && ctx.signal?.aborted) throw error;
    return { records, trace: call.trace, error: records.length ? undefined : error };
  }

  private finish(r: { records: RawRecord[]; trace: Access[]; error?: unknown }): SearchOutcome {
    // Nothing found and a failure: the caller learns why (already logged). Partial finds are kept.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the search's failure as caught (unknown, narrowed to {} by the check)
    if (r.error) throw r.error;
    const last = [...r.trace].reverse().find((a) => a.success);
    return {
      records: r.records,
      url: last?.url,
      responseTimeMs: r.trace.reduce((s, a) => s + a.responseTimeMs, 0),
      cached: r.trace.length > 0 && r.trace.every((a) => a.cached || a.url.endsWith('/robots.txt')),
    };
  }
}
