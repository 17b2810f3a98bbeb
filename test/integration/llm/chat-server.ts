/**
 * A local stand-in for an OpenAI-compatible Chat Completions API on 127.0.0.1: each request is
 * answered by a responder (a tool call, an error status, a broken body), and recorded.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; parameters: unknown } }[];
    tool_choice?: unknown;
  };
}

export type ChatResponder = (req: ChatRequest) => { status?: number; headers?: Record<string, string>; body: unknown };

export interface ChatServer {
  baseURL: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

/** A completion that calls `name` with `args` (what a compatible server returns for a forced tool). */
export function toolCallCompletion(model: string, name: string, args: unknown): unknown {
  return {
    id: 'chatcmpl-local',
    object: 'chat.completion',
    model,
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      },
    ],
    usage: { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 },
  };
}

export async function startChatServer(respond: ChatResponder): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ChatRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
      } catch {
        /* recorded empty */
      }
      const request = { path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer =
        req.method === 'POST' && req.url === '/v1/chat/completions'
          ? respond(request)
          : { status: 404, body: { error: { message: `no route ${req.url}` } } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
