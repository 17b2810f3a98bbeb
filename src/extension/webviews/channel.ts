/**
 * A typed, validated message channel over one webview. Incoming messages are parsed with the
 * panel's zod union (invalid ones are logged and dropped); every received message is also
 * re-emitted so tests can await a webview's acknowledgement.
 */
import * as vscode from 'vscode';
import type { OutputLog } from '../services';
import type { z } from 'zod';
import { parseMessage } from '../../protocol/envelope';

export class WebviewChannel<In extends { type: string }, Out extends { type: string }> implements vscode.Disposable {
  private readonly received = new vscode.EventEmitter<In>();
  readonly onDidReceive = this.received.event;
  private readonly subscription: vscode.Disposable;
  private ready = false;
  private pending: Out[] = [];

  constructor(
    private readonly webview: vscode.Webview,
    schema: z.ZodType<In>,
    handler: (msg: In) => void | Promise<void>,
    private readonly log: OutputLog,
  ) {
    this.subscription = webview.onDidReceiveMessage(async (data: unknown) => {
      const parsed = parseMessage(schema, data);
      if (!parsed.ok) {
        this.log.appendLine(`[webview] ${parsed.error}`);
        return;
      }
      // Any message proves the webview is loaded and listening: a view hidden and shown again
      // within a moment keeps its page (no new "ready"), and must not stay deaf after a reset().
      if (parsed.value.type === 'ready' || !this.ready) this.flush();
      // One message at a time, in the order sent: two quick decisions on the same thing ("0.9",
      // then "0.95") are applied in the user's order, not in the order their writes finish.
      const run = this.inOrder.then(() => this.handle(handler, parsed.value));
      this.inOrder = run;
      await run;
    });
  }

  private inOrder: Promise<void> = Promise.resolve();

  private async handle(handler: (msg: In) => void | Promise<void>, msg: In): Promise<void> {
    try {
      await handler(msg);
    } catch (e) {
      this.log.appendLine(`[webview] ${msg.type} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      void vscode.window.showErrorMessage(`Ancestry: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.received.fire(msg);
  }

  /** Posts now if the webview has said it is ready, else queues (VS Code drops early messages). */
  post(message: Out): void {
    if (!this.ready) {
      // Only the newest message of a kind matters to a webview that has not loaded yet.
      this.pending = [...this.pending.filter((m) => m.type !== message.type), message];
      return;
    }
    void this.webview.postMessage(message);
  }

  /** A hidden or reloaded webview must say "ready" again before it can receive. */
  reset(): void {
    this.ready = false;
  }

  private flush(): void {
    this.ready = true;
    const queued = this.pending;
    this.pending = [];
    for (const m of queued) void this.webview.postMessage(m);
  }

  dispose(): void {
    this.subscription.dispose();
    this.received.dispose();
  }
}
