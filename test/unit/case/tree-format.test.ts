/**
 * The compact tree line (decision 0003) reads back exactly what a format-1 line reads back: for
 * every person mapped from every GEDCOM file in the shared data (censored as the tree writer
 * censors the living ones), and for random persons that the compact form must fall back on.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { isLiving } from '../../../src/agents/censor';
import {
  contextFor,
  encodePerson,
  headerLine,
  idOfLine,
  PLAIN,
  readTreeLine,
  readTreeLineAs,
  type TreeContext,
} from '../../../src/case/tree-format';
import { FeatureSource } from '../../../src/agents/analyst/resolve';
import { MAX_FIELD_BYTES } from '../../../src/model';
import { censorPerson } from '../../../src/case/writer';
import { decodeGedcom } from '../../../src/interchange/gedcom/decode';
import { readGedcomBytes } from '../../../src/interchange/gedcom/import';
import { importKeyOf, mapGedcom } from '../../../src/interchange/gedcom/map-import';
import { parseGedcom } from '../../../src/interchange/gedcom/parse';
import type { Person } from '../../../src/model';
import { SHARED_DATA } from '../../helpers/paths';

function walk(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((e) => {
      const p = join(dir, e);
      return statSync(p).isDirectory() ? walk(p) : [p];
    })
    .filter((p) => /\.(ged|gdz)$/i.test(p))
    .sort();
}

/** What a reader gets from a line, as JSON text (key order included). */
function readBack(line: string, ctx: TreeContext): string {
  const r = readTreeLine(line, 2, ctx);
  if (r.kind !== 'person') throw new Error(`not read back: ${JSON.stringify(r)}\n${line}`);
  return JSON.stringify(r.person);
}

function roundTrip(persons: Person[]): { full: number; compact: number; fallbacks: number } {
  const ctx = persons.length ? contextFor(persons[0]) : PLAIN;
  const header = readTreeLine(headerLine(ctx), 1, PLAIN);
  assert.equal(header.kind, 'header');
  assert.deepEqual(header.kind === 'header' && header.context, ctx);
  let [full, compact, fallbacks] = [0, 0, 0];
  for (const p of persons) {
    const v1 = JSON.stringify(p);
    const v2 = encodePerson(p, ctx);
    full += v1.length + 1;
    compact += v2.length + 1;
    if (v2.startsWith('{"id"')) fallbacks += 1;
    assert.equal(readBack(v2, ctx), readBack(v1, PLAIN), `${p.id} reads back differently`);
    assert.equal(idOfLine(v2, ctx), p.id);
  }
  return { full, compact, fallbacks };
}

describe('the compact tree line (decision 0003)', function () {
  this.timeout(10 * 60 * 1000);

  it('reads back every person of every shared GEDCOM file exactly as a format-1 line does', () => {
    const files = [...walk(join(SHARED_DATA, 'gedcom')), ...walk(join(SHARED_DATA, 'gedcom7'))];
    assert.ok(files.length >= 240);
    const now = new Date('2026-06-01T00:00:00Z');
    const ctx = { now, thresholdYears: 100, consent: false, livingNames: [] };
    let [full, compact, persons, fallbacks] = [0, 0, 0, 0];
    for (const file of files) {
      let mapped: Person[];
      try {
        const bytes = readGedcomBytes(file);
        const doc = parseGedcom(decodeGedcom(bytes, 'f').text, { file: 'f' });
        mapped = mapGedcom(doc, { file: relative(SHARED_DATA, file), key: importKeyOf(bytes) }).persons;
      } catch {
        continue; // the damaged files (all-files.test.ts checks they are refused)
      }
      // As the tree writer writes them: the living ones censored.
      const written = mapped.map((p) => (isLiving(p, now, 100) ? censorPerson(p, '', ctx, true).person : p));
      const r = roundTrip(written);
      full += r.full;
      compact += r.compact;
      fallbacks += r.fallbacks;
      persons += written.length;
    }
    assert.ok(persons > 10_000, `${persons} persons`);
    // Nearly every mapped person has a compact line, and the whole is far smaller.
    assert.ok(fallbacks < persons / 100, `${fallbacks} of ${persons} written in full`);
    assert.ok(compact < full / 2.5, `compact ${compact} bytes against ${full}`);
  });

  it('reads back random persons (odd ids, statuses, claims, keys) exactly', () => {
    const id = fc.constantFrom('P-abc123-I1', 'P-abc123-I2', 'P-abc123-I1.2', 'X9', 'P-zzz-I1', 'F-abc123-F1');
    const claim = fc.record(
      {
        source: fc.constantFrom('S-abc123-S1', 'S-other', 'S-abc123-t0a1b'),
        snippet: fc.string({ minLength: 1 }),
        tier: fc.constantFrom(0, 1),
        evidenceType: fc.constantFrom('Primary', 'Secondary', 'Authored'),
        sourceClass: fc.constantFrom('original', 'derivative', 'authored'),
        information: fc.constantFrom('primary', 'secondary', 'undetermined'),
        evidence: fc.constantFrom('direct', 'indirect'),
        confidence: fc.constantFrom(0.9, 0.7, 0.5, 0.4, 0.2, 0.33),
        method: fc.constantFrom('gedcom', 'user'),
        page: fc.string({ minLength: 1 }),
      },
      {
        requiredKeys: [
          'source',
          'snippet',
          'tier',
          'evidenceType',
          'sourceClass',
          'information',
          'evidence',
          'confidence',
        ],
      },
    );
    const assertion = fc.record(
      {
        id: fc.constantFrom(
          'P-abc123-I1.e1.date',
          'P-abc123-I1.e1.place',
          'P-abc123-I1.e2.value',
          'F-abc123-F1.e1.date.h',
          'A1',
          'P-abc123-I1.e9.age',
        ),
        field: fc.constantFrom('birth.date', 'birth.place', 'occupation.value', 'marriage.date', 'death.age', 'sex'),
        value: fc.string({ minLength: 1 }),
        status: fc.constantFrom('accepted', 'staged', 'rejected'),
        confidence: fc.constantFrom(0.5, 0.9, 0.4, 1),
        event: fc.constantFrom('P-abc123-I1.e1', 'P-abc123-I1.e2', 'F-abc123-F1.e1', 'P-abc123-I1.e9'),
        evidence: fc.array(claim, { maxLength: 2 }),
        note: fc.string(),
        generalised: fc.constant(true as const),
      },
      { requiredKeys: ['id', 'field', 'value', 'status', 'confidence'] },
    );
    const person = fc.record(
      {
        id,
        names: fc.array(
          fc.oneof(
            fc.record({ given: fc.string(), surname: fc.string(), type: fc.constant('birth' as const) }),
            fc.record({
              given: fc.string(),
              surname: fc.string(),
              type: fc.constant('married' as const),
              nickname: fc.string(),
            }),
          ),
          { minLength: 1, maxLength: 2 },
        ),
        sex: fc.constantFrom('M', 'F', 'U'),
        living: fc.boolean(),
        assertions: fc.array(assertion, { maxLength: 6 }),
        relationships: fc.array(
          fc.record(
            {
              type: fc.constantFrom('parent', 'child', 'spouse'),
              person: fc.constantFrom('P-abc123-I7', 'P-other-1', 'Q1'),
              status: fc.constantFrom('accepted', 'staged'),
              confidence: fc.constantFrom(1, 0.8),
              evidence: fc.array(claim, { maxLength: 1 }),
              pedigree: fc.constantFrom('birth', 'adopted'),
            },
            { requiredKeys: ['type', 'person'] },
          ),
          { maxLength: 3 },
        ),
        externalIds: fc.dictionary(fc.constantFrom('gedcomXref', '_UID', 'REFN'), fc.constantFrom('@I1@', '@I2@', 'x')),
        gedcom: fc.record(
          {
            file: fc.constantFrom('a.ged', 'b.ged'),
            xref: fc.constantFrom('@I1@', '@I2@'),
            extra: fc.constant([{ tag: 'NOTE', value: 'n' }]),
          },
          { requiredKeys: [] },
        ),
        custom: fc.string(),
        confidence: fc.constantFrom(0.5, 1),
      },
      { requiredKeys: ['id', 'names'] },
    );
    const ctx: TreeContext = contextFor({ id: 'P-abc123-I1', gedcom: { file: 'a.ged' } });
    fc.assert(
      fc.property(person, (p) => {
        const v1 = JSON.stringify(p);
        const full = readTreeLine(v1, 2, PLAIN);
        const compact = readTreeLine(encodePerson(p as unknown as Person, ctx), 2, ctx);
        if (full.kind !== 'person') {
          assert.notEqual(compact.kind, 'person', 'an invalid person stays invalid');
          return;
        }
        assert.equal(compact.kind, 'person');
        assert.equal(compact.kind === 'person' && JSON.stringify(compact.person), JSON.stringify(full.person));
      }),
      { numRuns: 3000, seed: 16 },
    );
  });

  it("reads a line as the resolver's narrower schema: its fields as the full read, still validated and bounded", () => {
    const ctx = contextFor({ id: 'P-abc-I1', gedcom: { file: 'a.ged' } });
    const line =
      '{"i":"~I1","n":[["Ann","Lee"]],"s":"F","e":[{"t":"birth","d":"1 JAN 1850","p":"York","s":[["$S1",0,"p. 2"]]}],"r":["p~I2"]}';
    const full = readTreeLine(line, 2, ctx);
    const part = readTreeLineAs(line, 2, ctx, FeatureSource);
    assert.ok(full.kind === 'person' && part.kind === 'person');
    assert.deepEqual(part.person, FeatureSource.parse(full.person));
    // A field the resolver reads that is wrong is named, as by the full read.
    const badStatus = readTreeLineAs(line.replace('"s":"F"', '"s":"Q"'), 2, ctx, FeatureSource);
    assert.equal(badStatus.kind, 'invalid');
    assert.match(badStatus.kind === 'invalid' ? badStatus.issues[0].field! : '', /^sex$/);
    // The 64 KB bound on a field holds in the narrow read too, even in a field it does not read.
    const huge = readTreeLineAs(line.replace('"p. 2"', `"${'x'.repeat(MAX_FIELD_BYTES + 1)}"`), 2, ctx, FeatureSource);
    assert.equal(huge.kind, 'invalid');
    assert.match(huge.kind === 'invalid' ? huge.issues[0].message : '', /over the bound/);
  });

  it('names what is wrong in a damaged compact line', () => {
    const ctx = contextFor({ id: 'P-abc-I1', gedcom: { file: 'a.ged' } });
    const bad = readTreeLine('{"i":"~I1","n":[["A","B"]],"r":["q~I2"]}', 5, ctx);
    assert.equal(bad.kind, 'invalid');
    assert.match(bad.kind === 'invalid' ? bad.issues[0].message : '', /r\[0\].*relationship letter/);
    const noPrefix = readTreeLine('{"i":"~I1","n":[["A","B"]]}', 5, PLAIN);
    assert.match(noPrefix.kind === 'invalid' ? noPrefix.issues[0].message : '', /header has no prefix for "~"/);
    const newer = readTreeLine('{"ancestryTree":9,"ids":{}}', 1, PLAIN);
    assert.match(newer.kind === 'invalid' ? newer.issues[0].message : '', /format 9 is newer/);
  });
});
