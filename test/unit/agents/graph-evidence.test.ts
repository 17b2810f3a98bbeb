import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import type { EvidenceClaim, Person } from '../../../src/model';

const claim = (source: string) => ({ source, snippet: 'x' }) as unknown as EvidenceClaim;

describe('knowledge graph evidence counts (calculatePriority)', () => {
  it('a person read from the case counts one per record naming them, as the analysis counts, not one per claim', () => {
    const p = {
      id: 'P-1',
      names: [{ given: 'Robert', surname: 'Schmidt', type: 'birth', citations: ['S-a', 'S-b'] }],
      sex: 'M',
      assertions: [
        {
          id: 'A1',
          field: 'sex',
          value: 'M',
          status: 'accepted',
          confidence: 1,
          evidence: [claim('S-a'), claim('S-b')],
        },
        {
          id: 'A2',
          field: 'residence.place',
          value: 'Springfield',
          status: 'staged',
          confidence: 0.5,
          evidence: [claim('S-a'), claim('S-b')],
        },
        {
          id: 'A3',
          field: 'residence.date',
          value: '1920',
          status: 'staged',
          confidence: 0.5,
          evidence: [claim('S-b')],
        },
      ],
      relationships: [],
      externalIds: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as unknown as Person;
    const g = new KnowledgeGraph([p], undefined);
    // Two records name him (five claims): a resumed run must prioritise his clues as the first run did.
    assert.equal(g.evidence.count('Robert Schmidt'), 2);
    assert.equal(g.evidence.count('Springfield'), 2);
  });
});
