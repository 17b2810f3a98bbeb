/**
 * Round trips that keep what a user needs (issue #22 item 3): one-sided FAMC/FAMS links (both
 * ways), ASSO with RELA (5.5.1) and ROLE/PHRASE (7.0), a living person's association and vendor
 * events (Gramps's _DEG) generalised rather than dropped, FTW's occupation in PLAC, "DIV N" as
 * 7.0's "NO DIV". Import → export 5.5.1 and 7.0 → the lines are there, where each version puts them.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { tempDir } from '../../helpers/paths';
import { validateGedcom7 } from '../../helpers/gedcom7-validate';
import { MemoryCaseStore } from './memory-store';

const TREE = `0 HEAD
1 SOUR FTW
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Peter /Smith/
1 SEX M
1 BIRT
2 DATE 1 MAR 1850
1 DEAT
2 DATE 1920
1 FAMS @F1@
1 NOTE @N1@
0 @I2@ INDI
1 NAME Anna /Jones/
1 SEX F
1 BIRT
2 DATE 1855
1 DEAT
2 DATE 1930
1 FAMS @F1@
0 @I3@ INDI
1 NAME Tom /Smith/
1 BIRT
2 DATE 1880
1 DEAT
2 DATE 1950
2 SOUR Family bible of Tom Smith
1 OCCU
2 PLAC Blacksmith
1 FAMC @F1@
1 FAMC @F2@
2 PEDI foster
1 ASSO @I1@
2 RELA Godfather
2 NOTE Named in the baptism entry
0 @I4@ INDI
1 NAME Lisa /Smith/
1 SEX F
1 BIRT
2 DATE 12 MAY 1975
2 PLAC Springfield, Sangamon, Illinois, USA
1 _DEG Bachelor of Science
2 DATE 1997
2 PLAC University of Illinois, Urbana, Champaign, Illinois, USA
1 ASSO @I3@
2 RELA Friend
2 NOTE Met at 12 Elm Street
1 FAMS @F2@
0 @I5@ INDI
1 NAME Ruth /Brown/
1 SEX F
1 BIRT
2 DATE 1882
1 DEAT
2 DATE 1960
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 CHIL @I5@
1 MARR
2 DATE 1878
1 DIV N
0 @F2@ FAM
1 WIFE @I4@
1 HUSB @I5@
0 @N1@ NOTE Peter's will names his sons.
1 SOUR @S1@
2 PAGE folio 3
0 @S1@ SOUR
1 TITL Probate register
1 REPO @R1@
0 @R1@ REPO
1 NAME County archive
1 NOTE @N2@
0 @N2@ NOTE Closed on Mondays.
0 TRLR
`;

describe('GEDCOM round trips keep links, associations and vendor events', function () {
  this.timeout(120_000);
  const dir = tempDir('ancestry-links-');
  const file = join(dir, 'links.ged');
  writeFileSync(file, TREE);
  const exportOf = async (version: '5.5.1' | '7.0', consent = false) => {
    const store = new MemoryCaseStore({ privacy: { consent, livingThresholdYears: 100 } });
    await importGedcom(file, store, { as: 'tree' });
    return exportGedcom(store, { version, now: new Date('2026-01-01T00:00:00Z') });
  };
  /** The lines of one record, by xref. */
  const record = (text: string, xref: string): string => {
    const start = text.indexOf(`0 ${xref} `);
    assert.ok(start >= 0, `${xref} is in the export`);
    const end = text.indexOf('\n0 ', start + 1);
    return text.slice(start, end);
  };

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: a FAMC the family does not list, and a CHIL the child does not link back, come back one-sided`, async () => {
      const { text } = await exportOf(version);
      // Tom links to F2 (foster) but F2 lists no child: the link is his alone.
      assert.match(record(text, '@I3@'), /1 FAMC @F2@\n2 PEDI (foster|FOSTER)/);
      assert.doesNotMatch(record(text, '@F2@'), /CHIL/);
      // F1 lists Ruth, who does not link back: no FAMC is invented for her.
      assert.match(record(text, '@F1@'), /1 CHIL @I5@/);
      assert.doesNotMatch(record(text, '@I5@'), /FAMC/);
      // Lisa and Ruth as spouses: F2 lists them, FAMS on Lisa only (Ruth has none in the original).
      assert.match(record(text, '@I4@'), /1 FAMS @F2@/);
      assert.doesNotMatch(record(text, '@I5@'), /FAMS/);
    });

    it(`${version}: ASSO keeps its relationship (RELA in 5.5.1, ROLE with PHRASE in 7.0)`, async () => {
      const { text } = await exportOf(version);
      const tom = record(text, '@I3@');
      if (version === '5.5.1') assert.match(tom, /1 ASSO @I1@\n2 RELA Godfather\n2 NOTE Named in the baptism entry/);
      else assert.match(tom, /1 ASSO @I1@\n2 ROLE GODP\n3 PHRASE Godfather\n2 NOTE Named in the baptism entry/);
    });

    it(`${version}: a living person's association and degree are kept, generalised, and the loss report says what was withheld`, async () => {
      const { text, lossReport } = await exportOf(version);
      const lisa = record(text, '@I4@');
      // The association is a relationship (kept); its note, which gives a street address, is not.
      assert.match(
        lisa,
        version === '5.5.1' ? /1 ASSO @I3@\n2 RELA Friend/ : /1 ASSO @I3@\n2 ROLE FRIEND\n3 PHRASE Friend/,
      );
      assert.doesNotMatch(lisa, /Elm Street/);
      // Gramps's _DEG is an event: its date widened to decades, its place reduced, not dropped.
      assert.match(lisa, /1 _DEG Bachelor of Science\n2 DATE BET 1990 AND 1999\n2 PLAC , , , Illinois, USA\n/);
      assert.doesNotMatch(lisa, /Urbana|1997/);
      assert.match(lossReport, /lines of living persons withheld at import[^\n]*: 1\b/);
    });

    it(`${version}: with consent the living person's lines are all there`, async () => {
      const { text } = await exportOf(version, true);
      const lisa = record(text, '@I4@');
      assert.match(lisa, /Elm Street/);
      assert.match(lisa, /1 _DEG Bachelor of Science\n2 DATE 1997\n2 PLAC University of Illinois, Urbana/);
    });

    it(`${version}: an FTW occupation written in PLAC is the occupation; "DIV N" is ${version === '7.0' ? 'NO DIV' : 'kept'}`, async () => {
      const { text } = await exportOf(version);
      assert.match(record(text, '@I3@'), /1 OCCU Blacksmith$/m);
      assert.doesNotMatch(record(text, '@I3@'), /PLAC Blacksmith/);
      assert.match(record(text, '@F1@'), version === '7.0' ? /^1 NO DIV$/m : /^1 DIV N$/m);
    });
  }

  it('an inline source citation goes back inline: 5.5.1 text, 7.0 SOUR @VOID@ with PAGE, and 7.0 reads back to 5.5.1 text', async () => {
    const v5 = (await exportOf('5.5.1')).text;
    assert.match(record(v5, '@I3@'), /1 DEAT\n2 DATE 1950\n2 SOUR Family bible of Tom Smith\n/);
    assert.doesNotMatch(v5, /0 @[^@]+@ SOUR\n1 TITL Family bible/, 'no source record made of it');
    const v7 = (await exportOf('7.0')).text;
    assert.match(record(v7, '@I3@'), /1 DEAT\n2 DATE 1950\n2 SOUR @VOID@\n3 PAGE Family bible of Tom Smith\n1 /);
    const again = join(dir, 'void.ged');
    writeFileSync(again, v7);
    const store = new MemoryCaseStore();
    const back = await importGedcom(again, store, { as: 'tree' });
    assert.equal(back.stats.sources, 2, 'the probate register and the inline text');
    assert.ok(!back.warnings.some((w) => /VOID/.test(w.message)), JSON.stringify(back.warnings));
    const { text } = exportGedcom(store, { version: '5.5.1', now: new Date('2026-01-01T00:00:00Z') });
    assert.match(record(text, '@I3@'), /2 SOUR Family bible of Tom Smith\n/);
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: pointers inside records kept verbatim name this export's records; a shared note keeps its citation`, async () => {
      const { text, lossReport } = await exportOf(version);
      assert.doesNotMatch(lossReport, /line dropped/);
      // The repository's note points to the note record written with its own xref.
      const repo = /0 (@[^@]+@) REPO\n1 NAME County archive\n1 (S?NOTE) (@[^@]+@)/.exec(text);
      assert.ok(repo, text);
      assert.equal(repo[2], version === '7.0' ? 'SNOTE' : 'NOTE');
      assert.match(record(text, repo[3]), /NOTE Closed on Mondays\./);
      const peter = record(text, '@I1@');
      if (version === '5.5.1') {
        // 5.5.1's inline note holds text only: the note and its citation are a record again.
        const ptr = /1 NOTE (@[^@]+@)/.exec(peter);
        assert.ok(ptr, peter);
        assert.match(record(text, ptr[1]), /NOTE Peter's will names his sons\.\n1 SOUR @S1@\n2 PAGE folio 3/);
      } else assert.match(peter, /1 NOTE Peter's will names his sons\.\n2 SOUR @S1@\n3 PAGE folio 3/);
    });
  }

  it('7.0: the export validates, and reads back to the same links', async () => {
    const { text } = await exportOf('7.0');
    assert.deepEqual(validateGedcom7(text), []);
    const again = join(dir, 'again.ged');
    writeFileSync(again, text);
    const store = new MemoryCaseStore();
    await importGedcom(again, store, { as: 'tree' });
    const { text: twice } = exportGedcom(store, { version: '7.0', now: new Date('2026-01-01T00:00:00Z') });
    for (const x of ['@I3@', '@F1@', '@F2@', '@I5@']) assert.equal(record(twice, x), record(text, x), x);
  });
});
