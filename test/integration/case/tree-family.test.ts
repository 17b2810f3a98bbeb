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

  it('the person page names each child’s other parent, so children group by marriage (#19: other spouses)', async () => {
    const read = await openCase(root, { clock, trees: 'read' });
    const directory = await PeopleDirectory.open(root);
    // Henry VIII: Mary with Catherine of Aragon, Elizabeth with Anne Boleyn, Edward with Jane Seymour.
    const henry = read.persons().find((p) => /^Henry_VIII/.test(p.names[0]?.given))!;
    assert.ok(henry, 'royal92 has Henry VIII');
    const page = directory.personPage(henry.id)!;
    assert.ok(page.spouses.length >= 3, `${page.spouses.length} spouses`);
    const withSpouse = (re: RegExp) => {
      const s = page.spouses.find((x) => re.test(x.name));
      assert.ok(s, `no spouse ${re}: ${page.spouses.map((x) => x.name).join('; ')}`);
      return page.children.filter((c) => c.otherParent === s.id).map((c) => c.name);
    };
    assert.ok(
      withSpouse(/Catherine of_Aragon/).some((n) => /^Mary/.test(n)),
      'Mary with Catherine',
    );
    assert.ok(
      withSpouse(/Anne Boleyn/).some((n) => /^Elizabeth/.test(n)),
      'Elizabeth with Anne',
    );
    assert.ok(
      withSpouse(/Jane Seymour/).some((n) => /^Edward/.test(n)),
      'Edward with Jane',
    );
    // Each child's other parent is a parent the child's own record names.
    for (const c of page.children)
      if (c.otherParent) assert.ok(linkedIds(read, read.person(c.id)!).parent.includes(c.otherParent), c.name);
    // A marriage with no child recorded (Victoria's mother's first, to Emich Karl) groups none.
    const mother = read.persons().find((p) => /^Victoria Mary Louisa/.test(p.names[0]?.given))!;
    const hers = directory.personPage(mother.id)!;
    assert.equal(hers.spouses.length, 2);
    const edward = hers.spouses.find((x) => /Edward/.test(x.name))!;
    assert.deepEqual(
      hers.children.filter((c) => c.otherParent === edward.id).map((c) => c.name.split(' ')[0]),
      ['Victoria'],
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
