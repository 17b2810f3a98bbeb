/**
 * pdf.js (unpdf's serverless build) assigns `globalThis.navigator ??= {}` when it loads and reads
 * `navigator.platform` afterwards. VS Code's extension host replaces Node's `navigator` with a
 * getter that reports an error and returns undefined, and has no setter, so the assignment throws
 * ("Cannot set property navigator … which has only a getter") and no PDF could be read inside VS
 * Code, while the CLI (Node 20: no navigator; Node 22+: Node's own) read them. For the span of each
 * pdf.js call, a getter-only `navigator` is replaced by a plain object, then restored as it was:
 * the host's own rule stands for every other extension.
 */
const STAND_IN = { platform: '', userAgent: '', language: 'en-US' };

export async function withPdfJsGlobals<T>(fn: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  // No navigator (pdf.js sets its own) or a plain value: nothing to lend.
  if (!own || !own.get || own.set || !own.configurable) return fn();
  Object.defineProperty(globalThis, 'navigator', {
    value: STAND_IN,
    writable: true,
    configurable: true,
    enumerable: own.enumerable ?? true,
  });
  try {
    return await fn();
  } finally {
    Object.defineProperty(globalThis, 'navigator', own);
  }
}
