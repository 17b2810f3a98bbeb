import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { runResearch, type EngineEvent, type RunResult } from '../../helpers/research';
import { sha256 } from '../../../src/engine/ids';
import { displayName, factValue, LogEntry, type Person } from '../../../src/model';
import { snippetInSource } from '../../../src/agents/analyst/extract';
import { sampleCopy, writtenFiles } from './helpers';

describe('runResearch on the bundled sample case (offline, deterministic agents)', function () {
  this.timeout(180_000);
  let dir: string;
  let result: RunResult;
  const events: EngineEvent[] = [];

  before(async () => {
    dir = sampleCopy();
    const store = await openCase(dir);
    result = await runResearch({ store, connectors: [], onEvent: (e) => events.push(e), checkInvariants: true });
  });

  async function reopen() {
    return openCase(dir);
  }

  function subjectOf(persons: Person[]): Person {
    const s = persons.filter((p) => p.names.some((n) => n.given === 'Johann Friedrich' && n.surname === 'Schmidt'));
    assert.equal(s.length, 1, 'exactly one subject person');
    return s[0];
  }

  it('completes with a termination reason and reports counts', () => {
    assert.equal(result.status, 'completed');
    assert.ok(result.terminationReason.length > 0);
    assert.ok(result.cycles >= 1 && result.persons >= 10 && result.sources >= 15);
    assert.ok(
      events.some((e) => e.type === 'cycle') &&
        events.some((e) => e.type === 'finding') &&
        events.at(-1)?.type === 'done',
    );
  });

  it('finds the parents, spouse and children with cited evidence', async () => {
    const store = await reopen();
    const persons = store.persons();
    const s = subjectOf(persons);
    const rel = (type: string) =>
      s.relationships.filter((r) => r.type === type && r.status === 'accepted').map((r) => store.person(r.person)!);
    assert.deepEqual(rel('parent').map(displayName).sort(), ['Georg Schmidt', 'Margaretha Weber']);
    const [wife] = rel('spouse');
    assert.ok(wife.names.some((n) => n.given === 'Katharina' && n.surname === 'Huber'));
    const kids = rel('child');
    assert.equal(kids.length, 3);
    const kidNames = kids.flatMap((k) => k.names.map((n) => n.given.split(' ')[0]));
    for (const n of ['Wilhelm', 'William', 'Anna', 'Karl', 'Charles'])
      assert.ok(kidNames.includes(n), `${n} among ${kidNames.join(', ')}`);
    for (const r of s.relationships.filter((x) => x.status === 'accepted')) assert.ok(r.evidence.length > 0);
  });

  it('finds the vital dates, each with a citation whose snippet is in the captured source', async () => {
    const store = await reopen();
    const s = subjectOf(store.persons());
    assert.equal(factValue(s, 'death.date'), '2 FEB 1911');
    const birth = s.assertions.find((a) => a.field === 'birth.date' && a.value === '14 MAR 1842')!;
    assert.equal(birth.status, 'accepted');
    const death = s.assertions.find((a) => a.field === 'death.date' && a.value === '2 FEB 1911')!;
    for (const a of [birth, death]) {
      assert.ok(a.evidence.length >= 2, `${a.field} corroborated`);
      for (const e of a.evidence) {
        const src = store.source(e.source);
        assert.ok(src, `cited source ${e.source} was captured`);
        assert.ok(snippetInSource(e.snippet, src), `"${e.snippet}" is in ${e.source}`);
      }
    }
  });

  it('captures every record used as evidence: verbatim text with its sha256, before any fact cites it', async () => {
    const store = await reopen();
    const cited = new Set(
      store
        .persons()
        .flatMap((p) => [...p.assertions.flatMap((a) => a.evidence), ...p.relationships.flatMap((r) => r.evidence)])
        .map((e) => e.source),
    );
    for (const id of cited) {
      const src = store.source(id);
      assert.ok(src, `${id} captured`);
      // The body's hash: the answer's own (sha256) unless the Censor redacted it (then listed).
      assert.equal(src.bodySha256 ?? src.sha256, sha256(src.text || JSON.stringify(src.persons)));
      if (src.bodySha256) assert.ok(src.redactions?.length && src.bodySha256 !== src.sha256);
      assert.match(readFileSync(join(dir, 'sources', `${id}.md`), 'utf8'), /^---\n/);
    }
    const log = store.log();
    const firstCite = log.findIndex((e) => e.actionType === 'decision' && e.decisionType === 'persona_match');
    const firstAccess = log.findIndex((e) => e.actionType === 'source_access');
    assert.ok(firstAccess >= 0 && firstAccess < firstCite);
    const check = log.filter((e) => e.actionType === 'decision' && e.decisionType === 'verification_checkpoint').at(-1);
    assert.ok(
      check && check.actionType === 'decision' && check.chosenOption === 'passed',
      'the verification checkpoint passed',
    );
  });

  it('analyses every record it captured before it ends (an analysis queued behind searches is not dropped)', async () => {
    const store = await reopen();
    const cited = new Set(
      store
        .persons()
        .flatMap((p) => [...p.assertions.flatMap((a) => a.evidence), ...p.relationships.flatMap((r) => r.evidence)])
        .map((e) => e.source),
    );
    const uncited = store
      .sources()
      .filter((s) => s.persons.length > 0 && !cited.has(s.id))
      .map((s) => s.title);
    assert.deepEqual(uncited, [], 'every captured record with persons is cited by someone');
    assert.deepEqual(store.session()!.frontier, [], 'no analysis left queued');
  });

  it('records the conflicts as files with the preferred value, the weights and the rationale', async () => {
    const store = await reopen();
    const s = subjectOf(store.persons());
    const c = store.conflicts().find((x) => x.person === s.id && x.field === 'birth.date')!;
    assert.ok(c, 'a birth-date conflict for the subject');
    assert.equal(c.preferred, '14 MAR 1842');
    assert.ok(
      ['14 MAR 1840', '14 MAR 1841'].every((v) => c.competing.some((x) => x.value === v)),
      'alternatives preserved',
    );
    assert.match(c.rationale, /outweighs/);
    const file = readFileSync(join(dir, 'conflicts', `${c.id}.md`), 'utf8');
    assert.match(file, /14 MAR 1840/);
    const logged = store.log().filter((e) => e.actionType === 'conflict_resolution' && e.conflictId === c.id);
    assert.ok(
      logged.length > 0 && logged.every((e) => e.actionType === 'conflict_resolution' && e.options.length >= 2),
    );
  });

  it('never writes the living great-grandson’s exact birth date or street address', () => {
    const files = writtenFiles(dir);
    assert.ok(files.length > 30);
    for (const f of files) {
      for (const secret of ['5 MAR 1958', 'March 5, 1958', '1958-03-05', '1423 Elm', 'Elm Street'])
        assert.ok(!f.text.includes(secret), `${f.rel} contains "${secret}"`);
    }
  });

  it('writes every output: people, sources, conflicts, hypotheses.json, the log, summary.md, exports', async () => {
    const store = await reopen();
    const names = writtenFiles(dir).map((f) => f.rel);
    for (const prefix of ['people/', 'sources/', 'conflicts/'])
      assert.ok(
        names.some((n) => n.startsWith(prefix)),
        prefix,
      );
    for (const f of [
      'hypotheses.json',
      'log/research-log.jsonl',
      'summary.md',
      'exports/graph.jsonld',
      'exports/tree.ged',
    ])
      assert.ok(names.includes(f), f);
    const session = store.session()!;
    assert.equal(session.terminated, true);
    assert.equal(session.frontier.length, 0, 'invariant 3');
    assert.match(readFileSync(join(dir, 'exports/tree.ged'), 'utf8'), /^0 HEAD/);
    JSON.parse(readFileSync(join(dir, 'exports/graph.jsonld'), 'utf8'));
  });

  it('logs every seed 000 entry kind, each valid against the log schema', () => {
    const lines = readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8').trim().split('\n');
    const entries = lines.map((l) => LogEntry.parse(JSON.parse(l)));
    const kinds = new Set(entries.map((e) => e.actionType));
    for (const k of [
      'session_start',
      'task_selection',
      'source_access',
      'decision',
      'hypothesis',
      'compliance',
      'conflict_resolution',
      'cycle',
      'termination',
      'session_end',
    ] as const)
      assert.ok(kinds.has(k), k);
    const access = entries.find((e) => e.actionType === 'source_access');
    assert.ok(access && access.actionType === 'source_access' && access.responseTimeMs >= 0);
    const decisions = entries.filter((e) => e.actionType === 'decision');
    assert.ok(
      decisions.every((d) => d.actionType === 'decision' && d.optionsConsidered.length > 0 && d.rationale.length > 0),
    );
    const cycles = entries.filter((e) => e.actionType === 'cycle');
    assert.ok(
      cycles.every(
        (c) =>
          c.actionType === 'cycle' &&
          ['explore', 'deepen', 'challenge'].includes(c.strategy) &&
          c.durationMs >= 0 &&
          typeof c.counts.persons === 'number',
      ),
    );
  });

  it('rewrites summary.md as a proof argument', () => {
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    for (const h of [
      '**Research question.**',
      '## Conclusion',
      '## Evidence correlation',
      '## Family',
      '## Conflicts and their resolution',
      '## Sources consulted',
      '### Searches',
      '## Needs review',
      '## Open questions',
    ])
      assert.ok(md.includes(h), h);
    assert.match(md, /was born 14 MAR 1842/);
    assert.match(md, /Preferred: \*\*14 MAR 1842\*\*/);
    assert.doesNotMatch(md, /Additionally|We also found/);
  });

  it('a second run on the finished case adds nothing, keeps the log append-only, and re-checks a changed archive (time-based revisit)', async () => {
    const logBefore = readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8');
    const before = await reopen();
    const persons = before.persons().length;
    const again = await runResearch({ store: before, connectors: [] });
    assert.equal(again.status, 'completed');
    const after = await reopen();
    assert.equal(after.persons().length, persons);
    assert.ok(readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8').startsWith(logBefore), 'the log only grows');
    // A record added to the archive since: the next run revisits the source.
    writeFileSync(
      join(dir, 'archive/census/1910-census-springfield-schmidt.md'),
      '---\ntitle: 1910 U.S. census, Springfield — Schmidt household\nrecordType: census\ndate: 1910\nplace: Springfield, Sangamon, Illinois, USA\nrepository: National Archives, 1910 Federal Census\nsourceType: original\npersons:\n  - name: John F. /Schmidt/\n    role: head\n    sex: M\n    age: 68\n    birthPlace: Germany\n    relationship: head\n---\nSchmidt, John F. | head | 68 | Germany | retired\n',
    );
    const third = await runResearch({ store: await reopen(), connectors: [] });
    assert.equal(third.status, 'completed');
    const store = await reopen();
    assert.ok(
      store.log().some((e) => e.actionType === 'revisit' && e.revisitReason.includes('Time-based record update check')),
    );
    assert.ok(store.sources().some((s) => s.title.startsWith('1910 U.S. census')));
    const s = subjectOf(store.persons());
    assert.ok(s.assertions.some((a) => a.field === 'residence.date' && a.value === '1910'));
  });
});
