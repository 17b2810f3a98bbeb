/**
 * summary.md carries the run's model cost (seed 002 cost tracking): a CaseStore decorator that
 * appends the meter's cost section whenever the engine rewrites the summary. It decorates the port,
 * so the engine stays unaware of whether Claude agents ran.
 */
import type { CaseStore } from '../engine/ports';
import type { CostMeter } from './cost-meter';

export function withCostReport<S extends CaseStore>(store: S, meter: CostMeter): S {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'writeSummary') {
        return (markdown: string) =>
          target.writeSummary(meter.calls().length ? `${markdown.trimEnd()}\n\n${meter.reportMarkdown()}\n` : markdown);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
