/**
 * The Censor on a living person's labelled identifiers (national, membership, identity-card and tax
 * numbers under their many names), Baltic and Finnish street words, and a European postal code
 * before its place; each only in text about the living or in a modern record, never in history.
 * Sentences written for this test (no real person).
 */
import { strict as assert } from 'node:assert';
import { redactRecord, redactText, scanPii, type CensorContext } from '../../../../src/agents/censor';
import { redactLocalPii } from '../../../../src/agents/censor/local-pii';
import type { RawRecord } from '../../../../src/model';

const ctx: CensorContext = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };
const about: CensorContext = { ...ctx, aboutLiving: true };

function record(text: string, date: string, persons: RawRecord['persons'] = []): RawRecord {
  return {
    title: 'Record',
    recordType: 'letter',
    repository: 'Family papers',
    sourceType: 'original',
    sourceId: 'archive',
    tier: 0,
    persons,
    text,
    date,
  };
}

const ids = (text: string): string[] => scanPii(text, new Set(['id_number'])).map((m) => m.match);

describe('Censor: labelled personal identifiers of the living', () => {
  // [text, the identifier that must be found]
  const found: [string, string][] = [
    ['born in Tallinn (isikukood 47611230215, in case', '47611230215'],
    ['NATIONAL NUMBER 781234            Chapter: Watauga Old Fields', '781234'],
    ['Membership No. 45210, Clan Donald Society', '45210'],
    ['personnummer: 850101-1234, Växjö', '850101-1234'],
    ['henkilötunnus 131052-308T', '131052-308T'],
    ['fødselsnummer 01020312345', '01020312345'],
    ['CPR-nr. 010203-1234', '010203-1234'],
    ['BSN 123456782', '123456782'],
    ['PESEL 44051401359', '44051401359'],
    ['rodné číslo 765312/1234', '765312/1234'],
    ['EMŠO 0101006500006', '0101006500006'],
    ['OIB 12345678901', '12345678901'],
    ['codice fiscale RSSMRA85T10A562S', 'RSSMRA85T10A562S'],
    ['DNI 12345678Z', '12345678Z'],
    ['NIE X1234567L', 'X1234567L'],
    ['CURP GODE561231HDFRRN09', 'GODE561231HDFRRN09'],
    ['RUT 12.345.678-5', '12.345.678-5'],
    ['CPF 123.456.789-09', '123.456.789-09'],
    ['SIN 046 454 286', '046 454 286'],
    ['SSN No. 123456789', '123456789'],
    ['Social Security No. 123-45-6789', '123-45-6789'],
    ['TFN 123 456 782', '123 456 782'],
    ['IRD number 49-091-850', '49-091-850'],
    ['NHS number 943 476 5919.', '943 476 5919'],
    ['passport no. X1234567', 'X1234567'],
    ['personal identification code 38001085718', '38001085718'],
    ['ID no. is 12345', '12345'],
    ['National Insurance number AB 12 34 56 C', 'AB 12 34 56'],
    ['TRN 104-227-381', '104-227-381'],
    ['I had to give my TRN, 104-227-381, so they have me on file', '104-227-381'],
    ['Taxpayer Registration Number: 104 227 381', '104 227 381'],
    ['numéro AVS 756.4821.3370.15', '756.4821.3370.15'],
    ['my number is 756.4821.3370.15, in case', '756.4821.3370.15'],
    ['Alberta health number 12345-6789', '12345-6789'],
    ['Alien Registration No. A012345678', 'A012345678'],
    ['NRIC S1234567D', 'S1234567D'],
    ['CUIL 20-12345678-9', '20-12345678-9'],
    ["numéro d'assurance sociale 046 454 286", '046 454 286'],
  ];
  for (const [text, id] of found)
    it(`finds ${JSON.stringify(text)}`, () => {
      assert.ok(
        ids(text).some((m) => m.endsWith(id)),
        `${id} not found in ${text}: ${JSON.stringify(ids(text))}`,
      );
      assert.ok(!redactText(text, about).text.includes(id));
    });

  const kept = [
    'Certificate no. 288, 1912',
    'entry no. 288 in the register of 1912; page 14, roll 1234, film 1905723',
    'Tallinn 1944',
    'national number 1944',
    'Member No. 1998',
    'ID no. 5',
    'sin 12345 pesos',
    'the SINGER 1234',
    'the PANTHEON 1234',
    'Dept. 756 of the archive, box 1234',
  ];
  for (const text of kept)
    it(`keeps ${JSON.stringify(text)}`, () => {
      assert.deepEqual(ids(text), []);
      assert.equal(redactText(text, about).text, text);
    });

  it('a record of the dead keeps its numbers; a modern record loses them', () => {
    const old = 'Civil marriage certificate no. 288, 1912; national number 781234 of the society.';
    assert.equal(redactText(old, ctx).text, old);
    assert.equal(redactRecord(record(old, '12 MAR 1912'), ctx).record.text, old);
    const modern = 'NATIONAL NUMBER 781234. Applicant: Linda Barnett.';
    const r = redactRecord(record(modern, '1998'), ctx).record.text ?? '';
    assert.ok(!r.includes('781234'), r);
    assert.match(r, /Linda Barnett/);
  });
});

describe('Censor: Baltic and Finnish street words', () => {
  const streets: [string, string][] = [
    ['kirjutage mulle Kase tee 4, Kiiu küla', 'Kase tee 4'],
    ['elab Pärnu mnt 10, Tallinn', 'Pärnu mnt 10'],
    ['Pikk tänav 7, Tallinn', 'Pikk tänav 7'],
    ['Narva maantee 25, Tallinn', 'Narva maantee 25'],
    ['Kadrioru pst 2, Tallinn', 'Kadrioru pst 2'],
    ['dzīvo Brīvības iela 12, Rīga', 'Brīvības iela 12'],
    ['Aspazijas bulvāris 3, Rīga', 'Aspazijas bulvāris 3'],
    ['gyvena Gedimino prospektas 9, Vilnius', 'Gedimino prospektas 9'],
    ['Vilniaus g. 15, Kaunas', 'Vilniaus g. 15'],
    ['asuu Mannerheimintie 5, Helsinki', 'Mannerheimintie 5'],
    ['asuu Rauhan katu 5, Helsinki', 'Rauhan katu 5'],
  ];
  for (const [text, street] of streets)
    it(`a living person's ${JSON.stringify(street)} goes`, () => {
      assert.ok(!redactText(text, about).text.includes(street), redactText(text, about).text);
    });

  it('history keeps them: a dead person’s street, and years after a place', () => {
    for (const text of ['Jüri Tamm lived at Kase tee 4 until 1913.', 'Tallinn 1944', 'the Tamme farm at Kiiu, 1826'])
      assert.equal(redactText(text, ctx).text, text);
    assert.equal(redactText('Tallinn 1944; Riga 1919', about).text, 'Tallinn 1944; Riga 1919');
  });
});

describe('Censor: a European postal code before its place, in modern text', () => {
  const found: [string, string][] = [
    ['Kase tee 4, Kiiu küla, 74604 Harju maakond, Estonia', '74604'],
    ['c/o Müller,\n10115 Berlin', '10115'],
    ['Kauppatori, 00100 Helsinki', '00100'],
    ['Brīvības iela 12, LV-1050 Rīga', 'LV-1050'],
    ['Gedimino pr. 9, LT-01103 Vilnius', 'LT-01103'],
    ['postal address EE-74604', 'EE-74604'],
    ['Marktgasse 3, CH-8001 Zürich', 'CH-8001'],
    ['12, rue de la Gare, L-8521 Beckerich', 'L-8521'],
    ['7 place Kléber, F-67000 Strasbourg', 'F-67000'],
    ['Stephansplatz 1, A-1010 Wien', 'A-1010'],
    ['Storgatan 4, S-342 50 Vislanda', 'S-342 50'],
  ];
  for (const [text, code] of found)
    it(`redacts ${code} in ${JSON.stringify(text)}`, () => {
      const out: { kind: 'living' | 'pii'; what: string }[] = [];
      const r = redactLocalPii(text, out);
      assert.ok(!r.includes(code), r);
      assert.ok(out.length > 0);
    });

  const kept = [
    'Tallinn 1944',
    'In 1944 Tallinn burned; the farm, 1944 Tallinn',
    'the house at\n2207 Hillcrest Drive in Red Wing',
    'Albert Benson (son), 2400 Grand Concourse, Bronx.',
    'x,\n10115 Berlin Road',
    'form I-130 and N-400, roll T-624, microfilm 1234',
    'Certificate no. 288, 1912',
    'film A-1234, box L-2211',
  ];
  for (const text of kept)
    it(`keeps ${JSON.stringify(text)}`, () => {
      const out: { kind: 'living' | 'pii'; what: string }[] = [];
      const r = redactLocalPii(text, out);
      assert.ok(!/postal code|ID number/.test(r), r);
    });

  it('the 2016 letter shape: identifier, street, postal code, phone and e-mail all go; the village stays', () => {
    const text =
      'I am Kadri Tamm-Kuusk, born 23 November 1976 in Tallinn (isikukood 47611230215).\n' +
      'My grandmother always told us the old farmhouse burned in 1944.\n\n' +
      'You can write to me at Kase tee 4, Kiiu küla, 74604 Harju maakond, Estonia, or call +372 5344 8761,\n' +
      'e-mail kadri.tk@example.ee.';
    const r = redactRecord(record(text, '14 SEP 2016'), ctx).record.text ?? '';
    for (const bait of ['47611230215', 'Kase tee 4', '74604', '5344 8761', 'kadri.tk@example.ee', '23 November 1976'])
      assert.ok(!r.includes(bait), `${bait} in ${r}`);
    assert.match(r, /Kiiu küla/);
    assert.match(r, /Harju maakond/);
    assert.match(r, /burned in 1944/);
  });
});

describe('Censor: a rural grid address', () => {
  it('reads Wisconsin\'s "W5412 County Road P" as a street address, and keeps a year before a name', () => {
    const found = (t: string) => scanPii(t).map((m) => m.match);
    assert.deepEqual(found('Write to W5412 County Road P, Juneau, WI 53039'), ['W5412 County Road P']);
    assert.deepEqual(found('N1234 State Hwy 26, Watertown'), ['N1234 State Hwy']);
    assert.deepEqual(found('In 1880 W. Smith farmed here.'), []);
  });
});

describe('Censor: a Western town’s grid address', () => {
  it('reads Utah’s "455 North 300 East" as a street address, not a land survey’s township and range', () => {
    const found = (t: string) => scanPii(t).map((m) => m.match);
    assert.deepEqual(found('455 North 300 East, Pleasant Grove, UT 84062'), ['455 North 300 East']);
    assert.deepEqual(found('at 1200 W 500 S. in Provo'), ['1200 W 500 S.']);
    assert.deepEqual(found('the SE quarter of Township 3 North 2 East'), []);
    assert.deepEqual(found('in 1850 North Carolina had 12 West Point cadets'), []);
  });
});
