import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { sourcesCommand } from '../../../src/cli/commands/sources';
import type { CliIo } from '../../../src/cli/command';
import { tempDir } from '../../helpers/paths';

function io(): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (t) => lines.push(t),
    err: (t) => lines.push(t),
    tty: false,
    signal: new AbortController().signal,
  };
}

describe('ancestry sources', () => {
  it('lists sources with the status a run of the case would give them, and Tier 2 links for the subject', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, {
      question: 'Parents of Johann Schmidt?',
      subject: { name: 'Johann Schmidt', born: 'ABT 1850', place: 'Springfield, Illinois' },
    });
    const out = io();
    assert.equal(await sourcesCommand.run([root, '--json'], out), 0);
    const json = JSON.parse(out.lines.join('\n')) as {
      sources: { id: string; tier: number; status: string }[];
      deferred: { source: string; url: string }[];
    };
    const byId = Object.fromEntries(json.sources.map((s) => [s.id, s.status]));
    assert.equal(byId.wikitree, 'on');
    assert.equal(byId.familysearch, 'off (tiers.tier1 is false)');
    assert.equal(byId.findagrave, 'link-out only (never fetched)');
    const fag = new URL(json.deferred.find((d) => d.source === 'findagrave')!.url);
    assert.equal(fag.searchParams.get('lastname'), 'Schmidt');
    assert.equal(fag.searchParams.get('birthyear'), '1850');
  });

  it('prints a readable table without a case', async () => {
    const out = io();
    assert.equal(await sourcesCommand.run([], out), 0);
    assert.ok(out.lines.some((l) => /^wikidata\s+Tier 0\s+on$/.test(l)));
    assert.ok(out.lines.some((l) => /^nara\s+Tier 1\s+(on|needs NARA_API_KEY)/.test(l)));
  });
});
