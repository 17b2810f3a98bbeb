#!/usr/bin/env node
// The README's main command (npm run demo): copies the bundled sample case to a fresh temporary
// folder (the repository is never written to), runs the research loop on it offline with the
// deterministic agents, shows progress, then prints where the results are and a short summary.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run "npm run build" first (npm run demo does it for you).');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'ancestry-demo-'));
const caseDir = join(work, 'sample-case');
cpSync(join(root, 'examples', 'sample-case'), caseDir, { recursive: true });
console.log(`Sample case copied to ${caseDir}\n`);

// No network and no API key needed: --offline uses the case's local archive and deterministic agents.
const env = { ...process.env };
delete env.ANTHROPIC_API_KEY;
const run = spawnSync(process.execPath, [cli, 'research', caseDir, '--offline'], { stdio: 'inherit', env });
if (run.status !== 0) {
  console.error(`\nThe research run failed (exit ${run.status}).`);
  process.exit(run.status ?? 1);
}

// A short summary: the conclusion paragraph and the goal line of summary.md.
const summary = readFileSync(join(caseDir, 'summary.md'), 'utf8');
const section = (title) => {
  const m = new RegExp(`## ${title}\\n\\n([\\s\\S]*?)(?=\\n## |$)`).exec(summary);
  return m ? m[1].trim() : '';
};
const conflicts = section('Conflicts and their resolution').match(/^### .*$/gm) ?? [];
console.log('\n──────── Summary ────────');
console.log(section('Conclusion').replace(/ \[S-[0-9a-f]+\]/g, ''));
if (conflicts.length) {
  console.log('\nConflicts found and resolved (details in summary.md and conflicts/):');
  for (const c of conflicts) console.log(`  - ${c.replace(/^### /, '')}`);
}
console.log(`\nResults are in ${caseDir}:`);
console.log('  summary.md                the proof argument (open it first)');
console.log('  people/, sources/         persons with cited assertions; captured evidence with sha256');
console.log('  conflicts/, log/          conflicts with rationale; the append-only research log');
console.log('  exports/                  graph.jsonld and tree.ged');
console.log(`\nTry: node ${cli} status ${caseDir}`);
