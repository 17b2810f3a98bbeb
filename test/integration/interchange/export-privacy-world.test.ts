/**
 * End to end, through the file store as research and `ancestry export` use it: a captured record
 * whose body gives a living person's street and exact birth date as French, Welsh and Portuguese
 * records write them reaches neither sources/S-*.md nor the GEDCOM export unredacted; a record of
 * the dead with the same shapes keeps them in both. (Corpus written for the test: no real person.)
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { exportGedcom } from '../../../src/interchange/gedcom/export';
import type { RawRecord } from '../../../src/model';
import { tempDir } from '../../helpers/paths';

const NOW = new Date('2026-11-24T12:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

const LIVING_BODY = `Gwen Jones, ganwyd 21 Medi 1952, yn byw yn 4 Heol Tegid, Y Bala.
Her cousin Marie Dupont, née le 12 mars 1981, demeure 14 rue des Tanneurs, Lyon; her
sister Maria Silva lives at Rua da Portela, n.º 27, Braga.`;
const LIVING_LEAKS = ['21 Medi 1952', 'Heol Tegid', '12 mars 1981', 'rue des Tanneurs', 'Portela, n.º 27'];

const DEAD_BODY = 'Jean Dupont, né le 12 mars 1851, demeurant 7 rue de la Barre à Lyon, décédé le 3 mai 1910.';

function raw(title: string, text: string, date: string | undefined, persons: RawRecord['persons']): RawRecord {
  return {
    title,
    recordType: 'other',
    repository: 'Family papers',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons,
    text,
    ...(date ? { date } : {}),
  };
}

describe('Foreign addresses and birth dates of the living: sources/ and the GEDCOM export', function () {
  this.timeout(60_000);
  const files: { living: string[]; dead: string; ged: Record<string, string> } = { living: [], dead: '', ged: {} };

  before(async () => {
    const root = join(tempDir('ancestry-world-'), 'case');
    const store = await initCase(root, { question: 'Gwen Jones', subject: { name: 'Gwen Jones' } }, { clock });
    const gwen = { name: 'Gwen /Jones/', role: 'principal' as const, birthDate: '21 SEP 1952' };
    // A modern record, and an undated one whose living persona is known only by her birth.
    for (const [title, date] of [
      ['Letter of 2019', '2019'],
      ['Undated letter', undefined],
    ] as const) {
      const s = await store.captureSource(raw(title, LIVING_BODY, date, [gwen]), NOW);
      files.living.push(readFileSync(join(root, 'sources', `${s.id}.md`), 'utf8'));
    }
    const dead = await store.captureSource(
      raw('Acte de décès, 1910', DEAD_BODY, '3 MAY 1910', [
        { name: 'Jean /Dupont/', role: 'principal', birthDate: '12 MAR 1851', deathDate: '3 MAY 1910' },
      ]),
      NOW,
    );
    files.dead = readFileSync(join(root, 'sources', `${dead.id}.md`), 'utf8');
    for (const version of ['5.5.1', '7.0'] as const) {
      const r = exportGedcom(store, { version, now: NOW });
      const file = await store.writeExport(`world-${version}.ged`, r.text, { censoredByField: true });
      files.ged[version] = readFileSync(file, 'utf8');
    }
  });

  it('sources/: the living person’s streets and exact birth date are redacted, the rest of the letter stays', () => {
    for (const text of files.living) {
      for (const leak of LIVING_LEAKS) assert.ok(!text.includes(leak), `${leak} in ${text}`);
      assert.match(text, /\[address redacted\]/);
      assert.match(text, /1950s/);
      assert.match(text, /Y Bala/);
    }
  });

  it('sources/: a record of the dead keeps its address and dates as written', () => {
    assert.ok(files.dead.includes(DEAD_BODY), files.dead);
  });

  for (const version of ['5.5.1', '7.0'] as const)
    it(`GEDCOM ${version}: no living street or birth date in any line; the dead record's address is there`, () => {
      const text = files.ged[version];
      for (const leak of LIVING_LEAKS) assert.ok(!text.includes(leak), `${leak} in the ${version} export`);
      assert.match(text, /7 rue de la Barre à Lyon/);
    });
});
