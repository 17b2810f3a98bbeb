// The packaged extension ships with its own copy of the document readers (tesseract.js and its
// English model, unpdf), which esbuild leaves outside the bundles: `vsce package --no-dependencies`
// ships no node_modules, so without this copy "Transcribe Document" failed in an installed
// extension with "Cannot find module 'tesseract.js'". dist/engine.js, dist/cli.js and
// dist/people-worker.js resolve them from dist/node_modules, as Node looks beside the requiring file
// first. Only what Node loads is copied: Tesseract's core builds, the best_int English model, and
// each package's own files and licence, without docs or tests.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Per package, which of its files to keep (paths relative to the package; default: everything useful). */
const KEEP = {
  'tesseract.js': (f) => f === 'package.json' || f.startsWith(`src${sep}`),
  // Every build, as Node loads it (the .js loader and its .wasm; the .wasm.js copies are for
  // browsers): tesseract.js picks one by the CPU's SIMD support, and loads a non-LSTM one first.
  'tesseract.js-core': (f) =>
    f === 'package.json' || f === 'index.js' || /^tesseract-core(-simd|-relaxedsimd)?(-lstm)?\.(js|wasm)$/.test(f),
  '@tesseract.js-data/eng': (f) => f === 'package.json' || f === 'index.js' || f.startsWith(`4.0.0_best_int${sep}`),
  unpdf: (f) => f === 'package.json' || f.startsWith(`dist${sep}`),
};
const SKIP =
  /(^|[\\/])(node_modules|docs?|examples?|tests?|__tests__|\.github)([\\/]|$)|\.(map|ts)$|^(?!licen[cs]e)[^\\/]*\.md$/i;
/** A package's licence always goes with it. */
const LICENCE = /^licen[cs]e/i;

/** Where a package's folder is, seen from `from` (a package folder): nested node_modules first. */
function locate(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`vendor-readers: ${name} is not installed (run npm ci)`);
  }
}

/** Copies `roots` and their runtime dependencies into `<out>/node_modules`; returns the bytes copied. */
export function vendorReaders(roots, out, repo = process.cwd()) {
  const target = join(out, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  const seen = new Set();
  const queue = roots.map((name) => ({ name, from: repo }));
  let bytes = 0;
  while (queue.length) {
    const { name, from } = queue.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    const dir = locate(name, from);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const keep = (f) => LICENCE.test(f) || (KEEP[name] ?? ((g) => !SKIP.test(g)))(f);
    cpSync(dir, join(target, name), {
      recursive: true,
      filter: (src) => {
        const rel = relative(dir, src);
        if (!rel) return true;
        if (statSync(src).isDirectory()) return !/(^|[\\/])node_modules$/.test(rel);
        if (!keep(rel)) return false;
        bytes += statSync(src).size;
        return true;
      },
    });
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: dir });
  }
  mkdirSync(target, { recursive: true });
  return { packages: [...seen], bytes };
}
