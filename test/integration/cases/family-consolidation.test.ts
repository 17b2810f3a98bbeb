/**
 * Issue #14 item 2 end to end: kearney-ballinrobe-dispensation's Latin baptism (Brigida, daughter of
 * Patritius Kearney and Maria Walsh) and its English records of the same family are read as two
 * families of three, proposed for review one by one. At the research's end the Analyst accepts the
 * proposals whose families confirm each other, logged in its name with the matching relatives, and
 * each is undone like a user's merge: the files come back as they were.
 */
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { undoMerge } from '../../../src/agents/analyst/merge/clusters';
import { openCase } from '../../../src/case';
import { CASES_DIR, runCase } from '../../../bench/cases/run';

describe('evaluation set: a family read twice is consolidated at the research’s end', () => {
  it('accepts the family-confirmed proposals as the Analyst’s, with reasons, and undoes them exactly', async () => {
    const run = await runCase(join(CASES_DIR, 'kearney-ballinrobe-dispensation'), { keep: true });
    try {
      assert.ok(run.score, run.error);
      const store = await openCase(run.outDir!);
      const mine = store.merges().clusters.filter((c) => c.acceptedBy === 'Analyst');
      assert.ok(mine.length >= 2, `family-confirmed merges: ${mine.length}`);
      for (const c of mine) {
        assert.equal(c.status, 'accepted');
        assert.match(c.reason ?? '', /^family confirms: (parent|child|spouse) /);
      }
      const logged = store
        .log()
        .filter((e) => e.actionType === 'merge' && e.operation === 'accept' && e.agent === 'Analyst');
      assert.equal(logged.length, mine.length);
      assert.ok(
        !store.log().some((e) => e.actionType === 'merge' && e.agent === 'User'),
        'no merge in the user’s name',
      );
      // The Brigida of the Latin baptism and the Bridget of the English records are one person now
      // (the case's other Bridget Kearney, a namesake of other parents, stays apart).
      const brigida = store.persons().filter((p) => p.names.some((n) => n.given === 'Brigida'));
      assert.equal(brigida.length, 1);
      assert.ok(brigida[0].names.some((n) => n.given === 'Bridget'));
      assert.equal(store.persons().filter((p) => p.names.some((n) => n.given === 'Bridget')).length, 2);
      // Undone newest first, every merge restores its files, conflict files among them: no conflict
      // is left that names an assertion its person no longer holds.
      const before = store.persons().length;
      for (const c of [...mine].reverse()) await undoMerge(store, c.id, store.clock.now(), { reason: 'test' });
      assert.equal(store.persons().length, before + mine.length);
      for (const c of store.conflicts()) {
        const held = new Set(store.person(c.person)?.assertions.map((a) => a.id));
        for (const x of c.competing) if (x.assertion) assert.ok(held.has(x.assertion), `${c.id}: ${x.assertion}`);
      }
    } finally {
      if (run.outDir) rmSync(dirname(run.outDir), { recursive: true, force: true });
    }
  });

  it('weighs every pair of the case at the end: a couple the research never compared is joined by its family', async () => {
    // hrycak: the metrical book's Joannes Hrycak and Maria Kowal and the 1898 marriage's parents of
    // the groom are read as two couples, and no record's persona is ever weighed against the other.
    const run = await runCase(join(CASES_DIR, 'hrycak-kobylowloki-canora'), { keep: true });
    try {
      assert.ok(run.score, run.error);
      const filesOf = (id: string) =>
        new Set(run.score!.placements.filter((p) => p.person === id && p.placedIn).map((p) => p.placedIn));
      for (const id of ['joannes', 'maria-kowal']) assert.equal(filesOf(id).size, 1, `${id} in one person file`);
      const store = await openCase(run.outDir!);
      const accepted = store.merges().clusters.filter((c) => c.acceptedBy === 'Analyst');
      assert.ok(
        accepted.some((c) => /^family confirms: spouse /.test(c.reason ?? '')),
        accepted.map((c) => c.reason).join('; '),
      );
    } finally {
      if (run.outDir) rmSync(dirname(run.outDir), { recursive: true, force: true });
    }
  });
});
