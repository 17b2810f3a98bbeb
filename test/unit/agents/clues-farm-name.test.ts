import assert from 'node:assert/strict';
import { generateClues } from '../../../src/agents/analyst/clues';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import type { IntegrationResult } from '../../../src/agents/analyst/integration-result';
import { Person } from '../../../src/model';

function result(touched: string[]): IntegrationResult {
  return {
    personIds: [],
    matches: [],
    created: [],
    touched: new Set(touched),
    reviews: [],
    implied: [],
    refused: [],
    places: [],
    added: new Map(),
    namesakes: [],
    mentions: [],
  };
}

describe('clues: a Nordic household farm name', () => {
  const father = Person.parse({
    id: 'P-father',
    names: [
      { given: 'Matti', surname: 'Juhonpoika Kallio', type: 'birth', citations: ['S-old'] },
      { given: 'Matti', surname: 'Juhonpoika Koivisto', type: 'aka', citations: ['S-1888'] },
    ],
    sex: 'M',
    relationships: [{ type: 'child', person: 'P-son' }],
  });
  const son = Person.parse({
    id: 'P-son',
    names: [{ given: 'Juho', surname: 'Matinpoika', type: 'birth', citations: ['S-1868', 'S-1888'] }],
    sex: 'M',
    relationships: [{ type: 'parent', person: 'P-father' }],
  });

  it("searches a child named by a patronymic alone under the farm name of the parent's household", () => {
    const g = new KnowledgeGraph([father, son], 'P-father');
    const clues = generateClues(g, { id: 'S-1888' }, result(['P-son']), []);
    const q = clues.map((c) => c.query).find((x) => x.surname === 'Koivisto');
    assert.deepEqual(q && { given: q.given, surname: q.surname }, { given: 'Juho', surname: 'Koivisto' });
  });

  it('adds nothing from a record where the parent is not written with a farm name', () => {
    const g = new KnowledgeGraph([father, son], 'P-father');
    const clues = generateClues(g, { id: 'S-1868' }, result(['P-son']), []);
    assert.ok(!clues.some((c) => c.query.surname === 'Koivisto' || c.query.surname === 'Kallio'));
  });
});
