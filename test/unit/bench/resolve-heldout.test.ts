/**
 * The held-out duplicate injector (bench/resolve-inject-heldout.ts) and the measurement over it: the
 * injector makes what it says on a real tree, the same seed gives the same set, and the measurement
 * counts a wrong merge as false and a found duplicate as recalled.
 */
import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { injectHeldOut } from '../../../bench/resolve-inject-heldout';
import { measure } from '../../../bench/resolve-heldout';
import { loadGedcomPersons } from '../../../bench/resolve-royal';
import { ROYAL92_LABELLED } from '../../../bench/resolve-royal92-duplicates';
import { Person } from '../../../src/model';

const WILLIS = resolve(__dirname, '../../../../shared/data/gedcom/gedcom4j-samples/willis.ged');

describe('held-out duplicate injector', () => {
  const base = loadGedcomPersons(WILLIS);

  it('injects the duplicates and namesakes asked for, each pointing at an original', () => {
    const set = injectHeldOut(base, { seed: 1001, duplicates: 60, namesakes: 20 });
    assert.equal(set.injected.size, 60);
    assert.ok(set.namesakes.size > 10 && set.namesakes.size <= 20, `namesakes ${set.namesakes.size}`);
    const ids = new Set(set.persons.map((p) => p.id));
    for (const [dup, orig] of [...set.injected, ...set.namesakes]) assert.ok(ids.has(dup) && ids.has(orig));
    // Every person still parses (at most two parents, links to persons that exist).
    for (const p of set.persons) Person.parse(p);
    // Some dates moved to ABT/BEF/AFT/BET, some relatives dropped: the damage the issue names.
    const dates = [...set.injected.keys()].flatMap((d) =>
      set.persons.find((p) => p.id === d)!.assertions.map((a) => a.value),
    );
    assert.ok(dates.some((v) => /^ABT /.test(v)) && dates.some((v) => /^BEF /.test(v)));
    assert.ok([...set.injected.keys()].some((d) => !set.persons.find((p) => p.id === d)!.relationships.length));
  });

  it('is deterministic per seed and differs across seeds', () => {
    const a = injectHeldOut(base, { seed: 1002, duplicates: 30 });
    const b = injectHeldOut(base, { seed: 1002, duplicates: 30 });
    const c = injectHeldOut(base, { seed: 1003, duplicates: 30 });
    assert.deepEqual([...a.injected], [...b.injected]);
    assert.notDeepEqual([...a.injected], [...c.injected]);
  });

  it('measures a found duplicate as recalled and a namesake merge as false', () => {
    const fact = (id: string, field: string, value: string) => ({
      id,
      field,
      value,
      status: 'accepted' as const,
      confidence: 0.8,
    });
    const p = (id: string, given: string, birth: string) =>
      Person.parse({
        id,
        names: [{ given, surname: 'Quillfeather' }],
        sex: 'M',
        assertions: [fact(`${id}-b`, 'birth.date', birth), fact(`${id}-p`, 'birth.place', 'Dunwich, Suffolk, England')],
      });
    const persons = [p('A', 'Bartholomew', '3 MAR 1701'), p('A-h', 'Bartholomew', '3 MAR 1701')];
    const m = measure('t', 'held-out', 1, persons, new Map([['A-h', 'A']]), new Set());
    assert.equal(m.merge.recall, 1);
    assert.equal(m.merge.fp, 0);
    const wrong = measure('t', 'held-out', 1, persons, new Map(), new Set(['A-h']));
    assert.equal(wrong.merge.fp, 1);
    assert.equal(wrong.merge.precision, 0);
  });

  it("labels royal92's own pairs once each", () => {
    const keys = ROYAL92_LABELLED.map((l) => [l.a, l.b].sort().join('|'));
    assert.equal(new Set(keys).size, keys.length);
  });
});
