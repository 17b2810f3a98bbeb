/**
 * The person page's view model (src/extension/person/view-model.ts): vitals from the best values,
 * one timeline event per once-in-a-life event, footnotes numbered once per (source, page), staged
 * and disputed values and open conflicts marked, relatives passed through, and a living person
 * without consent reduced to a surname.
 */
import { strict as assert } from 'node:assert';
import { Person, SourceRecord, type Conflict } from '../../../src/model';
import { personPage, fieldLabel, type PersonPageInput } from '../../../src/extension/person/view-model';
import { conflictsOf } from '../../../src/extension/person/page-data';
import { PersonPage } from '../../../src/protocol/person';

const ev = (source: string, page?: string) => ({
  source,
  snippet: `text of ${source}`,
  tier: 0 as const,
  evidenceType: 'Primary' as const,
  sourceClass: 'original' as const,
  information: 'primary' as const,
  evidence: 'direct' as const,
  confidence: 0.9,
  ...(page ? { page } : {}),
});

const person = Person.parse({
  id: 'P-1',
  names: [
    { given: 'Johann Friedrich', surname: '/Schmidt/' },
    { given: 'John', surname: 'Schmidt', type: 'aka' },
  ],
  sex: 'M',
  assertions: [
    {
      id: 'A1',
      field: 'birth.date',
      value: '14 MAR 1842',
      status: 'accepted',
      confidence: 0.95,
      event: 'E-b',
      evidence: [ev('S-bapt')],
    },
    {
      id: 'A2',
      field: 'birth.date',
      value: '14 MAR 1840',
      status: 'disputed',
      confidence: 0.7,
      evidence: [ev('S-grave')],
    },
    {
      id: 'A3',
      field: 'birth.place',
      value: 'Bavaria',
      status: 'accepted',
      confidence: 0.99,
      evidence: [ev('S-census')],
    },
    {
      id: 'A4',
      field: 'birth.place',
      value: 'Kleinbach, Bavaria',
      status: 'accepted',
      confidence: 0.9,
      event: 'E-b',
      evidence: [ev('S-bapt')],
    },
    {
      id: 'A5',
      field: 'death.date',
      value: '2 FEB 1911',
      status: 'accepted',
      confidence: 0.9,
      evidence: [ev('S-death', 'file 4417')],
    },
    {
      id: 'A6',
      field: 'occupation.value',
      value: 'farmer',
      status: 'staged',
      confidence: 0.6,
      evidence: [ev('S-census')],
    },
    {
      id: 'A7',
      field: 'residence.place',
      value: 'Springfield',
      status: 'accepted',
      confidence: 0.8,
      event: 'E-r1870',
      evidence: [ev('S-census')],
    },
    {
      id: 'A8',
      field: 'residence.date',
      value: '1870',
      status: 'accepted',
      confidence: 0.8,
      event: 'E-r1870',
      evidence: [ev('S-census')],
    },
    { id: 'A9', field: 'burial.place', value: 'Calvary', status: 'rejected', confidence: 0.2, evidence: [] },
  ],
  relationships: [{ type: 'parent', person: 'P-f', status: 'staged' }],
});

const source = (id: string, title: string) =>
  SourceRecord.parse({
    id,
    title,
    repository: 'Some archive',
    sourceId: 'archive',
    tier: 0,
    accessedAt: '2024-03-05T10:00:00.000Z',
    sha256: 'b'.repeat(64),
  });
const sources = new Map(['S-bapt', 'S-grave', 'S-census'].map((id) => [id, source(id, `Record ${id}`)]));

function input(over: Partial<PersonPageInput> = {}): PersonPageInput {
  return {
    person,
    living: false,
    consent: false,
    parents: [{ id: 'P-f', name: 'Georg Schmidt', lifespan: '1808–1871', living: false, qualifier: 'staged' }],
    spouses: [],
    children: [{ id: 'P-c', name: 'Living Schmidt', lifespan: 'living', living: true }],
    source: (id) => sources.get(id),
    conflicts: conflictsOf(person, []),
    notes: '\nMy notes.\n',
    origin: { kind: 'file', file: 'people/P-1-johann.md' },
    ...over,
  };
}

describe('extension: person page view model', () => {
  it('validates against the protocol the webview parses', () => {
    assert.ok(PersonPage.safeParse(personPage(input())).success);
  });

  it('vitals: the best date with the most specific agreeing place, no GEDCOM slashes', () => {
    const p = personPage(input());
    assert.equal(p.name, 'Johann Friedrich Schmidt');
    assert.deepEqual(p.otherNames, ['John Schmidt']);
    assert.deepEqual(p.sex, { word: 'male', symbol: '♂' });
    assert.equal(p.lifespan, '1842–1911');
    const born = p.vitals.find((v) => v.label === 'Born')!;
    assert.equal(born.value, '14 MAR 1842, Kleinbach, Bavaria');
    assert.ok(born.conflict, 'the birth date is in conflict (1842 vs 1840)');
    assert.equal(p.vitals.find((v) => v.label === 'Died')!.value, '2 FEB 1911');
  });

  it('timeline: one birth whatever the event ids, dated events in order, rejected values left out', () => {
    const p = personPage(input());
    assert.deepEqual(
      p.timeline.map((e) => e.label),
      ['Birth', 'Residence', 'Death', 'Occupation'],
    );
    const birth = p.timeline[0];
    assert.equal(birth.date, '14 MAR 1842');
    assert.equal(birth.facts.length, 4);
    assert.ok(birth.unsettled);
    assert.equal(birth.facts.find((f) => f.id === 'A2')!.status, 'disputed');
    assert.ok(!p.timeline.some((e) => e.label === 'Burial'), 'a rejected value is not an event');
    const residence = p.timeline[1];
    assert.equal(residence.date, '1870');
    assert.equal(residence.place, 'Springfield');
    assert.ok(!residence.unsettled);
    assert.equal(p.timeline[3].facts[0].status, 'staged');
  });

  it('footnotes: one number per source and page, in the order the page first cites it (vitals, then timeline)', () => {
    const p = personPage(input());
    assert.deepEqual(
      p.citations.map((c) => [c.n, c.source]),
      [
        [1, 'S-bapt'],
        [2, 'S-death'],
        [3, 'S-grave'],
        [4, 'S-census'],
      ],
    );
    assert.equal(p.citations[1].captured, false, 'S-death is not in sources/');
    assert.match(p.citations[1].full, /file 4417/);
    assert.match(p.citations[0].full, /^“Record S-bapt,” Some archive \(consulted 5 March 2024\)\.$/);
    assert.equal(p.citations[0].quote, 'text of S-bapt');
  });

  it('counts staged, disputed and open conflicts; the notes are the file body', () => {
    const p = personPage(input());
    assert.deepEqual(p.counts, { staged: 1, disputed: 1, openConflicts: 1 });
    assert.equal(p.notes, 'My notes.');
    assert.equal(p.parents[0].qualifier, 'staged');
  });

  it('a resolved stored conflict keeps the user decision; the field label reads as prose', () => {
    const [detected] = conflictsOf(person, []);
    const resolved: Conflict = { ...detected, status: 'resolved', resolvedBy: 'user' };
    const p = personPage(input({ conflicts: conflictsOf(person, [resolved]) }));
    assert.equal(p.counts.openConflicts, 0);
    assert.equal(p.conflicts[0].resolvedBy, 'user');
    assert.equal(p.conflicts[0].field, 'Born');
    assert.equal(fieldLabel('occupation.value'), 'Occupation');
    assert.equal(fieldLabel('residence.place'), 'Residence place');
  });

  it('a living person without consent shows only the surname and the links', () => {
    const p = personPage(input({ living: true }));
    assert.equal(p.name, 'Living Schmidt');
    assert.ok(p.redacted);
    assert.deepEqual([p.vitals, p.timeline, p.citations, p.otherNames], [[], [], [], []]);
    assert.equal(p.notes, '');
    assert.ok(!JSON.stringify(p).includes('1842'), 'no date of theirs reaches the webview');
    assert.equal(p.parents.length, 1);
    const consented = personPage(input({ living: true, consent: true }));
    assert.equal(consented.name, 'Johann Friedrich Schmidt');
    assert.ok(!consented.redacted);
  });
});
