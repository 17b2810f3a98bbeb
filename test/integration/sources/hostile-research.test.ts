/**
 * Issue #21 items 5 and 7, end to end: real research runs against WikiTree served from 127.0.0.1.
 * A living person in the answer (IsLiving 1, an exact 1990 birth date, a street address) must not
 * reach any file of the case folder, .ancestry/ included: every file is scanned, bytes leaked must
 * be 0. A hostile answer (a gzip bomb) and an outage are survived and the run continues.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';
import { CaseConfig } from '../../../src/model';
import { loadConnectors, overrideEnvName } from '../../../src/sources';
import { tempDir } from '../../helpers/paths';
import { HostileServer } from '../../helpers/hostile-server';
import { deadPort, ReplayServer } from '../../helpers/replay-server';

/** The living person's details, in every form a file could hold them. */
const SECRETS = [
  '1990-05-17',
  '17 May 1990',
  '17 MAY 1990',
  'May 17, 1990',
  '42 Maple Street',
  'Maple Street',
  '62704',
];

function everyFile(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? everyFile(p) : [p];
  });
}

/** Bytes of the living person's details found in any file under the case folder. */
function leaked(root: string): { bytes: number; where: string[] } {
  let bytes = 0;
  const where: string[] = [];
  for (const file of everyFile(root)) {
    const text = readFileSync(file, 'utf8');
    for (const s of SECRETS) {
      const n = text.split(s).length - 1;
      if (n) {
        bytes += n * Buffer.byteLength(s);
        where.push(`${file.slice(root.length)}: ${s} ×${n}`);
      }
    }
  }
  return { bytes, where };
}

const livingMatch = {
  Id: 99001,
  Name: 'Testperson-7',
  FirstName: 'Emma',
  LastNameAtBirth: 'Testperson',
  BirthDate: '1990-05-17',
  BirthLocation: '42 Maple Street, Springfield, Illinois 62704, USA',
  Gender: 'Female',
  IsLiving: 1,
  Father: 99002,
  Mother: 0,
};
const deadFather = {
  Id: 99002,
  Name: 'Testperson-3',
  FirstName: 'Walter',
  LastNameAtBirth: 'Testperson',
  BirthDate: '1890-02-01',
  DeathDate: '1961-08-09',
  BirthLocation: 'Springfield, Sangamon, Illinois, USA',
  IsLiving: 0,
};

function wikitree(server: ReplayServer): void {
  server.route(
    { path: '/api.php', query: { action: 'searchPerson' } },
    { json: [{ status: 0, matches: [livingMatch], total: 1 }] },
  );
  server.route(
    { path: '/api.php', query: { action: 'getRelatives' } },
    {
      json: [
        { status: 0, items: [{ key: 'Testperson-7', person: { ...livingMatch, Parents: { '99002': deadFather } } }] },
      ],
    },
  );
}

async function newCase(name: string) {
  const root = join(tempDir(), name);
  const config = {
    question: 'Who were the parents of Emma Testperson (b. 1990)?',
    subject: { name: 'Emma Testperson', born: '1990' },
  };
  await initCase(root, config);
  return { root, config };
}

async function env(wikitreeUrl: string): Promise<NodeJS.ProcessEnv> {
  const dead = `http://127.0.0.1:${await deadPort()}`;
  const e: NodeJS.ProcessEnv = { ANCESTRY_WIKITREE_APPID: 'ancestry-engine-e2e' };
  for (const id of ['wikidata', 'loc', 'openarchives', 'internetarchive', 'familysearch', 'nara'])
    e[overrideEnvName(id)] = dead;
  e[overrideEnvName('wikitree')] = wikitreeUrl;
  return e;
}

describe('research against hostile and living-person answers (issue #21)', function () {
  this.timeout(120_000);
  let server: ReplayServer;
  beforeEach(async () => {
    server = await ReplayServer.start();
  });
  afterEach(() => server.close());

  it('writes nothing of a living person found in a WikiTree answer: 0 bytes leaked in any file', async () => {
    wikitree(server);
    const { root, config } = await newCase('living');
    const store = await openCase(root);
    const { connectors } = await loadConnectors({
      config: CaseConfig.parse(config),
      env: await env(server.url),
      store,
      offline: false,
    });
    const result = await runResearch({ store, connectors, maxCycles: 3 });
    assert.equal(result.status, 'completed', `${result.status}: ${result.terminationReason}`);

    const reread = await openCase(root);
    const captured = reread.sources().find((s) => s.externalId === 'Testperson-7');
    assert.ok(captured, 'the WikiTree answer was captured');
    assert.ok(server.hits('/api.php').length > 0);
    const scan = leaked(root);
    assert.equal(scan.bytes, 0, `bytes leaked: ${scan.bytes}\n${scan.where.join('\n')}`);
    // The body was redacted per field: the dead father's dates stay as evidence.
    assert.match(captured.text, /"DeathDate": "1961-08-09"/);
    assert.match(captured.text, /"IsLiving": 1/);
    // The redactions are listed in the source and logged; the sha256 is the answer's, not the body's.
    assert.ok(captured.redactions?.length, 'redactions listed in the front matter');
    assert.ok(captured.bodySha256 && captured.bodySha256 !== captured.sha256);
    assert.equal(captured.bodySha256, createHash('sha256').update(captured.text).digest('hex'));
    assert.ok(
      reread
        .log()
        .some((e) => e.actionType === 'compliance' && e.check === 'living' && e.subject.includes(captured.id)),
    );
    assert.deepEqual(
      reread.problems.filter((p) => p.file.includes(captured.id)),
      [],
      'validate does not call the redacted body an edit',
    );
  });

  it('keeps the living person in the cache only with consent', async () => {
    wikitree(server);
    const { root } = await newCase('consent');
    const config = {
      question: 'Who were the parents of Emma Testperson (b. 1990)?',
      subject: { name: 'Emma Testperson', born: '1990' },
      privacy: { consent: true },
    };
    await initCase(join(root, '..', 'consent2'), config);
    const store = await openCase(join(root, '..', 'consent2'));
    const { connectors } = await loadConnectors({
      config: CaseConfig.parse(config),
      env: await env(server.url),
      store,
      offline: false,
    });
    await runResearch({ store, connectors, maxCycles: 2 });
    const cached = everyFile(join(root, '..', 'consent2', '.ancestry')).filter((f) => f.includes('http-cache'));
    assert.ok(
      cached.some((f) => readFileSync(f, 'utf8').includes('1990-05-17')),
      'with consent the original answer is cached',
    );
  });

  it('asks a source again in a later run after an outage, instead of calling the case exhausted', async () => {
    const { root, config } = await newCase('outage');
    const down = await openCase(root);
    const first = await loadConnectors({
      config: CaseConfig.parse(config),
      env: await env(`http://127.0.0.1:${await deadPort()}`),
      store: down,
      offline: false,
    });
    const r1 = await runResearch({ store: down, connectors: first.connectors, maxCycles: 3 });
    assert.equal(r1.status, 'completed', `${r1.status}: ${r1.terminationReason}`);
    assert.equal(server.hits('/api.php').length, 0);
    // Not "exhausted" for good: the stop says which searches wait for which sources.
    assert.match(r1.terminationReason ?? '', /search\(es\) wait for sources that did not answer \([^)]*wikitree/);

    wikitree(server);
    const up = await openCase(root);
    const second = await loadConnectors({
      config: CaseConfig.parse(config),
      env: await env(server.url),
      store: up,
      offline: false,
    });
    await runResearch({ store: up, connectors: second.connectors, maxCycles: 3 });
    assert.ok(server.hits('/api.php').length > 0, 'the recovered source is asked again');
    assert.ok((await openCase(root)).sources().some((s) => s.externalId === 'Testperson-7'));
    assert.equal(leaked(root).bytes, 0);
  });

  it('survives a gzip bomb from one source and goes on with the others', async () => {
    const { root, config } = await newCase('bomb');
    const hostile = await HostileServer.start();
    hostile.on('/api.php', { kind: 'bomb', inflated: 256 * 1024 * 1024 });
    const store = await openCase(root);
    const { connectors } = await loadConnectors({
      config: CaseConfig.parse(config),
      env: await env(hostile.url),
      store,
      offline: false,
    });
    const result = await runResearch({ store, connectors, maxCycles: 2 }).finally(() => hostile.close());
    assert.equal(result.status, 'completed');
    const log = (await openCase(root)).log();
    assert.ok(
      log.some(
        (e) =>
          e.actionType === 'source_access' &&
          e.source === 'wikitree' &&
          !e.success &&
          /larger than the source's limit/.test(e.failureReason ?? ''),
      ),
      'the bomb was cut and logged',
    );
    assert.ok(
      log.some((e) => e.actionType === 'source_access' && e.source === 'wikidata'),
      'the run went on with the other sources',
    );
    for (const f of everyFile(root)) assert.ok(statSync(f).size < 4 * 1024 * 1024, `${f} is ${statSync(f).size} bytes`);
  });
});
