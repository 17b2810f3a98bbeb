/** Merged duplicates, living-person redaction and conflicts in GEDCOM 5.5.1, 7.0/7.1 and JSON-LD. */
import { strict as assert } from 'node:assert';
import * as jsonld from 'jsonld';
import { initCase } from '../../../src/case';
import type { EvidenceClaim, Person } from '../../../src/model';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import { exportJsonLd, offlineDocumentLoader, SCHEMA_ORG_CONTEXT } from '../../../src/interchange/jsonld';
import { tempDir } from '../../helpers/paths';
import { evidenceClaim } from '../../helpers/evidence-claim';

const S = 'https://schema.org/';

describe('exports of a researched case', function () {
  this.timeout(120_000);
  let store: Awaited<ReturnType<typeof initCase>>;

  before(async () => {
    store = await initCase(tempDir('ancestry-export-'), {
      question: 'Who were John Smith’s parents?',
      subject: { name: 'John Smith' },
    });
    await store.removePerson(store.config().subject.person!);
    const src = await store.captureSource(
      {
        title: 'Springfield parish register',
        recordType: 'baptism',
        repository: 'County Archive',
        sourceType: 'original',
        informationType: 'primary',
        sourceId: 'archive',
        tier: 0,
        persons: [],
        text: 'Baptism of John Smith, 3 March 1850, son of Peter Smith.',
      },
      new Date('2026-01-02T00:00:00Z'),
    );
    const ev = (snippet: string, over: Partial<EvidenceClaim> = {}): EvidenceClaim =>
      evidenceClaim(snippet, { source: src.id, ...over });
    const john: Person = {
      id: 'P-john',
      names: [{ given: 'John', surname: 'Smith', type: 'birth' }],
      sex: 'M',
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '3 MAR 1850',
          status: 'accepted',
          confidence: 0.9,
          event: 'E-b',
          evidence: [ev('Baptism of John Smith, 3 March 1850', { page: 'folio 12' })],
        },
        {
          id: 'A-2',
          field: 'birth.place',
          value: 'Springfield, Sangamon, Illinois, USA',
          status: 'accepted',
          confidence: 0.9,
          event: 'E-b',
          evidence: [],
        },
        {
          id: 'A-3',
          field: 'birth.date',
          value: 'ABT 1852',
          status: 'disputed',
          confidence: 0.4,
          evidence: [
            ev('son of Peter Smith', {
              sourceClass: 'derivative',
              information: 'secondary',
              evidenceType: 'Secondary',
              confidence: 0.5,
            }),
          ],
        },
        { id: 'A-4', field: 'death.date', value: '1920', status: 'accepted', confidence: 0.8, evidence: [] },
      ],
      relationships: [{ type: 'child', person: 'P-jane', status: 'accepted', confidence: 1, evidence: [] }],
      externalIds: { wikitree: 'Smith-1' },
    };
    const dup: Person = {
      id: 'P-dup',
      names: [{ given: 'Johann', surname: 'Schmidt', type: 'birth' }],
      sex: 'M',
      assertions: [],
      relationships: [],
      externalIds: {},
    };
    const jane: Person = {
      id: 'P-jane',
      names: [{ given: 'Jane', surname: 'Smith', type: 'birth' }],
      sex: 'F',
      assertions: [
        { id: 'A-5', field: 'birth.date', value: '12 MAY 1990', status: 'accepted', confidence: 0.9, evidence: [] },
        {
          id: 'A-6',
          field: 'birth.place',
          value: 'Springfield, Sangamon, Illinois, USA',
          status: 'accepted',
          confidence: 0.9,
          evidence: [],
        },
      ],
      relationships: [{ type: 'parent', person: 'P-john', status: 'accepted', confidence: 1, evidence: [] }],
      externalIds: {},
    };
    for (const p of [john, dup, jane]) await store.writePerson(p);
    await store.writeMerges({
      version: 1,
      notSamePerson: [],
      clusters: [
        {
          id: 'M-1',
          canonicalId: 'P-john',
          memberIds: ['P-john', 'P-dup'],
          similarity: 0.93,
          features: {},
          rationale: 'same baptism',
          whyNotMerge: 'none',
          recommendation: 'merge',
          status: 'accepted',
          reversible: true,
          createdAt: '2026-01-02T00:00:00.000Z',
        },
      ],
    });
    await store.writeConflict({
      id: 'C-1',
      person: 'P-john',
      field: 'birth.date',
      competing: [
        { assertion: 'A-1', value: '3 MAR 1850', weight: 0.72, evidence: [] },
        { assertion: 'A-3', value: 'ABT 1852', weight: 0.25, evidence: [] },
      ],
      preferred: '3 MAR 1850',
      rationale: 'The baptism register is an original record with primary information.',
      status: 'resolved',
      nextActions: [],
    });
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`GEDCOM ${version}: one person per merge cluster, living redacted with RESN, conflict as a note, QUAY from the evidence`, () => {
      const { text, lossReport } = exportGedcom(store, { version });
      const indis = text.split('\n').filter((l) => / INDI$/.test(l));
      assert.equal(indis.length, 2, text);
      assert.doesNotMatch(text, /Schmidt/);
      assert.match(text, /1 NOTE Merged duplicate: P-dup was merged into this person/);
      assert.match(
        text,
        /1 NOTE Conflict on birth\.date \(resolved\): 3 MAR 1850 \(weight 0\.72, preferred\); ABT 1852 \(weight 0\.25\)/,
      );
      const jane = text.slice(text.indexOf('1 NAME Jane /Smith/') - 20);
      const janeRecord = jane.slice(0, jane.indexOf('\n0 ', 10));
      assert.match(janeRecord, version === '7.0' ? /1 RESN PRIVACY/ : /1 RESN privacy/);
      assert.doesNotMatch(janeRecord, /12 MAY 1990|Sangamon/);
      assert.match(janeRecord, /2 DATE BET 1990 AND 1999/);
      assert.match(text, /2 SOUR @S1@\n3 PAGE folio 12\n3 QUAY 3\n3 DATA\n4 TEXT Baptism of John Smith, 3 March 1850/);
      assert.match(text, /1 BIRT\n2 DATE ABT 1852\n2 SOUR @S1@\n3 QUAY 2/);
      assert.match(text, /NOTE birth\.date = ABT 1852 is disputed/);
      assert.match(text, /1 REFN Smith-1\n2 TYPE wikitree/);
      assert.match(lossReport, /merged duplicates written once/);
    });
  }

  it('GEDCOM 7.1: research notes and conflicts are markdown notes', () => {
    const { text } = exportGedcom(store, { version: '7.1' });
    assert.match(text, /2 VERS 7\.1/);
    assert.match(
      text,
      /1 NOTE \*\*Conflict\*\* on `birth\.date` \(resolved\):\n2 CONT - 3 MAR 1850[^\n]*\n(2 CONT[^\n]*\n)*2 MIME text\/markdown/,
    );
  });

  it('JSON-LD expands offline into schema.org persons with provenance on every claim', async () => {
    const doc = JSON.parse(exportJsonLd(store)) as object;
    const refused: string[] = [];
    const loader = async (url: string) => {
      try {
        return await offlineDocumentLoader(url);
      } catch (e) {
        refused.push(url);
        throw e;
      }
    };
    const expanded = (await jsonld.expand(doc, { documentLoader: loader as never })) as Record<string, unknown>[];
    assert.deepEqual(refused, []);
    const byId = new Map(expanded.map((n) => [n['@id'] as string, n]));
    const val = (n: Record<string, unknown> | undefined, p: string) =>
      (n?.[`${S}${p}`] as { '@value'?: unknown; '@id'?: string }[] | undefined)?.map((x) => x['@value'] ?? x['@id']);
    const john = byId.get('urn:ancestry:person:P-john');
    const jane = byId.get('urn:ancestry:person:P-jane');
    assert.deepEqual(john?.['@type'], [`${S}Person`]);
    assert.deepEqual(val(john, 'birthDate'), ['1850-03-03']);
    assert.deepEqual(val(john, 'deathDate'), ['1920']);
    assert.deepEqual(val(john, 'sameAs'), ['urn:ancestry:person:P-dup']);
    assert.deepEqual(val(john, 'children'), ['urn:ancestry:person:P-jane']);
    assert.deepEqual(val(jane, 'parent'), ['urn:ancestry:person:P-john']);
    assert.deepEqual(val(jane, 'birthDate'), ['1990/1999']);
    assert.ok(!byId.has('urn:ancestry:person:P-dup'));
    const birthPlace = byId.get(val(john, 'birthPlace')![0] as string);
    assert.deepEqual(val(birthPlace, 'name'), ['Springfield, Sangamon, Illinois, USA']);
    assert.deepEqual(val(byId.get(val(jane, 'birthPlace')![0] as string), 'name'), ['Illinois, USA']);
    const claim = expanded.find(
      (n) =>
        (n[`${S}name`] as { '@value': string }[] | undefined)?.[0]?.['@value'] === 'birth.date' &&
        val(n, 'text')?.[0] === '3 MAR 1850',
    );
    assert.ok(claim, 'a Claim for the birth date');
    assert.equal(val(claim, 'citation')?.length, 1);
    assert.ok(byId.has(val(claim, 'citation')![0] as string), 'the cited source is in the graph');
    const conflict = byId.get('urn:ancestry:conflict:C-1');
    assert.deepEqual(val(conflict, 'name'), ['Conflict on birth.date']);
  });

  it('the offline loader serves schema.org and refuses everything else', async () => {
    const expanded = await jsonld.expand(
      { '@context': 'https://schema.org/', '@type': 'Person', name: 'X' },
      { documentLoader: offlineDocumentLoader as never },
    );
    assert.deepEqual((expanded[0] as Record<string, unknown>)['@type'], [`${S}Person`]);
    await assert.rejects(
      jsonld.expand(
        { '@context': 'https://example.org/ctx.jsonld', name: 'X' },
        { documentLoader: offlineDocumentLoader as never },
      ),
    );
    assert.equal(SCHEMA_ORG_CONTEXT['@vocab'], S);
  });
});
