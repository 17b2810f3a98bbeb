/**
 * The webview side of a panel's channel: `acquireVsCodeApi` typed by the panel's protocol, incoming
 * messages validated with the same zod unions the host uses, state kept with getState/setState.
 */
import type { z } from 'zod';
import { parseMessage } from '../../src/protocol/envelope';

interface VsCodeApi<Out, State> {
  postMessage(message: Out): void;
  getState(): State | undefined;
  setState(state: State): void;
}
declare function acquireVsCodeApi<Out, State>(): VsCodeApi<Out, State>;

export interface Channel<Out, State> {
  post(message: Out): void;
  state(): State | undefined;
  saveState(state: State): void;
}

export function connect<In, Out extends { type: string }, State>(
  incoming: z.ZodType<In>,
  stateSchema: z.ZodType<State>,
  onMessage: (message: In) => void,
): Channel<Out, State> {
  const api = acquireVsCodeApi<Out, State>();
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = parseMessage(incoming, event.data);
    if (!parsed.ok) {
      console.error(parsed.error);
      return;
    }
    onMessage(parsed.value);
  });
  return {
    post: (m) => api.postMessage(m),
    state: () => {
      const s = stateSchema.safeParse(api.getState() ?? {});
      return s.success ? s.data : undefined;
    },
    saveState: (s) => api.setState(s),
  };
}

type Child = Node | string | number | false | null | undefined;
type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

/** A tiny element builder: attributes, `on*` listeners and children; text is never parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === 'className') el.className = String(v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children)
    if (c !== undefined && c !== null && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

export function mount(...nodes: Node[]): HTMLElement {
  const app = document.getElementById('app')!;
  app.setAttribute('aria-busy', 'false');
  app.replaceChildren(...nodes);
  return app;
}

export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}
