/**
 * The sweep of the local archive (src/engine/phases/archive-sweep.ts): a record of the case's
 * archive that no search reached is read before the research ends on its own rules, once per
 * archive as it is; a budget ending leaves it unread.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import type { LogEntry } from '../../../src/model';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

/** A family society's note filed under a name no search of the case tries. */
const UNREACHED = `---
title: Wenzel family society newsletter, spring 1931
recordType: newspaper
date: 1931
place: Bamberg, Bavaria, Germany
repository: Wenzel Familienverband
sourceType: authored
---
Tobias Wenzel, born in Bamberg in 1850, kept the mill at Hallstadt until his death in 1921.
`;

function log(dir: string): LogEntry[] {
  return readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogEntry);
}

function sweeps(entries: readonly LogEntry[]): LogEntry[] {
  return entries.filter((e) => e.actionType === 'decision' && e.decisionType === 'archive_sweep');
}

function withUnreachedRecord(): string {
  const dir = sampleCopy();
  mkdirSync(join(dir, 'archive/societies'), { recursive: true });
  writeFileSync(join(dir, 'archive/societies/1931-wenzel-newsletter.md'), UNREACHED);
  return dir;
}

async function research(dir: string): Promise<void> {
  const store = await openCase(dir);
  await runResearch({ store, connectors: [] });
}

describe('the sweep of the local archive', function () {
  this.timeout(300_000);

  it('reads a record no search reached before the research ends, and only once', async () => {
    const dir = withUnreachedRecord();
    await research(dir);
    const store = await openCase(dir);
    const ids = store.sources().map((s) => s.externalId);
    assert.ok(ids.includes('archive:archive/societies/1931-wenzel-newsletter.md'), 'the unreached record was captured');
    const first = sweeps(log(dir));
    assert.equal(first.length, 1, 'one sweep');
    assert.match((first[0] as { rationale: string }).rationale, /^1 record\(s\) of the case's archive/);
    const sources = ids.length;
    const entries = log(dir).length;
    await research(dir);
    assert.equal(sweeps(log(dir).slice(entries)).length, 0, 'a second run does not sweep the same archive again');
    assert.equal((await openCase(dir)).sources().length, sources, 'and captures nothing twice');
  });

  it('is skipped when a budget ends the research', async () => {
    const dir = withUnreachedRecord();
    const file = join(dir, 'case.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('maxRequests: 300', 'maxRequests: 3'));
    await research(dir);
    assert.equal(sweeps(log(dir)).length, 0);
    const ids = (await openCase(dir)).sources().map((s) => s.externalId);
    assert.ok(!ids.includes('archive:archive/societies/1931-wenzel-newsletter.md'));
  });
});
