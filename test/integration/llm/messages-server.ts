/**
 * A local stand-in for the Anthropic Messages API on 127.0.0.1: replays a recorded transcript one
 * exchange per HTTP request (including injected 429/529 with retry-after) and records what it got,
 * so the real SDK client is exercised end to end without the internet.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectationMismatch, type Transcript } from '../../../src/llm/transcript';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  raw: string;
}

export interface MessagesServer {
  baseURL: string;
  requests: RecordedRequest[];
  mismatches: string[];
  served: number;
  close(): Promise<void>;
}

/** Answers a request body with a response (status 200 unless given): for runs whose call count is not known in advance. */
export type MessagesResponder = (body: Record<string, unknown>) => {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
};

export async function startMessagesServer(script: Transcript | MessagesResponder): Promise<MessagesServer> {
  const state = { requests: [] as RecordedRequest[], mismatches: [] as string[], served: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        /* recorded as-is below */
      }
      state.requests.push({ path: req.url ?? '', headers: req.headers, body, raw });
      const send = (status: number, headers: Record<string, string>, payload: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_local_${state.requests.length}`,
          ...headers,
        });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
        return send(
          404,
          { 'x-should-retry': 'false' },
          { type: 'error', error: { type: 'not_found_error', message: `no route ${req.method} ${req.url}` } },
        );
      }
      if (typeof script === 'function') {
        state.served += 1;
        const r = script(body);
        return send(r.status ?? 200, r.headers ?? {}, r.body);
      }
      const exchange = script.exchanges[state.served];
      if (!exchange) {
        state.mismatches.push(`request ${state.requests.length}: transcript exhausted`);
        return send(
          400,
          { 'x-should-retry': 'false' },
          { type: 'error', error: { type: 'invalid_request_error', message: 'transcript exhausted' } },
        );
      }
      const mismatch = expectationMismatch(exchange, body, raw);
      if (mismatch) {
        state.mismatches.push(`exchange ${state.served}: ${mismatch}`);
        return send(
          400,
          { 'x-should-retry': 'false' },
          { type: 'error', error: { type: 'invalid_request_error', message: mismatch } },
        );
      }
      state.served += 1;
      send(exchange.status, exchange.headers, exchange.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get mismatches() {
      return state.mismatches;
    },
    get served() {
      return state.served;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
