/** A life written after a name in a record's text: "Ernest Fenyvesi (1886–1942)". */
import assert from 'node:assert/strict';
import { extractStructured } from '../../../src/agents/analyst/extract';
import { writtenLifespan } from '../../../src/agents/analyst/extract/lifespan-in-text';

const QUERY =
  'Seeking cousins descended from Ernest Fenyvesi\n(1886–1942), bookkeeper, and his wife Rose. Please write: Judith Marx (b. 1949).';

describe('extract: a lifespan written after a name', () => {
  it('gives an indexed persona without dates the years the text writes after the name, grounded', () => {
    const [ernest, rose, judith] = extractStructured({
      text: QUERY,
      persons: [
        { name: 'Ernest /Fenyvesi/', role: 'mentioned' },
        { name: 'Rose /Fenyvesi/', role: 'mentioned' },
        { name: 'Judith /Marx/', role: 'principal' },
      ],
    });
    assert.equal(ernest.persona.birthDate, '1886');
    assert.equal(ernest.persona.deathDate, '1942');
    assert.equal(ernest.snippets.birthDate, 'Ernest Fenyvesi (1886–1942)');
    assert.equal(rose.persona.birthDate, undefined);
    // An open "(b. 1949)" is a living person's year: never read.
    assert.equal(judith.persona.birthDate, undefined);
  });

  it('leaves dates the index gives, spans that cannot be a life, and other names alone', () => {
    const span = (text: string, name: string, birthDate?: string) =>
      writtenLifespan(text, { name, role: 'other', ...(birthDate ? { birthDate } : {}) });
    assert.equal(span('James McElroy (1817-1893) m. 1842', 'James /McElroy/', '11 APR 1817'), undefined);
    assert.equal(span('James McElroy (1893-1817)', 'James /McElroy/'), undefined);
    assert.equal(span('James McElroy (1700-1850)', 'James /McElroy/'), undefined);
    assert.equal(span('Robert McElroy (1779-1851)', 'James /McElroy/'), undefined);
    assert.deepEqual(span('5. James McElroy (1817-1893) m. 1842 Rachel Gammon', 'James /McElroy/'), {
      birthDate: '1817',
      deathDate: '1893',
      snippet: 'James McElroy (1817-1893)',
    });
  });
});
