/**
 * A hostile HTTP server on 127.0.0.1 for the client's fault tests (issue #21): answers that never
 * end, that inflate to gigabytes, that trickle, that redirect elsewhere, that have the wrong
 * shape. It counts the bytes it managed to send per path, so a test can assert the client stopped
 * reading early (bytes, never time).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Hostile =
  /** `bytes` of JSON-looking text, sent as fast as the client reads. */
  | { kind: 'huge'; bytes: number }
  /** A small gzip body that inflates to `inflated` bytes of zeros (Content-Encoding: gzip). */
  | { kind: 'bomb'; inflated: number }
  /** Never ends: 64 KB chunks until the client hangs up. */
  | { kind: 'endless' }
  /** One byte every `everyMs`, forever. */
  | { kind: 'trickle'; everyMs: number }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'json'; body: unknown; status?: number };

const CHUNK = Buffer.alloc(64 * 1024, 'x');

export class HostileServer {
  private readonly routes = new Map<string, Hostile>();
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Body bytes written per path (what the kernel accepted, an upper bound of what was read). */
  readonly sent = new Map<string, number>();
  readonly hits: string[] = [];
  private bombs = new Map<number, Buffer>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<HostileServer> {
    const server = createServer((req, res) => self.handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const self = new HostileServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (s) => {
      self.sockets.add(s);
      s.on('close', () => self.sockets.delete(s));
    });
    return self;
  }

  on(path: string, reply: Hostile): this {
    this.routes.set(path, reply);
    return this;
  }

  private count(path: string, n: number): void {
    this.sent.set(path, (this.sent.get(path) ?? 0) + n);
  }

  private bomb(inflated: number): Buffer {
    let b = this.bombs.get(inflated);
    if (!b) this.bombs.set(inflated, (b = gzipSync(Buffer.alloc(inflated), { level: 9 })));
    return b;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', this.url).pathname;
    this.hits.push(path);
    const r = this.routes.get(path);
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    const closed = () => res.destroyed || res.writableEnded;
    switch (r.kind) {
      case 'json': {
        const body = JSON.stringify(r.body);
        this.count(path, Buffer.byteLength(body));
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      case 'redirect':
        res.writeHead(r.status, { location: r.location }).end();
        return;
      case 'bomb': {
        const body = this.bomb(r.inflated);
        this.count(path, body.length);
        res
          .writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': String(body.length),
          })
          .end(body);
        return;
      }
      case 'huge':
      case 'endless': {
        res.writeHead(200, { 'content-type': 'application/json' });
        let left = r.kind === 'huge' ? r.bytes : Infinity;
        const pump = () => {
          while (!closed() && left > 0) {
            const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
            left -= chunk.length;
            this.count(path, chunk.length);
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!closed() && left <= 0) res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        const t = setInterval(() => {
          if (closed()) return void (clearInterval(t), this.timers.delete(t));
          this.count(path, 2);
          res.write('0,');
        }, r.everyMs);
        this.timers.add(t);
        res.on('close', () => (clearInterval(t), this.timers.delete(t)));
        return;
      }
    }
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
