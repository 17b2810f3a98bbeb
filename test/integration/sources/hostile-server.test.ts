/**
 * Issue #21 item 4: the client against a hostile server on 127.0.0.1. Every bound is asserted in
 * bytes (read by the client, sent by the server), never in time.
 */
import { strict as assert } from 'node:assert';
import { z } from 'zod';
import type { NewLogEntry } from '../../../src/model';
import { HttpCache } from '../../../src/sources/http/cache';
import { HttpClient, type Access } from '../../../src/sources/http/client';
import { SourceError } from '../../../src/sources/http/errors';
import { PluginSpec, type SourcePlugin } from '../../../src/sources/plugin';
import { HostileServer } from '../../helpers/hostile-server';

const LIMIT = 1024 * 1024;
/** What one read may add past the limit before the client notices (a stream chunk). */
const SLACK = 256 * 1024;
const UA = 'AncestryEngine/0.1.0 (+https://github.com/ancestry-engine; contact: test@example.org)';

function plugin(base: string, http: Record<string, unknown> = {}): SourcePlugin {
  const spec = PluginSpec.parse({
    plugin_id: 'hostile',
    display_name: 'Hostile source',
    tier: 0,
    base_url: base,
    http: { max_response_bytes: LIMIT, ...http },
    compliance: {
      robots_txt: false,
      rate_limit_requests_per_minute: 6000,
      rate_limit_burst: 10,
      cache_ttl_seconds: 3600,
      allowed_actions: ['search'],
    },
    reliability: { evidence_type: 'secondary', source_class: 'derivative', base_weight: 0.5 },
  });
  return { ...spec, file: 'test', overridden: true };
}

const rejectsWith = (kind: string) => (e: unknown) => e instanceof SourceError && e.kind === kind;

describe('source HTTP client against a hostile server (issue #21)', () => {
  let server: HostileServer;
  let other: HostileServer;
  let log: NewLogEntry[];
  let trace: Access[];
  let client: HttpClient;
  beforeEach(async () => {
    server = await HostileServer.start();
    other = await HostileServer.start();
    log = [];
    trace = [];
    client = new HttpClient({
      userAgent: UA,
      maxRetries: 2,
      backoffBaseMs: 1,
      backoffMaxMs: 5,
      breakerThreshold: 5,
      cache: new HttpCache({ now: () => new Date(), sleep: async () => {} }),
    });
  });
  afterEach(async () => {
    await server.close();
    await other.close();
  });
  const opts = () => ({ log: (e: NewLogEntry) => log.push(e), trace });
  const at = (path: string) => new URL(`${server.url}${path}`);

  it('cuts a 50 MB answer after the limit, without retrying it', async () => {
    server.on('/huge', { kind: 'huge', bytes: 50 * 1024 * 1024 });
    await assert.rejects(client.json(plugin(server.url), at('/huge'), opts()), rejectsWith('too_large'));
    assert.equal(server.hits.length, 1, 'the same request would get the same answer');
    assert.ok(trace[0].bytes! > LIMIT && trace[0].bytes! <= LIMIT + SLACK, `read ${trace[0].bytes} bytes`);
    // Socket buffers hold some more; nowhere near the 50 MB.
    assert.ok(server.sent.get('/huge')! < 16 * 1024 * 1024, `server sent ${server.sent.get('/huge')}`);
  });

  it('stops a gzip bomb after the limit counted on the decompressed stream', async () => {
    server.on('/bomb', { kind: 'bomb', inflated: 200 * 1024 * 1024 });
    await assert.rejects(client.json(plugin(server.url), at('/bomb'), opts()), rejectsWith('too_large'));
    assert.ok(server.sent.get('/bomb')! < LIMIT, 'the compressed bomb itself is small');
    assert.ok(
      trace[0].bytes! > LIMIT && trace[0].bytes! <= LIMIT + SLACK,
      `inflated ${trace[0].bytes} bytes of 200 MB`,
    );
  });

  it('cuts an endless body', async () => {
    server.on('/endless', { kind: 'endless' });
    await assert.rejects(client.request(plugin(server.url), at('/endless'), opts()), rejectsWith('too_large'));
    assert.ok(trace[0].bytes! <= LIMIT + SLACK);
    assert.ok(server.sent.get('/endless')! < 16 * 1024 * 1024, `server sent ${server.sent.get('/endless')}`);
  });

  it('cuts a trickling body at the request budget, retries included', async () => {
    server.on('/trickle', { kind: 'trickle', everyMs: 50 });
    await assert.rejects(
      client.request(plugin(server.url, { request_timeout_seconds: 0.6 }), at('/trickle'), opts()),
      rejectsWith('timeout'),
    );
    // The budget is shared: the attempts together, not each, get 0.6 s; each read a few bytes.
    assert.ok(trace.length >= 1 && trace.length <= 3, `${trace.length} attempts`);
    assert.ok(trace.every((a) => !a.success && (a.bytes ?? 0) < 1024));
  });

  it('refuses a redirect to another port, logs it, and never contacts that host', async () => {
    other.on('/steal', { kind: 'json', body: { hello: 'elsewhere' } });
    server.on('/away', { kind: 'redirect', status: 302, location: `${other.url}/steal` });
    await assert.rejects(client.json(plugin(server.url), at('/away'), opts()), rejectsWith('redirect'));
    assert.deepEqual(other.hits, []);
    assert.equal(server.hits.length, 1, 'a refused redirect is not retried');
    const refusal = log.find(
      (e) => e.actionType === 'error' && /redirect to http:\/\/127\.0\.0\.1:\d+ refused/.test(e.message),
    );
    assert.ok(refusal, JSON.stringify(log));
    assert.match(
      trace[0].url,
      new RegExp(`${other.url.replace(/\./g, '\\.')}/steal`),
      'the trace names where it was sent',
    );
  });

  it('follows a redirect within the declared host and credits the URL actually read', async () => {
    server.on('/moved', { kind: 'redirect', status: 301, location: '/here?x=1' });
    server.on('/here', { kind: 'json', body: { hello: 'world' } });
    const { data, result } = await client.json(plugin(server.url), at('/moved'), opts());
    assert.deepEqual(data, { hello: 'world' });
    assert.equal(result.url, `${server.url}/here?x=1`);
    assert.equal(trace[0].url, `${server.url}/here?x=1`);
  });

  it('refuses a redirect loop after five hops', async () => {
    server.on('/loop', { kind: 'redirect', status: 302, location: '/loop' });
    await assert.rejects(client.json(plugin(server.url), at('/loop'), opts()), rejectsWith('redirect'));
    assert.equal(server.hits.length, 6);
  });

  it('never caches an answer of the wrong shape', async () => {
    const Shape = z.object({ matches: z.array(z.object({ Name: z.string() })) });
    server.on('/search', { kind: 'json', body: { matches: 'not a list' } });
    await assert.rejects(
      client.json(plugin(server.url), at('/search'), { ...opts(), shape: Shape }),
      rejectsWith('malformed'),
    );
    server.on('/search', { kind: 'json', body: { matches: [{ Name: 'Smith-1' }] } });
    const second = await client.json(plugin(server.url), at('/search'), { ...opts(), shape: Shape });
    assert.equal(second.result.cached, false, 'the wrong-shaped answer was not cached');
    assert.deepEqual(second.data, { matches: [{ Name: 'Smith-1' }] });
    const third = await client.json(plugin(server.url), at('/search'), { ...opts(), shape: Shape });
    assert.equal(third.result.cached, true, 'the well-shaped one was');
  });
});
