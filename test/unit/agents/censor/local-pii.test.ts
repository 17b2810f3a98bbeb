import { strict as assert } from 'node:assert';
import { redactRecord, type CensorContext } from '../../../../src/agents/censor';
import { redactLocalPii } from '../../../../src/agents/censor/local-pii';
import type { RawRecord } from '../../../../src/model';

const ctx: CensorContext = {
  now: new Date('2026-11-24T00:00:00Z'),
  thresholdYears: 100,
  consent: false,
  livingNames: [],
};

function record(text: string, date: string, translation?: string): RawRecord {
  return {
    title: 'Notice',
    recordType: 'newspaper',
    repository: 'Newspaper',
    sourceType: 'original',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text,
    date,
    ...(translation ? { translation } : {}),
  };
}

describe('Censor: addresses and phone numbers as written outside North America, in modern text (#21)', () => {
  // [text, what must be gone]
  const found: [string, string[]][] = [
    ['who lives at Skälsnäs 4, 342 50 Vislanda, reached at 0470-55 01 72.', ['Skälsnäs 4', '342 50', '0470-55 01 72']],
    ['She lives at Calle Hidalgo 214, Tepatitlán.', ['Hidalgo 214']],
    ['que vive en la calle Hidalgo\n214, Tepatitlán', ['Hidalgo\n214']],
    ['wohnt in der Hauptstraße 5, 10115 Berlin, Tel. 030 1234567', ['Hauptstraße 5', '10115', '1234567']],
    ['bor på Lindengatan 12b i Växjö, tfn 0470-123 45', ['Lindengatan 12b', '123 45']],
    ['Vesterbrogade 40, 1620 København V', ['Vesterbrogade 40', '1620']],
    ['rue de la Paix 5, 75002 Paris', ['Paix 5', '75002']],
    ['ring +46 470 55 01 72', ['55 01 72']],
    // A post-office box or rural route stands for the house
    ['Darlene lives at Box 118, Vita, Manitoba.', ['Box 118']],
    ['write to P.O. Box 12, Steinbach, or R.R. 2, Vita', ['Box 12', 'R.R. 2']],
    ['Postfach 1234, 10115 Berlin', ['Postfach 1234']],
    // East Asian block addresses, and their romanised form
    ['〒736-0081 広島市安芸区船越南3丁目12-8　電話', ['3丁目12-8']],
    ['東京都港区芝公園4丁目2番8号', ['4丁目2番8号']],
    ['府中町123番地4号に住む', ['123番地4号']],
    ['3-12-8 Funakoshi-minami, Aki-ku, Hiroshima', ['3-12-8 Funakoshi']],
    ['上海市中山路12号', ['中山路12号']],
    ['서울 종로구 세종대로 175', ['세종대로 175']],
    // A postal code named as one, a ZIP wrapped onto the next line, a phone after a Greek or Russian word
    ['Γιάννης Μαρκάκης, Ζαρός, Τ.Κ. 70002,\nτηλ. 28940 55123.', ['70002', '28940 55123']],
    ['Zaros, postcode 70002, tel. 28940 55123.', ['70002', '28940 55123']],
    ['88 Slocum Road, Dartmouth, MA\n02747, tel. (508) 555-0127.', ['02747']],
    ['Иван Петров, индекс 123456, тел. 8 495 123 45 67', ['123456', '123 45 67']],
    // Dutch, Japanese, Brazilian and Australian postal codes
    ['woont op Kerkstraat 12, 1012 AB Amsterdam', ['Kerkstraat 12', '1012 AB']],
    ['〒736-0081 広島市安芸区', ['736-0081']],
    ['Rua Augusta 200, CEP 01310-100, São Paulo', ['01310-100']],
    ['14 Cattai Road, Pitt Town NSW 2756', ['2756']],
    // A postal code and a town before the street: "942 01 Šurany, Hlavná 27"
    ['Szabó Péter, 942 01 Šurany, Hlavná 27, tel. +421 905 555 318.', ['Hlavná 27', '942 01', '555 318']],
  ];
  for (const [text, gone] of found)
    it(`redacts ${JSON.stringify(text)}`, () => {
      const out: { kind: 'living' | 'pii'; what: string }[] = [];
      const r = redactLocalPii(text, out);
      for (const g of gone) assert.ok(!r.includes(g), `${g} is still in ${r}`);
      assert.ok(out.length > 0);
    });

  const kept = [
    'Soldier no. 45, Anders Stark, lived here from 1853 until 1876, when Carl Johan Stark took over.',
    'He travelled via Hamburg in 1892 and via Bremen 1893.',
    'born 03.04.1938 and died 01/02/2003 in Växjö',
    'Smith et al. 2019 report 150 years of the chapel; rote 45; page 214.',
    'the 1892 civil marriage act, aged 62, in the 1930 census; 1868–1934',
    'la calle Hidalgo\n\n214 personas asistieron',
    'the 3rd Brigade 1944',
    'box and barrel maker, aged 45; in the 1930 census',
    '明治15年3月8日生、大正5年に死去',
    'pages 3-12 and 14-18 of the register',
    'in 1880 the cap was 40000 men; the 1907 census, 342 pages',
    'Boston, MA, in 1880 with 4 children',
  ];
  for (const text of kept)
    it(`keeps ${JSON.stringify(text)}`, () => {
      const out: { kind: 'living' | 'pii'; what: string }[] = [];
      assert.equal(redactLocalPii(text, out), text);
      assert.equal(out.length, 0);
    });

  it('a modern record: body and translation both lose a living birth date, the address and the phone', () => {
    const text = 'Linnéa Holm, född 3 april 1979, bor på Skälsnäs 4, 342 50 Vislanda; ring 0470-55 01 72.';
    const translation = 'Linnéa Holm, born 3 April 1979, lives at Skälsnäs 4, 342 50 Vislanda; call 0470-55 01 72.';
    const r = redactRecord(record(text, '14 JUL 2022', translation), ctx).record;
    for (const s of [r.text, r.translation ?? '']) {
      for (const bait of ['3 april 1979', '3 April 1979', 'Skälsnäs 4', '342 50', '0470-55 01 72'])
        assert.ok(!s.includes(bait), `${bait} in ${s}`);
      assert.match(s, /Vislanda/);
    }
  });

  it('a modern record loses Argentine, Brazilian, French and British shapes met in held-out cases', () => {
    for (const [text, baits] of [
      ['Contacto: Bv. Santa Fe 1234, Rafaela (2300), tel. (03492) 55-0187.', ['Bv. Santa Fe 1234', '(03492) 55-0187']],
      ['CEP 89107-000, Pomerode/SC — fone (47) 99555-0163.', ['89107-000', '(47) 99555-0163']],
      ['Écrire au 27 traverse de la Granière, 13012 Marseille.', ['27 traverse de la Granière']],
      ['Write to 7 Chapel Bank, Burslem, Stoke-on-Trent ST6 4JQ.', ['7 Chapel Bank', 'ST6 4JQ']],
      ['Pueden escribirme a Jr. Huallaga 745, Cercado de Lima.', ['Jr. Huallaga 745']],
      ['17 Awakino Road, Dargaville 0310, phone 021 448 9031.', ['0310', '021 448 9031']],
    ] as const) {
      const r = redactRecord(record(text, '2022'), ctx).record.text;
      for (const bait of baits) assert.ok(!r.includes(bait), `${bait} in ${r}`);
    }
    // "Jr." is a jirón only before a street's name and a number, never after a man's name.
    assert.equal(
      redactRecord(record('John Smith Jr. 45 years old.', '2022'), ctx).record.text,
      'John Smith Jr. 45 years old.',
    );
    // Old text keeps such a street: only a modern record is read for these shapes.
    const old = 'In 1851 he lived at 7 Chapel Bank, Burslem.';
    assert.equal(redactRecord(record(old, '1851'), ctx).record.text, old);
  });

  it('a historical record keeps its addresses: only modern text locates the living', () => {
    const text = 'Anders Stark, soldier, at Skälsnäs 4, 342 50 Vislanda, in 1860.';
    assert.equal(redactRecord(record(text, '1860'), ctx).record.text, text);
  });

  it('with consent nothing is redacted', () => {
    const text = 'Linnéa Holm lives at Skälsnäs 4, 342 50 Vislanda.';
    assert.equal(redactRecord(record(text, '2022', text), { ...ctx, consent: true }).record.translation, text);
  });
});
