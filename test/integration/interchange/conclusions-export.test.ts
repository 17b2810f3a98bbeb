/**
 * Issue 14 item 5: the exports carry the case's conclusions. A namesake's wife staged as the
 * subject's second spouse, a staged birth date and the case.yaml hint stay out of tree.ged and
 * graph.jsonld; `ancestry export --include-staged` adds the staged findings, marked as staged.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportCommand } from '../../../src/cli/commands/export';
import { initCase, openCase } from '../../../src/case';
import { exportGedcom, exportJsonLd } from '../../../src/interchange';
import type { EvidenceClaim, Person } from '../../../src/model';
import { tempDir } from '../../helpers/paths';
import { evidenceClaim } from '../../helpers/evidence-claim';

const NOW = new Date('2026-06-01T00:00:00Z');
const claim = (source: string, snippet: string): EvidenceClaim => evidenceClaim(snippet, { source });

function person(id: string, given: string, surname: string, over: Partial<Person>): Person {
  return {
    id,
    names: [{ given, surname, type: 'birth' }],
    sex: 'U',
    assertions: [],
    relationships: [],
    externalIds: {},
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...over,
  };
}

async function caseWithStagedSpouse(): Promise<string> {
  const root = join(tempDir('ancestry-conclusions-export-'), 'case');
  const store = await initCase(
    root,
    { question: 'Who was John Weller’s wife?', subject: { name: 'John Weller', person: 'P-john', born: 'ABT 1842' } },
    { clock: { now: () => NOW, sleep: async () => undefined } },
  );
  const john = store.person('P-john')!;
  await store.writePerson({
    ...john,
    sex: 'M',
    assertions: [
      ...john.assertions,
      {
        id: 'A-b1',
        field: 'birth.date',
        value: '14 MAR 1842',
        status: 'accepted',
        confidence: 0.9,
        evidence: [claim('S-bapt', 'born 14 March 1842')],
      },
      {
        id: 'A-d1',
        field: 'death.date',
        value: '2 FEB 1911',
        status: 'staged',
        confidence: 0.6,
        evidence: [claim('S-obit', 'died 2 Feb 1911')],
      },
    ],
    relationships: [
      {
        type: 'spouse',
        person: 'P-kate',
        status: 'accepted',
        confidence: 0.9,
        evidence: [claim('S-marr', 'John Weller and Katharina Huber')],
      },
      {
        type: 'spouse',
        person: 'P-mary',
        status: 'staged',
        confidence: 0.6,
        evidence: [claim('S-census', 'Mary Quellbrunn, wife')],
      },
    ],
  });
  await store.writePerson(
    person('P-kate', 'Katharina', 'Huber', {
      sex: 'F',
      assertions: [
        {
          id: 'A-k1',
          field: 'sex',
          value: 'F',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('S-marr', 'Katharina Huber')],
        },
      ],
      relationships: [
        {
          type: 'spouse',
          person: 'P-john',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('S-marr', 'John Weller and Katharina Huber')],
        },
      ],
    }),
  );
  await store.writePerson(
    person('P-mary', 'Mary', 'Quellbrunn', {
      sex: 'F',
      assertions: [
        {
          id: 'A-m1',
          field: 'birth.date',
          value: 'CAL 1847',
          status: 'staged',
          confidence: 0.6,
          evidence: [claim('S-census', 'Mary Quellbrunn, wife, 33')],
        },
      ],
      relationships: [
        {
          type: 'spouse',
          person: 'P-john',
          status: 'staged',
          confidence: 0.6,
          evidence: [claim('S-census', 'Mary Quellbrunn, wife')],
        },
      ],
    }),
  );
  return root;
}

describe('exports carry conclusions from accepted evidence only', () => {
  it('leaves staged persons, relationships, facts and the case.yaml hint out of GEDCOM and JSON-LD', async () => {
    const store = await openCase(await caseWithStagedSpouse());
    const ged = exportGedcom(store, { version: '5.5.1', now: NOW }).text;
    const jsonld = exportJsonLd(store, { now: NOW });
    for (const [name, text] of [
      ['tree.ged', ged],
      ['graph.jsonld', jsonld],
    ] as const) {
      assert.ok(text.includes('Huber'), `${name}: the accepted spouse is exported`);
      assert.ok(!text.includes('Quellbrunn'), `${name}: the staged spouse is not`);
      assert.ok(!/1911/.test(text), `${name}: the staged death date is not`);
      assert.ok(!/ABT 1842|ABT\s*1842/.test(text), `${name}: the case.yaml hint is not`);
      assert.ok(/1842/.test(text), `${name}: the accepted birth date is`);
    }
    assert.equal((ged.match(/^0 @[^@]+@ FAM/gm) ?? []).length, 1, 'one family: John and Katharina');
  });

  it('ancestry export --include-staged adds them, marked as staged', async () => {
    const root = await caseWithStagedSpouse();
    const out: string[] = [];
    const io = {
      out: (t: string) => out.push(t),
      err: () => undefined,
      tty: false,
      signal: new AbortController().signal,
    };
    assert.equal(await exportCommand.run([root, '--format', 'gedcom', '--out', join(root, 'plain.ged')], io), 0);
    assert.equal(
      await exportCommand.run([root, '--format', 'gedcom', '--include-staged', '--out', join(root, 'all.ged')], io),
      0,
    );
    assert.equal(
      await exportCommand.run([root, '--format', 'jsonld', '--include-staged', '--out', join(root, 'all.jsonld')], io),
      0,
    );
    assert.ok(!readFileSync(join(root, 'plain.ged'), 'utf8').includes('Quellbrunn'));
    const all = readFileSync(join(root, 'all.ged'), 'utf8');
    assert.ok(all.includes('Quellbrunn'), 'the staged spouse is included on request');
    assert.match(all, /Needs review \(staged, not proven\): spouse Mary Quellbrunn/);
    assert.match(all, /death\.date = 2 FEB 1911 is staged/);
    const graph = JSON.parse(readFileSync(join(root, 'all.jsonld'), 'utf8')) as unknown;
    const text = JSON.stringify(graph);
    assert.ok(text.includes('Quellbrunn'));
    assert.match(text, /"propertyID":"status","value":"staged"/);
  });
});
