/**
 * The Censor on addresses and exact birth dates as the rest of Europe writes them: a corpus written
 * for this test (no real person), a sentence per language about a living person that must lose its
 * street and date, and the same kind of sentence in a record of the dead that must stay as written.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { redactRecord, redactText, scanPii, type CensorContext } from '../../../../src/agents/censor';
import type { RawRecord } from '../../../../src/model';

const ctx: CensorContext = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };
const about: CensorContext = { ...ctx, aboutLiving: true };

function record(text: string, date: string | undefined, persons: RawRecord['persons'] = []): RawRecord {
  return {
    title: 'Record',
    recordType: 'other',
    repository: 'Archive',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons,
    text,
    ...(date ? { date } : {}),
  };
}

// [language, a living person's sentence, what must be gone from it]
const LIVING: [string, string, string[]][] = [
  ['Spanish in Arizona', 'Verónica Valenzuela, 2211 W. Calle Paraíso, Tucson, AZ 85746.', ['Calle Paraíso', '2211']],
  ['Portuguese in Massachusetts', 'Maria Fortes mora no 40 Rua Nova, New Bedford.', ['Rua Nova']],
  [
    'French',
    'Marie Dupont, née le 12 mars 1981, demeure 14 rue des Tanneurs, Lyon.',
    ['12 mars 1981', 'rue des Tanneurs'],
  ],
  ['French bis', 'Paul Martin habite au 5 bis, rue Victor Hugo à Nantes.', ['Victor Hugo']],
  ['Welsh', 'Ganwyd Gwen Jones 21 Medi 1952; mae hi’n byw yn 4 Heol Tegid, Y Bala.', ['21 Medi 1952', 'Heol Tegid']],
  ['Welsh mutated', 'Gwen Jones, g. 21ain o Fedi 1952, 12 Stryd Fawr, Bala.', ['Fedi 1952', 'Stryd Fawr']],
  ['Welsh relative clause', 'Mae Gwen Jones, a anwyd 3 Ebrill 1961, yn byw yn y Bala.', ['3 Ebrill 1961']],
  [
    'Portuguese',
    'Maria Silva, nascida a 3 de abril de 1979, mora na Rua da Portela, n.º 27, Braga.',
    ['abril de 1979', 'Portela, n.º 27'],
  ],
  ['Portuguese no.', 'Maria Silva mora na Rua da Portela, no. 27, Braga.', ['Portela, no. 27']],
  ['Spanish', 'Ana López, nacida el 5 de mayo de 1970, vive en Calle Mayor 5, Madrid.', ['mayo de 1970', 'Mayor 5']],
  ['Italian', 'Lucia Rossi, nata il 2 giugno 1965, abita in Via Roma 12, Torino.', ['2 giugno 1965', 'Roma 12']],
  ['Italian comma', 'Lucia Rossi abita in Piazza Garibaldi, 3, Parma.', ['Garibaldi, 3']],
  [
    'Catalan',
    "Marta Puig, nascuda el 3 d'abril de 1978, viu al Carrer de Balmes, núm. 12, Barcelona.",
    ["d'abril de 1978", 'Balmes, núm. 12'],
  ],
  ['German', 'Anna Weber, geb. 3. April 1961, wohnt in der Hauptstraße 5, Bremen.', ['3. April 1961', 'Hauptstraße 5']],
  ['German apart', 'Anna Weber wohnt Berliner Str. 5 in Bremen.', ['Berliner Str. 5']],
  ['Dutch', 'Els de Vries, geboren 3 maart 1968, woont Kerkstraat 12, Utrecht.', ['3 maart 1968', 'Kerkstraat 12']],
  ['Swedish', 'Anna Nilsson, född 3 april 1975, bor på Storgatan 3, Lund.', ['3 april 1975', 'Storgatan 3']],
  ['Danish', 'Anna Hansen, født 3. marts 1966, bor Nørre Allé 5, Aarhus.', ['3. marts 1966', 'Allé 5']],
  [
    'Norwegian',
    'Kari Olsen, født 3. desember 1971, bor i Karl Johans gate 22, Oslo.',
    ['desember 1971', 'Johans gate 22'],
  ],
  [
    'Finnish',
    'Maija Virtanen, s. 21. syyskuuta 1952, asuu Mannerheimintie 5 A, Helsinki.',
    ['syyskuuta 1952', 'Mannerheimintie 5'],
  ],
  [
    'Hungarian',
    'Kovács Anna, született 1952. szeptember 21-én, lakik Váci utca 5., Budapest.',
    ['szeptember 21', 'Váci utca 5'],
  ],
  ['Polish', 'Anna Kowalska, ur. 3 kwietnia 1958, mieszka przy ul. Długa 7, Kraków.', ['kwietnia 1958', 'Długa 7']],
  ['Czech', 'Jana Nováková, narozena 3. května 1960, bydlí náměstí Míru 5, Praha.', ['května 1960', 'Míru 5']],
  [
    'Croatian',
    'Ana Horvat, rođena 21. rujna 1952., živi u Ulica kralja Zvonimira 12, Zagreb.',
    ['rujna 1952', 'Zvonimira 12'],
  ],
  [
    'Lithuanian',
    'Jonas Kazlauskas, gimė 1952 m. rugsėjo 21 d., gyvena Vilniaus g. 15, Kaunas.',
    ['rugsėjo 21', 'Vilniaus g. 15'],
  ],
  [
    'Irish',
    'Rugadh Máire Ní Bhriain 21 Meán Fómhair 1952; 12 Sráid an Mhuilinn, Gaillimh.',
    ['Fómhair 1952', 'Sráid an Mhuilinn'],
  ],
  [
    'Russian',
    'Иван Иванов, родился 21 сентября 1952 г., живёт: улица Ленина, д. 5, Москва.',
    ['сентября 1952', 'Ленина, д. 5'],
  ],
  ['Russian after', 'Иван Иванов живёт: Тверская ул., д. 5, Москва.', ['Тверская ул., д. 5']],
  [
    'Ukrainian',
    'Олена Шевченко, народилася 21 вересня 1952 року, вул. Хрещатик, буд. 22, Київ.',
    ['вересня 1952', 'Хрещатик, буд. 22'],
  ],
  [
    'Russian transliterated',
    'Ivan Ivanov, rodilsya 21 sentyabrya 1952, ulitsa Lenina, dom 5, Moskva.',
    ['sentyabrya 1952', 'Lenina, dom 5'],
  ],
  ['Latin', 'Maria, nata die 21 mensis Septembris 1952, in via Appia 12.', ['Septembris 1952', 'Appia 12']],
  // English as it is written out in full, and as forms print it.
  [
    'English, written out',
    'Mary Smith was born on the 3rd of May, 1990, at 4 Oak Lane, Dayton.',
    ['3rd of May, 1990', 'Oak Lane'],
  ],
  ['English, the day of', 'Mary Smith was born the 3rd day of May 1990 in Dayton.', ['May 1990']],
  ['English, month the day', 'Mary, daughter of John and Jane Smith, was born May the 3rd, 1990.', ['3rd, 1990']],
  ['English, a form', 'Mary Smith, b. 3-May-1990, Dayton.', ['3-May-1990']],
  // A middle initial "D." is not "d." (died).
  [
    'English, a middle initial',
    'John D. Smith, b. 3 May 1990, lives at 12 Elm Street, Dayton.',
    ['3 May 1990', 'Elm Street'],
  ],
  ['English, initial after the date', 'Born 3 May 1990: Mary D. Jones of Dayton.', ['3 May 1990']],
];

// Historical sentences of the same shapes: records of the dead keep them as written.
const HISTORICAL: string[] = [
  'Jean Dupont, né le 12 mars 1851, demeurant 14 rue des Tanneurs, Lyon, décédé en 1910.',
  'Ganwyd John Jones 21 Medi 1852 yn 4 Heol Tegid, Y Bala; bu farw 1920.',
  'Manuel Silva, nascido a 3 de abril de 1860, morador na Rua da Portela, n.º 27, Braga.',
  'Anna Weber, geb. 3. April 1861, wohnhaft Hauptstraße 5, Bremen, gest. 1930.',
  'Maria, nata die 21 mensis Septembris 1852, baptizata in ecclesia, 7bris 1852.',
  'Иван Иванов, родился 21 сентября 1852 г., улица Ленина, д. 5, Москва.',
  'Kovács János, született 1852. szeptember 21-én, Váci utca 5., Pest.',
  'He travelled via Hamburg in 1892 and via Liverpool, 3 days later, to New York.',
  'The 3rd Brigade 5th Battalion took place September 18 near the Place Royale.',
  'Smith et al. 2019 report the farm at lot 12 of the 2nd concession.',
  'John D. Smith, b. 3 May 1852, D. 12 June 1921 at Dayton.',
  'Mary Smith was born on the 3rd of May, 1852, and died the 2nd day of June 1921.',
  'Mary Smith, b. 3-May-1852, d. 2-Jun-1921.',
];

describe('Censor: addresses and birth dates of the living across European languages', () => {
  for (const [language, text, gone] of LIVING) {
    it(`${language}: text about a living person loses street and date`, () => {
      const r = redactText(text, about);
      for (const g of gone) assert.ok(!r.text.includes(g), `${g} is still in ${r.text}`);
    });
    it(`${language}: a modern record that names no one loses them too`, () => {
      const out = redactRecord(record(text, '14 JUL 2019'), ctx).record.text;
      for (const g of gone) assert.ok(!out.includes(g), `${g} is still in ${out}`);
    });
  }

  for (const text of HISTORICAL)
    it(`a record of the dead keeps: ${text}`, () => {
      for (const date of ['1880', '12 MAR 1851']) {
        const dead = [{ name: 'Jean /Dupont/', role: 'principal' as const, deathDate: '1910' }];
        assert.equal(redactRecord(record(text, date, dead), ctx).record.text, text);
      }
      // Text about no living person (a dead person's note in an export): nothing but PII goes.
      assert.equal(redactText(text, ctx).text, text);
    });

  it('a modern record: an Argentine street written without its street word, with floor and CPA', () => {
    const text = 'Silvia Rosenblum de Katz, nacida en 1949, Gurruchaga 1187, 4° B, (C1414DHA) Ciudad de Buenos Aires.';
    const out = redactRecord(record(text, '14 JUL 2019'), ctx).record.text;
    for (const gone of ['Gurruchaga', '1187', 'C1414DHA']) assert.ok(!out.includes(gone), out);
    assert.ok(out.includes('Ciudad de Buenos Aires'), out);
    // A record of the dead keeps its street.
    const old = 'José Katz, vecino de Gurruchaga 1187, 4° B, falleció en 1890.';
    assert.equal(redactRecord(record(old, '1890'), ctx).record.text, old);
  });

  it('with consent nothing is redacted', () => {
    for (const [, text] of LIVING) assert.equal(redactText(text, { ...about, consent: true }).text, text);
  });

  // Streets built from the lists: every shape, any name, any house number, is found whole.
  const name = fc.constantFrom('Tanneurs', 'Portela', 'Długa', 'Ленина', 'Tegid', 'Garibaldi', 'Mhuilinn', 'Zvonimira');
  const num = fc.integer({ min: 1, max: 999 }).map(String);
  const shaped = fc.oneof(
    fc
      .tuple(num, fc.constantFrom('rue des', 'Heol', 'Rua da', 'avenue', 'Sráid an', 'Calle'), name)
      .map(([n, w, s]) => [`${n} ${w} ${s}`, s]),
    fc
      .tuple(
        fc.constantFrom('Rua da', 'Calle', 'ul.', 'улица', 'Piazza', 'Carrer de', 'vul.'),
        name,
        fc.constantFrom(' ', ', n.º ', ', no. ', ' Nr. ', ', д. ', ', '),
        num,
      )
      .map(([w, s, sep, n]) => [`${w} ${s}${sep}${n}`, `${s}${sep}${n}`]),
    fc
      .tuple(name, fc.constantFrom('utca', 'g.', 'gate', 'Straße'), num)
      .map(([s, w, n]) => [`${s} ${w} ${n}`, `${w} ${n}`]),
    fc
      .tuple(
        fc.constantFrom('Haupt', 'Kerk', 'Stor', 'Vester', 'Mannerheimin'),
        fc.constantFrom('straße', 'straat', 'gatan', 'gade', 'tie'),
        num,
      )
      .map(([a, b, n]) => [`${a}${b} ${n}`, `${a}${b} ${n}`]),
  );
  it('every shape of street, any name and number: found whole in text about the living, kept in a record of the dead (property)', () => {
    fc.assert(
      fc.property(
        shaped,
        fc.constantFrom('lives at ', 'wohnt ', 'mora na ', ''),
        fc.constantFrom('.', ', Lyon.', ', since 2019.'),
        ([address, part], lead, tail) => {
          const text = `Anna ${lead}${address}${tail}`;
          const found = scanPii(text, new Set(['street_address']));
          assert.ok(
            found.some((m) => m.match.includes(part)),
            `${address}: ${JSON.stringify(found)}`,
          );
          assert.ok(!redactText(text, about).text.includes(part));
          const dead = [{ name: 'Anna /X/', role: 'principal' as const, deathDate: '1920' }];
          assert.equal(redactRecord(record(text, '1880', dead), ctx).record.text, text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
