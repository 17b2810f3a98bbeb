// Issue #14 (unseen cases): a newspaper is found under the family's surname and its principal is a person.
import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';
import { ArchiveSearchIndex } from '../../../src/sources/archive/search-index';
import { RawRecord } from '../../../src/model';

const TEXT =
  "A weathered headstone in Glenbeigh Old Cemetery has been re-lettered by the O'Donoghue family. " +
  'It reads: "Erected by Cornelius O\'Donoghue in loving memory of his father."';

describe('free text: what a newspaper names', () => {
  it('takes no place or institution for its principal ("Glenbeigh Old Cemetery", "El Carmen")', () => {
    assert.equal(
      extractFromText('"Headstone restored", The Kerry Star, 2020', TEXT).personas[0]?.persona.name,
      "Cornelius O'Donoghue",
    );
    const es = extractFromText('Fiesta', 'Celebran la fiesta de El Carmen. Entre los asistentes, Ramón Ibarra Soto.');
    assert.equal(es.personas[0]?.persona.name, 'Ramón Ibarra Soto');
  });

  it('takes no label of the next line into a name ("From: Gwen Rowlands Kostenbader", then "Subject: …")', () => {
    const mail = extractFromText(
      'E-mail',
      'From: Gwen Rowlands Kostenbader\nSubject: Robert Rowlands of Tŷ’n y Ffridd -- which one?\n\nDear friends, …',
    );
    assert.equal(mail.personas[0]?.persona.name, 'Gwen Rowlands Kostenbader');
  });

  it("is found by a search for the surname without its O' (as an indexed O'Donoghue is)", () => {
    const index = new ArchiveSearchIndex();
    index.add(
      'archive/2020-headstone.md',
      RawRecord.parse({
        title: 'Headstone restored',
        recordType: 'newspaper',
        date: '2020',
        place: 'Glenbeigh, Kerry, Ireland',
        repository: 'The Kerry Star',
        sourceType: 'original',
        sourceId: 'archive',
        tier: 0,
        persons: [],
        text: TEXT,
      }),
    );
    assert.equal(index.search({ given: 'Cornelius', surname: 'Donoghue' }).length, 1);
    assert.equal(index.search({ given: 'Cornelius', surname: "O'Donoghue" }).length, 1);
  });

  it('reads no month as a given name after a day ("On 3 March Josef Šimek"), but May and June stand as names', () => {
    const obit = extractFromText(
      'Death, Svoboda, 1925',
      'Death. On 3 March Josef Šimek, an old settler, died aged 75.',
    );
    assert.equal(obit.personas[0]?.persona.name, 'Josef Šimek');
    assert.equal(
      extractFromText('Note', 'May Anna Smith was born in 1880 at Leeds.').personas[0]?.persona.name,
      'May Anna Smith',
    );
  });

  it("takes a county history's sketch heading in capitals for its subject, McELROY as McElroy", () => {
    const sketch = extractFromText(
      'Biographical sketches, 1887',
      'CAPT. JAMES McELROY, farmer, District No. 9, was born in this county April 11, 1817, a son of Robert and Nancy (Hale) McElroy.',
    );
    assert.equal(sketch.personas[0]?.persona.name, 'James McElroy');
  });
});
