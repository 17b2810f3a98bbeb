/**
 * Issue 14 item 6, the deterministic floor: a model that fabricates every answer (served as the
 * Messages API on 127.0.0.1, reached through the real SDK by the CLI) never makes the result worse
 * than no model. On several cases the persons, facts, relationships and the Conclusion of summary.md
 * equal those of the same research run with --no-llm, and no fabricated word reaches a case file.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { researchCommand } from '../../../src/cli/commands/research';
import { displayName } from '../../../src/model';
import { overrideEnvName } from '../../../src/sources';
import { writtenFiles } from '../engine/helpers';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { deadPort } from '../../helpers/replay-server';
import { HOSTILE_MARKERS, hostileResponder } from './hostile-model';
import { startMessagesServer } from './messages-server';

const NETWORK_SOURCES = ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive', 'familysearch', 'nara'];

interface CaseRun {
  label: string;
  dir: string;
  args: string[];
}

/** The bundled sample case researched for several subjects, plus the evaluation cases when present. */
function cases(): CaseRun[] {
  const sample = join(REPO_ROOT, 'examples/sample-case');
  const out: CaseRun[] = [
    { label: 'sample case', dir: sample, args: [] },
    { label: 'sample case, subject Katharina Huber', dir: sample, args: ['--person', 'Katharina Huber'] },
  ];
  // Evaluation cases of other kinds: free text naming many relatives, an emigrant with a namesake, a maiden and a married name.
  for (const name of ['hoffman-obituary-relatives', 'kowalski-emigrant-namesake', 'vogel-maiden-married']) {
    const dir = join(REPO_ROOT, 'test/cases', name);
    if (existsSync(join(dir, 'case.yaml'))) out.push({ label: `evaluation case ${name}`, dir, args: [] });
  }
  return out;
}

/** A copy that may go online (every network source is a dead local port) with a model budget no run reaches. */
function copyCase(src: string, tag: string): string {
  const root = join(tempDir(`ancestry-floor-${tag}-`), 'case');
  cpSync(src, root, { recursive: true });
  const yamlPath = join(root, 'case.yaml');
  let yaml = readFileSync(yamlPath, 'utf8')
    .replace(/offline:\s*true/, 'offline: false')
    .replace(/\nllm:[\s\S]*$/, '');
  yaml = /\bbudget:/.test(yaml)
    ? yaml.replace(/\bbudget:\n/, 'budget:\n  maxUsd: 500\n  maxTokens: 900000000\n')
    : `${yaml}\nbudget:\n  maxUsd: 500\n  maxTokens: 900000000\n`;
  writeFileSync(yamlPath, `${yaml}\nllm:\n  model: claude-haiku-4-5\n`);
  return root;
}

/** The case as a genealogist reads it: persons by name, their facts and relationships, and the Conclusion. */
async function outcome(root: string): Promise<{ persons: string[]; conclusion: string }> {
  const store = await openCase(root);
  const persons = store.persons();
  const nameOf = new Map(persons.map((p) => [p.id, displayName(p)]));
  const lines = persons.map((p) => {
    const facts = p.assertions.map((a) => `${a.field}=${a.value} [${a.status}]`).sort();
    const rels = p.relationships.map((r) => `${r.type}:${nameOf.get(r.person) ?? '?'} [${r.status}]`).sort();
    return `${displayName(p)} (${p.sex}) | ${facts.join('; ')} | ${rels.join('; ')}`;
  });
  const summary = readFileSync(join(root, 'summary.md'), 'utf8');
  const conclusion = summary.match(/## Conclusion\n([\s\S]*?)\n## /)?.[1]?.trim() ?? '';
  return { persons: lines.sort(), conclusion };
}

async function research(root: string, args: string[]): Promise<void> {
  const err: string[] = [];
  const code = await researchCommand.run([root, ...args, '--max-cycles', '12', '--json'], {
    out: () => undefined,
    err: (t) => err.push(t),
    tty: false,
    signal: new AbortController().signal,
  });
  assert.equal(code, 0, err.join('\n'));
}

describe('the deterministic floor: a hostile model never makes the result worse than no model', function () {
  this.timeout(600_000);
  const saved = { ...process.env };
  let server: Awaited<ReturnType<typeof startMessagesServer>>;

  before(async () => {
    server = await startMessagesServer(hostileResponder());
    const dead = `http://127.0.0.1:${await deadPort()}`;
    process.env.ANTHROPIC_API_KEY = 'sk-ant-hostile-test';
    process.env.ANTHROPIC_BASE_URL = server.baseURL;
    for (const id of NETWORK_SOURCES) process.env[overrideEnvName(id)] = dead;
  });
  after(async () => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) Reflect.deleteProperty(process.env, k);
    Object.assign(process.env, saved);
    await server.close();
  });

  for (const c of cases()) {
    it(`${c.label}: the same persons, facts, relationships and conclusion as without a model`, async () => {
      const plain = copyCase(c.dir, 'plain');
      await research(plain, [...c.args, '--no-llm']);
      const asked = server.requests.length;
      const hostile = copyCase(c.dir, 'hostile');
      await research(hostile, c.args);
      assert.ok(server.requests.length > asked, 'the hostile model was asked');

      const [want, got] = [await outcome(plain), await outcome(hostile)];
      assert.ok(want.persons.length > 0 && want.conclusion.length > 0, 'the run without a model found something');
      const missing = want.persons.filter((x) => !got.persons.includes(x));
      const extra = got.persons.filter((x) => !want.persons.includes(x));
      assert.deepEqual(
        { missing, extra },
        { missing: [], extra: [] },
        'persons, facts and relationships differ from the run without a model',
      );
      assert.equal(got.conclusion, want.conclusion);

      // The planner's stop was overruled, and said so in the log.
      const log = (await openCase(hostile)).log();
      assert.ok(
        log.some((e) => e.actionType === 'decision' && e.decisionType === 'planner_stop_overruled'),
        'the overruled stop is logged',
      );
      // So was its target: an id never offered leaves the choice to UCB1.
      assert.ok(
        log.some((e) => e.actionType === 'decision' && e.decisionType === 'planner_target_overruled'),
        'the overruled target is logged',
      );
      // And a target it did offer, ranked last, was worked: the result above is still the floor's.
      assert.ok(
        log.some(
          (e) =>
            e.actionType === 'decision' &&
            e.decisionType === 'lead_target' &&
            /chosen by the Lead planner/.test(e.rationale),
        ),
        "the planner's own choice of a candidate was kept at least once",
      );
      // Nothing fabricated reaches a case file (the research log records the rejections and is exempt).
      for (const f of writtenFiles(hostile)) {
        if (f.rel.startsWith('log') || f.rel.startsWith('.ancestry')) continue;
        for (const m of HOSTILE_MARKERS) assert.ok(!f.text.includes(m), `${f.rel} contains the fabricated "${m}"`);
      }
    });
  }
});
