/**
 * Level 4 (../shared/TESTING.md): mocha inside a real extension host. Bundled by scripts/build.mjs
 * to dist/test/vscode/index.js; `run()` is the classic runner VS Code calls (code-server payload or
 * @vscode/test-electron). Under @vscode/test-cli, mocha's globals already exist at load time and
 * the suites register themselves. Results are also written to the workspace folder as JSON so the
 * code-server runner can report each test.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { defineSuites } from './suite';

if (typeof (globalThis as { describe?: unknown }).describe === 'function') defineSuites();

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 180_000, color: false, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  defineSuites();
  const tests: { title: string; ok: boolean; error?: string }[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
      const passed = tests.filter((t) => t.ok).length;
      const activationMs = (
        vscode.extensions.getExtension('ancestry-engine.ancestry-engine')?.exports as
          { activationMs?: number } | undefined
      )?.activationMs;
      if (folder)
        writeFileSync(
          join(folder, '.vscode-test-results.json'),
          JSON.stringify({ passed, failed: tests.length - passed, activationMs, tests }, null, 2),
        );
      console.log(`${passed} passed, ${tests.length - passed} failed`);
      if (failures > 0 || tests.length === 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), ok: true }));
    runner.on('fail', (t, err: Error) =>
      tests.push({
        title: t.fullTitle(),
        ok: false,
        error: (err?.stack ?? err?.message ?? '').split('\n').slice(0, 4).join(' | '),
      }),
    );
  });
}
