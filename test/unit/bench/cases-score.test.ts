/**
 * The evaluation-set scorer (bench/cases) on small hand-made case folders: a perfect output scores
 * perfectly, and each metric fails when its own kind of mistake is made. No engine run here.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { loadExpected, ExpectedFileError } from '../../../bench/cases/expected';
import { readCaseOutput } from '../../../bench/cases/output';
import { scoreCase, type CaseScore } from '../../../bench/cases/score';
import { baitPattern, nameScore, sameDate, samePlace } from '../../../bench/cases/match';
import { listCases } from '../../../bench/cases/run';
import { placePersonas } from '../../../bench/cases/score';

function write(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const md = (fm: object, body = '') => `---\n${stringify(fm)}---\n${body}`;

const EXPECTED = {
  subject: 'adam',
  persons: [
    {
      id: 'adam',
      name: 'Adam Stone',
      personas: [
        { record: 'rec-a.md', name: 'Adam Stone' },
        { record: 'rec-b.md', key: 'A' },
      ],
      facts: { 'birth.date': '3 MAR 1712/13' },
    },
    { id: 'eve', name: 'Eve Brook', personas: [{ record: 'rec-a.md', name: 'Eve Brook' }] },
    { id: 'cain', name: 'Cain Stone', personas: [{ record: 'rec-b.md', key: 'C' }] },
    { id: 'adam2', name: 'Adam Stone of elsewhere', personas: [{ record: 'rec-c.md', name: 'Adam Stone' }] },
  ],
  relationships: [{ spouses: ['adam', 'eve'] }, { parent: 'adam', child: 'cain' }],
  optionalRelationships: [{ parent: 'eve', child: 'cain' }],
  conflicts: [{ person: 'adam', field: 'birth.date', values: ['1713', '1714'] }],
  namesakes: [{ persons: ['adam', 'adam2'] }],
  junk: ['Mrs'],
  privacy: [{ text: '555-0100', digits: true }, { text: '12 Elm Street' }],
};

function makeCase(root: string) {
  const dir = join(root, 'case');
  write(join(dir, 'expected.yaml'), stringify(EXPECTED));
  write(
    join(dir, 'archive', 'rec-a.md'),
    md({ title: 'a', persons: [{ name: 'Adam /Stone/' }, { name: 'Eve /Brook/', role: 'spouse' }] }),
  );
  write(
    join(dir, 'archive', 'rec-b.md'),
    md({
      title: 'b',
      persons: [
        { key: 'A', name: 'Adam /Stone/', role: 'father' },
        { key: 'C', name: 'Cain /Stone/' },
      ],
    }),
  );
  write(join(dir, 'archive', 'rec-c.md'), md({ title: 'c', persons: [{ name: 'Adam /Stone/' }] }));
  return dir;
}

interface P {
  id: string;
  names: { given: string; surname: string; citations?: string[] }[];
  relationships?: { type: string; person: string; status?: string }[];
  assertions?: { field: string; value: string; status: string; confidence: number }[];
}

/** A case folder as the engine writes it: sources for the three records, the given persons, conflicts. */
function makeOutput(root: string, persons: P[], opts: { conflict?: boolean; files?: Record<string, string> } = {}) {
  const out = join(root, `out-${Math.random().toString(36).slice(2)}`);
  for (const r of ['a', 'b', 'c'])
    write(join(out, 'sources', `S-${r}.md`), md({ id: `S-${r}`, externalId: `archive:archive/rec-${r}.md` }, 'text\n'));
  for (const p of persons) write(join(out, 'people', `${p.id}.md`), md({ relationships: [], assertions: [], ...p }));
  if (opts.conflict)
    write(
      join(out, 'conflicts', 'C-1.md'),
      md({ person: 'P-1', field: 'birth.date', competing: [{ value: '1713' }, { value: 'ABT 1714' }] }),
    );
  for (const [f, t] of Object.entries(opts.files ?? {})) write(join(out, f), t);
  return out;
}

const PERFECT: P[] = [
  {
    id: 'P-1',
    names: [{ given: 'Adam', surname: 'Stone', citations: ['S-a', 'S-b'] }],
    assertions: [{ field: 'birth.date', value: '3 MAR 1713', status: 'accepted', confidence: 0.9 }],
    relationships: [
      { type: 'spouse', person: 'P-2' },
      { type: 'child', person: 'P-3' },
    ],
  },
  {
    id: 'P-2',
    names: [{ given: 'Eve', surname: 'Brook', citations: ['S-a'] }],
    relationships: [
      { type: 'spouse', person: 'P-1' },
      { type: 'child', person: 'P-3', status: 'staged' },
    ],
  },
  {
    id: 'P-3',
    names: [{ given: 'Cain', surname: 'Stone', citations: ['S-b'] }],
    relationships: [{ type: 'parent', person: 'P-1' }],
  },
  { id: 'P-4', names: [{ given: 'Adam', surname: 'Stone', citations: ['S-c'] }] },
];

describe('bench/cases scorer', () => {
  let root: string;
  let caseDir: string;
  const score = (persons: P[], opts: Parameters<typeof makeOutput>[2] = { conflict: true }): CaseScore => {
    const out = makeOutput(root, persons, opts);
    return scoreCase('t', caseDir, loadExpected(caseDir), readCaseOutput(out), out);
  };
  const clone = (): P[] => structuredClone(PERFECT);
  /**
   * A case of one record (archive/<file>) and its answer key, and an output of person files citing
   * it (id, given, surname) with the log's persona decisions ("written", person id) in order.
   */
  const placedInOneRecord = (
    name: string,
    record: { file: string; front: object; body?: string },
    persons: object[],
    files: [string, string, string][],
    decisions: [string, string][] = [],
  ) => {
    const dir = join(root, name);
    write(join(dir, 'archive', record.file), md(record.front, record.body));
    write(join(dir, 'expected.yaml'), stringify({ subject: (persons[0] as { id: string }).id, persons }));
    const out = join(root, `${name}-out`);
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: `archive:archive/${record.file}` }));
    for (const [id, given, surname] of files)
      write(join(out, 'people', `${id}.md`), md({ id, names: [{ given, surname, citations: ['S-1'] }] }));
    const log = decisions.map(([written, id], i) => ({
      actionType: 'decision',
      decisionType: 'persona_match',
      rationale: `"${written}" (#${i}) in S-1 → new person (new)`,
      chosenOption: `new person ${id}`,
    }));
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return placePersonas(dir, loadExpected(dir), readCaseOutput(out)).map((p) => [p.person, p.placedIn]);
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'cases-score-'));
    caseDir = makeCase(root);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('scores a perfect output perfectly', () => {
    const s = score(clone());
    assert.deepEqual(s.records, { captured: 3, total: 3, missing: [] });
    assert.equal(s.placed, 5);
    assert.equal(s.persons.f1, 1);
    assert.equal(s.relationships.f1, 1, s.relationships.wrong.join('; '));
    assert.deepEqual([s.facts.correct, s.facts.total], [1, 1]);
    assert.deepEqual([s.conflicts.kept, s.conflicts.expected], [1, 1]);
    assert.equal(s.namesakesJoined.count, 0);
    assert.equal(s.junk.count, 0);
    assert.equal(s.extraPersons.count, 0);
    assert.deepEqual(s.leaks, []);
  });

  it('a namesake joined to the subject lowers person precision and is counted', () => {
    const ps = clone().filter((p) => p.id !== 'P-4');
    ps[0].names[0].citations!.push('S-c');
    const s = score(ps);
    assert.ok(s.persons.precision < 1);
    assert.equal(s.persons.recall, 1);
    assert.deepEqual(s.namesakesJoined.pairs, ['adam + adam2']);
  });

  it('one person split in two lowers person recall', () => {
    const ps = clone();
    ps[0].names[0].citations = ['S-a'];
    ps.push({ id: 'P-6', names: [{ given: 'Adam', surname: 'Stone', citations: ['S-b'] }] });
    const s = score(ps);
    assert.equal(s.persons.precision, 1);
    assert.ok(s.persons.recall < 1);
  });

  it('a persona whose record was never captured is unplaced', () => {
    const ps = clone().filter((p) => p.id !== 'P-4');
    const out = makeOutput(root, ps, { conflict: true });
    rmSync(join(out, 'sources', 'S-c.md'));
    const s = scoreCase('t', caseDir, loadExpected(caseDir), readCaseOutput(out), out);
    const c = s.placements.find((p) => p.record === 'rec-c.md')!;
    assert.equal(c.how, 'unplaced');
    assert.match(c.why!, /not captured/);
    assert.equal(s.placed, 4);
    assert.deepEqual(s.records, { captured: 2, total: 3, missing: ['rec-c.md'] });
  });

  it('a wrong or missing relationship lowers relationship precision or recall; optional ones are ignored', () => {
    const ps = clone();
    ps[1].relationships!.push({ type: 'parent', person: 'P-4' });
    ps[0].relationships = ps[0].relationships!.filter((r) => r.type !== 'child');
    ps[2].relationships = [];
    const s = score(ps);
    assert.deepEqual(s.relationships.wrong, ['adam2 → parent of → eve']);
    assert.deepEqual(s.relationships.missing, ['adam → parent of → cain']);
    assert.equal(s.relationships.precision, 0.5);
    assert.equal(s.relationships.recall, 0.5);
  });

  it('a relationship to a person outside the answer key counts as wrong', () => {
    const ps = clone();
    ps.push({ id: 'P-9', names: [{ given: 'Mrs', surname: '' }], relationships: [{ type: 'spouse', person: 'P-1' }] });
    ps[0].relationships!.push({ type: 'spouse', person: 'P-9', status: 'staged' });
    const s = score(ps);
    assert.ok(s.relationships.precision < 1);
    assert.equal(s.junk.count, 1);
  });

  it('a dual-dated day read as the earlier year is a wrong key fact; a missing conflict is not kept', () => {
    const ps = clone();
    ps[0].assertions = [{ field: 'birth.date', value: '3 MAR 1712', status: 'accepted', confidence: 0.9 }];
    const s = score(ps, { conflict: false });
    assert.deepEqual([s.facts.correct, s.facts.total], [0, 1]);
    assert.deepEqual([s.conflicts.kept, s.conflicts.expected], [0, 1]);
  });

  it('finds privacy bait in any written file, phone numbers with any separators, but not in archive/', () => {
    const s = score(clone(), {
      conflict: true,
      files: {
        'exports/tree.ged': '1 NOTE call (555) 0100\n',
        'summary.md': 'lives at 12 Elm  Street\n',
        'archive/x.md': '555-0100 12 Elm Street',
      },
    });
    assert.deepEqual(s.leaks.map((l) => `${l.file}: ${l.bait}`).sort(), [
      'exports/tree.ged: 555-0100',
      'summary.md: 12 Elm Street',
    ]);
  });

  it('breaks ties between same-named personas of one record with the log, in record order', () => {
    const dir = join(root, 'twins');
    write(
      join(dir, 'archive', 'reg.md'),
      md({
        title: 'register',
        persons: [
          { key: 'J1', name: 'John /Turner/' },
          { key: 'J2', name: 'John /Turner/' },
        ],
      }),
    );
    write(
      join(dir, 'expected.yaml'),
      stringify({
        subject: 'j2',
        persons: [
          { id: 'j1', name: 'John 1', personas: [{ record: 'reg.md', key: 'J1' }] },
          { id: 'j2', name: 'John 2', personas: [{ record: 'reg.md', key: 'J2' }] },
        ],
      }),
    );
    const out = join(root, 'twins-out');
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: 'archive:archive/reg.md' }));
    for (const id of ['P-a', 'P-b'])
      write(
        join(out, 'people', `${id}.md`),
        md({ id, names: [{ given: 'John', surname: 'Turner', citations: ['S-1'] }] }),
      );
    const log = [
      {
        actionType: 'decision',
        decisionType: 'persona_match',
        rationale: '"John /Turner/" in S-1 → new person (new)',
        chosenOption: 'new person P-b',
      },
      {
        actionType: 'decision',
        decisionType: 'persona_match',
        rationale: '"John /Turner/" in S-1 → new person (new)',
        chosenOption: 'new person P-a',
      },
    ];
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const placements = placePersonas(dir, loadExpected(dir), readCaseOutput(out));
    assert.deepEqual(
      placements.map((p) => [p.person, p.placedIn, p.how]),
      [
        ['j1', 'P-b', 'log'],
        ['j2', 'P-a', 'log'],
      ],
    );
  });

  it("breaks those ties by the persona's place in its record, whatever order the answer key lists the persons in", () => {
    const dir = join(root, 'father-son');
    write(
      join(dir, 'archive', 'reg.md'),
      md({
        title: 'register',
        persons: [
          { key: 'F', name: 'Amos /Hart/' },
          { key: 'L', name: 'Lydia /Hart/' },
          { key: 'A', name: 'Amos /Hart/' },
        ],
      }),
    );
    write(
      join(dir, 'expected.yaml'),
      stringify({
        subject: 'son',
        persons: [
          { id: 'son', name: 'Amos the son', personas: [{ record: 'reg.md', key: 'A' }] },
          { id: 'father', name: 'Amos the father', personas: [{ record: 'reg.md', key: 'F' }] },
        ],
      }),
    );
    const out = join(root, 'father-son-out');
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: 'archive:archive/reg.md' }));
    for (const id of ['P-f', 'P-s'])
      write(
        join(out, 'people', `${id}.md`),
        md({ id, names: [{ given: 'Amos', surname: 'Hart', citations: ['S-1'] }] }),
      );
    const log = ['P-f', 'P-s'].map((id) => ({
      actionType: 'decision',
      decisionType: 'persona_match',
      rationale: '"Amos /Hart/" in S-1 → new person (new)',
      chosenOption: `new person ${id}`,
    }));
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const placements = placePersonas(dir, loadExpected(dir), readCaseOutput(out));
    assert.deepEqual(
      placements.map((p) => [p.person, p.placedIn]),
      [
        ['son', 'P-s'],
        ['father', 'P-f'],
      ],
    );
  });

  it('places a persona by its key when the log names it, whatever order the engine decided the personas in', () => {
    const dir = join(root, 'father-son');
    const out = join(root, 'father-son-keyed');
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: 'archive:archive/reg.md' }));
    for (const id of ['P-f', 'P-s'])
      write(
        join(out, 'people', `${id}.md`),
        md({ id, names: [{ given: 'Amos', surname: 'Hart', citations: ['S-1'] }] }),
      );
    // The son (A) decided first, as the record's principal: the keys say which is which.
    const log = [
      ['A', 'P-s'],
      ['F', 'P-f'],
    ].map(([key, id]) => ({
      actionType: 'decision',
      decisionType: 'persona_match',
      rationale: `"Amos /Hart/" (${key}) in S-1 → new person (new)`,
      chosenOption: `new person ${id}`,
    }));
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const placements = placePersonas(dir, loadExpected(dir), readCaseOutput(out));
    assert.deepEqual(
      placements.map((p) => [p.person, p.placedIn, p.how]),
      [
        ['son', 'P-s', 'log'],
        ['father', 'P-f', 'log'],
      ],
    );
  });

  it('places a keyed persona by its key even where a name alone picks another file', () => {
    // "Pál Kovács ifj." (W2) was decided into his own file, which the engine names without the suffix's
    // match: by name alone the father's file wins and the two read as one person.
    const dir = join(root, 'younger');
    write(
      join(dir, 'archive', 'reg.md'),
      md({
        title: 'marriage',
        persons: [
          { key: 'BF', name: 'Pál /Kovács/' },
          { key: 'W2', name: 'Pál /Kovács/ ifj.' },
        ],
      }),
    );
    write(
      join(dir, 'expected.yaml'),
      stringify({
        subject: 'pal',
        persons: [
          { id: 'pal', name: 'the father', personas: [{ record: 'reg.md', key: 'BF' }] },
          { id: 'pal-ifj', name: 'the younger', personas: [{ record: 'reg.md', key: 'W2' }] },
        ],
      }),
    );
    const out = join(root, 'younger-out');
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: 'archive:archive/reg.md' }));
    write(
      join(out, 'people', 'P-f.md'),
      md({ id: 'P-f', names: [{ given: 'Pál', surname: 'Kovács', citations: ['S-1'] }] }),
    );
    write(
      join(out, 'people', 'P-y.md'),
      md({ id: 'P-y', names: [{ given: 'Pál ifj.', surname: 'X', citations: ['S-1'] }] }),
    );
    const log = [
      ['BF', 'P-f'],
      ['W2', 'P-y'],
    ].map(([key, id]) => ({
      actionType: 'decision',
      decisionType: 'persona_match',
      rationale: `"Pál /Kovács/" (${key}) in S-1 → new person (new)`,
      chosenOption: `new person ${id}`,
    }));
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const placements = placePersonas(dir, loadExpected(dir), readCaseOutput(out));
    assert.deepEqual(
      placements.map((p) => [p.person, p.placedIn, p.how]),
      [
        ['pal', 'P-f', 'log'],
        ['pal-ifj', 'P-y', 'log'],
      ],
    );
  });

  it('reads a married daughter by her own name, not by "Mrs. <her husband\'s name>", and a son after his father of the name', () => {
    const dir = join(root, 'notice');
    write(join(dir, 'archive', 'obit.md'), md({ title: 'Obituary', recordType: 'obituary' }, 'Michael Coughlin died.'));
    write(
      join(dir, 'expected.yaml'),
      stringify({
        subject: 'michael',
        persons: [
          { id: 'michael', name: 'the father', personas: [{ record: 'obit.md', name: 'Michael Coughlin' }] },
          {
            id: 'emma',
            name: 'a daughter',
            personas: [{ record: 'obit.md', name: 'Mrs. Emil Lehmann', aliases: ['Emma Lehmann'] }],
          },
          { id: 'emil', name: 'her husband', personas: [{ record: 'obit.md', name: 'Emil Lehmann' }] },
          { id: 'son', name: 'the son', personas: [{ record: 'obit.md', name: 'Michael' }] },
        ],
      }),
    );
    const out = join(root, 'notice-out');
    write(join(out, 'sources', 'S-1.md'), md({ id: 'S-1', externalId: 'archive:archive/obit.md' }));
    const file = (id: string, given: string, surname: string) =>
      write(join(out, 'people', `${id}.md`), md({ id, names: [{ given, surname, citations: ['S-1'] }] }));
    file('P-f', 'Michael', 'Coughlin');
    file('P-s', 'Michael', 'Coughlin');
    file('P-e', 'Emma', 'Lehmann');
    file('P-h', 'Emil', 'Lehmann');
    const log = [
      ['Michael Coughlin', 'P-f'],
      ['Emma Lehmann', 'P-e'],
      ['Emil Lehmann', 'P-h'],
      ['Michael Coughlin', 'P-s'],
    ].map(([name, id], i) => ({
      actionType: 'decision',
      decisionType: 'persona_match',
      rationale: `"${name}" (#${i}) in S-1 → new person (new)`,
      chosenOption: `new person ${id}`,
    }));
    write(join(out, 'log', 'research-log.jsonl'), log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const placements = placePersonas(dir, loadExpected(dir), readCaseOutput(out));
    assert.deepEqual(
      placements.map((p) => [p.person, p.placedIn]),
      [
        ['michael', 'P-f'],
        ['emma', 'P-e'],
        ['emil', 'P-h'],
        ['son', 'P-s'],
      ],
    );
  });

  it('does not place a bare given name in the file of a fuller name another persona of the record is', () => {
    const placements = placedInOneRecord(
      'gaelic',
      { file: 'bas.md', front: { title: 'Bàs', recordType: 'obituary' }, body: 'Iain Bàn … a mhac Iain.' },
      // The son listed first: which persona takes the decision does not follow the key's order.
      [
        { id: 'son', name: 'the son', personas: [{ record: 'bas.md', name: 'Iain' }] },
        { id: 'grandfather', name: 'Iain Bàn', personas: [{ record: 'bas.md', name: 'Iain Bàn' }] },
      ],
      [['P-g', 'Iain', 'Bàn']],
      [['Iain Bàn', 'P-g']],
    );
    assert.deepEqual(placements, [
      ['son', undefined],
      ['grandfather', 'P-g'],
    ]);
  });

  it('places one persona of a record in a file that cites the record once, the husband before "Mrs. <his name>"', () => {
    const placements = placedInOneRecord(
      'once',
      { file: 'obit.md', front: { title: 'Obituary', recordType: 'obituary' }, body: 'text' },
      [
        { id: 'infant', name: 'a son who died young', personas: [{ record: 'obit.md', name: 'William' }] },
        { id: 'grandfather', name: 'William Tolley', personas: [{ record: 'obit.md', name: 'William' }] },
        { id: 'wife', name: 'a daughter', personas: [{ record: 'obit.md', name: 'Mrs. Joseph Massart' }] },
        { id: 'husband', name: 'her husband', personas: [{ record: 'obit.md', name: 'Joseph Massart' }] },
      ],
      [
        ['P-w', 'William', ''],
        ['P-j', 'Joseph', 'Massart'],
      ],
    );
    assert.deepEqual(placements, [
      ['infant', 'P-w'],
      ['grandfather', undefined],
      ['wife', undefined],
      ['husband', 'P-j'],
    ]);
  });

  it('rejects an answer key naming an unknown person or a missing record key, naming the file and field', () => {
    const dir = join(root, 'bad');
    write(join(dir, 'expected.yaml'), stringify({ ...EXPECTED, relationships: [{ parent: 'adam', child: 'abel' }] }));
    assert.throws(
      () => loadExpected(dir),
      (e: Error) =>
        e instanceof ExpectedFileError &&
        /expected\.yaml: relationships\.0\.1: unknown person id "abel"/.test(e.message),
    );
  });

  it('compares dates, places, names and bait as a reader would', () => {
    assert.ok(sameDate('3 MAR 1712/13', '3 MAR 1713'));
    assert.ok(sameDate('3 MAR 1712/13', '3 MAR 1712/13'));
    assert.ok(!sameDate('3 MAR 1712/13', '3 MAR 1712'));
    assert.ok(!sameDate('14 MAY 1888', '1888'));
    assert.ok(sameDate('ABT 1797', 'CAL 1797'));
    assert.ok(samePlace('Minster, Auglaize, Ohio', 'Minster, Auglaize, Ohio, USA'));
    assert.ok(samePlace('Zabłocie, Tarnów, Galicia, Austria', 'Zablocie, Galicia, Austria'));
    assert.ok(!samePlace('Poland (Russia)', 'Poland (Austria)'));
    assert.ok(!samePlace('Minster, Auglaize, Ohio', 'Ohio'));
    assert.ok(nameScore('Jno. Owen', 'John', 'Owens') >= 1);
    assert.equal(nameScore('Robert Hoffman', 'Robert', ''), 0);
    assert.equal(nameScore('Gottlieb Miller', 'Gottlieb', 'Mueller'), 0);
    assert.equal(nameScore('Klaas Jans de Vries', 'Klaas Jans', 'de Vries'), 3);
    // An Irish O' is part of the surname as written in free text.
    assert.equal(nameScore("Timothy O'Sullivan", 'Timothy', "O'Sullivan"), 3);
    // A middle initial O. is no O' particle: "Ole O. Haugen" is Ole O. of the Haugens.
    assert.equal(nameScore('Ole O. Haugen', 'Ole O.', 'Haugen'), 3);
    assert.equal(nameScore('Ole O. Haugen', 'Ole', 'Haugen'), 2);
    // Two Spanish surnames written without slashes, filed whole or under the first alone.
    assert.equal(nameScore('Manuel Domínguez Fernández', 'Manuel', 'Domínguez Fernández'), 3);
    assert.equal(nameScore('Manuel Domínguez Fernández', 'Manuel', 'Domínguez'), 2);
    assert.equal(nameScore('Manuel Domínguez Fernández', 'Manuel', 'Pérez'), 0);
    // A name written in Cyrillic compares in Latin letters; a middle initial that differs is another name.
    assert.equal(nameScore('Теодор Коваль', 'Teodor', 'Koval'), 3);
    assert.equal(nameScore('Peter J. Penner', 'Peter H.', 'Penner'), 0);
    assert.equal(nameScore('Peter J. Penner', 'Peter J.', 'Penner'), 3);
    assert.ok(baitPattern('555-0172', true).test('call 555 0172.'));
    assert.ok(!baitPattern('555-0172', true).test('S-a5550172f'));
  });

  it('every answer key in test/cases is well-formed and names personas that exist in its records', () => {
    const cases = listCases();
    assert.ok(cases.length >= 6);
    const empty = readCaseOutput(join(root, 'nothing'));
    for (const dir of cases) {
      const placements = placePersonas(dir, loadExpected(dir), empty);
      assert.ok(placements.length > 0, dir);
    }
  });
});
