/**
 * One evaluation case end to end through the real engine (offline, deterministic agents) and the
 * scorer: the bundled sample case, whose 1985 newspaper feature prints a living man's birth date and
 * street address. The record must be captured and none of the bait may reach a written file.
 * No thresholds on F1 here: other work is improving them; bench/cases.ts reports them.
 */
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readCaseOutput } from '../../../bench/cases/output';
import { CASES_DIR, listCases, runCase } from '../../../bench/cases/run';

describe('evaluation set: a real case through the engine and the scorer', () => {
  it('researches the sample case offline, scores it, and leaks none of the living person’s details', async () => {
    const run = await runCase(join(CASES_DIR, 'sample-case'), { keep: true });
    try {
      assert.ok(run.score, run.error);
      const s = run.score;
      assert.match(run.status ?? '', /^completed/);
      const out = readCaseOutput(run.outDir!);
      assert.ok(
        out.sourcesByRecord.has('newspapers/1985-centennial-farm-schmidt.md'),
        'the record carrying the bait was captured',
      );
      assert.deepEqual(s.leaks, []);
      // Every captured record was analysed before the run ended: each one is cited by a person file.
      // (A capture queued behind searches of equal priority used to be dropped on "diminishing returns".)
      const cited = new Set([...out.persons.values()].flatMap((p) => [...p.cited]));
      const uncited = [...out.sourcesByRecord].filter(([, ids]) => !ids.some((id) => cited.has(id))).map(([r]) => r);
      assert.deepEqual(uncited, [], 'captured but never analysed');
      // The scorer traced the subject's personas and measured every metric.
      assert.ok(s.placements.some((p) => p.person === 'johann' && p.placedIn));
      for (const x of [s.persons.precision, s.persons.recall, s.relationships.precision, s.relationships.recall])
        assert.ok(x >= 0 && x <= 1);
      assert.ok(s.facts.total > 0);
    } finally {
      if (run.outDir) rmSync(dirname(run.outDir), { recursive: true, force: true });
    }
  });
});

describe('evaluation set: nothing of a living person leaks, in any case', () => {
  // Every case under test/cases carries privacy bait (a living person's birth date, address, phone,
  // e-mail in a modern record); a leak in any written file of any case fails here, not only in the
  // bench. About a minute for the whole set on a 2-core machine.
  it('researches every evaluation case offline: each runs, and no bait reaches a written file', async function () {
    this.timeout(900_000);
    const failures: string[] = [];
    for (const dir of listCases()) {
      const run = await runCase(dir);
      if (!run.score) failures.push(`${dir}: ${run.error?.split('\n')[0] ?? 'no score'}`);
      else for (const l of run.score.leaks) failures.push(`${dir}: "${l.bait}" in ${l.file}`);
    }
    assert.deepEqual(failures, []);
  });
});

describe('evaluation set: a convert who took his godfather’s full name, at his wedding', () => {
  // chan-afuc-supe-villanueva (a held-out case): the 1880 marriage names the groom and a witness, his
  // old godfather, both "José María Villanueva"; the witness's place fits the case better, but the
  // groom is the record's principal. Before the rule, the witness took the person sought.
  it('gives the marriage’s groom, not the witness of his name, to the person sought', async () => {
    const run = await runCase(join(CASES_DIR, 'chan-afuc-supe-villanueva'));
    assert.ok(run.score, run.error);
    const at = (person: string, record: string) =>
      run.score!.placements.find((p) => p.person === person && p.record === record)?.placedIn;
    const marriage = '1880-matrimonio-villanueva-huaman-supe.md';
    const death = '1915-acta-defuncion-jose-maria-villanueva-supe.md';
    assert.ok(at('afuc', death));
    assert.equal(at('afuc', marriage), at('afuc', death));
    assert.notEqual(at('padrino', marriage), at('afuc', death));
  });
});
