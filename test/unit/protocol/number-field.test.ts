import { strict as assert } from 'node:assert';
import { checkNumber } from '../../../src/protocol/number-field';

describe('number fields of the panels (src/protocol/number-field.ts)', () => {
  const score = { label: 'Batch-accept score', min: 0.5, max: 1 };

  it('reads a number in range, with a point or a decimal comma', () => {
    assert.deepEqual(checkNumber('0.95', score), { ok: true, value: 0.95 });
    assert.deepEqual(checkNumber(' 0,9 ', score), { ok: true, value: 0.9 });
    assert.deepEqual(checkNumber('1', score), { ok: true, value: 1 });
    assert.deepEqual(checkNumber('0.5', score), { ok: true, value: 0.5 });
  });

  it('says what is wrong, with the label and the range, when the value is out of range or not a number', () => {
    const low = checkNumber('0.3', score);
    assert.equal(low.ok, false);
    assert.equal(!low.ok && low.message, 'Batch-accept score: 0.3 is out of range; type a number from 0.5 to 1.');
    const high = checkNumber('2', score);
    assert.ok(!high.ok && /2 is out of range/.test(high.message));
    const word = checkNumber('high', score);
    assert.ok(!word.ok && /not a number/.test(word.message));
    // What Chromium reports for "0.9x" typed into <input type="number">: value '' and badInput.
    const bad = checkNumber('', score, true);
    assert.ok(!bad.ok && /not a number/.test(bad.message));
  });

  it('an empty field is "no value" only where the field is optional', () => {
    assert.deepEqual(checkNumber('', { ...score, optional: true }), { ok: true, value: undefined });
    const required = checkNumber('  ', score);
    assert.ok(!required.ok && /type a number from 0.5 to 1/.test(required.message));
  });
});
