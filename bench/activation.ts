/**
 * What VS Code pays before activate(): the time to require the extension's main bundle in a fresh
 * Node with a stub `vscode`. Builds, in this run and into a temp dir, the split layout (dist/
 * extension.js + dist/engine.js, as scripts/build.mjs does) and the baseline single bundle (the
 * engine inlined behind lazy imports, the layout before the split), dev and --production, and
 * prints load medians of 5 fresh processes and the ratio split/single. "+ engine" is the split
 * bundle followed by engine.js: the cost once the first engine feature runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const REPO = resolve(__dirname, '..');
const RUNS = 5;

/** The baseline: loadEngine() becomes `import('./engine-entry')`, which esbuild inlines. */
const inlineEngine: Plugin = {
  name: 'inline-engine',
  setup(b) {
    b.onResolve({ filter: /\/loadEngine$/ }, () => ({ path: 'inline-engine', namespace: 'inline-engine' }));
    b.onLoad({ filter: /.*/, namespace: 'inline-engine' }, () => ({
      contents: `export const loadEngine = async () => import(${JSON.stringify(join(REPO, 'src/extension/engine-entry.ts'))});`,
      resolveDir: join(REPO, 'src/extension'),
      loader: 'ts',
    }));
  },
};

async function bundle(dir: string, production: boolean): Promise<void> {
  const common: BuildOptions = {
    bundle: true,
    minify: production,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'error',
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: [join(REPO, 'src/extension/extension.ts')],
      outfile: join(dir, 'split/extension.js'),
    }),
    build({
      ...common,
      entryPoints: [join(REPO, 'src/extension/engine-entry.ts')],
      outfile: join(dir, 'split/engine.js'),
    }),
    build({
      ...common,
      entryPoints: [join(REPO, 'src/extension/extension.ts')],
      outfile: join(dir, 'single/extension.js'),
      plugins: [inlineEngine],
    }),
  ]);
}

/** Milliseconds to require the files in order, in a fresh Node whose `vscode` is a stub proxy. */
function loadMs(files: string[]): number {
  const script = `const M=require('module');const o=M._load;const p=new Proxy(function(){},{get:(t,k)=>k==='__esModule'?false:p,apply:()=>p,construct:()=>p});M._load=function(r,...a){return r==='vscode'?p:o.call(this,r,...a)};const t=performance.now();for(const f of ${JSON.stringify(files)})require(f);process.stdout.write(String(performance.now()-t))`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (f: string) => `${(statSync(f).size / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'ancestry-activation-'));
  try {
    for (const production of [false, true]) {
      const dir = join(tmp, production ? 'prod' : 'dev');
      await bundle(dir, production);
      const single = join(dir, 'single/extension.js');
      const split = join(dir, 'split/extension.js');
      const engine = join(dir, 'split/engine.js');
      const t = { single: [] as number[], split: [] as number[], both: [] as number[] };
      // Interleaved so drift on the shared machine hits every variant alike.
      for (let i = 0; i < RUNS; i++) {
        t.single.push(loadMs([single]));
        t.split.push(loadMs([split]));
        t.both.push(loadMs([split, engine]));
      }
      const [s, a, b] = [median(t.single), median(t.split), median(t.both)];
      console.log(`${production ? 'production (minified)' : 'dev (unminified)'}:`);
      console.log(`  single bundle   ${kb(single).padStart(8)}  load ${s.toFixed(1)} ms (baseline)`);
      console.log(`  extension.js    ${kb(split).padStart(8)}  load ${a.toFixed(1)} ms  ratio ${(a / s).toFixed(3)}`);
      console.log(
        `  + engine.js     ${kb(engine).padStart(8)}  load ${b.toFixed(1)} ms  ratio ${(b / s).toFixed(3)} (first engine use)`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
