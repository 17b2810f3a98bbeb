import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { redactText, scanPii } from '../../../../src/agents/censor';
import { FULL_DATE, POSTAL_CODE } from '../../../../src/agents/censor/redact-text';

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
  .array(
    fc.oneof(
      digitGroup,
      digitGroup,
      fc.constantFrom('-', '.', ' ', '\u00a0', '\t', '(', ')', '+', '@', 'a', 'Z', '_', '"', ',', 'x.org', '@I5@'),
    ),
    { maxLength: 14 },
  )
  .map((cs) => cs.join(''));

describe('Censor PII pre-checks', () => {
  it('skipping texts without "dd[sep]dddd" or an e-mail-shaped "@" never loses an SSN, phone or e-mail (property)', () => {
    fc.assert(
      fc.property(piiish, (text) => {
        const found = scanPii(text, KINDS).map((m) => m.match);
        // scanPii drops matches nested inside a longer one; every direct match is found or covered.
        for (const m of direct(text))
          assert.ok(
            found.some((f) => f.includes(m)),
            `${JSON.stringify(text)}: lost ${m}`,
          );
      }),
      { numRuns: 20000 },
    );
  });

  it('still finds the shapes in a JSON tree line', () => {
    const line =
      '{"id":"P-7056a5-I5","note":"call (555) 123-4567 or 555.123.4567, SSN 123-45-6789, mail jo@x.org","ids":"@I5@ 1643 p. 311"}';
    assert.deepEqual(
      scanPii(line, KINDS).map((m) => [m.kind, m.match]),
      [
        ['phone', '(555) 123-4567'],
        ['phone', '555.123.4567'],
        ['ssn', '123-45-6789'],
        ['email', 'jo@x.org'],
      ],
    );
    assert.deepEqual(scanPii('{"id":"P-7056a5-I5","date":"22 MAR 1643","page":"p. 311","xref":"@I5@"}', KINDS), []);
  });
});

describe('Censor pre-checks for text about a living person', () => {
  // Pieces of addresses, postal codes and dates of every form FULL_DATE knows, so that matches and
  // near-misses are common; joined with or without white space.
  const piece = fc.oneof(
    fc.integer({ min: 0, max: 99999 }).map(String),
    fc.constantFrom(
      'Main',
      'Street',
      'St',
      'Ave',
      'Illinois',
      'IL',
      'N.',
      'Jan',
      'March',
      'Sept.',
      'Dec',
      '1st',
      'th',
      ',',
      '-',
      '/',
      '.',
      '#',
      'Apt',
      'D-',
      'é',
      ' ',
      '\t',
      '\n',
    ),
  );
  const text = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(''));
  const POSTAL = new RegExp(POSTAL_CODE.source, POSTAL_CODE.flags);
  const DATES = new RegExp(FULL_DATE.source, FULL_DATE.flags);

  it('a street address or a postal code needs white space; every full-date form needs four digits in a row (property)', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (!/\s/.test(t)) {
          assert.equal(
            scanPii(t, new Set(['street_address'])).length,
            0,
            `${JSON.stringify(t)}: a street address without white space`,
          );
          assert.equal(POSTAL.test(t), false, `${JSON.stringify(t)}: a postal code without white space`);
        }
        POSTAL.lastIndex = 0;
        if (!/\d{4}/.test(t))
          assert.equal(DATES.test(t), false, `${JSON.stringify(t)}: a full date without four digits`);
        DATES.lastIndex = 0;
      }),
      { numRuns: 30000 },
    );
  });

  it('redacts what it did before in text about a living person', () => {
    const ctx = { now: new Date('2026-11-22T00:00:00Z'), thresholdYears: 100, consent: false, aboutLiving: true };
    assert.equal(
      redactText('lives at 12 Main Street, Springfield, Illinois 62702; born 3 March 1990', ctx).text,
      'lives at [address redacted], Springfield, Illinois; born 1990s',
    );
    assert.equal(redactText('1990-03-03', ctx).text, '1990s');
    assert.equal(redactText('P-b19b71-I5.e1.date', ctx).text, 'P-b19b71-I5.e1.date');
  });
});
