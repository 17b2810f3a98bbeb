import assert from 'node:assert/strict';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../helpers/paths';

// dist/extension.js must hold only what activation needs; the engine (zod, case writer, LLM,
// sources, interchange) lives in dist/engine.js, reached through src/extension/loadEngine.ts.
// A plain `await import('../…')` of an engine module in src/extension would inline it again.
describe('extension activation bundle', () => {
  it('bundles no engine module, zod or SDK: they are loaded through loadEngine()', async function () {
    this.timeout(60_000);
    const r = await build({
      entryPoints: [join(REPO_ROOT, 'src/extension/extension.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      write: false,
      metafile: true,
      outfile: 'extension.js',
      logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile.inputs);
    const heavy = inputs.filter(
      (f) =>
        f.includes('node_modules/') ||
        /^src\/(engine|llm|sources|interchange|case|agents|model)\//.test(f) ||
        f.startsWith('src/extension/core/'),
    );
    assert.equal(
      heavy.length,
      0,
      `${heavy.length} engine inputs in dist/extension.js (${heavy
        .filter((f) => f.startsWith('src/'))
        .slice(0, 8)
        .join(', ')}, …): use loadEngine('<module>') (src/extension/engine-entry.ts) instead of importing them`,
    );
    const bytes = Object.values(r.metafile.outputs)[0].bytes;
    assert.ok(bytes < 200_000, `dist/extension.js is ${bytes} bytes`);
  });
});
