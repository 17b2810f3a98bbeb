/**
 * The direction of imports in src/ (docs/architecture.md): no import circle, a pure model that
 * imports nothing outside itself, an engine that takes its sources through the ports (it
 * imports no connector), sources that import of the engine only the ports they implement, and one
 * home for name folding. Reads every module's top-level import and export-from declarations with
 * the TypeScript parser, `import type` included (a circle of types is still a circle for the
 * reader); `import()` expressions are deliberate late edges (the extension loads the engine lazily)
 * and are not followed.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../helpers/paths';

const SRC = join(REPO_ROOT, 'src');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return modules(abs);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [abs] : [];
  });
}

/** A relative specifier resolved to its module file (x.ts or x/index.ts); undefined for packages. */
function resolveModule(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const f of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(f)) return f;
  return undefined;
}

/** Every module of src/ with the modules it imports at top level. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const out = new Set<string>();
    for (const st of sf.statements) {
      const spec =
        (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) &&
        st.moduleSpecifier &&
        ts.isStringLiteral(st.moduleSpecifier)
          ? st.moduleSpecifier.text
          : undefined;
      const target = spec ? resolveModule(file, spec) : undefined;
      if (target) out.add(target);
    }
    graph.set(file, [...out]);
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

const rel = (f: string) => relative(SRC, f).replace(/\\/g, '/');

describe('import directions in src/', function () {
  const graph = importGraph();

  it('has no import circle (import type included; import() expressions are late edges)', () => {
    const circles = importCircles(graph).map((c) => c.map(rel).join(' ⇄ '));
    assert.deepEqual(circles, []);
  });

  it('finds a circle when there is one (the check itself can fail)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(importCircles(g), [['a', 'b', 'c']]);
    assert.deepEqual(importCircles(new Map([['s', ['s']]])), [['s']]);
  });

  it('keeps the model pure: src/model imports nothing else of src/', () => {
    const out = [...graph].flatMap(([f, deps]) =>
      rel(f).startsWith('model/')
        ? deps.filter((d) => !rel(d).startsWith('model/')).map((d) => `${rel(f)} → ${rel(d)}`)
        : [],
    );
    assert.deepEqual(out, []);
  });

  it('lets the engine take its sources through the ports: src/engine imports nothing of src/sources', () => {
    const out = [...graph].flatMap(([f, deps]) =>
      rel(f).startsWith('engine/')
        ? deps.filter((d) => rel(d).startsWith('sources/')).map((d) => `${rel(f)} → ${rel(d)}`)
        : [],
    );
    assert.deepEqual(out, []);
  });

  it('keeps the sources out of the engine: src/sources imports of src/engine only the ports it implements', () => {
    const out = [...graph].flatMap(([f, deps]) =>
      rel(f).startsWith('sources/')
        ? deps
            .filter((d) => rel(d).startsWith('engine/') && rel(d) !== 'engine/ports.ts')
            .map((d) => `${rel(f)} → ${rel(d)}`)
        : [],
    );
    assert.deepEqual(out, []);
  });

  it('folds names in one place: no diacritics are stripped (NFKD, combining marks) outside src/model/names', () => {
    // A second fold drifts from the first (one maps ß, the other drops it): every fold lives in
    // src/model/names/fold.ts, and the others use it.
    const out = [...graph.keys()]
      .filter((f) => !rel(f).startsWith('model/names/'))
      .filter((f) => /normalize\(\s*['"]NFKD['"]\s*\)|\\u0300-\\u036f/.test(readFileSync(f, 'utf8')))
      .map(rel);
    assert.deepEqual(out, []);
  });
});
