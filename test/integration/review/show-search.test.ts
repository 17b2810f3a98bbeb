import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchHit } from '../../../src/case/index-db';
import type { PersonView } from '../../../src/case/person-view';
import { cli } from '../../helpers/cli-in-process';
import { sampleCopy } from '../engine/helpers';

async function search(dir: string, ...text: string[]): Promise<{ rebuilt: boolean; hits: SearchHit[] }> {
  const r = await cli(['search', dir, ...text, '--json']);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as { rebuilt: boolean; hits: SearchHit[] };
}

function personFile(dir: string, id: string): string {
  const name = readdirSync(join(dir, 'people')).find((f) => f.startsWith(`${id}-`));
  assert.ok(name, `${id} has a person file`);
  return join(dir, 'people', name);
}

/** Ids are drawn afresh by each run: found by name, as a user would (`ancestry persons`). */
async function idOf(dir: string, name: string): Promise<string> {
  const r = await cli(['persons', dir, '--json']);
  const rows = (JSON.parse(r.out) as { id: string; name: string }[]).filter((x) => x.name === name);
  assert.equal(rows.length, 1, `one ${name}`);
  return rows[0].id;
}

describe('ancestry show and ancestry search (sample case, real files, real sql.js)', function () {
  // One offline research run of the sample case first: slow on a loaded machine, never timed.
  this.timeout(600_000);
  let dir: string;
  let subject: string;
  let thomas: string;
  before(async () => {
    dir = sampleCopy();
    assert.equal((await cli(['research', dir, '--offline', '--json'])).code, 0);
    subject = await idOf(dir, 'Johann Friedrich Schmidt');
    // Thomas J. Schmidt, born in the 1950s, is the sample's one living person.
    thomas = await idOf(dir, 'Living Schmidt');
  });

  it('shows a person by id or fuzzy name: names, facts with preferred value and status, family, sources', async () => {
    const byId = await cli(['show', dir, subject, '--json']);
    assert.equal(byId.code, 0, byId.err);
    const v = JSON.parse(byId.out) as PersonView;
    assert.equal(v.id, subject);
    assert.equal(v.name, 'Johann Friedrich Schmidt');
    assert.ok(v.names.length > 1, 'the other names he was recorded under');
    const birth = v.facts.find((f) => f.field === 'birth.date');
    assert.ok(birth?.preferred, 'a preferred birth date');
    assert.ok(birth.preferred.sources.length, 'cited');
    assert.ok(v.facts.findIndex((f) => f.field === 'birth.date') < v.facts.findIndex((f) => f.field === 'death.date'));
    assert.ok(v.family.parents.length && v.family.spouses.length && v.family.children.length, 'his family');
    const cited = new Set(v.facts.flatMap((f) => [f.preferred, ...f.alternatives]).flatMap((x) => x?.sources ?? []));
    for (const s of cited)
      assert.ok(
        v.sources.some((x) => x.id === s),
        `${s} is listed with its title`,
      );
    assert.ok(v.sources.every((s) => existsSync(join(dir, 'sources', `${s.id}.md`)) && s.cited.length));

    const fuzzy = await cli(['show', dir, 'jhn', 'frdrch']);
    assert.equal(fuzzy.code, 0, fuzzy.err);
    assert.ok(fuzzy.out.startsWith(`Johann Friedrich Schmidt (${subject})`), fuzzy.out);
    assert.match(fuzzy.out, /\nFacts\n {2}sex/);
    assert.match(fuzzy.out, /\nFamily\n {2}Parents/);
    assert.match(fuzzy.out, /\nSources \(\d+\)\n/);

    const several = await cli(['show', dir, 'john', 'smith']);
    assert.equal(several.code, 2);
    assert.match(several.err, /matches 2 persons; give the id: \| P-\S+ {2}John Smith .* \| P-\S+ {2}John Smith/);
    const none = await cli(['show', dir, 'Zebediah']);
    assert.equal(none.code, 1);
    assert.match(none.err, /no person matches "Zebediah"/);
  });

  it('searches persons and sources, ranked, with the file and a snippet; refreshes a stale index', async () => {
    const first = await search(dir, 'kleinbach');
    assert.ok(first.hits.length >= 3);
    for (let i = 1; i < first.hits.length; i++) assert.ok(first.hits[i - 1].score >= first.hits[i].score, 'best first');
    for (const h of first.hits) {
      assert.ok(existsSync(join(dir, h.file)), h.file);
      assert.match(h.snippet, /\[Kleinbach\]/i);
    }
    assert.ok(first.hits.some((h) => h.kind === 'person') && first.hits.some((h) => h.kind === 'source'));
    // A phrase and accents: "Heritage Award" as words in a row; "Muenchen"-style folding of diacritics.
    const phrase = await search(dir, '"heritage award"');
    assert.equal(phrase.hits.length, 1);
    assert.equal((await search(dir, '"award heritage"')).hits.length, 0);
    assert.equal((await search(dir, 'kleinbäch')).hits.length, first.hits.length);

    const again = await search(dir, 'kleinbach');
    assert.equal(again.rebuilt, false, 'an unchanged case reads the stored index');
    assert.equal((await search(dir, 'zwiebelkuchen')).hits.length, 0);
    const file = personFile(dir, subject);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nHis wife's Zwiebelkuchen recipe is in the family Bible.\n`);
    const fresh = await search(dir, 'zwiebelkuchen');
    assert.equal(fresh.rebuilt, true);
    assert.deepEqual(
      fresh.hits.map((h) => h.id),
      [subject],
    );
    assert.match(fresh.hits[0].snippet, /\[Zwiebelkuchen\]/);

    const text = await cli(['search', dir, 'kleinbach', '--limit', '2']);
    assert.equal(text.code, 0);
    assert.equal(text.out.trim().split('\n').length, 4, 'two hits, each with its snippet line');
    assert.equal((await cli(['search', dir, 'x', '--limit', '0'])).code, 2);
    assert.equal((await cli(['search', dir])).code, 2);
  });

  it("never shows a living person's details unredacted without consent, even typed into the file by hand", async () => {
    // Thomas J. Schmidt (born in the 1950s) is living: his exact birth date and street typed in by hand.
    const file = personFile(dir, thomas);
    const raw = readFileSync(file, 'utf8');
    assert.match(raw, /value: BET 1950 AND 1959/);
    writeFileSync(
      file,
      `${raw.replace('value: BET 1950 AND 1959', 'value: 3 MAR 1952')}\nLives at 1207 Walnut Street, Springfield, Illinois 62704 since 3 MAR 1980.\n`,
    );
    const shown = await cli(['show', dir, thomas]);
    assert.equal(shown.code, 0, shown.err);
    assert.ok(shown.out.startsWith(`Living Schmidt (${thomas})`), shown.out);
    // (His name stays in the sources' text: the Censor keeps names and relationships.)
    assert.doesNotMatch(shown.out, /3 MAR 1952|Walnut|62704/);
    assert.match(shown.out, /birth\.date +BET 1950 AND 1959/);
    const json = await cli(['show', dir, thomas, '--json']);
    assert.doesNotMatch(json.out, /3 MAR 1952|Walnut|"name": "Thomas/);
    assert.equal((JSON.parse(json.out) as PersonView).redacted, true);
    // His given name is not searchable, nor his exact date, nor his street.
    assert.equal((await cli(['show', dir, 'thomas'])).code, 1);
    for (const q of ['thomas', '1952', 'walnut', '62704']) {
      const r = await search(dir, q);
      assert.ok(!r.hits.some((h) => h.kind === 'person' && h.id === thomas), `${q}: not found by what is withheld`);
      for (const h of r.hits) assert.doesNotMatch(`${h.title} ${h.snippet}`, /3 MAR 1952|Walnut|62704/, q);
    }
    const living = (await search(dir, 'living', 'schmidt')).hits.find((h) => h.id === thomas);
    assert.ok(living, 'found as the Censor shows him');

    // With consent (case.yaml privacy.consent: true) the same verbs show what the file holds.
    const yaml = join(dir, 'case.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('consent: false', 'consent: true'));
    const consented = await cli(['show', dir, 'thomas']);
    assert.equal(consented.code, 0, consented.err);
    assert.ok(consented.out.startsWith(`Thomas J. Schmidt (${thomas})`), consented.out);
    assert.match(consented.out, /3 MAR 1952/);
    const r = await search(dir, 'walnut');
    assert.equal(r.rebuilt, true, 'consent changes what the index may hold');
    assert.deepEqual(
      r.hits.map((h) => h.id),
      [thomas],
    );
  });
});
