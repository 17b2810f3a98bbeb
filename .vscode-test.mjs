// Level 5 (../shared/TESTING.md): the extension-host suite under @vscode/test-cli / @vscode/test-electron,
// for machines with a desktop VS Code. Not part of `npm test` (these CI machines have none; the same
// suite runs there inside code-server through `npm run test:e2e`).
//
//   npm run build && VSCODE_EXECUTABLE=/path/to/code npx vscode-test
//
// Without VSCODE_EXECUTABLE, test-cli downloads VS Code (needs internet). The suite writes into its
// workspace, so it gets a fresh copy of examples/sample-case each run.
import { defineConfig } from '@vscode/test-cli';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tmp = mkdtempSync(join(tmpdir(), 'ancestry-vscode-test-'));
const workspace = join(tmp, 'sample-case');
cpSync('examples/sample-case', workspace, { recursive: true });
const executable = process.env.VSCODE_EXECUTABLE;

export default defineConfig({
  label: 'extension-host',
  files: 'dist/test/vscode/index.js',
  workspaceFolder: workspace,
  mocha: { ui: 'bdd', timeout: 180_000 },
  launchArgs: ['--disable-extensions', '--disable-workspace-trust', '--user-data-dir', join(tmp, 'user-data')],
  ...(executable ? { useInstallation: { fromPath: executable } } : { version: 'stable' }),
});
