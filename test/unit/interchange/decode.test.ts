import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { decodeAnsel, encodeAnsel } from '../../../src/interchange/gedcom/ansel';
import { decodeGedcom } from '../../../src/interchange/gedcom/decode';
import { parseGedcom, type GedNode } from '../../../src/interchange/gedcom/parse';
import { SHARED_DATA } from '../../helpers/paths';

const G = join(SHARED_DATA, 'gedcom');
const read = (rel: string) => decodeGedcom(readFileSync(join(G, rel)), rel);

/** Tags/values/pointers of a tree, without line numbers (line endings change those). */
function shape(n: GedNode): unknown {
  return [n.tag, n.xref ?? null, n.pointer ?? null, n.value ?? null, n.children.map(shape)];
}

describe('GEDCOM decoding', () => {
  it('ANSEL puts combining marks before the base letter; output is NFC', () => {
    assert.equal(decodeAnsel(Uint8Array.from([0xe2, 0x65, 0x20, 0xf0, 0x63, 0xe8, 0x75])).text, 'é çü');
    assert.equal(decodeAnsel(Uint8Array.from([0xa1, 0xb2, 0xc3, 0xcf])).text, 'Łø©ß');
  });

  it('ANSEL encode → decode is the identity on Latin text with diacritics', () => {
    const letters = [
      ...'aeiouAEIOUcnsyzCNSZ '.split(''),
      'é',
      'è',
      'ê',
      'ë',
      'ñ',
      'ç',
      'ø',
      'Ł',
      'ß',
      'å',
      'ő',
      'ž',
      'ǎ',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { maxLength: 40 }), (chars) => {
        const s = chars.join('').normalize('NFC');
        const { bytes, unmappable } = encodeAnsel(s);
        assert.equal(unmappable, 0);
        assert.equal(decodeAnsel(bytes).text, s);
      }),
    );
  });

  it('reads the real ANSEL test file (ANSEL.GED) with every special character', () => {
    const d = read('gedcom4j-samples/ANSEL.GED');
    assert.equal(d.encoding, 'ansel');
    assert.match(d.text, /slash l - uppercase \(Ł\), slash o - uppercase \(Ø\)/);
    assert.match(d.text, /ÀB̀C̀D̀ÈF̀/);
    assert.ok(!d.text.includes('\ufffd'));
  });

  it('reads cp1252 ("ANSI") and cp437 ("IBMPC") files', () => {
    const ansi = read('gedcom-samples/famous-family-trees/Irish+Kings.ged');
    assert.equal(ansi.encoding, 'cp1252');
    assert.match(ansi.text, /La Coruña/);
    assert.match(ansi.text, /£5\.99/);
    const ibm = read('gedcom-samples/famous-family-trees/US+Presidents+Trees+I.ged');
    assert.equal(ibm.encoding, 'cp437');
    assert.match(ibm.text, /John C\. Frémont/);
  });

  it('UTF-16 LE/BE with a BOM decode to the same text as the UTF-8 sample', () => {
    const u8 = read('gedcom555/555SAMPLE.GED');
    for (const f of ['gedcom555/555SAMPLE16LE.GED', 'gedcom555/555SAMPLE16BE.GED']) {
      const d = read(f);
      assert.ok(d.bom && d.encoding.startsWith('utf16'), f);
      assert.deepEqual(parseGedcom(d.text).records.map(shape), parseGedcom(u8.text).records.map(shape), f);
    }
  });

  it('UTF-16 without a BOM (both byte orders) and ANSEL give the same willis tree', () => {
    const trees = ['willis-ansel.ged', 'willis-unicode-bigendian.ged', 'willis-unicode-littleendian.ged'].map((f) => {
      const d = read(`gedcom4j-samples/${f}`);
      return { d, doc: parseGedcom(d.text, { file: f }) };
    });
    assert.deepEqual(
      trees.map((t) => t.d.encoding),
      ['ansel', 'utf16be', 'utf16le'],
    );
    const shapes = trees.map((t) => t.doc.records.map(shape));
    assert.equal(trees[0].doc.records.filter((r) => r.tag === 'INDI').length, 761);
    assert.deepEqual(shapes[2], shapes[1]);
    // ANSEL has no em dash (the exporter wrote a control character instead), so compare the names.
    const names = trees.map((t) =>
      t.doc.records.filter((r) => r.tag === 'INDI').map((r) => r.children.find((c) => c.tag === 'NAME')?.value),
    );
    assert.deepEqual(names[0], names[1]);
    assert.ok(/[\x80-\uffff]/.test(trees[0].d.text), 'the ANSEL file has non-ASCII characters');
  });

  it('a UTF-8 BOM wins over a contradicting CHAR line, with a warning', () => {
    const d = read('gedcom4j-samples/utf8.ged');
    assert.equal(d.encoding, 'utf8');
    assert.match(d.warnings.join('\n'), /byte order mark but header says CHAR ANSEL/);
  });

  it('CR, CRLF and mixed line endings give the same tree', () => {
    const cr = parseGedcom(read('TGC551.ged').text);
    const crlf = parseGedcom(read('TGC551LF.ged').text);
    assert.deepEqual(crlf.records.map(shape), cr.records.map(shape));
    const lf = parseGedcom(read('gedcom4j-samples/utf8_lf_nobom.ged').text);
    const mixed = parseGedcom(read('gedcom4j-samples/utf8_crlf_nobom.ged').text);
    assert.deepEqual(mixed.records.map(shape), lf.records.map(shape));
  });
});
