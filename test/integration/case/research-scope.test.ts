/**
 * Research against a big tree (src/case/research-scope.ts, issue #16 item 5): the store a run gets
 * sees the subject's neighbourhood and the person files (the same persons a full read gives for
 * those ids), finds the subject by id or by a unique full name, reads small trees whole as before,
 * and refuses to write a whole-case export from a neighbourhood.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { openForResearch, RESEARCH_NEIGHBOURHOOD, researchSubjectId } from '../../../src/case/research-scope';
import { linkedIds, neighbourhood } from '../../../src/case/tree-family';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { displayName, Person } from '../../../src/model';
import { SHARED_DATA, tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

describe('research scope: a big tree researched from its index (#16 item 5)', function () {
  this.timeout(300_000);
  let root: string;

  before(async () => {
    root = tempDir();
    const store = await initCase(root, { question: 'scope', subject: { name: 'Scope Test' } }, { clock });
    await importGedcom(join(SHARED_DATA, 'gedcom/royal92.ged'), store, { as: 'tree' });
    await store.writePerson(Person.parse({ id: 'P-file-only', names: [{ given: 'Filed', surname: 'Alone' }] }));
  });

  it('sees the neighbourhood and the person files, each as a full read has it', async () => {
    const read = await openCase(root, { clock });
    const subject = read
      .persons()
      .find((p) => linkedIds(read, p).parent.length === 2 && linkedIds(read, p).child.length)!;
    const { store, scope } = await openForResearch(root, subject.id, { focusFromBytes: 0 });
    assert.equal(scope?.subject, subject.id);
    const want = neighbourhood(read, subject.id, RESEARCH_NEIGHBOURHOOD);
    const ids = store.persons().map((p) => p.id);
    const files = new Set(read.filePersons().map((p) => p.id));
    assert.deepEqual(ids.filter((id) => !files.has(id)).sort(), [...want.keys()].filter((id) => !files.has(id)).sort());
    assert.ok(ids.includes('P-file-only'), 'person files are always seen');
    assert.equal(scope?.persons, want.size);
    assert.ok(want.size < read.persons().length / 10, `a neighbourhood (${want.size}), not the tree`);
    for (const p of store.persons()) assert.deepEqual(p, read.person(p.id));
    // Any person is still there by id, and the Censor still knows every living person.
    const far = read.persons().find((p) => !want.has(p.id) && !files.has(p.id))!;
    assert.deepEqual(store.person(far.id), far);
    assert.deepEqual(
      [...(store.censorContext().livingNames ?? [])].sort(),
      [...(read.censorContext().livingNames ?? [])].sort(),
    );
    await assert.rejects(store.writeExport('tree.ged', 'x', { censoredByField: true }), /ancestry export/);
  });

  it('finds the subject by id, by a unique full name, else by the case; small trees are read whole', async () => {
    const read = await openCase(root, { clock });
    const counts = new Map<string, number>();
    for (const p of read.persons()) counts.set(displayName(p), (counts.get(displayName(p)) ?? 0) + 1);
    const unique = read.persons().find((p) => counts.get(displayName(p)) === 1 && displayName(p).includes(' '))!;
    const { store } = await openForResearch(root, undefined, { focusFromBytes: 0 });
    assert.equal(researchSubjectId(store, unique.id), unique.id);
    assert.equal(researchSubjectId(store, displayName(unique)), unique.id);
    assert.equal(researchSubjectId(store, 'Nobody Of This Name'), undefined);
    // royal92 is under the default threshold: a research run reads it whole, as before.
    const whole = await openForResearch(root, unique.id);
    assert.equal(whole.scope, undefined);
    assert.equal(whole.store.persons().length, read.persons().length);
  });
});
