/**
 * The loss report tells the truth (issue #22 item 2): "Nothing was lost" only when nothing changed.
 * Gramps's sample.ged has 15 persons living in 2026 (Edwin Smith, born "EST 24 MAY 1961", among them). Imported without consent, they are stored
 * generalised; an export made after consent was given must still say so (it said "Nothing was
 * lost" while writing their widened dates). Imported with consent, the export that says "Nothing
 * was lost" reads back into our importer with every count of the original.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { SHARED_DATA, tempDir } from '../../helpers/paths';
import { MemoryCaseStore } from './memory-store';

const NOW = new Date('2026-11-22T12:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };
const SAMPLE = join(SHARED_DATA, 'gedcom', 'gramps', 'sample.ged');

async function importedWithoutConsent() {
  const root = join(tempDir('ancestry-loss-'), 'case');
  const store = await initCase(root, { question: 'sample', subject: { name: 'Edwin Smith' } }, { clock });
  await store.removePerson(store.config().subject.person!);
  await importGedcom(SAMPLE, store, { now: NOW });
  return root;
}

describe('the loss report tells the truth', function () {
  this.timeout(120_000);

  it('consent given after an import without it: the stored generalisations are still listed', async () => {
    const root = await importedWithoutConsent();
    appendFileSync(join(root, 'case.yaml'), 'privacy:\n  consent: true\n');
    const store = await openCase(root, { clock });
    for (const version of ['5.5.1', '7.0'] as const) {
      const { text, lossReport } = exportGedcom(store, { version, now: NOW });
      assert.doesNotMatch(lossReport, /Nothing was lost/, lossReport);
      assert.match(lossReport, /persons imported without consent, so stored generalised[^:]*: 15\b/, lossReport);
      assert.match(lossReport, /dates widened[^:]*: \d+/);
      assert.match(lossReport, /places reduced to region and country[^:]*: \d+/);
      assert.match(lossReport, /lines of living persons withheld at import[^:]*: \d+/);
      // Never a decade in a DATE line ("EST 24 MAY 1961" of a living person was stored "EST 1960s").
      const decades = text.split('\n').filter((l) => /^\d+ (DATE|PHRASE) .*\b\d{3}0s\b/i.test(l));
      assert.deepEqual(decades, []);
    }
  });

  it('"Nothing was lost" only for an export our importer reads back with every count of the original', async () => {
    const dir = join(tempDir('ancestry-loss-consent-'), 'case');
    const store = await initCase(
      dir,
      { question: 'sample', subject: { name: 'Edwin Smith' }, privacy: { consent: true } },
      { clock },
    );
    await store.removePerson(store.config().subject.person!);
    const original = await importGedcom(SAMPLE, store, { now: NOW });
    const { text, lossReport } = exportGedcom(store, { version: '5.5.1', now: NOW });
    const back = new MemoryCaseStore();
    const file = join(tempDir('ancestry-loss-back-'), 'back.ged');
    writeFileSync(file, text);
    const reread = await importGedcom(file, back, { now: NOW });
    const { customTags: _a, ...want } = original.stats;
    const { customTags: _b, ...got } = reread.stats;
    assert.match(lossReport, /Nothing was lost/);
    assert.deepEqual(got, want, lossReport);
  });
});
