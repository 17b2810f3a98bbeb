import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { initCase, openCase } from '../../../src/case';
import { generalizePlace, redactText } from '../../../src/agents/censor';
import type { Person } from '../../../src/model';
import { tempDir } from '../../helpers/paths';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const NOW = new Date('2026-11-22T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

const name = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const living = fc.record({
  given: name,
  surname: name,
  day: fc.integer({ min: 10, max: 28 }),
  month: fc.integer({ min: 0, max: 11 }),
  year: fc.integer({ min: 1940, max: 2020 }),
  house: fc.integer({ min: 10, max: 9999 }),
  street: name,
  suffix: fc.constantFrom('Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court'),
  phone: fc.tuple(fc.integer({ min: 200, max: 999 }), digits(3), digits(4)).map(([a, b, c]) => `${a}-${b}-${c}`),
  email: fc.tuple(name, name).map(([u, d]) => `${u.toLowerCase()}@${d.toLowerCase()}.com`),
  ssn: fc
    .tuple(fc.integer({ min: 100, max: 899 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 1000, max: 9999 }))
    .map(([a, b, c]) => `${a}-${b}-${c}`),
});

describe('Censor on every write (property)', () => {
  it('no file written for a living person holds their exact birth date, street address, phone, e-mail or SSN', async () => {
    await fc.assert(
      fc.asyncProperty(living, async (l) => {
        const root = join(tempDir(), 'case');
        const store = await initCase(
          root,
          { question: 'q', subject: { name: 'Old Ancestor', born: '1850' } },
          { clock },
        );
        const exactDate = `${l.day} ${MONTHS[l.month]} ${l.year}`;
        const address = `${l.house} ${l.street} ${l.suffix}`;
        const person = {
          id: 'P-living',
          names: [{ given: l.given, surname: l.surname, type: 'birth' as const }],
          sex: 'F' as const,
          assertions: [
            {
              id: 'A-1',
              field: 'birth.date',
              value: exactDate,
              status: 'accepted' as const,
              confidence: 0.9,
              evidence: [],
            },
            {
              id: 'A-2',
              field: 'birth.place',
              value: `${address}, Springfield, Sangamon, Illinois, USA`,
              status: 'accepted' as const,
              confidence: 0.9,
              evidence: [],
            },
            {
              id: 'A-3',
              field: 'residence.place',
              value: `${address}, Springfield, Illinois, USA`,
              status: 'accepted' as const,
              confidence: 0.9,
              evidence: [],
            },
          ],
          relationships: [],
          externalIds: {},
          contact: `call ${l.phone} or write to ${l.email}`,
          ssn: l.ssn,
        } as Person;
        await store.writePerson(
          person,
          `Notes: born ${exactDate} at ${address}; SSN ${l.ssn}; phone ${l.phone}; ${l.email}\n`,
        );
        await store.captureSource(
          {
            title: `Birth announcement of ${l.given} ${l.surname}`,
            recordType: 'birth',
            date: exactDate,
            repository: 'Local newspaper',
            sourceType: 'original',
            sourceId: 'archive',
            tier: 0,
            persons: [
              {
                name: `${l.given} ${l.surname}`,
                role: 'principal',
                birthDate: exactDate,
                birthPlace: `${address}, Springfield, Illinois`,
                residence: address,
              },
            ],
            text: `${l.given} ${l.surname} was born ${exactDate} at home, ${address}. Call ${l.phone}, ${l.email}, SSN ${l.ssn}.`,
          },
          NOW,
        );
        await store.appendLog([
          { agent: 'Lead', actionType: 'error', message: `debug ${l.ssn} ${l.email}`, rationale: '', context: '' },
        ]);
        await store.writeSummary(`# Summary\n\n${l.given} ${l.surname} lives at ${address}, born ${exactDate}.\n`);
        const isoish = `${l.year}-${String(l.month + 1).padStart(2, '0')}-${l.day}`;
        for (const f of allFiles(root)) {
          const text = readFileSync(f, 'utf8');
          for (const secret of [exactDate, address, l.phone, l.email, l.ssn, isoish]) {
            assert.ok(!text.includes(secret), `${f} holds "${secret}"`);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('deceased persons are written unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        name,
        name,
        fc.integer({ min: 1700, max: 2020 }),
        fc.integer({ min: 10, max: 28 }),
        async (given, surname, year, day) => {
          const root = join(tempDir(), 'case');
          const store = await initCase(root, { question: 'q', subject: { name: 'X Y' } }, { clock });
          const person: Person = {
            id: 'P-dead',
            names: [{ given, surname, type: 'birth' }],
            sex: 'M',
            assertions: [
              {
                id: 'A-1',
                field: 'birth.date',
                value: `${day} MAR ${year}`,
                status: 'accepted',
                confidence: 0.9,
                evidence: [],
              },
              {
                id: 'A-2',
                field: 'birth.place',
                value: '12 Main Street, Springfield, Sangamon, Illinois, USA',
                status: 'accepted',
                confidence: 0.9,
                evidence: [],
              },
              {
                id: 'A-3',
                field: 'death.date',
                value: `${year + 1}`,
                status: 'accepted',
                confidence: 0.8,
                evidence: [],
              },
            ],
            relationships: [],
            externalIds: {},
          };
          await store.writePerson(person, 'He lived at 12 Main Street.\n');
          const reread = (await openCase(root, { clock })).person('P-dead');
          assert.deepEqual(reread, person);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('Censor: postal codes of the living', () => {
  it('drops the ZIP after a state in text about a living person, and from their places', async () => {
    const ctx = { now: NOW, thresholdYears: 100, consent: false, livingNames: ['Thomas Schmidt'] };
    const r = redactText('Thomas Schmidt lives at 1423 Elm Street, Springfield, Illinois 62702.', ctx);
    assert.equal(r.text, 'Thomas Schmidt lives at [address redacted], Springfield, Illinois.');
    assert.equal(
      redactText('The 1880 household of Johann Schmidt, Springfield, Illinois 62702.', { ...ctx, livingNames: [] })
        .text,
      'The 1880 household of Johann Schmidt, Springfield, Illinois 62702.',
    );
    assert.equal(generalizePlace('1423 Elm Street, Springfield, Illinois 62702, USA'), 'Illinois, USA');
    assert.equal(generalizePlace('Springfield, IL 62702'), 'Springfield, IL');
    // A Canadian or British postcode after the province or town, and what address redaction left
    // (a living applicant's residence in a 2022 lineage application reached a place search).
    assert.equal(generalizePlace('[address redacted], St. Catharines, ON L2N 4P6'), 'St. Catharines, ON');
    assert.equal(generalizePlace('Leeds LS17 6AQ, England'), 'Leeds, England');
  });
});
