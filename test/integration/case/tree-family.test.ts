/**
 * src/case/tree-family.ts: a person's family and neighbourhood read through the tree index give the
 * same persons as from a case read whole (royal92: dense cousin marriages), and a person file's
 * link (stated on the other side only) is seen from the tree person.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { familyOf, linkedIds, neighbourhood } from '../../../src/case/tree-family';
import { PeopleDirectory } from '../../../src/extension/people/directory';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { Person } from '../../../src/model';
import { SHARED_DATA, tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

describe('tree family: a person, parents, spouses, children from the tree index (#16)', function () {
  this.timeout(300_000);
  let root: string;

  before(async () => {
    root = tempDir();
    const store = await initCase(root, { question: 'family', subject: { name: 'Family Test' } }, { clock });
    await importGedcom(join(SHARED_DATA, 'gedcom/royal92.ged'), store, { as: 'tree' });
  });

  it('answers as a full read does, for every person', async () => {
    const indexed = await openCase(root, { clock, trees: 'indexed' });
    const read = await openCase(root, { clock, trees: 'read' });
    assert.ok(indexed.indexOfTrees());
    const ids = (f: ReturnType<typeof familyOf>) =>
      f && {
        person: f.person.id,
        parents: f.parents.map((p) => p.id),
        spouses: f.spouses.map((p) => p.id),
        children: f.children.map((p) => p.id),
        missing: f.missing,
      };
    let withParents = 0;
    for (const p of read.persons().slice(0, 600)) {
      const a = familyOf(indexed, p.id);
      assert.deepEqual(ids(a), ids(familyOf(read, p.id)), p.id);
      assert.deepEqual(a?.person, p);
      if (a?.parents.length) withParents += 1;
    }
    assert.ok(withParents > 100, 'royal92 has parents to read');
    assert.equal(familyOf(indexed, 'P-nobody'), undefined);
    const someone = read.persons().find((p) => linkedIds(read, p).parent.length === 2)!;
    const hood = neighbourhood(indexed, someone.id, { ancestors: 4, descendants: 2 });
    assert.deepEqual([...hood.keys()], [...neighbourhood(read, someone.id, { ancestors: 4, descendants: 2 }).keys()]);
    assert.equal([...hood.keys()][0], someone.id);
    for (const parent of linkedIds(read, someone).parent) assert.ok(hood.has(parent));
    assert.ok(neighbourhood(indexed, someone.id, { ancestors: 30, limit: 50 }).size <= 50);
    // The People worker's answers (the extension's way to a big tree's persons) are the same.
    const directory = await PeopleDirectory.open(root);
    assert.deepEqual(ids(directory.family(someone.id)), ids(familyOf(read, someone.id)));
    assert.deepEqual(
      directory.persons([someone.id, 'P-nobody']).map((p) => p.id),
      [someone.id],
    );
    assert.deepEqual(
      directory.neighbourhood(someone.id, { ancestors: 4, descendants: 2 }).map((p) => p.id),
      [...hood.keys()],
    );
  });

  it("sees a person file's link that only the person file states", async () => {
    const store = await openCase(root, { clock });
    const child = store.persons().find((p) => p.relationships.length === 0) ?? store.persons()[0];
    await store.writePerson(
      Person.parse({
        id: 'P-added-parent',
        names: [{ given: 'Added', surname: 'Parent' }],
        relationships: [{ type: 'child', person: child.id }],
      }),
    );
    const indexed = await openCase(root, { clock, trees: 'indexed' });
    const family = familyOf(indexed, child.id)!;
    assert.ok(family.parents.some((p) => p.id === 'P-added-parent'));
    assert.ok(familyOf(indexed, 'P-added-parent')!.children.some((p) => p.id === child.id));
  });
});
