// The research log loses every postal code (withoutPostalCodes): a query or clue built from a living person's birthplace names no one.
import { strict as assert } from 'node:assert';
import { withoutPostalCodes } from '../../../../src/agents/censor';

describe('Censor: research log lines', () => {
  it('lose a ZIP after a state or province and a house-locating postcode, keep the place', () => {
    const out: { kind: 'living' | 'pii'; what: string }[] = [];
    assert.equal(
      withoutPostalCodes('{"statements":["Search records in Springfield, Illinois 62704, USA"]}', out),
      '{"statements":["Search records in Springfield, Illinois, USA"]}',
    );
    assert.equal(
      withoutPostalCodes('place:"St. Catharines, ON L2N 4P6"'),
      'place:"St. Catharines, ON [postcode redacted]"',
    );
    assert.equal(withoutPostalCodes('BirthLocation=Springfield%2C+IL 62704'), 'BirthLocation=Springfield%2C+IL');
    assert.equal(out.length, 1);
  });

  it('keep what is no postal code: ids, years, counts', () => {
    for (const line of [
      '{"id":"L-50b51a54","taskId":"T-210969b6625f","context":"S-01f9db1d9be5"}',
      'Search 1850 census for Johann Schmidt',
      'highest priority (1.000) of 7 queued tasks',
    ])
      assert.equal(withoutPostalCodes(line), line);
  });
});
