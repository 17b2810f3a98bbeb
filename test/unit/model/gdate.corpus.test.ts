import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DATA } from '../../helpers/paths';
import { formatGDate, parseGDate } from '../../../src/model/gdate';
import { endKey, startKey } from '../../../src/model/gdate/calendar';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** UTF-16 by BOM or zero bytes; everything else as latin1, which keeps date tokens (ASCII) intact. */
function decode(bytes: Buffer): string {
  const swap = (b: Buffer): Buffer => {
    const c = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
    return c.swap16();
  };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return swap(bytes.subarray(2)).toString('utf16le');
  if (bytes.length > 1 && bytes[1] === 0 && bytes[0] !== 0) return bytes.toString('utf16le');
  if (bytes.length > 1 && bytes[0] === 0 && bytes[1] !== 0) return swap(bytes).toString('utf16le');
  return bytes.toString('latin1');
}

function dateValues(): Set<string> {
  const values = new Set<string>();
  for (const root of ['gedcom', 'gedcom7']) {
    for (const file of filesUnder(join(SHARED_DATA, root))) {
      for (const line of decode(readFileSync(file)).split(/\r\n|\r|\n/)) {
        const m = /^\s*\d+\s+DATE\s+(.*)$/.exec(line);
        if (m) values.add(m[1]);
      }
    }
  }
  return values;
}

// Well-formed GEDCOM 5.5.1 / 7.0 date values in the standard calendars, written independently of
// the parser: anything this matches must get a span, never fall back to a phrase.
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const GREG_MONTH = '(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)';
const HEB_MONTH = '(?:TSH|CSH|KSL|TVT|SHV|ADR|ADS|NSN|IYR|SVN|TMZ|AAV|ELL)';
const FR_MONTH = '(?:VEND|BRUM|FRIM|NIVO|PLUV|VENT|GERM|FLOR|PRAI|MESS|THER|FRUC|COMP)';
const EPOCH = '(?: (?:B\\.C\\.|BCE))?';
const GREG = `(?:(?:@#DGREGORIAN@|GREGORIAN) )?(?:(?:${DAY} )?${GREG_MONTH} )?\\d{1,4}(?:/\\d{2})?${EPOCH}`;
const JUL = `(?:@#DJULIAN@|JULIAN) (?:(?:${DAY} )?${GREG_MONTH} )?\\d{1,4}${EPOCH}`;
const HEB = `(?:@#DHEBREW@|HEBREW) (?:(?:${DAY} )?${HEB_MONTH} )?\\d{1,4}`;
const FR = `(?:@#DFRENCH R@|FRENCH_R) (?:(?:${DAY} )?${FR_MONTH} )?\\d{1,4}`;
const DATE = `(?:${GREG}|${JUL}|${HEB}|${FR})`;
const STANDARD_DATED = new RegExp(
  `^(?:${DATE}|(?:ABT|CAL|EST|BEF|AFT|TO) ${DATE}|FROM ${DATE}(?: TO ${DATE})?|BET ${DATE} AND ${DATE}|INT ${DATE} \\([^()]*\\))$`,
);

describe('gdate: every DATE value in the shared GEDCOM corpus', () => {
  const values = [...dateValues()];

  it('finds the corpus', () => {
    assert.ok(values.length > 1000, `only ${values.length} DATE values under ${SHARED_DATA}`);
  });

  it('prints every value back byte for byte and keeps spans ordered', () => {
    let ranged = 0;
    let phrases = 0;
    let standard = 0;
    for (const v of values) {
      const d = parseGDate(v);
      assert.equal(formatGDate(d), v);
      assert.equal(d.earliest === undefined, d.latest === undefined, v);
      if (d.earliest && d.latest) {
        ranged++;
        assert.ok(startKey(d.earliest) <= endKey(d.latest), `${v}: earliest after latest`);
      }
      if (d.kind === 'phrase') phrases++;
      if (STANDARD_DATED.test(v)) {
        standard++;
        assert.notEqual(d.kind, 'phrase', `standard value fell back to phrase: ${JSON.stringify(v)}`);
        assert.ok(d.earliest && d.latest, `standard value without a span: ${JSON.stringify(v)}`);
      }
    }
    console.log(
      `      gdate corpus: ${values.length} distinct DATE values, ${ranged} with a span, ${phrases} kept as phrase, ` +
        `${values.length - ranged - phrases} structured without a span (extension calendars/empty), ${standard} standard-grammar`,
    );
    assert.ok(standard > values.length / 2, 'the grammar regex should recognise most of the corpus');
  });
});
