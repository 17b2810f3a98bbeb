/**
 * The one HTTP client every source goes through. Per source: a token-bucket rate limit
 * (bottleneck) with the plugin's rate and burst, robots.txt, the response cache, retries with
 * exponential backoff that honour Retry-After (a 429 pauses the whole source), a circuit breaker,
 * timeouts and a descriptive User-Agent. Every attempt is recorded as an Access so the connector
 * can log it as a SOURCE_ACCESS entry with its response time; URLs are always redacted.
 */
import Bottleneck from 'bottleneck';
import type { Clock } from '../../engine/ports';
import { systemClock } from '../../engine/ports';
import type { NewLogEntry } from '../../model';
import type { SourcePlugin } from '../plugin';
import { type BoundedAnswer, BoundedFetchError, boundedFetch } from './bounded-fetch';
import { CircuitBreaker, type BreakerState } from './breaker';
import { cacheKey, type HttpCache, type MonthlyCounter } from './cache';
import { refuseRedirect } from './declared-hosts';
import { SourceError } from './errors';
import { redactUrl, scrubSecrets } from './redact';
import { backoffMs, parseRetryAfter } from './retry-after';
import { parseRobots, robotsAgent, type RobotsRules } from './robots';

export interface HttpClientOptions {
  userAgent: string;
  clock?: Clock;
  cache?: HttpCache;
  /** Counts requests for plugins with a monthly quota (memory-only when absent). */
  quota?: MonthlyCounter;
  /** Per attempt, redirects, headers and body included (the plugin's http.request_timeout_seconds bounds the sum). */
  timeoutMs?: number;
  /** Retries after the first attempt (5xx, 429, network errors, timeouts). */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this marks the source unavailable instead of waiting. */
  maxRetryAfterMs?: number;
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
}

/** One request as it went out, for the SOURCE_ACCESS log. */
export interface Access {
  url: string;
  success: boolean;
  status?: number;
  failureReason?: string;
  responseTimeMs: number;
  cached: boolean;
  /** Body bytes read (decompressed), also when the answer was cut for its size. */
  bytes?: number;
}

export interface RequestOptions {
  /** Arrays repeat the parameter (Internet Archive's fl[]). */
  params?: Record<string, string | number | boolean | undefined | readonly string[]>;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Form body for POST (WDQS accepts long SPARQL as a form). */
  form?: Record<string, string>;
  accept?: string;
  signal?: AbortSignal;
  /** Compliance and error entries (robots, Retry-After waits, circuit opened). */
  log?: (entry: NewLogEntry) => void;
  /** Every attempt is appended here. */
  trace?: Access[];
  /** Credential values to scrub from any message that could reach a log. */
  secrets?: readonly string[];
  /** Query parameters that carry credentials (redacted from logged URLs). */
  secretParams?: readonly string[];
  /** Throws when the body (or its Content-Type) is not what the source documents: not cached, not retried. */
  validate?: (body: string, contentType?: string) => void;
  /** json(): the connector's schema of the answer; only an answer it accepts is cached. */
  shape?: {
    safeParse(
      data: unknown,
    ):
      | { success: true }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
  cacheable?: boolean;
}

export interface HttpResult {
  status: number;
  body: string;
  contentType?: string;
  /** Redacted; the URL actually read, after redirects. */
  url: string;
  responseTimeMs: number;
  cached: boolean;
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

class SourceState {
  readonly limiter: Bottleneck;
  /** One breaker per host of the source (Wikidata's SPARQL service can fail while its API answers). */
  private readonly breakers = new Map<string, CircuitBreaker>();
  readonly robots = new Map<string, Promise<RobotsRules>>();
  readonly robotsLogged = new Set<string>();
  pausedUntil = 0;

  constructor(plugin: SourcePlugin, clock: Clock, opts: HttpClientOptions) {
    const c = plugin.compliance;
    const burst = c.rate_limit_burst;
    // Token bucket: `burst` requests at once, then one every 60/rpm seconds.
    this.limiter = new Bottleneck({
      maxConcurrent: c.max_concurrent,
      reservoir: burst,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: Math.max(1, Math.round(60_000 / c.rate_limit_requests_per_minute)),
      reservoirIncreaseMaximum: burst,
    });
    this.newBreaker = () => new CircuitBreaker(clock, opts.breakerThreshold ?? 3, opts.breakerCooldownMs ?? 5 * 60_000);
  }

  private readonly newBreaker: () => CircuitBreaker;

  breaker(origin: string): CircuitBreaker {
    let b = this.breakers.get(origin);
    if (!b) this.breakers.set(origin, (b = this.newBreaker()));
    return b;
  }

  /** The worst state among the source's hosts. */
  state(): BreakerState {
    const states = [...this.breakers.values()].map((b) => b.state);
    return states.includes('open') ? 'open' : states.includes('half_open') ? 'half_open' : 'closed';
  }
}

function messageOf(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as Error & { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
    return code ? `${e.message} (${code})` : e.message;
  }
  return String(e);
}

export class HttpClient {
  readonly clock: Clock;
  private readonly states = new Map<string, SourceState>();
  private readonly fetchImpl: typeof fetch;

  constructor(readonly opts: HttpClientOptions) {
    this.clock = opts.clock ?? systemClock;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private state(plugin: SourcePlugin): SourceState {
    let s = this.states.get(plugin.plugin_id);
    if (!s) this.states.set(plugin.plugin_id, (s = new SourceState(plugin, this.clock, this.opts)));
    return s;
  }

  /** 'closed' | 'open' | 'half_open' — open means the source is marked unavailable. */
  circuit(pluginId: string): string {
    return this.states.get(pluginId)?.state() ?? 'closed';
  }

  /**
   * One attempt: no retries, no limiter. Throws SourceError: timeout, network, too_large (the body
   * passed the plugin's limit, counted decompressed), redirect (to a host the plugin does not declare).
   */
  private async attempt(
    plugin: SourcePlugin,
    url: URL,
    init: RequestInit,
    signal: AbortSignal | undefined,
    budgetMs = Infinity,
  ): Promise<BoundedAnswer> {
    const source = plugin.plugin_id;
    const timeoutMs = Math.max(1, Math.min(this.opts.timeoutMs ?? 20_000, budgetMs));
    try {
      return await boundedFetch(this.fetchImpl, url, init, signal, source, {
        maxBytes: plugin.http.max_response_bytes,
        timeoutMs,
        maxRedirects: 5,
        refuseRedirect: (to, from) => refuseRedirect(plugin, to, from),
      });
    } catch (e) {
      if (signal?.aborted) throw e; // the user cancelled: not the source's fault
      if (e instanceof SourceError) throw e;
      throw new SourceError(source, 'network', messageOf(e));
    }
  }

  private headers(opts: RequestOptions): Record<string, string> {
    return { 'User-Agent': this.opts.userAgent, Accept: opts.accept ?? 'application/json', ...opts.headers };
  }

  private async robotsFor(
    plugin: SourcePlugin,
    state: SourceState,
    url: URL,
    opts: RequestOptions,
  ): Promise<RobotsRules> {
    const origin = url.origin;
    let p = state.robots.get(origin);
    if (!p) {
      const robotsUrl = new URL('/robots.txt', origin);
      p = (async () => {
        const key = cacheKey(['ROBOTS', robotsUrl.toString()]);
        const hit = this.opts.cache?.get(plugin.plugin_id, key, 86_400);
        if (hit) return parseRobots(robotsUrl.toString(), hit.status, hit.body);
        const started = performance.now();
        try {
          const r = await this.attempt(
            plugin,
            robotsUrl,
            { method: 'GET', headers: { 'User-Agent': this.opts.userAgent, Accept: 'text/plain' } },
            opts.signal,
          );
          opts.trace?.push({
            url: robotsUrl.toString(),
            success: r.status < 500,
            status: r.status,
            responseTimeMs: Math.round(performance.now() - started),
            cached: false,
            bytes: r.bytes,
          });
          if (r.status < 500)
            await this.opts.cache?.put(
              plugin.plugin_id,
              key,
              { url: robotsUrl.toString(), status: r.status, body: r.body },
              86_400,
            );
          return parseRobots(robotsUrl.toString(), r.status, r.body);
        } catch (e) {
          opts.trace?.push({
            url: robotsUrl.toString(),
            success: false,
            failureReason: `robots.txt: ${messageOf(e)}`,
            responseTimeMs: Math.round(performance.now() - started),
            cached: false,
            bytes: e instanceof BoundedFetchError ? e.bytes : undefined,
          });
          throw e;
        }
      })();
      state.robots.set(origin, p);
      // A failed robots.txt fetch is retried on the next request, not remembered.
      p.catch(() => state.robots.delete(origin));
    }
    return p;
  }

  async request(plugin: SourcePlugin, url: URL, opts: RequestOptions = {}): Promise<HttpResult> {
    const source = plugin.plugin_id;
    const state = this.state(plugin);
    const breaker = state.breaker(url.origin);
    const secretParams = opts.secretParams ?? [];
    for (const [k, v] of Object.entries(opts.params ?? {})) {
      if (Array.isArray(v)) {
        url.searchParams.delete(k);
        // Array.isArray narrows a readonly string[] to any[]
        for (const x of v as readonly string[]) url.searchParams.append(k, x);
      } else if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    }
    const shown = redactUrl(url, secretParams);
    const scrub = (s: string) => scrubSecrets(s, opts.secrets ?? []);
    const fail = (e: SourceError, responseTimeMs = 0): never => {
      opts.trace?.push({
        url: shown,
        success: false,
        status: e.status,
        failureReason: scrub(e.message),
        responseTimeMs,
        cached: false,
      });
      throw new SourceError(e.source, e.kind, scrub(e.message.replace(`${e.source}: `, '')), e.status);
    };

    // A cached answer needs no network: it is served even while the source is unavailable.
    const method = opts.method ?? 'GET';
    const formBody = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const cacheable = (opts.cacheable ?? true) && plugin.compliance.cache_ttl_seconds > 0;
    const key = cacheKey([method, url.toString(), formBody ?? '', opts.accept ?? '']);
    if (cacheable) {
      const hit = this.opts.cache?.get(source, key, plugin.compliance.cache_ttl_seconds);
      if (hit) {
        opts.trace?.push({ url: shown, success: true, status: hit.status, responseTimeMs: 0, cached: true });
        return {
          status: hit.status,
          body: hit.body,
          contentType: hit.contentType,
          url: shown,
          responseTimeMs: 0,
          cached: true,
        };
      }
    }

    if (!breaker.allow())
      fail(new SourceError(source, 'circuit_open', 'marked unavailable after repeated failures (circuit open)'));

    let crawlDelayMs = 0;
    if (plugin.compliance.robots_txt) {
      let rules: RobotsRules;
      try {
        rules = await this.robotsFor(plugin, state, url, opts);
      } catch (e) {
        if (opts.signal?.aborted) {
          breaker.release();
          throw e;
        }
        if (breaker.failure()) this.logOpened(plugin, opts, breaker, url.origin);
        return fail(e instanceof SourceError ? e : new SourceError(source, 'network', messageOf(e)));
      }
      const agent = robotsAgent(this.opts.userAgent);
      const allowed = rules.isAllowed(url.toString(), agent);
      // Crawl-delay is not in RFC 9309 but sites use it to ask for spacing; we honour it.
      crawlDelayMs = Math.min(60, rules.crawlDelaySeconds(agent) ?? 0) * 1000;
      const originKey = `${url.origin}:${allowed}`;
      if (!allowed || !state.robotsLogged.has(originKey)) {
        state.robotsLogged.add(originKey);
        opts.log?.({
          actionType: 'compliance',
          agent: 'Censor',
          check: 'robots',
          subject: allowed ? url.origin : shown,
          allowed,
          reason: allowed
            ? `robots.txt of ${url.origin} allows ${agent}`
            : `robots.txt of ${url.origin} disallows ${url.pathname} for ${agent}`,
          rationale: '',
          context: source,
        });
      }
      if (!allowed) {
        breaker.release();
        fail(new SourceError(source, 'robots', `robots.txt disallows ${url.pathname}`));
      }
    }

    const headers = this.headers(opts);
    if (formBody) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const maxRetries = this.opts.maxRetries ?? 3;
    // The network time of every attempt counts against one budget; waits between them do not.
    const budgetMs = plugin.http.request_timeout_seconds * 1000;
    let spentMs = 0;
    let last: SourceError | undefined;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0 && !breaker.allow())
        fail(new SourceError(source, 'circuit_open', 'marked unavailable after repeated failures (circuit open)'));
      if (spentMs >= budgetMs) {
        breaker.release();
        fail(new SourceError(source, 'timeout', `no complete response within the request's ${budgetMs} ms`));
      }

      let started = performance.now();
      let outcome: Awaited<ReturnType<HttpClient['attempt']>>;
      try {
        outcome = await state.limiter.schedule(async () => {
          // Inside the limiter, so concurrent requests of a source queue behind a pause (a 429's
          // Retry-After, robots.txt Crawl-delay) instead of all waking at once.
          const pause = state.pausedUntil - this.clock.now().getTime();
          if (pause > 0) await this.clock.sleep(pause, opts.signal);
          if (opts.signal?.aborted) throw opts.signal.reason;
          const quota = plugin.compliance.monthly_quota;
          if (quota && this.opts.quota && this.opts.quota.used(source) >= quota) {
            throw new SourceError(
              source,
              'rate_limited',
              `the monthly quota of ${quota} requests is used up; it resets on the 1st (UTC)`,
            );
          }
          if (crawlDelayMs) state.pausedUntil = Math.max(state.pausedUntil, this.clock.now().getTime() + crawlDelayMs);
          started = performance.now();
          try {
            const answered = await this.attempt(
              plugin,
              url,
              { method, headers, body: formBody },
              opts.signal,
              budgetMs - spentMs,
            );
            if (quota) await this.opts.quota?.add(source);
            return answered;
          } finally {
            spentMs += performance.now() - started;
          }
        });
      } catch (e) {
        if (opts.signal?.aborted) {
          breaker.release();
          throw e;
        }
        const err = e instanceof SourceError ? e : new SourceError(source, 'network', messageOf(e));
        const ms = Math.round(performance.now() - started);
        const cut = e instanceof BoundedFetchError ? e : undefined;
        opts.trace?.push({
          url: cut ? redactUrl(cut.finalUrl, secretParams) : shown,
          success: false,
          status: cut?.status,
          failureReason: scrub(err.message),
          responseTimeMs: ms,
          cached: false,
          bytes: cut?.bytes,
        });
        if (err.kind === 'too_large' || err.kind === 'redirect') {
          // The host answered, wrongly: the same request would get the same answer, so no retry.
          if (err.kind === 'redirect')
            this.logRedirectRefused(plugin, opts, shown, cut ? redactUrl(cut.finalUrl, secretParams) : '', err);
          if (breaker.failure()) this.logOpened(plugin, opts, breaker, url.origin);
          throw new SourceError(source, err.kind, scrub(err.message.replace(`${source}: `, '')), err.status);
        }
        if (err.kind === 'rate_limited') {
          breaker.trip();
          this.logOpened(plugin, opts, breaker, url.origin, err.message.replace(`${source}: `, ''));
          throw err;
        }
        last = err;
        if (breaker.failure()) {
          this.logOpened(plugin, opts, breaker, url.origin);
          break;
        }
        if (attempt < maxRetries)
          await this.clock.sleep(
            backoffMs(attempt, this.opts.backoffBaseMs ?? 500, this.opts.backoffMaxMs ?? 30_000, this.opts.random),
            opts.signal,
          );
        continue;
      }
      const ms = Math.round(performance.now() - started);
      const { status } = outcome;
      const read = outcome.redirects.length ? redactUrl(outcome.finalUrl, secretParams) : shown;
      const bytes = outcome.bytes;

      if (status >= 200 && status < 300) {
        try {
          opts.validate?.(outcome.body, outcome.contentType);
        } catch (e) {
          const err = new SourceError(
            source,
            'malformed',
            `malformed response (HTTP ${status}): ${messageOf(e)}`,
            status,
          );
          opts.trace?.push({
            url: read,
            success: false,
            status,
            failureReason: scrub(err.message),
            responseTimeMs: ms,
            cached: false,
            bytes,
          });
          if (breaker.failure()) this.logOpened(plugin, opts, breaker, url.origin);
          throw err;
        }
        breaker.success();
        opts.trace?.push({ url: read, success: true, status, responseTimeMs: ms, cached: false, bytes });
        if (cacheable)
          await this.opts.cache?.put(
            source,
            key,
            { url: read, status, contentType: outcome.contentType, body: outcome.body },
            plugin.compliance.cache_ttl_seconds,
          );
        return {
          status,
          body: outcome.body,
          contentType: outcome.contentType,
          url: read,
          responseTimeMs: ms,
          cached: false,
        };
      }

      const reason = `HTTP ${status}`;
      opts.trace?.push({
        url: read,
        success: false,
        status,
        failureReason: reason,
        responseTimeMs: ms,
        cached: false,
        bytes,
      });
      last = new SourceError(source, 'http', reason, status);
      if (!RETRYABLE_STATUS.has(status)) {
        // 401/403: the credential or the access is wrong; repeating will not help. Any other 4xx
        // (a missing record) shows the host answering properly.
        if (status === 401 || status === 403) {
          if (breaker.failure()) this.logOpened(plugin, opts, breaker, url.origin);
        } else breaker.success();
        throw last;
      }
      const retryAfter = parseRetryAfter(outcome.retryAfter, this.clock.now());
      if (retryAfter !== undefined && retryAfter > (this.opts.maxRetryAfterMs ?? 120_000)) {
        breaker.trip();
        this.logOpened(
          plugin,
          opts,
          breaker,
          url.origin,
          `Retry-After ${Math.round(retryAfter / 1000)} s exceeds the client's limit`,
        );
        throw new SourceError(
          source,
          'rate_limited',
          `${reason}; Retry-After ${Math.round(retryAfter / 1000)} s is longer than the client waits`,
          status,
        );
      }
      if (status !== 429 && breaker.failure()) {
        this.logOpened(plugin, opts, breaker, url.origin);
        break;
      }
      if (attempt >= maxRetries) break;
      if (retryAfter !== undefined) {
        // The whole source pauses, not just this request (WDQS bans clients that ignore 429).
        state.pausedUntil = Math.max(state.pausedUntil, this.clock.now().getTime() + retryAfter);
        opts.log?.({
          actionType: 'compliance',
          agent: 'Censor',
          check: 'rate_limit',
          subject: source,
          allowed: true,
          reason: `${reason} with Retry-After ${outcome.retryAfter}: waiting ${Math.round(retryAfter / 100) / 10} s before retrying`,
          rationale: '',
          context: shown,
        });
      } else {
        await this.clock.sleep(
          backoffMs(attempt, this.opts.backoffBaseMs ?? 500, this.opts.backoffMaxMs ?? 30_000, this.opts.random),
          opts.signal,
        );
      }
    }
    if (breaker.state !== 'closed' && last && last.kind !== 'circuit_open') {
      throw new SourceError(
        source,
        last.kind,
        `${scrub(last.message.replace(`${source}: `, ''))}; source marked unavailable (circuit open)`,
        last.status,
      );
    }
    if (last && last.status === 429) breaker.failure();
    throw last
      ? new SourceError(source, last.kind, scrub(last.message.replace(`${source}: `, '')), last.status)
      : new SourceError(source, 'network', 'no attempt made');
  }

  private logRedirectRefused(
    plugin: SourcePlugin,
    opts: RequestOptions,
    asked: string,
    to: string,
    err: SourceError,
  ): void {
    opts.log?.({
      actionType: 'error',
      agent: 'Scout',
      message: `${plugin.display_name}: ${err.message.replace(`${plugin.plugin_id}: `, '')} (asked ${asked}${to ? `, sent to ${to}` : ''}); nothing was read from it`,
      rationale: 'redirects are followed only to the hosts the plugin declares',
      context: plugin.plugin_id,
    });
  }

  private logOpened(
    plugin: SourcePlugin,
    opts: RequestOptions,
    breaker: CircuitBreaker,
    origin: string,
    why?: string,
  ): void {
    opts.log?.({
      actionType: 'error',
      agent: 'Scout',
      message: `${plugin.display_name} (${new URL(origin).host}) marked unavailable for ${Math.round(breaker.cooldownMs / 1000)} s: ${why ?? `${breaker.threshold} consecutive failures`} (circuit open); the run continues without it`,
      rationale: '',
      context: plugin.plugin_id,
    });
  }

  /**
   * GET (or POST) and parse JSON; a body that is not JSON, or that `opts.shape` rejects, is a
   * 'malformed' SourceError and is never cached.
   */
  async json(
    plugin: SourcePlugin,
    url: URL,
    opts: RequestOptions = {},
  ): Promise<{ data: unknown; result: HttpResult }> {
    let parsed: { body: string; data: unknown } | undefined;
    const parse = (body: string): unknown => {
      if (parsed?.body !== body) parsed = { body, data: JSON.parse(body) as unknown };
      return parsed.data;
    };
    const validate = (body: string, contentType?: string) => {
      const data = parse(body);
      const shaped = opts.shape?.safeParse(data);
      if (shaped && !shaped.success) {
        const issue = shaped.error.issues[0];
        throw new Error(
          `not the documented shape: ${issue ? `${issue.path.map(String).join('.') || '(root)'} ${issue.message}` : 'rejected'}`,
        );
      }
      opts.validate?.(body, contentType);
    };
    const result = await this.request(plugin, url, { ...opts, validate });
    // A cached answer was validated before it was stored; it is parsed here once.
    return { data: parse(result.body), result };
  }
}
