/**
 * Enter in a person picker (Go to Person, Open Person Page, Show Pedigree): the highlighted item,
 * or the best match of the typed text when Enter came while the results were being replaced.
 */
import { strict as assert } from 'node:assert';
import { acceptedOrBestMatch } from '../../../src/extension/people/accept-pick';

describe('person pickers: what Enter chooses', () => {
  const asked: string[] = [];
  const best = (text: string) => {
    asked.push(text);
    return Promise.resolve(text === 'victoria hanover' ? 'P-victoria' : undefined);
  };

  it('the highlighted item, without searching', async () => {
    asked.length = 0;
    assert.equal(await acceptedOrBestMatch('P-albert', 'victoria hanover', best), 'P-albert');
    assert.deepEqual(asked, []);
  });

  it('nothing highlighted yet: the best match of what was typed', async () => {
    asked.length = 0;
    assert.equal(await acceptedOrBestMatch(undefined, '  victoria hanover ', best), 'P-victoria');
    assert.deepEqual(asked, ['victoria hanover']);
  });

  it('nothing highlighted and nothing typed, or no match: nothing', async () => {
    asked.length = 0;
    assert.equal(await acceptedOrBestMatch(undefined, '   ', best), undefined);
    assert.deepEqual(asked, []);
    assert.equal(await acceptedOrBestMatch(undefined, 'nobody', best), undefined);
  });
});
