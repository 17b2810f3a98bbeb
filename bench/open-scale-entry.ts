/**
 * One measurement of bench/open-scale.ts, bundled by it with esbuild and run by plain node (no
 * tsx loader in the figures): `bare <file.ged>`, or `page|id|name <case> [arg]`. Prints what it
 * found, so the parent can check every run answered the same.
 */
import { readFileSync } from 'node:fs';
import { openCase } from '../src/case';
import { referenceParse } from '../src/interchange/gedcom/reference';
import { displayName, type Person } from '../src/model';

const PAGE = 50;

function sortKey(p: Person): string {
  const n = p.names[0];
  return `${n?.surname ?? ''}\u0000${n?.given ?? ''}\u0000${p.id}`.toLowerCase();
}

async function run(mode: string, target: string, arg: string | undefined): Promise<string> {
  if (mode === 'bare') {
    // What a program using the `gedcom` package does: read the file as text and parse it.
    return `${referenceParse(readFileSync(target, 'utf8')).children.length} records`;
  }
  const store = await openCase(target);
  if (mode === 'page') {
    const page = store
      .persons()
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))
      .slice(0, PAGE);
    return page.map((p) => p.id).join(',');
  }
  if (mode === 'id') return store.person(arg!)?.id ?? 'none';
  if (mode === 'name') {
    // Word prefixes over all of a person's names, every term required (what an FTS4 `term*` query does).
    const words = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    const terms = words(arg!);
    const hits = store.persons().filter((p) => {
      const ws = words(p.names.map((n) => `${n.given} ${n.surname} ${n.nickname ?? ''}`).join(' '));
      return terms.every((t) => ws.some((w) => w.startsWith(t)));
    });
    return `${hits.length} ${hits.length ? displayName(hits[0]) : ''}`;
  }
  throw new Error(`unknown mode ${mode}`);
}

const [mode, target, arg] = process.argv.slice(2);
run(mode, target, arg).then(
  (out) => process.stdout.write(out),
  (e: unknown) => {
    process.stderr.write(String(e));
    process.exit(1);
  },
);
