import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { scanPii } from '../../../../src/agents/censor';

// The full patterns, run without any pre-check: what scanPii must still find.
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/g;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;

const KINDS = new Set(['ssn', 'phone', 'email'] as const);

function direct(text: string): string[] {
  const out: string[] = [];
  for (const re of [SSN, PHONE, EMAIL]) for (const m of text.matchAll(re)) out.push(m[0]);
  return out.sort();
}

// Texts made of digit groups, separators and other characters the patterns care about, so that
// matches and near-misses (wrong group lengths, other separators) are common.
const digitGroup = fc.integer({ min: 1, max: 5 }).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
const piiish = fc
  .array(fc.oneof(digitGroup, digitGroup, fc.constantFrom('-', '.', ' ', '\u00a0', '\t', '(', ')', '+', '@', 'a', 'Z', '_', '"', ',', 'x.org', '@I5@')), { maxLength: 14 })
  .map((cs) => cs.join(''));

describe('Censor PII pre-checks', () => {
  it('skipping texts without "dd[sep]dddd" or an e-mail-shaped "@" never loses an SSN, phone or e-mail (property)', () => {
    fc.assert(
      fc.property(piiish, (text) => {
        const found = scanPii(text, KINDS).map((m) => m.match);
        // scanPii drops matches nested inside a longer one; every direct match is found or covered.
        for (const m of direct(text)) assert.ok(found.some((f) => f.includes(m)), `${JSON.stringify(text)}: lost ${m}`);
      }),
      { numRuns: 20000 },
    );
  });

  it('still finds the shapes in a JSON tree line', () => {
    const line = '{"id":"P-7056a5-I5","note":"call (555) 123-4567 or 555.123.4567, SSN 123-45-6789, mail jo@x.org","ids":"@I5@ 1643 p. 311"}';
    assert.deepEqual(
      scanPii(line, KINDS).map((m) => [m.kind, m.match]),
      [['phone', '(555) 123-4567'], ['phone', '555.123.4567'], ['ssn', '123-45-6789'], ['email', 'jo@x.org']],
    );
    assert.deepEqual(scanPii('{"id":"P-7056a5-I5","date":"22 MAR 1643","page":"p. 311","xref":"@I5@"}', KINDS), []);
  });
});
