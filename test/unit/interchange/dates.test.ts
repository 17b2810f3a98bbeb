import { strict as assert } from 'node:assert';
import { censorDecadeAsRange, dateTo5, dateTo7, isDateValue7 } from '../../../src/interchange/gedcom/dates';

describe('GEDCOM dates normalised to each version’s grammar', () => {
  it('7.0: sloppy forms become standard ones; what does not parse becomes a PHRASE', () => {
    assert.deepEqual(dateTo7('ABT. 1886'), { date: 'ABT 1886' });
    assert.deepEqual(dateTo7('BET. 1794 - 1796'), { date: 'BET 1794 AND 1796' });
    assert.deepEqual(dateTo7('about March 1850'), { date: 'ABT MAR 1850' });
    assert.deepEqual(dateTo7('12 may 1890'), { date: '12 MAY 1890' });
    assert.deepEqual(dateTo7('@#DJULIAN@ 1 MAR 1700/01'), {
      date: 'JULIAN 1 MAR 1700',
      phrase: '@#DJULIAN@ 1 MAR 1700/01',
    });
    assert.deepEqual(dateTo7('INT 1850 (about the time of the war)'), {
      date: '1850',
      phrase: 'about the time of the war',
    });
    assert.deepEqual(dateTo7('1960S'), { date: 'BET 1960 AND 1969', phrase: '1960S' });
    assert.deepEqual(dateTo7('DECEASED'), { date: '', phrase: 'DECEASED' });
    assert.deepEqual(dateTo7('44 B.C.'), { date: '44 BCE' });
    assert.deepEqual(dateTo7('@#DFRENCH R@ 1 VEND 12'), { date: 'FRENCH_R 1 VEND 12' });
    for (const v of [
      'ABT. 1886',
      'BET. 1794 - 1796',
      'DECEASED',
      '1960S',
      'Spring 1850',
      'FROM 1900 TO 1910',
      '31 DEC 1999',
    ])
      assert.ok(isDateValue7(dateTo7(v).date), v);
    assert.ok(!isDateValue7('1950s') && !isDateValue7('4 JAN [address redacted]') && !isDateValue7('32 JAN 1900'));
  });

  it('5.5.1: standard forms when tidying gives one, the text as written otherwise', () => {
    assert.equal(dateTo5('ABT. 1886'), 'ABT 1886');
    assert.equal(dateTo5('BET. 1794 - 1796'), 'BET 1794 AND 1796');
    assert.equal(dateTo5('DECEASED'), 'DECEASED');
    assert.equal(dateTo5('@#DJULIAN@ 1 MAR 1700/01'), '@#DJULIAN@ 1 MAR 1700/01');
    assert.equal(dateTo5('JULIAN 1 MAR 1700'), '@#DJULIAN@ 1 MAR 1700');
    assert.equal(dateTo5('', 'DECEASED'), '(DECEASED)');
  });
});

describe('a decade the Censor left in a stored date', () => {
  it('is written as the range it means, never as "1960s"', () => {
    assert.equal(censorDecadeAsRange('1950s'), 'BET 1950 AND 1959');
    assert.equal(censorDecadeAsRange('EST 1960s'), 'BET 1960 AND 1969');
    assert.equal(censorDecadeAsRange('CAL 1980s'), 'BET 1980 AND 1989');
    assert.equal(censorDecadeAsRange('AFT 1990s'), 'AFT 1990');
    assert.equal(censorDecadeAsRange('BEF 1990s'), 'BEF 1999');
    assert.equal(censorDecadeAsRange('EST 1961'), 'EST 1961');
    assert.equal(censorDecadeAsRange('1960S'), '1960S', "a file's own text is the date converters' business");
  });
});
