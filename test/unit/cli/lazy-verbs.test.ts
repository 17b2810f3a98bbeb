/**
 * A verb loads only the modules it needs (src/cli/commands/index.ts): `ancestry status`, `persons`
 * and `show` open a case without evaluating the research engine, the LLM client, the source
 * connectors or the importers (#16: a 100k case opens in under 0.5 s and 150 MB; evaluating the
 * whole CLI was a third of that). Each verb is loaded in a fresh process, whose module cache is
 * then read.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../../helpers/paths';

function modulesLoadedBy(verb: string): string[] {
  const script = `require('./src/cli/commands').loadCommand(${JSON.stringify(verb)}).then(() =>
    process.stdout.write(JSON.stringify(Object.keys(require.cache))))`;
  const r = spawnSync(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const src = `${REPO_ROOT}/src/`;
  return (JSON.parse(r.stdout) as string[]).filter((f) => f.startsWith(src)).map((f) => f.slice(src.length));
}

describe('CLI verbs are loaded on demand', function () {
  this.timeout(120_000);

  for (const verb of ['status', 'persons', 'show'])
    it(`${verb} loads neither the engine, the LLM client, the sources nor the other verbs`, () => {
      const loaded = modulesLoadedBy(verb);
      assert.ok(loaded.includes(`cli/commands/${verb}.ts`), `${verb} itself is loaded`);
      assert.ok(loaded.includes('case/store.ts'));
      const heavy = loaded.filter(
        (f) =>
          (f.startsWith('engine/') && f !== 'engine/ports.ts') ||
          /^(llm|sources|extension)\//.test(f) ||
          f.startsWith('interchange/gedcom/import') ||
          /^cli\/commands\/(research|import|export|merges?|review|transcribe)\.ts$/.test(f),
      );
      assert.deepEqual(heavy, []);
    });

  it('sources loads the declarative connector but not the HTML reader, until a plugin reads HTML', () => {
    // The verb, then the plugins of the HTML fixture, in one fresh process: the parser and the CSS
    // engine are evaluated by the second step only.
    const script = `const html = () => Object.keys(require.cache).filter((f) => /declarative\\/html|htmlparser2|css-select/.test(f));
      require('./src/cli/commands').loadCommand('sources').then(() => {
        const before = html();
        require('./src/sources/plugin').loadPlugins('test/fixtures/plugins-declarative-html');
        process.stdout.write(JSON.stringify({ before, after: html(), cache: Object.keys(require.cache) }));
      })`;
    const r = spawnSync(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { before, after, cache } = JSON.parse(r.stdout) as { before: string[]; after: string[]; cache: string[] };
    assert.ok(cache.includes(`${REPO_ROOT}/src/sources/declarative/connector.ts`));
    assert.deepEqual(before, []);
    assert.ok(after.includes(`${REPO_ROOT}/src/sources/declarative/html.ts`), after.join(', '));
    assert.ok(
      after.some((f) => f.includes('/css-select/')),
      after.join(', '),
    );
  });
});
