import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeGedcom } from '../../../src/interchange/gedcom/decode';
import { referenceParse, type ReferenceNode as RefNode } from '../../../src/interchange/gedcom/reference';
import { GedcomSyntaxError, parseGedcom, type GedNode } from '../../../src/interchange/gedcom/parse';
import { SHARED_DATA } from '../../helpers/paths';

/** Our tree against the `gedcom` package's, node by node; returns the paths that differ. */
function diff(ref: RefNode, mine: GedNode, path: string, out: string[]): void {
  const d = ref.data ?? {};
  if (
    ref.type !== mine.tag ||
    d.xref_id !== mine.xref ||
    d.pointer !== mine.pointer ||
    (d.value ?? '') !== (mine.value ?? '')
  )
    out.push(path);
  if (ref.children.length !== mine.children.length) out.push(`${path} (children)`);
  ref.children.forEach((c, i) => mine.children[i] && diff(c, mine.children[i], `${path}.${c.type}`, out));
}

describe('GEDCOM parser', () => {
  it('matches the reference `gedcom` package on well-formed files', () => {
    for (const rel of [
      'gedcom/royal92.ged',
      'gedcom/gedcom4j-samples/willis.ged',
      'gedcom/gedcom-samples/pres2020.ged',
      'gedcom/gedcom-samples/IvarKingOfDublin.ged',
      'gedcom/ligneous-gedcom/tree1.ged',
      'gedcom/gedcom4j-samples/5.5.1 sample 1.ged',
    ]) {
      const text = decodeGedcom(readFileSync(join(SHARED_DATA, rel)), rel).text;
      const ref = referenceParse(text);
      const mine = parseGedcom(text, { file: rel });
      const records = [mine.head!, ...mine.records];
      const refRecords = ref.children.filter((c) => c.type !== 'TRLR');
      assert.equal(records.length, refRecords.length, rel);
      const out: string[] = [];
      refRecords.forEach((r, i) => diff(r, records[i], r.type, out));
      assert.deepEqual(out, [], rel);
    }
  });

  it('folds CONC and CONT (CONC keeps its leading space)', () => {
    const doc = parseGedcom('0 HEAD\n0 @N1@ NOTE first\n1 CONC  half\n1 CONT second line\n1 CONT\n1 CONC x\n0 TRLR\n');
    assert.equal(doc.records[0].value, 'first half\nsecond line\nx');
  });

  it('unescapes @@ (everywhere in 5.5.1, only leading in 7.0)', () => {
    const five = parseGedcom('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @N1@ NOTE a@@b\n0 TRLR\n');
    assert.equal(five.records[0].value, 'a@b');
    const seven = parseGedcom('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @N1@ SNOTE @@me and a@@b\n0 TRLR\n');
    assert.equal(seven.major, 7);
    assert.equal(seven.records[0].value, '@me and a@@b');
  });

  it('names file and line for fatal damage', () => {
    const cases: [string, number, RegExp][] = [
      ['gedcom/gedcom-go/malformed/unterminated-xref.ged', 4, /unterminated cross-reference/],
      ['gedcom/gedcom-go/malformed/level-over-99.ged', 17, /invalid level "100"/],
      ['gedcom/gedcom4j-samples/issue102_100levels.ged', 108, /invalid level "100"/],
    ];
    for (const [rel, line, re] of cases) {
      const text = decodeGedcom(readFileSync(join(SHARED_DATA, rel)), rel).text;
      assert.throws(
        () => parseGedcom(text, { file: rel }),
        (e: unknown) =>
          e instanceof GedcomSyntaxError &&
          e.line === line &&
          re.test(e.message) &&
          e.message.startsWith(`${rel}:${line}:`),
      );
    }
  });

  it('repairs a level jump with a warning, or refuses it when strict', () => {
    const rel = 'gedcom/gedcom-go/malformed/level-jump-skip.ged';
    const text = decodeGedcom(readFileSync(join(SHARED_DATA, rel)), rel).text;
    const doc = parseGedcom(text, { file: rel });
    assert.match(doc.warnings.map((w) => w.message).join('\n'), /:8: level 4 follows level 1/);
    const birt = doc.records.find((r) => r.tag === 'INDI')!.children.find((c) => c.tag === 'BIRT')!;
    assert.equal(birt.children[0]?.value, '1 JAN 1900');
    assert.throws(
      () => parseGedcom(text, { file: rel, strict: true }),
      /level-jump-skip\.ged:8: level 4 follows level 1/,
    );
  });

  it('keeps recoverable problems as warnings: blank lines, duplicate xrefs, stray text, no HEAD/TRLR', () => {
    const w = (rel: string) => {
      const text = decodeGedcom(readFileSync(join(SHARED_DATA, rel)), rel).text;
      return parseGedcom(text, { file: rel });
    };
    assert.match(w('gedcom/gedcom-go/malformed/blank-lines.ged').warnings[0].message, /:15: blank line skipped/);
    const dup = w('gedcom/gedcom-go/malformed/duplicate-xref.ged');
    assert.deepEqual(
      dup.records.filter((r) => r.tag === 'INDI').map((r) => r.xref),
      ['@I1@', '@I1-dup2@', '@I1-dup3@'],
    );
    const sop = w('gedcom/gedcom4j-samples/Sopranos.ged');
    assert.match(sop.warnings.map((x) => x.message).join('\n'), /:26: line without a level joined/);
    assert.match(w('gedcom/gedcom-go/malformed/missing-header.ged').warnings[0].message, /no HEAD record/);
  });
});
