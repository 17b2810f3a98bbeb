// Builds every target with esbuild: the extension host bundles, the CLI, and one browser bundle per
// webview (webview/<panel>/main.ts → dist/webview/<panel>.js). sql.js's wasm is copied beside them.
// The extension is two bundles: dist/extension.js (what activation needs: views, commands, status
// bar) and dist/engine.js (zod, case writer, engine, LLM, sources, interchange), which
// src/extension/loadEngine.ts requires on first use, so VS Code parses only the small one up front.
// `--analyze` prints the largest inputs of dist/extension.js (esbuild metafile).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { vendorReaders } from './vendor-readers.mjs';

const production = process.argv.includes('--production');
const analyze = process.argv.includes('--analyze');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };
mkdirSync('dist/webview', { recursive: true });

// OCR and PDF text are loaded on first use and stay outside the bundles: tesseract.js starts its
// worker thread from its own files and reads its model from node_modules (nothing is downloaded).
const documentReaders = ['tesseract.js', '@tesseract.js-data/eng', 'unpdf'];
const nodeTargets = [
  {
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    metafile: analyze,
  },
  {
    entryPoints: ['src/extension/engine-entry.ts'],
    outfile: 'dist/engine.js',
    external: ['vscode', ...documentReaders],
  },
  {
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    external: documentReaders,
  },
  // The People view's worker thread (src/extension/people/client.ts starts it).
  { entryPoints: ['src/extension/people/worker.ts'], outfile: 'dist/people-worker.js', external: documentReaders },
];
// Extension-host integration suites (TESTING.md level 4) are bundled when present.
for (const entry of ['test/vscode/index.ts']) {
  if (existsSync(entry))
    nodeTargets.push({ entryPoints: [entry], outfile: 'dist/test/vscode/index.js', external: ['vscode', 'mocha'] });
}
// PDFKit's ES module entry (what an `import` resolves to) finds its data files through
// import.meta.url, which a CommonJS bundle does not have: bundle its CommonJS build instead.
const nodeAlias = { alias: { pdfkit: './node_modules/pdfkit/js/pdfkit.js' } };
const webviewTargets = existsSync('webview')
  ? readdirSync('webview', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join('webview', d.name, 'main.ts')))
      .map((d) => ({
        entryPoints: [join('webview', d.name, 'main.ts')],
        outfile: join('dist/webview', `${d.name}.js`),
      }))
  : [];

const results = await Promise.all([
  ...nodeTargets.map((t) =>
    build({ ...common, ...t, ...nodeAlias, platform: 'node', format: 'cjs', target: 'node20' }),
  ),
  ...webviewTargets.map((t) => build({ ...common, ...t, platform: 'browser', format: 'iife', target: 'es2022' })),
]);
copyFileSync('node_modules/sql.js/dist/sql-wasm.wasm', 'dist/sql-wasm.wasm');
// The chart PDF export embeds DejaVu Sans (every script a name is written in, and the ♂ ♀ ⚭ signs):
// the People worker reads it beside itself (src/interchange/chart-pdf.ts), offline.
mkdirSync('dist/fonts', { recursive: true });
for (const f of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
  copyFileSync(join('node_modules/dejavu-fonts-ttf/ttf', f), join('dist/fonts', f));
// The package carries its own document readers; a development build reads node_modules (and drops
// a package build's copy, which would otherwise shadow an updated node_modules).
if (production) {
  const { packages, bytes } = vendorReaders(documentReaders, 'dist');
  console.log(
    `dist/node_modules: ${packages.length} packages for the document readers, ${(bytes / 1048576).toFixed(1)} MB`,
  );
} else rmSync('dist/node_modules', { recursive: true, force: true });
chmodSync('dist/cli.js', 0o755);

if (analyze) {
  const out = results[0].metafile.outputs['dist/extension.js'];
  const top = Object.entries(out.inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 20);
  console.log(`dist/extension.js: ${out.bytes} bytes; largest inputs:`);
  for (const [file, { bytesInOutput }] of top) console.log(`${String(bytesInOutput).padStart(9)}  ${file}`);
}
