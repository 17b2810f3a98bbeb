/**
 * A real HTTP server on 127.0.0.1 (random port) that replays recorded source responses and
 * injects faults, for connector contract tests, fault tests and end-to-end runs (TESTING.md).
 *
 *   const server = await ReplayServer.start();
 *   server.route({ path: '/api.php', query: { action: 'searchPerson' } }, { json: recorded('wikitree-searchPerson.json') });
 *   server.fault({ path: '/api.php' }, { kind: 'status', status: 429, retryAfter: '1' });   // next matching request only
 *   server.fault({ path: '/api.php' }, { kind: 'hang' }, 2, 1);   // let one through, then hang twice
 *   server.robots('User-agent: *\nDisallow: /private');
 *   ... process.env.ANCESTRY_SOURCE_WIKITREE_URL = server.url ...
 *   server.requests  // every request: method, path, query, headers, body, at (ms since epoch)
 *   await server.close();
 *
 * Unmatched requests get 404 (so robots.txt is "no rules" unless set).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { REPO_ROOT, SHARED_DATA } from './paths';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Match {
  path: string;
  method?: string;
  /** Every listed parameter must be present with this value. */
  query?: Record<string, string>;
}

export interface Reply {
  status?: number;
  /** Serialised as JSON (content-type application/json). */
  json?: unknown;
  /** Sent as is. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Answer after this many ms (to observe concurrency through `maxInFlight`). */
  delayMs?: number;
}

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  /** Never answers; the client's timeout must fire. */
  | { kind: 'hang' }
  /** Announces the full length, sends half the body, then destroys the socket. */
  | { kind: 'truncate'; json: unknown }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed'; text?: string };

interface Armed {
  match: Match;
  fault: Fault;
  remaining: number;
  skip: number;
}

/** A recorded response from ../shared/data/sources, without the researcher's `_`-prefixed notes (PROVENANCE.md). */
/** A port nothing listens on (bind, read the port, close): a source that fails fast. */
export async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export function recorded(file: string): unknown {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !k.startsWith('_'))
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  return strip(JSON.parse(readFileSync(join(SHARED_DATA, 'sources', file), 'utf8')));
}

/**
 * A recorded web page from test/fixtures/recorded/ (provenance in PROVENANCE.md there), as the
 * page was saved: served as text, with the content type the caller gives.
 */
export function recordedPage(file: string): string {
  return readFileSync(join(REPO_ROOT, 'test/fixtures/recorded', file), 'utf8');
}

function matches(m: Match, method: string, path: string, query: URLSearchParams): boolean {
  if (m.path !== path) return false;
  if (m.method && m.method.toUpperCase() !== method) return false;
  return Object.entries(m.query ?? {}).every(([k, v]) => query.get(k) === v);
}

export class ReplayServer {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: { match: Match; reply: Reply }[] = [];
  private readonly faults: Armed[] = [];
  private readonly sockets = new Set<Socket>();
  private robotsText: string | undefined;
  private inFlight = 0;
  /** The most requests the server was answering at the same time. */
  maxInFlight = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ReplayServer> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        self.handle(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks).toString('utf8'), res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const self = new ReplayServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (s) => {
      self.sockets.add(s);
      s.on('close', () => self.sockets.delete(s));
    });
    return self;
  }

  /** Later routes win over earlier ones for the same request. */
  route(match: Match, reply: Reply): this {
    this.routes.unshift({ match, reply });
    return this;
  }

  /**
   * Applies to `times` matching requests, after letting `skip` matching requests through; then the
   * route answers again. Several faults on one match fire in the order they were added.
   */
  fault(match: Match, fault: Fault, times = 1, skip = 0): this {
    this.faults.push({ match, fault, remaining: times, skip });
    return this;
  }

  robots(text: string): this {
    this.robotsText = text;
    return this;
  }

  /** Requests other than robots.txt, optionally only those to `path`. */
  hits(path?: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path !== '/robots.txt' && (path === undefined || r.path === path));
  }

  private handle(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    body: string,
    res: ServerResponse,
  ): void {
    const u = new URL(rawUrl, 'http://127.0.0.1');
    const query = new URLSearchParams(u.searchParams);
    if (method === 'POST' && (headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(body)) query.append(k, v);
    }
    this.requests.push({ method, path: u.pathname, query, headers, body, at: Date.now() });

    if (u.pathname === '/robots.txt' && this.robotsText !== undefined) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(this.robotsText);
      return;
    }
    const matching = this.faults.filter((f) => f.remaining > 0 && matches(f.match, method, u.pathname, query));
    const armed = matching.find((f) => f.skip === 0);
    for (const f of matching) if (f.skip > 0) f.skip -= 1;
    if (armed) {
      armed.remaining -= 1;
      this.inject(armed.fault, res);
      return;
    }
    const route = this.routes.find((r) => matches(r.match, method, u.pathname, query));
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const { reply } = route;
    const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    const send = () =>
      res
        .writeHead(reply.status ?? 200, {
          'content-type': reply.contentType ?? (reply.json !== undefined ? 'application/json' : 'text/plain'),
          ...reply.headers,
        })
        .end(text);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => (this.inFlight -= 1));
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  }

  private inject(fault: Fault, res: ServerResponse): void {
    switch (fault.kind) {
      case 'status':
        res
          .writeHead(fault.status, {
            'content-type': 'text/plain',
            ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
          })
          .end(fault.body ?? `status ${fault.status}`);
        return;
      case 'hang':
        return; // the socket is destroyed on close()
      case 'truncate': {
        const text = JSON.stringify(fault.json);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
        res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
        return;
      }
      case 'malformed':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(fault.text ?? '<html><body>Service temporarily unavailable</body></html>');
        return;
    }
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
