/**
 * Every GEDCOM file in ../shared/data imports (into the in-memory store: the file store's own
 * writes are covered by cli.test.ts), or fails with a clear error naming file and line for the
 * deliberately damaged ones. Then import → export (5.5.1 and 7.0) → import
 * keeps the count of individuals, families, events and sources.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { mapGedcom } from '../../../src/interchange/gedcom/map-import';
import { GedcomSyntaxError, parseGedcom } from '../../../src/interchange/gedcom/parse';
import { SHARED_DATA } from '../../helpers/paths';
import { MemoryCaseStore } from './memory-store';

function walk(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((e) => {
      const p = join(dir, e);
      return statSync(p).isDirectory() ? walk(p) : [p];
    })
    .filter((p) => /\.(ged|gdz)$/i.test(p))
    .sort();
}

/** Damaged on purpose (PROVENANCE.md): the line each one must be rejected at. */
const FATAL: Record<string, [number, RegExp]> = {
  'gedcom/gedcom-go/malformed/unterminated-xref.ged': [4, /unterminated cross-reference/],
  'gedcom/gedcom-go/malformed/level-over-99.ged': [17, /invalid level/],
  'gedcom/gedcom4j-samples/issue102_100levels.ged': [108, /invalid level/],
};

describe('every GEDCOM file in the shared data', function () {
  this.timeout(20 * 60 * 1000);
  const files = [...walk(join(SHARED_DATA, 'gedcom')), ...walk(join(SHARED_DATA, 'gedcom7'))];

  it('finds the whole corpus', () => {
    assert.ok(files.length >= 240, `${files.length} files`);
  });

  for (const file of files) {
    const rel = relative(SHARED_DATA, file);
    it(`${rel}: imports and survives export → import in 5.5.1 and 7.0`, async () => {
      const store = new MemoryCaseStore();
      if (FATAL[rel]) {
        const [line, re] = FATAL[rel];
        await assert.rejects(
          importGedcom(file, store),
          (e: unknown) =>
            e instanceof GedcomSyntaxError &&
            e.line === line &&
            re.test(e.message) &&
            e.message.startsWith(`${basename(file)}:${line}:`),
        );
        return;
      }
      const first = await importGedcom(file, store, { as: 'tree' });
      assert.equal(store.persons().length, first.stats.individuals, 'every individual is in the case');
      for (const version of ['5.5.1', '7.0'] as const) {
        const { text } = exportGedcom(store, { version });
        const again = mapGedcom(parseGedcom(text, { file: `export-${version}` }), { file: 'export', key: 'rt' }).stats;
        const a = first.stats;
        assert.deepEqual(
          { individuals: again.individuals, families: again.families, events: again.events, sources: again.sources },
          { individuals: a.individuals, families: a.families, events: a.events, sources: a.sources },
          `${rel} → GEDCOM ${version} → import`,
        );
      }
    });
  }
});
