/**
 * GEDCOM 7 that validates (issue #22 item 4): every 7.0 export is checked against FamilySearch's
 * machine-readable rules (test/fixtures/gedcom7-rules, see its PROVENANCE.md) by
 * test/helpers/gedcom7-validate.ts: placement, cardinality, payload types, required substructures.
 * Inputs: royal92, Gramps's sample.ged, the TGC551 torture test and a research-made case (through
 * the CLI, as a user exports), and the 7.0 originals of the shared data (export → still valid).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { summarise, validateGedcom7 } from '../../helpers/gedcom7-validate';
import { SHARED_DATA } from '../../helpers/paths';
import { MemoryCaseStore } from './memory-store';

describe('the GEDCOM 7 validator', () => {
  it('finds what the 7.0 rules forbid, each where it is', () => {
    const bad = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 @I1@ INDI',
      "1 BIRT Edwin's birth", // 7.0: BIRT takes "Y" or nothing
      '1 IDNO 123', // needs a TYPE
      '1 NCHI three', // an integer
      '1 DEAT',
      '2 DATE ABT. 1886', // not the 7.0 date grammar
      '2 AGE 76', // 7.0 ages have units
      '0 @O1@ OBJE',
      '1 FILE a.jpg',
      '2 FORM image/jpeg',
      '1 TITL Portrait', // TITL belongs under FILE
      '0 @R1@ REPO', // a REPO needs a NAME
      '1 ADDR Somewhere',
      '0 @S1@ SOUR',
      '1 REPO @I1@', // points to an INDI
      '0 TRLR',
    ].join('\n');
    const found = validateGedcom7(bad).map((p) => `${p.line} ${p.path}: ${p.message}`);
    const expect = [
      /^5 INDI\.BIRT: BIRT takes "Y" or nothing/,
      /^6 INDI\.IDNO: IDNO needs a TYPE/,
      /^7 INDI\.NCHI: NCHI a non-negative integer expected/,
      /^9 INDI\.DEAT\.DATE: DATE a GEDCOM 7 date expected/,
      /^10 INDI\.DEAT\.AGE: AGE an age/,
      /^14 OBJE\.TITL: TITL may not stand under OBJE/,
      /^15 REPO: REPO needs a NAME/,
      /^18 SOUR\.REPO: points to @I1@, a INDI, not a REPO/,
    ];
    for (const re of expect)
      assert.ok(
        found.some((f) => re.test(f)),
        `${re} in:\n${found.join('\n')}`,
      );
    assert.equal(found.length, expect.length, found.join('\n'));
  });

  it('passes the 7.0 files FamilySearch and gedcom7code publish as valid', () => {
    const dirs = [join(SHARED_DATA, 'gedcom7'), join(SHARED_DATA, 'gedcom7', 'gedcom7code-test-files-7')];
    const files = dirs.flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('.ged'))
        .map((f) => join(d, f)),
    );
    assert.ok(files.length >= 40, `${files.length} files`);
    for (const f of files) {
      const problems = validateGedcom7(readFileSync(f, 'utf8'));
      assert.equal(problems.length, 0, `${f}:\n${summarise(problems)}`);
    }
  });
});

describe('every GEDCOM 7.0 export validates', function () {
  this.timeout(20 * 60 * 1000);

  // The CLI's 7.0 exports of royal92, sample.ged, TGC551 and a research-made case: read-back.test.ts.

  it('the 7.0 originals of the shared data, imported and exported again', async () => {
    const dir = join(SHARED_DATA, 'gedcom7');
    const files = readdirSync(dir).filter((x) => /\.ged$/.test(x));
    assert.ok(files.length >= 20, `${files.length} files`);
    for (const f of files) {
      const store = new MemoryCaseStore();
      await importGedcom(join(dir, f), store, { as: 'tree' });
      const { text } = exportGedcom(store, { version: '7.0' });
      const problems = validateGedcom7(text);
      assert.equal(problems.length, 0, `${f}:\n${summarise(problems)}`);
    }
  });
});
