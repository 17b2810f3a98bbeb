/**
 * Issue #22 item 1 and 2 on a real tree (royal92, 3010 persons, 311 of them living in 2026): the
 * Censor redacts people, not text that looks like an address. The export goes through the file
 * store's writer, as `ancestry export` does.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { SHARED_DATA, tempDir } from '../../helpers/paths';

const NOW = new Date('2026-11-22T12:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

describe('GEDCOM export of royal92: redaction by meaning', function () {
  this.timeout(300_000);
  const outputs: Record<string, { text: string; loss: string }> = {};

  before(async () => {
    const root = join(tempDir('ancestry-royal-'), 'case');
    const store = await initCase(root, { question: 'royal92', subject: { name: 'Victoria' } }, { clock });
    await importGedcom(join(SHARED_DATA, 'gedcom', 'royal92.ged'), store, { as: 'tree' });
    for (const version of ['5.5.1', '7.0'] as const) {
      const r = exportGedcom(store, { version, now: NOW });
      const file = await store.writeExport(`royal-${version}.ged`, r.text, { censoredByField: true });
      const loss = await store.writeExport(`royal-${version}.ged.loss.md`, r.lossReport);
      outputs[version] = { text: readFileSync(file, 'utf8'), loss: readFileSync(loss, 'utf8') };
    }
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: no placeholder or decade in a DATE, PLAC or NAME line; the dead keep their dates`, () => {
      const { text } = outputs[version];
      const bad = text
        .split('\n')
        .filter((l) => /^\d+ (DATE|PLAC|NAME)\b/.test(l) && (/redacted|withheld/i.test(l) || /\b\d{3}0s\b/i.test(l)));
      assert.deepEqual(bad.slice(0, 5), []);
      // George VI died 6 FEB 1952; his burial at Windsor stays too.
      const george = text.slice(text.indexOf('1 NAME George_VI /Windsor/'));
      const record = george.slice(0, george.indexOf('\n0 '));
      assert.match(record, /1 DEAT\n2 DATE 6 FEB 1952/);
      assert.match(text, /1 NAME St\._Elgiva \/\//);
      // The header date is the export's date.
      assert.match(text, /^1 DATE 22 NOV 2026$/m);
    });

    it(`${version}: a living person's date is a valid wider range, the place keeps its levels`, () => {
      const { text } = outputs[version];
      const margaret = text.slice(text.indexOf('1 NAME Margaret Rose /Windsor/') - 40);
      const record = margaret.slice(0, margaret.indexOf('\n0 ', 45));
      assert.match(record, version === '7.0' ? /1 RESN PRIVACY/ : /1 RESN privacy/);
      assert.match(record, /1 BIRT\n2 DATE BET 1930 AND 1939\n2 PLAC ,,Angus,Scotland/);
    });

    it(`${version}: the loss report counts the redactions`, () => {
      const { loss } = outputs[version];
      assert.doesNotMatch(loss, /Nothing was lost/);
      assert.match(loss, /living persons \(RESN privacy\): 311\b/);
      assert.match(loss, /dates widened to whole decades[^:]*: \d+/);
    });
  }
});
