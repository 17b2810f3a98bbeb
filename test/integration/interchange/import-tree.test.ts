/**
 * A tree import into the file store, persons written one at a time: every cited source exists on
 * disk, the store reads the tree back from what the Censor let onto disk (it keeps none of the
 * written persons), and a failure before the tree file takes its place leaves no tree behind.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { GedcomSyntaxError } from '../../../src/interchange/gedcom/parse';
import type { Person } from '../../../src/model';
import { tempDir } from '../../helpers/paths';
import { storeFamilySource } from '../../../src/extension/webviews/pedigreeFamily';

const NOW = new Date('2026-06-01T00:00:00Z');
/** Imported persons (the case's own subject has an id without the file key). */
const isImported = (p: Person) => /^P-[0-9a-f]{6}-/.test(p.id);

const GED = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Wilhelm /Becker/
1 SEX M
1 BIRT
2 DATE 12 MAR 1850
2 PLAC Mainz, Hessen
2 SOUR @S1@
3 PAGE fol. 12
1 DEAT
2 DATE 1920
1 FAMS @F1@
0 @I2@ INDI
1 NAME Lena /Becker/
1 SEX F
1 BIRT
2 DATE 4 JUL 1990
2 PLAC 12 Main Street, Springfield, Illinois
2 SOUR Family bible, page 3
1 NOTE Lives in Springfield, phone 555-123-4567
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @I1@
1 CHIL @I2@
1 MARR
2 DATE 1875
2 SOUR @S2@
0 @S1@ SOUR
1 TITL Mainz baptisms
0 @S2@ SOUR
1 TITL Marriage register
0 TRLR
`;

describe('GEDCOM import as a tree into the case folder', function () {
  this.timeout(60_000);
  const root = tempDir('ancestry-import-tree-');
  let n = 0;
  const fresh = async () => {
    const dir = join(root, `case-${++n}`);
    const file = join(root, `becker-${n}.ged`);
    writeFileSync(file, GED);
    return {
      dir,
      file,
      store: await initCase(dir, { question: 'Becker family', subject: { name: 'Wilhelm Becker' } }),
    };
  };

  it('captures every cited source under the id its persons cite, and reads the tree back as written', async () => {
    const { dir, file, store } = await fresh();
    const r = await importGedcom(file, store, { as: 'tree', now: NOW });
    assert.equal(r.mode, 'tree');
    assert.deepEqual(r.stats.individuals, 2);
    const onDisk = readdirSync(join(dir, 'sources')).map((f) => f.replace(/\.md$/, ''));
    assert.deepEqual([...r.sources].sort(), [...onDisk].sort());
    // Named after the file and the record: one id per SOUR record, the inline citation, the file.
    const key = /^S-([0-9a-f]{6})-file$/.exec(r.sources.find((s) => s.endsWith('-file')) ?? '')?.[1];
    assert.ok(key, r.sources.join(' '));
    for (const xref of ['S1', 'S2']) assert.ok(r.sources.includes(`S-${key}-${xref}`), xref);
    const imported = store.persons().filter(isImported);
    assert.equal(imported.length, 2);
    for (const p of imported)
      for (const a of p.assertions)
        for (const e of a.evidence) assert.ok(store.source(e.source), `${p.id} cites ${e.source}`);
    // The store's view is what is on disk, which a fresh open reads too.
    const reopened = await openCase(dir);
    const byId = (ps: Person[]) => Object.fromEntries(ps.filter(isImported).map((p) => [p.id, p]));
    assert.deepEqual(byId(store.persons()), byId(reopened.persons()));
    assert.deepEqual(reopened.problems, []);
  });

  it('a tree person’s GEDCOM citations count as their sources in the family chart (#19 item 4)', async () => {
    const { dir, file, store } = await fresh();
    await importGedcom(file, store, { as: 'tree', now: NOW });
    const reopened = await openCase(dir);
    const chart = storeFamilySource(reopened, { thresholdYears: 100, consent: true }, NOW);
    const imported = reopened.persons().filter(isImported);
    for (const p of imported) {
      const cited = new Set(p.assertions.flatMap((a) => a.evidence.map((e) => e.source)));
      assert.ok(cited.size > 0, `${p.id} cites its GEDCOM sources`);
      assert.equal(chart.member(p.id)?.sources, cited.size, p.id);
    }
  });

  it('shows a living person as the Censor wrote them, never as mapped', async () => {
    const { dir, file, store } = await fresh();
    await importGedcom(file, store, { as: 'tree', now: NOW });
    const lena = store.persons().find((p) => p.names[0]?.given === 'Lena')!;
    const text = JSON.stringify(lena);
    assert.ok(!text.includes('4 JUL 1990'), 'exact birth date of a living person');
    assert.ok(!text.includes('Main Street'), 'street address of a living person');
    assert.ok(!text.includes('555-123-4567'), 'phone number');
    assert.ok(!readFileSync(join(dir, 'trees', readdirSync(join(dir, 'trees'))[0]), 'utf8').includes('4 JUL 1990'));
    // Her name is on the list of living names the Censor redacts elsewhere.
    assert.ok(store.censorContext().livingNames?.includes('Lena Becker'));
    assert.ok(!store.censorContext().livingNames?.includes('Wilhelm Becker'));
  });

  it('leaves no tree when a source cannot be captured, and the store as it was', async () => {
    const { dir, file, store } = await fresh();
    const before = store.persons().map((p) => p.id);
    const capture = store.captureSource.bind(store);
    let calls = 0;
    store.captureSource = async (raw, at, opts) => {
      if (++calls === 2) throw new Error('disk full');
      return capture(raw, at, opts);
    };
    await assert.rejects(importGedcom(file, store, { as: 'tree', now: NOW }), /disk full/);
    assert.ok(
      !existsSync(join(dir, 'trees')) || readdirSync(join(dir, 'trees')).length === 0,
      'no tree file and no temp file',
    );
    assert.deepEqual(
      store.persons().map((p) => p.id),
      before,
    );
    assert.ok(!store.censorContext().livingNames?.includes('Lena Becker'));
  });

  it('stops at damage inside a person found only while writing, naming the line, and leaves no tree or sources', async () => {
    const { dir, file, store } = await fresh();
    // The damaged line is in the second person, which is parsed when that person is mapped.
    const damaged = GED.replace('1 NAME Lena /Becker/', '1 NAME Lena /Becker/\n1 @N1 NOTE broken');
    writeFileSync(file, damaged);
    const line = damaged.split('\n').findIndex((l) => l.startsWith('1 @N1 NOTE')) + 1;
    await assert.rejects(
      importGedcom(file, store, { as: 'tree', now: NOW }),
      (e: unknown) =>
        e instanceof GedcomSyntaxError && e.line === line && /unterminated cross-reference/.test(e.message),
    );
    assert.ok(
      !existsSync(join(dir, 'trees')) || readdirSync(join(dir, 'trees')).length === 0,
      'no tree file and no temp file',
    );
    assert.deepEqual(readdirSync(join(dir, 'sources')), []);
  });

  it('imports the same file twice into the same sources and the same tree', async () => {
    const { dir, file, store } = await fresh();
    const first = await importGedcom(file, store, { as: 'tree', now: NOW });
    const tree = readFileSync(join(dir, first.treeFile!), 'utf8');
    const second = await importGedcom(file, store, { as: 'tree', now: NOW });
    assert.deepEqual(second.sources, first.sources);
    assert.equal(readdirSync(join(dir, 'sources')).length, first.sources.length);
    assert.equal(readFileSync(join(dir, second.treeFile!), 'utf8'), tree);
    assert.equal(store.persons().filter(isImported).length, 2);
  });

  it('forgets the living names of a tree written over before it was read back', async () => {
    const { store } = await fresh();
    const person = (id: string, given: string, birth: string): Person => ({
      id,
      names: [{ given, surname: 'Becker', type: 'birth' }],
      sex: 'F',
      assertions: [
        { id: `${id}.b`, field: 'birth.date', value: birth, status: 'accepted', confidence: 0.9, evidence: [] },
      ],
      relationships: [],
      externalIds: {},
    });
    await store.writeTree('t', [person('P-a', 'Anna', '1995'), person('P-b', 'Berta', '1850')]);
    assert.ok(store.censorContext().livingNames?.includes('Anna Becker'));
    await store.writeTree('t', [person('P-c', 'Clara', '1990')]);
    const names = store.censorContext().livingNames ?? [];
    assert.ok(!names.includes('Anna Becker') && names.includes('Clara Becker'), names.join(', '));
    assert.deepEqual(
      store
        .persons()
        .filter((p) => /^P-[abc]$/.test(p.id))
        .map((p) => p.id),
      ['P-c'],
    );
  });
});
