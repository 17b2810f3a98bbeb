// Issue #14 (unseen cases): a place of the old country is searched under the surname borne there.
import assert from 'node:assert/strict';
import { generateClues } from '../../../src/agents/analyst/clues';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import type { IntegrationResult } from '../../../src/agents/analyst/integration-result';
import { Person } from '../../../src/model';

describe('clues: a new place is searched under every surname of the subject', () => {
  it('Kelmy under Kahn and under Kagan, one search each, the first as before', () => {
    const morris = Person.parse({
      id: 'P-m',
      names: [
        { given: 'Morris', surname: 'Kahn' },
        { given: 'Moische', surname: 'Kagan', type: 'aka' },
        { given: 'Morris', surname: 'KAHN', type: 'aka' },
      ],
      sex: 'M',
    });
    const g = new KnowledgeGraph([morris], 'P-m');
    const r: IntegrationResult = {
      personIds: ['P-m'],
      matches: [],
      created: [],
      touched: new Set(['P-m']),
      reviews: [],
      implied: [],
      refused: [],
      places: ['Kelmy, Kovno, Russian Empire'],
      added: new Map(),
      namesakes: [],
      mentions: [],
    };
    const places = generateClues(g, { id: 'S-1' }, r, []).filter((c) => c.type === 'place_search');
    assert.deepEqual(
      places.map((c) => [c.statement, c.query.surname]),
      [
        ['Search records in Kelmy, Kovno, Russian Empire', 'Kahn'],
        ['Search records in Kelmy, Kovno, Russian Empire under Kagan', 'Kagan'],
      ],
    );
  });
});
