import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { Analyst } from '../../../src/agents/analyst/analyst';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import { ACCEPT_THRESHOLD, decide } from '../../../src/agents/analyst/staging';
import { informationClass } from '../../../src/agents/analyst/mills';
import { checkPersonInvariants } from '../../../src/engine/invariants';
import { calculatePriority } from '../../../src/engine/priority';
import { sha256 } from '../../../src/engine/ids';
import { ArchiveConnector } from '../../../src/sources/archive';
import { displayName, Person, type RawRecord, type SourceRecord } from '../../../src/model';
import { REPO_ROOT } from '../../helpers/paths';
import { testAnalyst } from '../../helpers/analyst';

const sample = new ArchiveConnector({ root: join(REPO_ROOT, 'examples/sample-case') });
const NOW = new Date('2026-01-01T00:00:00Z');

function asSource(r: RawRecord): SourceRecord {
  return {
    ...r,
    id: `S-${sha256(`${r.title}|${r.text}`).slice(0, 12)}`,
    accessedAt: NOW.toISOString(),
    sha256: sha256(r.text),
  };
}

function setup(subject?: Person) {
  return testAnalyst(subject ? [subject] : [], subject?.id);
}

const SUBJECT: Person = Person.parse({
  id: 'P-subject',
  names: [{ given: 'Johann Friedrich', surname: 'Schmidt' }],
  assertions: [{ id: 'A-u', field: 'birth.date', value: 'ABT 1842', status: 'staged', confidence: 0.5, evidence: [] }],
});

async function analyseAll(): Promise<{
  graph: KnowledgeGraph;
  analyst: Analyst;
  outs: Awaited<ReturnType<Analyst['analyse']>>[];
}> {
  const { graph, analyst } = setup(SUBJECT);
  const outs = [];
  // The subject's own records first (as the loop's first search returns them), then the rest.
  const recs = sample.records();
  const first = recs.filter((r) => r.title.includes('Johann Friedrich Schmidt, Kleinbach'));
  for (const r of [...first, ...recs.filter((x) => !first.includes(x))])
    outs.push(await analyst.analyseFor(asSource(r), 1, r === first[0] ? 'P-subject' : undefined));
  return { graph, analyst, outs };
}

function byName(g: KnowledgeGraph, given: string, surname: string): Person[] {
  return [...g.persons.values()].filter((p) =>
    p.names.some((n) => n.given.split(' ')[0] === given && n.surname === surname),
  );
}

describe('analyst on the sample archive', () => {
  let ctx: Awaited<ReturnType<typeof analyseAll>>;
  before(async () => {
    ctx = await analyseAll();
  });

  it('matches one man across spellings, initials and ages (Johann Friedrich / John F. / Joh. / John)', () => {
    const s = ctx.graph.get('P-subject')!;
    const names = s.names.map((n) => `${n.given} ${n.surname}`);
    for (const n of ['John F. Schmidt', 'Joh. Schmidt', 'John Schmidt', 'Johann F. Schmidt'])
      assert.ok(names.includes(n), `${n} in ${names.join(', ')}`);
    assert.equal(byName(ctx.graph, 'Joh.', 'Schmidt').length, 1);
  });

  it('keeps the unrelated Smith household apart from the Schmidts', () => {
    const smiths = byName(ctx.graph, 'John', 'Smith');
    assert.equal(smiths.length, 2, 'father and son John Smith are two persons');
    assert.ok(smiths.every((p) => p.id !== 'P-subject' && !p.relationships.some((r) => r.person === 'P-subject')));
  });

  it('recognises a married name (Anna Miller, 1950) as the daughter Anna Maria Schmidt', () => {
    const annas = [...ctx.graph.persons.values()].filter((p) => p.names.some((n) => n.given.startsWith('Anna')));
    assert.equal(annas.length, 1);
    const married = annas[0].names.find((n) => n.surname === 'Miller');
    assert.equal(married?.type, 'married');
    assert.ok(annas[0].relationships.some((r) => r.type === 'parent' && r.person === 'P-subject'));
  });

  it('reads relationships from roles: parents, spouse, children (head/wife/son/daughter, father/mother, informant)', () => {
    const s = ctx.graph.get('P-subject')!;
    const rel = (type: string) =>
      s.relationships
        .filter((r) => r.type === type && r.status === 'accepted')
        .map((r) => displayName(ctx.graph.get(r.person)!))
        .sort();
    assert.deepEqual(rel('parent'), ['Georg Schmidt', 'Margaretha Weber']);
    assert.equal(rel('spouse').length, 1);
    const wife = ctx.graph.get(s.relationships.find((r) => r.type === 'spouse')!.person)!;
    assert.ok(
      wife.names.some((n) => n.given === 'Katharina' && n.surname === 'Huber'),
      'her maiden name from the marriage register',
    );
    // The 1870 census lists her as Catharine Schmidt before the marriage register is read: Schmidt is
    // her married name, and the register's name is her birth name, shown first.
    assert.deepEqual([wife.names[0].given, wife.names[0].surname, wife.names[0].type], ['Katharina', 'Huber', 'birth']);
    assert.deepEqual(
      wife.names.filter((n) => n.surname === 'Schmidt' && n.type !== 'married'),
      [],
      'no Schmidt name is typed as her birth name',
    );
    assert.ok(
      wife.names.some((n) => n.given === 'Katie'),
      'and the census spelling',
    );
    assert.equal(rel('child').length, 3);
    for (const r of s.relationships)
      assert.ok(
        r.evidence.length > 0 && r.evidence.every((e) => e.snippet.length > 0),
        'every relationship cites evidence',
      );
  });

  it('records the birth-date conflict with the Z-weighted preferred value and keeps every alternative', () => {
    const c = ctx.outs
      .flatMap((o) => o.conflicts)
      .filter((x) => x.person === 'P-subject' && x.field === 'birth.date')
      .at(-1)!;
    assert.equal(c.preferred, '14 MAR 1842');
    assert.equal(c.status, 'tentative');
    assert.match(c.rationale, /Primary 1\.0 × Tier 0 0\.8/);
    const values = c.competing.map((x) => x.value);
    for (const v of ['14 MAR 1842', '14 MAR 1841', '14 MAR 1840']) assert.ok(values.includes(v));
    const s = ctx.graph.get('P-subject')!;
    const status = (v: string) => s.assertions.find((a) => a.field === 'birth.date' && a.value === v)?.status;
    assert.equal(status('14 MAR 1842'), 'accepted');
    assert.equal(status('14 MAR 1840'), 'disputed', 'the informant’s wrong year is kept, disputed');
    assert.equal(status('14 MAR 1841'), 'disputed', 'the gravestone’s year is kept, disputed');
  });

  it('classifies evidence with Mills: the death certificate’s birth date is secondary, its death date primary', () => {
    const s = ctx.graph.get('P-subject')!;
    const cert = sample.records().find((r) => r.title.startsWith('Death certificate of John F.'))!;
    const id = asSource(cert).id;
    const birth = s.assertions
      .find((a) => a.field === 'birth.date' && a.value === '14 MAR 1840')!
      .evidence.find((e) => e.source === id)!;
    const death = s.assertions.find((a) => a.field === 'death.date')!.evidence.find((e) => e.source === id)!;
    assert.deepEqual([birth.information, birth.evidenceType], ['secondary', 'Secondary']);
    assert.deepEqual([death.information, death.evidenceType], ['primary', 'Primary']);
    assert.equal(
      informationClass({ recordType: 'obituary', sourceType: 'derivative' }, 'death.date', true),
      'secondary',
    );
  });

  it('stages what the evidence does not support and accepts what it does (seed 004)', () => {
    const s = ctx.graph.get('P-subject')!;
    const cal = s.assertions.find((a) => a.field === 'birth.date' && a.value.startsWith('CAL'))!;
    assert.equal(cal.status, 'staged', 'an age-derived year is indirect: review');
    assert.ok(cal.evidence.every((e) => e.evidence === 'indirect'));
    assert.equal(decide([{ ...cal.evidence[0], evidence: 'direct', confidence: 0.9 }], false).status, 'accepted');
    assert.equal(
      decide([{ ...cal.evidence[0], evidence: 'direct', confidence: ACCEPT_THRESHOLD - 0.01 }], false).status,
      'staged',
    );
    const user = s.assertions.find((a) => a.id === 'A-u')!;
    assert.equal(user.status, 'staged', 'a user claim without evidence is never promoted by the engine');
  });

  it('generates seed 000 clues with calculatePriority and never as facts', () => {
    const clues = ctx.outs.flatMap((o) => o.clues);
    assert.ok(clues.every((c) => c.generatedBy === 'Analyst' && !c.isFact && c.priority >= 0 && c.priority <= 1));
    const vital = clues.find((c) => c.statement === 'Find vital records for Georg Schmidt')!;
    assert.equal(vital.type, 'vital_records');
    assert.equal(vital.priority, calculatePriority(0));
    assert.ok(clues.some((c) => c.type === 'place_search' && c.statement.startsWith('Search records in ')));
    assert.ok(clues.some((c) => c.type === 'census_search' && /^Search 18[5-9]0 census for /.test(c.statement)));
    assert.ok(clues.some((c) => c.type === 'verify_relationship' && c.statement.startsWith('Verify relationship: ')));
  });

  it('re-analysing a record (after a crash) duplicates nothing', async () => {
    const r = sample
      .records()
      .find((x) => x.title.startsWith('1880 U.S. census, Springfield, Sangamon, Illinois — Schmidt'))!;
    const before = JSON.stringify([...ctx.graph.persons.values()]);
    const size = ctx.graph.size;
    const out = await ctx.analyst.analyse(asSource(r), 2);
    assert.equal(ctx.graph.size, size);
    assert.equal(out.integration.created.length, 0);
    assert.equal(JSON.stringify([...ctx.graph.persons.values()]), before);
  });

  it('every person stays valid: nobody is their own relative, at most two parents', () => {
    for (const p of ctx.graph.persons.values()) {
      assert.deepEqual(checkPersonInvariants(p), []);
      Person.parse(p);
    }
  });
});

describe('analyst: invariants hold for any sequence of records (fast-check)', () => {
  const given = fc.constantFrom('Johann', 'John', 'Anna', 'Annie', 'Karl', 'Charles', 'Maria', 'Georg', 'J.');
  const surname = fc.constantFrom('Schmidt', 'Schmitt', 'Smith', 'Huber', 'Miller');
  const persona = fc.record({
    given,
    surname,
    role: fc.constantFrom('principal', 'head', 'father', 'mother', 'spouse', 'child', 'informant', 'witness', 'other'),
    relationship: fc.option(
      fc.constantFrom(
        'son',
        'daughter',
        'wife',
        'husband',
        'mother',
        'father of the bride',
        'mother-in-law',
        'brother',
      ),
      { nil: undefined },
    ),
    age: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
    birthYear: fc.option(fc.integer({ min: 1820, max: 1900 }), { nil: undefined }),
    sex: fc.option(fc.constantFrom('M', 'F'), { nil: undefined }),
  });
  const record = fc.record({
    recordType: fc.constantFrom('census', 'baptism', 'marriage', 'death', 'burial', 'obituary'),
    year: fc.integer({ min: 1850, max: 1930 }),
    persons: fc.array(persona, { minLength: 1, maxLength: 5 }),
  });

  it('no self relations, at most two parents, schema-valid persons after every record', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 8 }), async (recs) => {
        const { graph, analyst } = setup(SUBJECT);
        for (const [k, r] of recs.entries()) {
          const persons = r.persons.map((p) => ({
            name: `${p.given} /${p.surname}/`,
            role: p.role as 'principal',
            relationship: p.relationship,
            age: p.age,
            birthDate: p.birthYear ? String(p.birthYear) : undefined,
            sex: p.sex as 'M' | undefined,
          }));
          const text = persons
            .map((p) => `${p.name.replace(/\//g, '')} | ${p.role} | ${p.relationship ?? ''} | ${p.age ?? ''}`)
            .join('\n');
          const raw: RawRecord = {
            title: `record ${k}`,
            recordType: r.recordType,
            date: String(r.year),
            place: 'Springfield, Illinois',
            repository: 'test',
            sourceType: 'original',
            sourceId: 'archive',
            tier: 0,
            persons,
            text,
          };
          await analyst.analyse(asSource({ ...raw, title: `record ${k} ${sha256(text).slice(0, 6)}` }), 1);
          for (const p of graph.persons.values()) {
            assert.deepEqual(checkPersonInvariants(p), []);
            assert.equal(Person.safeParse(p).success, true);
            for (const rel of p.relationships) {
              const other = graph.get(rel.person);
              assert.ok(other, 'relationships point at known persons');
              assert.ok(
                other.relationships.some((x) => x.person === p.id),
                'relationships are reciprocal',
              );
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
