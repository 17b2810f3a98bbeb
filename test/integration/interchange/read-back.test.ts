/**
 * Our exports read back (issue #22 items 4 and 5, without Gramps): for royal92, Gramps's
 * sample.ged, the TGC551 torture test and a research-made case, exported through the CLI as a user
 * exports (bench/gramps-compare.ts):
 * - every 7.0 export passes FamilySearch's 7.0 rules (test/fixtures/gedcom7-rules);
 * - our importer reads the 5.5.1 and 7.0 exports with the counts of the original (Gramps 5.1 does
 *   not read 7.0, so this is 7.0's reader): all of them when the file was imported with consent;
 *   persons, families and events when the living were generalised;
 * - the JSON-LD export, expanded by jsonld.js, has every person of the case and exactly the
 *   parent, child and spouse links of the original file's families (the case's, for research).
 */
import { strict as assert } from 'node:assert';
import { compare, INPUTS, OWN_COLUMNS } from '../../../bench/gramps-compare';

/** What a loss report line must name when a count of the 7.0 read-back differs from the original's. */
const LISTED: Partial<Record<(typeof OWN_COLUMNS)[number], RegExp>> = {
  notes: /written as a NOTE: \d+/,
  sources: /SOUR @VOID@[^\n]*: \d+/,
  citations: /citations? [^\n]*: \d+/,
  media: /multimedia [^\n]*: \d+/,
};

describe('exports read back: GEDCOM 7 rules, our importer, jsonld.js', function () {
  this.timeout(20 * 60 * 1000);

  for (const input of INPUTS) {
    it(`${input.name}: 7.0 validates, both versions read back with the original's counts, JSON-LD has its links`, async () => {
      const { own, jsonld, lossReports } = await compare(input, { gramps: false });
      const row = (f: string) => own.find((r) => r.file === f);
      const table = JSON.stringify(own.map((r) => ({ file: r.file, ...r.stats, problems: r.validatorProblems })));
      for (const r of own.filter((x) => x.file.startsWith('7.0')))
        assert.equal(r.validatorProblems, 0, `${input.name} ${r.file}:\n${r.validatorSummary}`);
      const original = row('original');
      if (original) {
        // Imported with consent, nothing is lost: 5.5.1 reads back with every count of the original;
        // 7.0 too, but for a count the loss report names a change of (an event's text on BIRT
        // written as a NOTE, a citation of a place moved to its event, a FILE 7.0 requires).
        assert.deepEqual(row('5.5.1 consent')!.stats, original.stats, `${input.name} 5.5.1 consent: ${table}`);
        const v7 = row('7.0 consent')!.stats;
        for (const k of OWN_COLUMNS) {
          if (v7[k] === original.stats[k]) continue;
          const named = LISTED[k]?.test(lossReports.consent7 ?? '');
          assert.ok(named, `${input.name} 7.0 consent ${k}: ${table}\n${lossReports.consent7}`);
        }
        for (const f of ['5.5.1', '7.0'])
          for (const k of ['individuals', 'families', 'events'] as const)
            assert.equal(row(f)!.stats[k], original.stats[k], `${input.name} ${f} ${k}: ${table}`);
      } else {
        for (const k of OWN_COLUMNS) assert.equal(row('7.0')!.stats[k], row('5.5.1')!.stats[k], `${k}: ${table}`);
        assert.equal(row('5.5.1')!.stats.individuals, jsonld.casePersons, table);
      }
      assert.equal(jsonld.dangling, 0, 'every JSON-LD link names a person in the graph');
      assert.equal(jsonld.persons, jsonld.casePersons, 'JSON-LD has every person of the case');
      assert.deepEqual(
        jsonld.missing.slice(0, 10),
        [],
        `${input.name}: links of the reference missing from the JSON-LD`,
      );
      assert.deepEqual(jsonld.extra.slice(0, 10), [], `${input.name}: links in the JSON-LD the reference lacks`);
      assert.ok(jsonld.links > 0);
    });
  }
});
