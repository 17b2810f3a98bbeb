/**
 * Fault tests for the one HTTP client, against a real server on 127.0.0.1: 429 with Retry-After
 * (seconds and HTTP-date), 500s, timeouts, truncated and malformed bodies, an open circuit,
 * robots.txt, the cache and credential redaction.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../../src/engine/ports';
import type { NewLogEntry } from '../../../src/model';
import { HttpCache, MonthlyCounter, type DerivedWriter } from '../../../src/sources/http/cache';
import { HttpClient, type Access } from '../../../src/sources/http/client';
import { SourceError } from '../../../src/sources/http/errors';
import { parseRetryAfter } from '../../../src/sources/http/retry-after';
import { PluginSpec, type SourcePlugin } from '../../../src/sources/plugin';
import { ReplayServer } from '../../helpers/replay-server';
import { tempDir } from '../../helpers/paths';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function plugin(base: string, over: Partial<Record<string, unknown>> = {}): SourcePlugin {
  const spec = PluginSpec.parse({
    plugin_id: 'testsrc',
    display_name: 'Test source',
    tier: 0,
    base_url: base,
    compliance: {
      robots_txt: false,
      rate_limit_requests_per_minute: 6000,
      rate_limit_burst: 10,
      cache_ttl_seconds: 0,
      allowed_actions: ['search'],
      ...(over.compliance as object),
    },
    reliability: { evidence_type: 'secondary', source_class: 'derivative', base_weight: 0.5 },
  });
  return { ...spec, file: 'test', overridden: true };
}

/** A clock whose sleeps are real but recorded, so tests can assert what was waited for. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => new Date(),
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((r) => setTimeout(r, Math.min(ms, 1500)));
    },
  };
}

const UA = 'AncestryEngine/0.1.0 (+https://github.com/ancestry-engine; contact: test@example.org)';

describe('source HTTP client (faults over real HTTP on 127.0.0.1)', () => {
  let server: ReplayServer;
  let log: NewLogEntry[];
  let trace: Access[];
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.route({ path: '/ok' }, { json: { hello: 'world' } });
    log = [];
    trace = [];
  });
  afterEach(() => server.close());
  const opts = () => ({ log: (e: NewLogEntry) => log.push(e), trace });

  it('sends the descriptive User-Agent and parses JSON', async () => {
    const client = new HttpClient({ userAgent: UA });
    const { data, result } = await client.json(plugin(server.url), new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.equal(result.status, 200);
    assert.equal(server.hits()[0].headers['user-agent'], UA);
    assert.equal(trace.length, 1);
    assert.equal(trace[0].success, true);
    assert.ok(trace[0].responseTimeMs >= 0);
  });

  it('honours 429 Retry-After in seconds: waits, logs the wait, then succeeds', async () => {
    server.fault({ path: '/ok' }, { kind: 'status', status: 429, retryAfter: '1' });
    const clock = recordingClock();
    const client = new HttpClient({ userAgent: UA, clock });
    const { data } = await client.json(plugin(server.url), new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    const hits = server.hits('/ok');
    assert.equal(hits.length, 2);
    assert.ok(hits[1].at - hits[0].at >= 950, `second request ${hits[1].at - hits[0].at} ms after the 429`);
    assert.ok(
      clock.sleeps.some((ms) => ms > 900 && ms <= 1000),
      `slept ${clock.sleeps.join(',')}`,
    );
    const waited = log.find((e) => e.actionType === 'compliance' && e.check === 'rate_limit');
    assert.ok(waited && waited.actionType === 'compliance' && /Retry-After 1/.test(waited.reason));
    assert.deepEqual(
      trace.map((a) => a.status),
      [429, 200],
    );
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const at = new Date(Date.now() + 2000).toUTCString();
    assert.ok((parseRetryAfter(at, new Date()) ?? 0) > 900);
    server.fault({ path: '/ok' }, { kind: 'status', status: 503, retryAfter: at });
    const clock = recordingClock();
    const client = new HttpClient({ userAgent: UA, clock });
    await client.json(plugin(server.url), new URL(`${server.url}/ok`), opts());
    assert.ok(
      clock.sleeps.some((ms) => ms > 0 && ms <= 2000),
      `slept ${clock.sleeps.join(',')}`,
    );
    assert.equal(server.hits('/ok').length, 2);
  });

  it('marks the source unavailable when Retry-After is longer than it will wait', async () => {
    server.fault({ path: '/ok' }, { kind: 'status', status: 429, retryAfter: '86400' });
    const client = new HttpClient({ userAgent: UA, maxRetryAfterMs: 60_000 });
    const p = plugin(server.url);
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ok`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'rate_limited',
    );
    assert.equal(client.circuit('testsrc'), 'open');
    assert.ok(log.some((e) => e.actionType === 'error' && /marked unavailable/.test(e.message)));
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ok`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'circuit_open',
    );
    assert.equal(server.hits('/ok').length, 1, 'the open circuit fails fast without a request');
  });

  it('stops waiting on Retry-After at once when the user cancels', async () => {
    server.fault({ path: '/ok' }, { kind: 'status', status: 429, retryAfter: '30' });
    const client = new HttpClient({ userAgent: UA });
    const controller = new AbortController();
    // Cancel once the 429 has been answered, i.e. during the Retry-After wait (not on a timer,
    // which a loaded machine can fire before the first request arrives).
    const cancelDuringWait = setInterval(() => {
      if (server.hits('/ok').length) {
        clearInterval(cancelDuringWait);
        setTimeout(() => controller.abort(new Error('cancelled by the user')), 20);
      }
    }, 5);
    await assert.rejects(
      client.json(plugin(server.url), new URL(`${server.url}/ok`), { ...opts(), signal: controller.signal }),
      /cancelled by the user/,
    );
    assert.equal(server.hits('/ok').length, 1);
    assert.equal(client.circuit('testsrc'), 'closed', 'a cancel is not the source failing');
  });

  it('retries 500s with exponential backoff and succeeds', async () => {
    server.fault({ path: '/ok' }, { kind: 'status', status: 500 }, 2);
    const clock = recordingClock();
    const client = new HttpClient({ userAgent: UA, clock, backoffBaseMs: 20, breakerThreshold: 5 });
    const { data } = await client.json(plugin(server.url), new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.deepEqual(
      trace.map((a) => a.status),
      [500, 500, 200],
    );
    assert.equal(clock.sleeps.length, 2);
    assert.ok(
      clock.sleeps[0] >= 10 && clock.sleeps[0] <= 20 && clock.sleeps[1] >= 20 && clock.sleeps[1] <= 40,
      `backoff ${clock.sleeps.join(',')}`,
    );
  });

  it('does not retry a 404', async () => {
    const client = new HttpClient({ userAgent: UA, backoffBaseMs: 5 });
    await assert.rejects(
      client.json(plugin(server.url), new URL(`${server.url}/missing`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'http' && e.status === 404,
    );
    assert.equal(server.hits('/missing').length, 1);
    assert.equal(client.circuit('testsrc'), 'closed');
  });

  it('times out a hanging server, then opens the circuit and fails fast', async () => {
    server.fault({ path: '/ok' }, { kind: 'hang' }, 10);
    const client = new HttpClient({
      userAgent: UA,
      timeoutMs: 200,
      backoffBaseMs: 5,
      maxRetries: 5,
      breakerThreshold: 3,
    });
    const p = plugin(server.url);
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ok`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'timeout' && /circuit open/.test(e.message),
    );
    assert.equal(server.hits('/ok').length, 3, 'three attempts, then the breaker stops retrying');
    assert.equal(client.circuit('testsrc'), 'open');
    assert.ok(trace.every((a) => !a.success && /within 200 ms/.test(a.failureReason ?? '')));
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ok`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'circuit_open',
    );
    assert.equal(server.hits('/ok').length, 3);
  });

  it('closes the circuit again after the cool-down when the trial succeeds', async () => {
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now), sleep: async () => {} };
    server.fault({ path: '/ok' }, { kind: 'status', status: 500 }, 3);
    const client = new HttpClient({ userAgent: UA, clock, breakerThreshold: 3, breakerCooldownMs: 60_000 });
    const p = plugin(server.url);
    await assert.rejects(client.json(p, new URL(`${server.url}/ok`), opts()));
    assert.equal(client.circuit('testsrc'), 'open');
    now += 61_000;
    assert.equal(client.circuit('testsrc'), 'half_open');
    const { data } = await client.json(p, new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.equal(client.circuit('testsrc'), 'closed');
  });

  it('serves cached answers while the circuit is open, and a 404 trial closes it', async () => {
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now), sleep: async () => {} };
    const p = plugin(server.url, { compliance: { cache_ttl_seconds: 3600 } });
    const client = new HttpClient({
      userAgent: UA,
      clock,
      cache: new HttpCache(clock),
      breakerThreshold: 2,
      breakerCooldownMs: 1000,
    });
    await client.json(p, new URL(`${server.url}/ok`), opts());
    server.fault({ path: '/down' }, { kind: 'status', status: 500 }, 10);
    await assert.rejects(client.json(p, new URL(`${server.url}/down`), opts()));
    assert.equal(client.circuit('testsrc'), 'open');
    const cached = await client.json(p, new URL(`${server.url}/ok`), opts());
    assert.equal(cached.result.cached, true);
    now += 1500;
    await assert.rejects(
      client.json(p, new URL(`${server.url}/missing`), opts()),
      (e: unknown) => e instanceof SourceError && e.status === 404,
    );
    assert.equal(client.circuit('testsrc'), 'closed', 'the host answered the trial');
  });

  it('retries a truncated body and keeps going', async () => {
    server.fault({ path: '/ok' }, { kind: 'truncate', json: { hello: 'world', padding: 'x'.repeat(2000) } });
    const client = new HttpClient({ userAgent: UA, backoffBaseMs: 5 });
    const { data } = await client.json(plugin(server.url), new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.equal(trace[0].success, false);
    assert.equal(trace[0].status, undefined);
  });

  it('reports a malformed body without caching or retrying it', async () => {
    server.fault({ path: '/ok' }, { kind: 'malformed' });
    const client = new HttpClient({
      userAgent: UA,
      cache: new HttpCache({ now: () => new Date(), sleep: async () => {} }),
    });
    const p = plugin(server.url, { compliance: { cache_ttl_seconds: 3600 } });
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ok`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'malformed',
    );
    assert.equal(server.hits('/ok').length, 1);
    const { data, result } = await client.json(p, new URL(`${server.url}/ok`), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.equal(result.cached, false, 'the malformed body was not cached');
  });

  it('obeys a robots.txt disallow and logs the decision', async () => {
    // A group for another bot does not apply to us; the * group does.
    server.robots('User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\nDisallow: /ae-only\n');
    server.route({ path: '/private' }, { json: {} });
    server.route({ path: '/ae-only' }, { json: {} });
    const client = new HttpClient({ userAgent: UA });
    const p = plugin(server.url, { compliance: { robots_txt: true } });
    await client.json(p, new URL(`${server.url}/ok`), opts());
    await assert.rejects(
      client.json(p, new URL(`${server.url}/ae-only`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'robots',
    );
    await assert.rejects(
      client.json(p, new URL(`${server.url}/private`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'robots',
    );
    assert.equal(
      server.hits('/ae-only').length + server.hits('/private').length,
      0,
      'disallowed paths are never requested',
    );
    assert.equal(server.requests.filter((r) => r.path === '/robots.txt').length, 1, 'robots.txt fetched once');
    const robots = log.filter((e) => e.actionType === 'compliance' && e.check === 'robots');
    assert.deepEqual(
      robots.map((e) => e.actionType === 'compliance' && e.allowed),
      [true, false, false],
    );
    assert.equal(client.circuit('testsrc'), 'closed', 'a disallow is not a source failure');
  });

  it('honours a robots.txt Crawl-delay between requests, also when they are issued together', async () => {
    server.robots('User-agent: *\nCrawl-delay: 1\n');
    const client = new HttpClient({ userAgent: UA });
    const p = plugin(server.url, { compliance: { robots_txt: true, max_concurrent: 2 } });
    await Promise.all([1, 2].map((i) => client.json(p, new URL(`${server.url}/ok?i=${i}`), opts())));
    const at = server
      .hits('/ok')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    assert.ok(at[1] - at[0] >= 950, `second request ${at[1] - at[0]} ms after the first`);
  });

  it('stops at a monthly quota, persisted across runs, and starts again next month', async () => {
    const root = tempDir();
    const writer: DerivedWriter = {
      async writeDerived(rel, content) {
        mkdirSync(dirname(join(root, rel)), { recursive: true });
        writeFileSync(join(root, rel), content);
      },
    };
    let now = new Date('2026-03-31T23:00:00Z').getTime();
    const clock: Clock = { now: () => new Date(now), sleep: async () => {} };
    const p = plugin(server.url, { compliance: { monthly_quota: 2 } });
    const client = new HttpClient({ userAgent: UA, clock, quota: new MonthlyCounter(clock, root, writer) });
    await client.json(p, new URL(`${server.url}/ok?i=1`), opts());
    // A new run (new client) continues the count from .ancestry/.
    const client2 = new HttpClient({ userAgent: UA, clock, quota: new MonthlyCounter(clock, root, writer) });
    await client2.json(p, new URL(`${server.url}/ok?i=2`), opts());
    await assert.rejects(
      client2.json(p, new URL(`${server.url}/ok?i=3`), opts()),
      (e: unknown) => e instanceof SourceError && e.kind === 'rate_limited' && /monthly quota of 2/.test(e.message),
    );
    assert.equal(server.hits('/ok').length, 2);
    assert.ok(existsSync(join(root, '.ancestry/http-cache/testsrc/requests-2026-03.json')));
    now = new Date('2026-04-01T00:00:01Z').getTime();
    const client3 = new HttpClient({ userAgent: UA, clock, quota: new MonthlyCounter(clock, root, writer) });
    await client3.json(p, new URL(`${server.url}/ok?i=4`), opts());
    assert.equal(server.hits('/ok').length, 3);
  });

  it('caches responses under .ancestry/http-cache through the case writer and serves them within the TTL', async () => {
    const root = tempDir();
    const written: string[] = [];
    const writer: DerivedWriter = {
      async writeDerived(rel, content) {
        written.push(rel);
        const abs = join(root, rel);
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, content);
      },
    };
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now), sleep: async () => {} };
    const p = plugin(server.url, { compliance: { cache_ttl_seconds: 60 } });
    const client = new HttpClient({ userAgent: UA, clock, cache: new HttpCache(clock, root, writer) });
    await client.json(p, new URL(`${server.url}/ok?q=1`), opts());
    assert.equal(written.length, 1);
    assert.match(written[0], /^\.ancestry\/http-cache\/testsrc\/[0-9a-f]{64}\.json$/);
    // A new client (a resumed run) reads the file back.
    const client2 = new HttpClient({ userAgent: UA, clock, cache: new HttpCache(clock, root, writer) });
    const again = await client2.json(p, new URL(`${server.url}/ok?q=1`), opts());
    assert.equal(again.result.cached, true);
    assert.equal(server.hits('/ok').length, 1);
    now += 61_000;
    const stale = await client2.json(p, new URL(`${server.url}/ok?q=1`), opts());
    assert.equal(stale.result.cached, false);
    assert.equal(server.hits('/ok').length, 2);
    assert.ok(
      existsSync(join(root, '.ancestry/http-cache/testsrc')) &&
        readdirSync(join(root, '.ancestry/http-cache/testsrc')).length === 1,
    );
  });

  it('never reports a credential: URLs are redacted and secret values scrubbed', async () => {
    server.route({ path: '/secret' }, { status: 403, text: 'forbidden' });
    const client = new HttpClient({ userAgent: UA });
    const p = plugin(server.url);
    await assert.rejects(
      client.json(p, new URL(`${server.url}/secret?api_key=s3cr3t-value&q=Smith`), {
        ...opts(),
        secrets: ['s3cr3t-value'],
      }),
      (e: unknown) => e instanceof SourceError && !e.message.includes('s3cr3t-value'),
    );
    assert.equal(server.hits('/secret')[0].query.get('api_key'), 's3cr3t-value', 'the server did receive it');
    assert.ok(trace.length > 0);
    for (const a of trace) assert.ok(!a.url.includes('s3cr3t-value') && a.url.includes('api_key=REDACTED'), a.url);
  });

  it('spaces requests by the plugin rate after the burst', async () => {
    const client = new HttpClient({ userAgent: UA });
    // 120/min with a burst of 1: one request at once, then one every 500 ms.
    const p = plugin(server.url, { compliance: { rate_limit_requests_per_minute: 120, rate_limit_burst: 1 } });
    await Promise.all([1, 2, 3].map((i) => client.json(p, new URL(`${server.url}/ok?i=${i}`), opts())));
    const at = server
      .hits('/ok')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    assert.equal(at.length, 3);
    assert.ok(at[2] - at[0] >= 700, `three requests within ${at[2] - at[0]} ms despite a 500 ms spacing`);
  });
});
