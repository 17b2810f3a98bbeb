import { strict as assert } from 'node:assert';
import { redactRecord, redactText, type CensorContext } from '../../../../src/agents/censor';
import type { RawRecord } from '../../../../src/model';

const ctx: CensorContext = {
  now: new Date('2026-11-24T00:00:00Z'),
  thresholdYears: 100,
  consent: false,
  livingNames: [],
};

/** A captured body: what reaches sources/<id>.md. */
function body(
  text: string,
  date?: string,
  c: CensorContext = ctx,
  recordType: RawRecord['recordType'] = 'other',
): string {
  const record: RawRecord = {
    title: 'Notice',
    recordType,
    repository: 'Newspaper',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text,
    ...(date ? { date } : {}),
  };
  return redactRecord(record, c).record.text;
}

describe('Censor: exact birth dates of the living in free text, across forms and languages (#21)', () => {
  // [text, the date as written, the decade it becomes]
  const living: [string, string, string][] = [
    ['Host: Mary Jones, b. 3 Apr 1938, of Springfield.', '3 Apr 1938', '1930s'],
    ['Mary Jones, born 3/4/1938 in Springfield.', '3/4/1938', '1930s'],
    ['Maria Schmidt * 03.04.1938 in Bremen', '03.04.1938', '1930s'],
    ['Maria Schmidt, geb. 3. April 1938 in Bremen.', '3. April 1938', '1930s'],
    ['Marie Dupont, née le 3 avril 1938 à Lyon.', '3 avril 1938', '1930s'],
    ['Marie Dupont, née le 1er avril 1938 à Lyon.', '1er avril 1938', '1930s'],
    ['Maria García, nacida el 3 de abril de 1938 en Sevilla.', '3 de abril de 1938', '1930s'],
    ['Maria Rossi, nata il 3 aprile 1938 a Torino.', '3 aprile 1938', '1930s'],
    ['Maria de Vries, geboren 3 maart 1938 te Utrecht.', '3 maart 1938', '1930s'],
    ['Anna Nilsson, född 3 april 1938 i Lund.', '3 april 1938', '1930s'],
    ['Anna Hansen, født 3. marts 1938 i Odense.', '3. marts 1938', '1930s'],
    ['Anna Kowalska, ur. 3 kwietnia 1938 w Krakowie.', '3 kwietnia 1938', '1930s'],
    ['Mary Jones (born April 3rd, 1938) will host.', 'April 3rd, 1938', '1930s'],
    ['Mary Jones, DOB 1938-04-03, of Springfield.', '1938-04-03', '1930s'],
    ['Mary Jones, date of birth: 3-4-1938.', '3-4-1938', '1930s'],
    ['Mary Jones, born on the 3rd April 1938.', '3rd April 1938', '1930s'],
    ['Jan Novák, narozen 3. 4. 1958 v Brně.', '3. 4. 1958', '1950s'],
    ['Reunion: John b. 3 Apr 1938 d. 2001; Mary b. 1 Jan 1940.', '1 Jan 1940', '1940s'],
    ['Reunion: John b. 3 Apr 1938 d. 2001, Mary b. 1 Jan 1940, both of Ohio.', '1 Jan 1940', '1940s'],
    // Japanese, Chinese and Korean write the birth word after the date, or 生年月日 before it
    ['連絡先：上田美咲（1985年7月14日生）', '1985年7月14日', '1980s'],
    ['上田美咲 昭和60年7月14日生まれ', '昭和60年7月14日', '1980s'],
    ['王芳，出生日期：1985年7月14日', '1985年7月14日', '1980s'],
    ['김민지 (1985년 7월 14일 출생)', '1985년 7월 14일', '1980s'],
    ['Γιάννης Μαρκάκης, γεν. 27 Σεπτεμβρίου 1959, Ζαρός', '27 Σεπτεμβρίου 1959', '1950s'],
    ['Maria Popescu, născută la 3 martie 1958', '3 martie 1958', '1950s'],
    ['mev. Anna-Marie Odendaal-Venter (gebore 17 Julie 1948), Kerkstraat 22', '17 Julie 1948', '1940s'],
    ['Marija Borg, twieldet fil-15 ta’ Lulju 1950 iż-Żebbuġ', '15 ta’ Lulju 1950', '1950s'],
    ['Ayşe Yılmaz, doğum 3 Temmuz 1958, İzmir', '3 Temmuz 1958', '1950s'],
    ['Siti Rahayu, lahir 14 Agustus 1962 di Bandung', '14 Agustus 1962', '1960s'],
    // A living writer's own birth, in the first person
    ['Verónica Valenzuela Ruiz (nací el 2 de marzo de 1961)', '2 de marzo de 1961', '1960s'],
    ['Eu nasci a 2 de março de 1961 na Brava.', '2 de março de 1961', '1960s'],
    ['Urodziłam się 3 kwietnia 1958 w Łodzi.', '3 kwietnia 1958', '1950s'],
    ['Jag föddes 3 april 1961 i Lund.', '3 april 1961', '1960s'],
  ];
  for (const [text, date, decade] of living)
    it(`redacts "${date}" in: ${text}`, () => {
      for (const recordDate of [undefined, '2019']) {
        const out = body(text, recordDate);
        assert.ok(!out.includes(date), `${recordDate ?? 'undated'}: ${out}`);
        assert.ok(out.includes(decade), out);
      }
    });

  // Dead persons' dates, historical dates, and dates that are not births: kept as written.
  const kept: [string, string][] = [
    ['Johann Schmidt, born 3 Apr 1850 in Bremen.', '3 Apr 1850'],
    ['Johann Schmidt * 03.04.1850 in Bremen', '03.04.1850'],
    ['Jean Dupont, né le 3 avril 1850 à Lyon.', '3 avril 1850'],
    ['John Jones, b. 3 Apr 1938, d. 4 May 2001.', '3 Apr 1938'],
    ['Maria Schmidt, geb. 3. April 1938, gest. 1999 in Bremen.', '3. April 1938'],
    ['Marie Dupont, née le 3 avril 1938, décédée le 2 mai 2010.', '3 avril 1938'],
    ['Hans Vogel * 03.04.1938 † 05.06.2001', '03.04.1938'],
    ['John Jones, born 3 Apr 1938, passed away on Monday.', '3 Apr 1938'],
    ['John Jones, who died in 2001, was born 3 Apr 1938 in Ohio.', '3 Apr 1938'],
    ['Reunion: John b. 3 Apr 1938 d. 2001; Mary b. 1 Jan 1940.', '3 Apr 1938'],
    ['They married 3 Apr 1960 in Springfield.', '3 Apr 1960'],
    ['Mary Jones née Smith, 3 children.', 'née Smith'],
  ];
  for (const [text, date] of kept)
    it(`keeps "${date}" in: ${text}`, () => {
      for (const recordDate of [undefined, '1905', '2019']) assert.ok(body(text, recordDate).includes(date));
    });

  it('with consent nothing is redacted', () => {
    const text = 'Mary Jones, b. 3 Apr 1938, of Springfield.';
    assert.equal(body(text, undefined, { ...ctx, consent: true }), text);
  });

  it('text about a living person: every exact modern date, in any of these forms, becomes its decade', () => {
    const about = { ...ctx, aboutLiving: true };
    for (const [date, decade] of [
      ['03.04.1938', '1930s'],
      ['3. April 1938', '1930s'],
      ['3 de abril de 1938', '1930s'],
      ['12 avril 1990', '1990s'],
    ]) {
      const r = redactText(`Moved on ${date} to the farm.`, about);
      assert.equal(r.text, `Moved on ${decade} to the farm.`);
      assert.ok(r.redactions.some((x) => x.kind === 'living'));
    }
    assert.equal(redactText('Moved on 3. April 1890 to the farm.', about).text, 'Moved on 3. April 1890 to the farm.');
  });

  it('an obituary’s "He was born …" is the deceased’s birth and stays; a survivor’s birth in it does not', () => {
    const obit = `SEXTON, Delbert Ray, 80, of Kettering, passed away Wednesday, October 14, 2009, at Kettering
Medical Center. He was born August 17, 1928, in Benham, Kentucky. His daughter Karen, born March 3, 1953, survives.`;
    const out = body(obit, '16 OCT 2009', ctx, 'obituary');
    assert.match(out, /He was born August 17, 1928, in Benham/);
    assert.ok(!out.includes('March 3, 1953'), out);
    // The same sentence in a notice that tells no death is read as before: a birth within the threshold.
    assert.ok(!body(obit.replace('passed away', 'celebrated'), '16 OCT 2009').includes('August 17, 1928'));
  });
});
