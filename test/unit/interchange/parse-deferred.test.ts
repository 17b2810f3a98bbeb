import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { decodeGedcom } from '../../../src/interchange/gedcom/decode';
import { mapGedcom } from '../../../src/interchange/gedcom/map-import';
import { GedcomSyntaxError, parseGedcom, type GedNode, type ParseOptions } from '../../../src/interchange/gedcom/parse';
import { SHARED_DATA } from '../../helpers/paths';

const DEFER = new Set(['INDI']);

const plain = (n: GedNode): unknown => ({
  tag: n.tag,
  xref: n.xref,
  value: n.value,
  pointer: n.pointer,
  line: n.line,
  children: n.children.map(plain),
});

/** Records, version, line count and warnings, or the fatal error; deferred records expanded in file order. */
function outcome(text: string, opts: ParseOptions): unknown {
  try {
    const doc = parseGedcom(text, opts);
    const records = doc.records.map((r) => plain(doc.expand(r)));
    return {
      head: doc.head && plain(doc.head),
      records,
      version: doc.version,
      lines: doc.lines,
      warnings: doc.warnings,
    };
  } catch (e) {
    if (e instanceof GedcomSyntaxError) return { error: e.message, line: e.line };
    throw e;
  }
}

function gedcomFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) gedcomFiles(p, out);
    else if (/\.ged$/i.test(f)) out.push(p);
  }
  return out;
}

// Lines that exercise every branch of the parser: records, nesting, CONC/CONT, level jumps, blank
// and stray lines, xrefs in the wrong place or twice, @@ escapes, and damage that is fatal.
const line = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '0 @I1@ INDI',
      '0 @I2@ INDI',
      '0 @F1@ FAM',
      '0 @S1@ SOUR',
      '0 @N1@ NOTE text',
      '  0 @I3@ INDI',
      '0\t@I4@ INDI',
    ),
  },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      '1 NAME Ann /Lee/',
      '1 BIRT',
      '2 DATE 1 JAN 1900',
      '2 PLAC Ulm',
      '1 FAMC @F1@',
      '1 NOTE a@@b',
      '1 CONC x',
      '1 CONT y',
      '2 CONT z',
      '\t1 SEX F',
      '1 _CUSTOM v',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '3 NOTE deep',
      '1 @X1@ NOTE misplaced',
      '',
      '   ',
      'stray text',
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 TRLR',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('0', '00 INDI', '1', '0 @I9 INDI', '@bad', '100 TAG') },
);
const soup = fc
  .tuple(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r', '\r\n')), { maxLength: 40 }), fc.boolean())
  .map(([ls, head]) => (head ? '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n' : '') + ls.map(([l, eol]) => l + eol).join(''));

describe('GEDCOM parser: deferred records', () => {
  it('a deferred parse, expanded, equals the eager one on every shared GEDCOM file (trees, warnings, errors)', () => {
    const files = [...gedcomFiles(join(SHARED_DATA, 'gedcom')), ...gedcomFiles(join(SHARED_DATA, 'gedcom7'))];
    assert.ok(files.length > 100, `found ${files.length} files`);
    for (const f of files) {
      const text = decodeGedcom(readFileSync(f), f).text;
      const rel = relative(SHARED_DATA, f);
      for (const strict of [false, true])
        assert.deepEqual(
          outcome(text, { file: rel, strict, defer: DEFER }),
          outcome(text, { file: rel, strict }),
          `${rel}${strict ? ' (strict)' : ''}`,
        );
    }
  });

  it('equals the eager parse on damaged line soups with mixed line endings (property)', () => {
    fc.assert(
      fc.property(soup, fc.boolean(), (text, strict) => {
        assert.deepEqual(
          outcome(text, { file: 'soup.ged', strict, defer: DEFER }),
          outcome(text, { file: 'soup.ged', strict }),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('a GEDC.VERS inside a first record that is not HEAD sets no escaping rules (property counterexample)', () => {
    const text = '0 @I1@ INDI\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NOTE a@@b\n';
    assert.deepEqual(outcome(text, { file: 'f.ged', defer: DEFER }), outcome(text, { file: 'f.ged' }));
    const doc = parseGedcom(text, { file: 'f.ged' });
    assert.equal(doc.records[1].children.find((c) => c.tag === 'NOTE')?.value, 'a@b');
  });

  it('reports the first damaged line of the file even when it lies in a deferred record', () => {
    const text = '0 HEAD\n0 @I1@ INDI\n1 NAME A /B/\n2 DATE x\n@oops\n0 @F1@ FAM\n1 HUSB @I1@\n100 TAG\n0 TRLR\n';
    assert.throws(
      () => parseGedcom(text, { file: 'f.ged', defer: DEFER }),
      (e: unknown) => e instanceof GedcomSyntaxError && e.line === 5,
    );
    assert.throws(
      () => parseGedcom(text, { file: 'f.ged' }),
      (e: unknown) => e instanceof GedcomSyntaxError && e.line === 5,
    );
  });

  it('holds only the first line of a deferred record until it is expanded; expanding again adds no warnings', () => {
    const text = '0 HEAD\n0 @I1@ INDI\n1 NAME A /B/\n\n1 BIRT\n3 DATE 1900\n0 TRLR\n';
    const doc = parseGedcom(text, { file: 'f.ged', defer: DEFER });
    const stub = doc.records[0];
    assert.deepEqual([stub.tag, stub.xref, stub.children.length], ['INDI', '@I1@', 0]);
    assert.equal(doc.warnings.length, 0);
    const full = doc.expand(stub);
    assert.deepEqual(
      full.children.map((c) => c.tag),
      ['NAME', 'BIRT'],
    );
    assert.equal(full.children[1].children[0].value, '1900');
    const warnings = doc.warnings.map((w) => w.message);
    assert.deepEqual(warnings, [
      'f.ged:4: blank line skipped',
      'f.ged:6: level 3 follows level 1: a line may go at most one level deeper than the line before it; read as level 2 under BIRT (line 5)',
    ]);
    doc.expand(stub);
    assert.deepEqual(
      doc.warnings.map((w) => w.message),
      warnings,
    );
    assert.equal(stub.children.length, 0, 'the located record is not filled in');
  });

  it('the mapper builds the same persons, families, sources and warnings from a deferred parse', () => {
    for (const rel of [
      'gedcom/royal92.ged',
      'gedcom/TGC55C.ged',
      'gedcom/gedcom4j-samples/willis.ged',
      'gedcom/gedcom-go/malformed/level-jump-skip.ged',
      'gedcom/gedcom4j-samples/Sopranos.ged',
    ]) {
      const text = decodeGedcom(readFileSync(join(SHARED_DATA, rel)), rel).text;
      const eager = mapGedcom(parseGedcom(text, { file: rel }), { file: rel, key: 'k', consume: true });
      const deferred = mapGedcom(parseGedcom(text, { file: rel, defer: DEFER }), {
        file: rel,
        key: 'k',
        consume: true,
      });
      assert.ok(eager.persons.length > 0, rel);
      assert.deepEqual(deferred, eager, rel);
    }
  });
});
