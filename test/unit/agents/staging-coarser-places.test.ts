import assert from 'node:assert/strict';
import { restage } from '../../../src/agents/analyst/staging';
import type { Assertion, Person } from '../../../src/model';
import { claim } from '../resolve/fixtures';

const census1 = claim({ source: 'S-1881', snippet: 'Thomas Pritchard, 39, born Wales', confidence: 0.7 });
const census2 = claim({ source: 'S-1891', snippet: 'Thomas Pritchard, 49, born Wales', confidence: 0.7 });
const death = claim({ source: 'S-death', snippet: 'born at Llanidloes, Wales', confidence: 0.765 });
const other = claim({ source: 'S-obit', snippet: 'a native of Cardiff, Wales', confidence: 0.765 });

function person(...assertions: Assertion[]): Person {
  return {
    id: 'P-1',
    names: [{ given: 'Thomas', surname: 'Pritchard', type: 'birth' }],
    sex: 'M',
    assertions,
    relationships: [],
    externalIds: {},
  };
}

const value = (id: string, v: string, evidence: Assertion['evidence'], field = 'birth.place'): Assertion => ({
  id,
  field,
  value: v,
  status: 'staged',
  confidence: 0,
  evidence,
});

describe('staging: a coarser place is evidence for the precise one, not its rival (issue #14 item 9)', () => {
  it('"Wales" in two censuses and "Llanidloes, Wales" in one record: the town is accepted, and preferred', () => {
    const { person: p, decisions } = restage(
      person(value('A-w', 'Wales', [census1, census2]), value('A-l', 'Llanidloes, Wales', [death])),
      new Set(),
    );
    const [wales, town] = p.assertions;
    assert.equal(town.status, 'accepted');
    assert.ok(town.confidence > wales.confidence, 'the precise value carries the coarse one’s support');
    assert.deepEqual(town.evidence, [death], 'its own citations stay its own');
    assert.match(decisions.find((d) => d.id === 'A-l')!.reason, /supported by the coarser "Wales"/);
  });

  it('a coarse place that fits a rival town as well supports neither', () => {
    const { person: p } = restage(
      person(
        value('A-w', 'Wales', [census1, census2]),
        value('A-l', 'Llanidloes, Wales', [death]),
        value('A-c', 'Cardiff, Wales', [other]),
      ),
      new Set(),
    );
    assert.deepEqual(
      p.assertions.map((a) => a.status),
      ['accepted', 'staged', 'staged'],
    );
  });

  it('dates are left to their own evidence: "CAL 1798" does not carry a single record’s day', () => {
    const { person: p } = restage(
      person(
        value('A-c', 'CAL 1798', [census1, census2], 'birth.date'),
        value('A-d', '23 MAR 1798', [death], 'birth.date'),
      ),
      new Set(),
    );
    assert.equal(p.assertions[1].status, 'staged');
  });
});
