import assert from 'node:assert/strict';
import fc from 'fast-check';
import damerauLevenshtein from 'talisman/metrics/damerau-levenshtein';
import talismanJaroWinkler from 'talisman/metrics/jaro-winkler';
import { jaroWinkler, oneEditApart } from '../../../src/agents/analyst/resolve/metrics';

// Short strings over a small alphabet, so that matches, transpositions and slips are frequent.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'e', 'n', 'r', 's', 'ä'), maxLength: 12 });

describe('resolve: allocation-free string metrics agree with talisman', () => {
  it('Jaro-Winkler equals talisman/metrics/jaro-winkler', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        assert.equal(jaroWinkler(a, b), talismanJaroWinkler(a, b));
      }),
      { numRuns: 3000 },
    );
    assert.equal(jaroWinkler('martha', 'marhta'), talismanJaroWinkler('martha', 'marhta'));
    assert.equal(jaroWinkler('', 'abc'), 0);
  });
  it('oneEditApart is Damerau-Levenshtein distance exactly 1', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        assert.equal(oneEditApart(a, b), damerauLevenshtein(a, b) === 1, `${a} / ${b}`);
      }),
      { numRuns: 3000 },
    );
    // Derived pairs: one edit away by construction.
    fc.assert(
      fc.property(
        word.filter((w) => w.length >= 2),
        fc.nat(),
        (w, n) => {
          const i = n % (w.length - 1);
          const swapped = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
          assert.equal(oneEditApart(w, swapped), damerauLevenshtein(w, swapped) === 1);
          assert.ok(oneEditApart(w, w.slice(0, i) + w.slice(i + 1)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
