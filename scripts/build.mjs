// Builds every target with esbuild: the extension host bundle, the CLI, and one browser bundle per
// webview (webview/<panel>/main.ts → dist/webview/<panel>.js). sql.js's wasm is copied beside them.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };
mkdirSync('dist/webview', { recursive: true });

const nodeTargets = [
  { entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];
// Extension-host integration suites (TESTING.md level 4) are bundled when present.
for (const entry of ['test/vscode/index.ts']) {
  if (existsSync(entry)) nodeTargets.push({ entryPoints: [entry], outfile: 'dist/test/vscode/index.js', external: ['vscode', 'mocha'] });
}
const webviewTargets = existsSync('webview')
  ? readdirSync('webview', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join('webview', d.name, 'main.ts')))
      .map((d) => ({ entryPoints: [join('webview', d.name, 'main.ts')], outfile: join('dist/webview', `${d.name}.js`) }))
  : [];

await Promise.all([
  ...nodeTargets.map((t) => build({ ...common, ...t, platform: 'node', format: 'cjs', target: 'node20' })),
  ...webviewTargets.map((t) => build({ ...common, ...t, platform: 'browser', format: 'iife', target: 'es2022' })),
]);
copyFileSync('node_modules/sql.js/dist/sql-wasm.wasm', 'dist/sql-wasm.wasm');
chmodSync('dist/cli.js', 0o755);
