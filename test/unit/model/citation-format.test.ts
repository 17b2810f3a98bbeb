/**
 * Reference notes in Evidence Explained's form (src/model/citation-format.ts): the full note names
 * the item, its kind and custodian and when it was seen; the short note shortens the title; an
 * online item names its URL and access date; a source that was never captured says so.
 */
import { strict as assert } from 'node:assert';
import { eeDate, eeDatePhrase, formatCitation } from '../../../src/model/citation-format';
import { SourceRecord } from '../../../src/model';

const sha = 'a'.repeat(64);
const baptism = SourceRecord.parse({
  id: 'S-bapt',
  title: 'Baptism of Johann Friedrich Schmidt, Kleinbach, Bavaria, 1842',
  recordType: 'baptism',
  date: '16 MAR 1842',
  place: 'Kleinbach, Bavaria',
  repository: 'Pfarramt St. Kilian Kleinbach, Taufbuch 1830–1855',
  sourceType: 'original',
  sourceId: 'archive',
  tier: 0,
  persons: [
    { name: 'Johann Friedrich /Schmidt/', role: 'principal' },
    { name: 'Georg Schmidt', role: 'father' },
  ],
  text: 'Den 16. März 1842 wurde getauft Johann Friedrich…',
  accessedAt: '2024-03-05T10:00:00.000Z',
  sha256: sha,
});
const claim = {
  source: 'S-bapt',
  sourceClass: 'original' as const,
  information: 'primary' as const,
  evidence: 'direct' as const,
};

describe('model: Evidence Explained citations', () => {
  it('writes access dates and GEDCOM date phrases as EE does', () => {
    assert.equal(eeDate('2024-03-05T10:00:00.000Z'), '5 March 2024');
    assert.equal(eeDate('not a date'), undefined);
    assert.equal(eeDatePhrase('ABT 14 MAR 1842'), 'about 14 March 1842');
    assert.equal(eeDatePhrase('BET 1840 AND 1842'), 'between 1840 and 1842');
  });

  it('an offline record: title in quotes with the comma inside, kind, custodian, consulted, entry', () => {
    const c = formatCitation(baptism, claim);
    assert.equal(
      c.full,
      '“Baptism of Johann Friedrich Schmidt, Kleinbach, Bavaria, 1842,” baptismal record; Pfarramt St. Kilian Kleinbach, Taufbuch 1830–1855 (consulted 5 March 2024), entry for Johann Friedrich Schmidt, 16 March 1842.',
    );
    // GEDCOM's slashes around the surname never reach a note.
    assert.ok(!c.full.includes('/'));
    assert.equal(c.short, '“Baptism of Johann Friedrich Schmidt,” entry for Johann Friedrich Schmidt, 16 March 1842.');
    assert.equal(c.analysis, 'original source · primary information · direct evidence');
  });

  it("the claim's page is the item cited, ahead of the entry", () => {
    const c = formatCitation(baptism, { ...claim, page: 'p. 12, entry 7.' });
    assert.match(c.full, /\(consulted 5 March 2024\), p\. 12, entry 7\.$/);
    assert.equal(c.short, '“Baptism of Johann Friedrich Schmidt,” p. 12, entry 7.');
  });

  it('an online item names the website, its URL and the access date', () => {
    const online = { ...baptism, url: 'https://example.org/ark:/1234', repository: 'FamilySearch' };
    const c = formatCitation(online, { ...claim, accessedAt: '2025-01-09T08:00:00Z' });
    assert.match(
      c.full,
      /^“Baptism of .*, 1842,” baptismal record, FamilySearch \(https:\/\/example\.org\/ark:\/1234 : accessed 9 January 2025\), entry for Johann Friedrich Schmidt, 16 March 1842\.$/,
    );
  });

  it('a source that is not captured is named as such, not invented', () => {
    const c = formatCitation(undefined, { source: 'S-gone', repository: 'County archive', page: 'vol. 3' });
    assert.equal(c.full, 'Source S-gone, County archive, vol. 3 (not captured in sources/).');
    assert.equal(c.analysis, '');
  });

  it('a GEDCOM source with neither date nor persons cites its repository', () => {
    const ged = SourceRecord.parse({
      ...baptism,
      title: 'Royal Genealogies',
      recordType: 'other',
      persons: [],
      date: undefined,
      repository: 'royal92.ged',
    });
    const c = formatCitation(ged, { source: ged.id });
    assert.equal(c.full, '“Royal Genealogies,” royal92.ged (consulted 5 March 2024).');
    assert.equal(c.short, '“Royal Genealogies,” royal92.ged.');
  });
});
