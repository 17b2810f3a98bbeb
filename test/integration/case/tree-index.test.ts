/**
 * Issue #16 item 1: a case with imported trees opens from the derived tree index (real files, real
 * sql.js). Every answer of an indexed open (counts, living, pages, searches, a person by id, the
 * problems) equals the same answer from reading every tree whole; the index is rebuilt when it is
 * missing or a tree is edited by hand, and person files added or edited are picked up.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import {
  countLiving,
  countMatching,
  countPersons,
  findPersons,
  pagePersons,
  type PersonQuery,
} from '../../../src/case/person-catalog';
import type { FileCaseStore } from '../../../src/case/store';
import {
  lifeYears,
  PAGE_SQL,
  SHADOWED_COUNT_SQL,
  SHADOWED_LIVING_SQL,
  TREE_INDEX_FILE,
} from '../../../src/case/tree-index';
import { contextOfText, readTreeLine } from '../../../src/case/tree-format';
import { personsCommand } from '../../../src/cli/commands/persons';
import { UsageError } from '../../../src/cli/command';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { displayName, type Person } from '../../../src/model';
import { generateGedcom } from '../../../bench/gedcom-generate';
import { SHARED_DATA, tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };
const open = (root: string, trees: 'read' | 'indexed') => openCase(root, { clock, trees });

/** Every question the catalog answers, asked of one store. */
function answers(store: FileCaseStore, queries: PersonQuery[]) {
  return {
    count: countPersons(store),
    living: countLiving(store),
    pages: [0, 1, 37, 400, 2990, 3400].map((offset) => pagePersons(store, offset, 25)),
    found: queries.map((q) => findPersons(store, q, 40)),
    later: queries.map((q) => findPersons(store, q, 15, 30)),
    counted: queries.map((q) => countMatching(store, q)),
    problems: store.problems.map((p) => `${p.file}:${p.line}:${p.field ?? ''}:${p.message}`).sort(),
  };
}

const QUERIES: PersonQuery[] = [
  { name: 'victoria' },
  { name: 'Louis' },
  { name: 'jan schm' },
  { name: 'MÜLLER' },
  { name: 'muller james' },
  { place: 'london' },
  { place: 'Paris' },
  // Place text is numbered in the index: a word in many place texts, none, and an empty one (every person).
  { place: 'a' },
  { place: 'ENGLAND', bornFrom: 1800 },
  { place: 'nowhere-by-this-name' },
  { place: '' },
  { bornFrom: 1800, bornTo: 1850 },
  { name: 'george', bornFrom: 1700, bornTo: 1800 },
  { name: 'nobody-by-this-name' },
  { name: '  ' },
  // The People view's filters and Go to Person's fuzzy search (#16 item 3).
  { surname: 'hanover' },
  { surname: 'Müll', given: 'jam' },
  { given: 'vict', bornFrom: 1800 },
  { living: true },
  { living: false, bornFrom: 1900 },
  { fuzzy: 'vctr hnvr' },
  { fuzzy: 'jhn' },
  { fuzzy: 'mllr', place: 'york' },
  { ids: [] },
  { ids: ['P-nobody', 'P-other'] },
];

/** The indexed open answers exactly what reading every tree answers. */
async function assertSameAsFullRead(root: string): Promise<FileCaseStore> {
  const indexed = await open(root, 'indexed');
  const read = await open(root, 'read');
  assert.ok(indexed.indexOfTrees(), 'the indexed open has an index');
  assert.equal(read.indexOfTrees(), undefined);
  assert.deepEqual(answers(indexed, QUERIES), answers(read, QUERIES));
  // The Censor's list of living names, from the index's living rows as from every person read.
  assert.deepEqual(
    [...(indexed.censorContext().livingNames ?? [])].sort(),
    [...(read.censorContext().livingNames ?? [])].sort(),
  );
  for (const p of read.persons()) {
    assert.deepEqual(indexed.person(p.id), p, p.id);
    assert.equal(indexed.personFile(p.id), read.personFile(p.id), p.id);
  }
  assert.equal(indexed.person('P-no-such-person'), undefined);
  return indexed;
}

describe('tree index: opening a case without reading its trees (#16)', function () {
  this.timeout(300_000);
  let root: string;

  before(async () => {
    root = tempDir();
    const store = await initCase(root, { question: 'index', subject: { name: 'Index Test' } }, { clock });
    // Two trees: a real one (royal92, 3,010 persons) and a generated one with living persons.
    await importGedcom(join(SHARED_DATA, 'gedcom/royal92.ged'), store, { as: 'tree' });
    const gen = join(root, 'gen.ged');
    writeFileSync(gen, generateGedcom(400, 7));
    await importGedcom(gen, store, { as: 'tree' });
  });

  it('is built when missing, reused when fresh, and answers as a full read does', async () => {
    rmSync(join(root, TREE_INDEX_FILE), { force: true });
    const first = await open(root, 'indexed');
    assert.equal(first.indexOfTrees()?.rebuilt, true);
    assert.ok(existsSync(join(root, TREE_INDEX_FILE)));
    assert.equal((await open(root, 'indexed')).indexOfTrees()?.rebuilt, false);
    const store = await assertSameAsFullRead(root);
    assert.ok(countPersons(store) > 3000);
    assert.ok(countLiving(store) > 0, 'the generated tree has living persons');
  });

  it('counts the shadowed tree persons by looking each up, not by scanning every row', async () => {
    const index = (await open(root, 'indexed')).indexOfTrees()!;
    for (const sql of [SHADOWED_COUNT_SQL, SHADOWED_LIVING_SQL]) {
      const plan = index.queryPlan(sql, sql === SHADOWED_LIVING_SQL ? [1926] : []);
      assert.ok(
        plan.some((l) => /^SEARCH p USING (COVERING )?INDEX/.test(l)),
        `persons searched by id: ${plan.join(' | ')}`,
      );
      assert.ok(!plan.some((l) => /^SCAN p\b/.test(l)), `no scan of persons: ${plan.join(' | ')}`);
    }
  });

  it('keeps its rows in listing order: a page is read in rowid order, with no sort', async () => {
    const index = (await open(root, 'indexed')).indexOfTrees()!;
    const plan = index.queryPlan(PAGE_SQL, [1926, 50, 0]);
    assert.ok(!plan.some((l) => /TEMP B-TREE/.test(l)), `no sort: ${plan.join(' | ')}`);
    // Every row's rowid follows the listing order of the whole index (pagePersons checks it against a full read).
    const all = index.page(0, 1_000_000, NOW, 100);
    assert.deepEqual(
      all.map((p) => p.sortKey),
      all.map((p) => p.sortKey).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('answers the living rule for any threshold as isLiving does', async () => {
    const store = await open(root, 'read');
    for (const livingThresholdYears of [20, 60, 150]) {
      await store.writeConfig({ ...store.config(), privacy: { ...store.config().privacy, livingThresholdYears } });
      const indexed = await open(root, 'indexed');
      assert.equal(indexed.indexOfTrees()?.rebuilt, false, 'case.yaml is not a tree: the index stays');
      assert.equal(countLiving(indexed), countLiving(await open(root, 'read')), `threshold ${livingThresholdYears}`);
    }
    await store.writeConfig({ ...store.config(), privacy: { ...store.config().privacy, livingThresholdYears: 100 } });
  });

  it('ancestry persons lists a page, finds by name, place and year, and shows living persons redacted', async () => {
    const run = async (...args: string[]) => {
      let out = '';
      const io = {
        out: (t: string) => void (out += t),
        err: () => {},
        tty: false,
        signal: new AbortController().signal,
      };
      const code = await personsCommand.run([root, ...args], io);
      return { code, out };
    };
    const page = JSON.parse((await run('--limit', '10', '--offset', '3', '--json')).out) as { id: string }[];
    const store = await open(root, 'read');
    assert.deepEqual(
      page.map((p) => p.id),
      pagePersons(store, 3, 10).map((p) => p.id),
    );
    const livingId = pagePersons(store, 0, 100_000).find(
      (s) => s.living && s.surname && store.person(s.id)?.names[0]?.given,
    )!.id;
    const living = store.person(livingId)!;
    const shown = (await run('--id', living.id)).out;
    assert.match(shown, new RegExp(`^${living.id}  Living ${living.names[0].surname}  trees/`));
    assert.doesNotMatch(shown, new RegExp(living.names[0].given), 'no given name of a living person');
    // A place and a birth year some person has: their place's last part, a year either side.
    const placed = store
      .persons()
      .find((p) => p.assertions.some((a) => a.field === 'birth.place') && lifeYears(p).birth)!;
    const place = placed.assertions
      .find((a) => a.field === 'birth.place')!
      .value.split(',')
      .pop()!
      .trim();
    const year = lifeYears(placed).birth!;
    const born = JSON.parse(
      (await run('--born', `${year - 1}-${year + 1}`, '--place', place, '--json', '--limit', '500')).out,
    ) as { id: string }[];
    assert.ok(born.length > 0);
    assert.deepEqual(
      born.map((p) => p.id),
      findPersons(store, { bornFrom: year - 1, bornTo: year + 1, place }, 500).map((p) => p.id),
    );
    assert.equal((await run('--id', 'P-nobody')).code, 1);
    await assert.rejects(run('--born', 'soon'), UsageError);
  });

  it('is rebuilt when a tree is edited by hand, and shows the edit', async () => {
    const file = join(root, 'trees/royal92.jsonl');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.includes('"Victoria"'));
    const read = readTreeLine(lines[i], i + 1, contextOfText(text));
    assert.equal(read.kind, 'person');
    const person = (read as { person: Person }).person;
    person.names[0].given = 'Alexandrina Victoria';
    // Written by hand in the long form (format 1): a compact tree reads it too.
    lines[i] = JSON.stringify(person);
    // A line the store cannot read: both ways report it, at the same line.
    lines.splice(5, 0, '{"id": "P-broken", "names": [');
    writeFileSync(file, lines.join('\n'));
    const store = await open(root, 'indexed');
    assert.equal(store.indexOfTrees()?.rebuilt, true);
    assert.equal(store.person(person.id)?.names[0].given, 'Alexandrina Victoria');
    assert.ok(findPersons(store, { name: 'alexandrina' }, 10).some((p) => p.id === person.id));
    assert.ok(store.problems.some((p) => p.file === 'trees/royal92.jsonl' && p.line === 6));
    await assertSameAsFullRead(root);
  });

  it('picks up a person file added over a tree entry, and its hand edits', async () => {
    const before = await open(root, 'read');
    const tree = before.persons().find((p) => p.names[0]?.given === 'Louis' && p.assertions.length > 2)!;
    const count = countPersons(before);
    await before.writePerson({ ...tree, names: [{ ...tree.names[0], given: 'Ludovicus' }] });
    let store = await open(root, 'indexed');
    assert.equal(store.person(tree.id)?.names[0].given, 'Ludovicus', 'the person file wins');
    assert.equal(countPersons(store), count, 'shadowed, not counted twice');
    assert.ok(findPersons(store, { name: 'ludovicus' }, 10).some((p) => p.id === tree.id));
    assert.ok(!findPersons(store, { name: 'louis' }, 10_000).some((p) => p.id === tree.id));
    await assertSameAsFullRead(root);
    // A hand edit of the person file.
    const file = join(root, before.personFile(tree.id)!);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Ludovicus', 'Clovis'));
    store = await open(root, 'indexed');
    assert.equal(displayName(store.person(tree.id)!).split(' ')[0], 'Clovis');
    await assertSameAsFullRead(root);
    // A new person file (not in any tree) is counted, listed and found.
    await before.writePerson({ ...tree, id: 'P-new-person', names: [{ ...tree.names[0], given: 'Zebulon' }] });
    store = await open(root, 'indexed');
    assert.equal(countPersons(store), count + 1);
    assert.deepEqual(
      findPersons(store, { name: 'zebulon' }, 10).map((p) => p.id),
      ['P-new-person'],
    );
    await assertSameAsFullRead(root);
  });

  it('is rebuilt when the index file is damaged, and a write of the tree is read back from the file', async () => {
    writeFileSync(join(root, TREE_INDEX_FILE), 'not a database');
    const store = await open(root, 'indexed');
    assert.equal(store.indexOfTrees()?.rebuilt, true);
    await assertSameAsFullRead(root);
    // Writing a tree through an indexed store drops the index for it: the new tree is what it reads.
    const someone = store.person(store.persons()[0].id)!;
    await store.writeTree('royal92', [{ ...someone, names: [{ ...someone.names[0], given: 'Onlyone' }] }]);
    assert.equal(store.indexOfTrees(), undefined);
    assert.equal(store.person(someone.id)?.names[0].given, 'Onlyone');
  });
});
