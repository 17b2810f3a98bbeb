import assert from 'node:assert/strict';
import { addAssertion } from '../../../src/agents/analyst/assertions';
import { restage } from '../../../src/agents/analyst/staging';
import type { Assertion, Person } from '../../../src/model';
import { claim } from '../resolve/fixtures';

const now = new Date('2026-11-25T00:00:00Z');
const obituary = claim({ source: 'S-obit', snippet: 'born March 14, 1842 in Kleinbach, Bavaria', confidence: 0.64 });
const baptism = claim({
  source: 'S-bapt',
  snippet: 'Johann Friedrich, born 14 March 1842 at Kleinbach',
  confidence: 0.9,
});

function person(...assertions: Assertion[]): Person {
  return {
    id: 'P-1',
    names: [{ given: 'Johann', surname: 'Schmidt', type: 'birth' }],
    sex: 'M',
    assertions,
    relationships: [],
    externalIds: {},
  };
}

const place = (over: Partial<Assertion>): Assertion => ({
  id: 'A-1',
  field: 'birth.place',
  value: 'Kleinbach, Bavaria',
  status: 'staged',
  confidence: 0.64,
  evidence: [obituary],
  ...over,
});

describe("the user's review decisions and the Analyst", () => {
  it('a rejected fact is not proposed again from the same evidence, whatever it is read as now', () => {
    const p = person(
      place({ status: 'rejected', reviewed: { decision: 'rejected', at: now.toISOString(), reason: 'guessed' } }),
    );
    // The same snippet read differently ("Kleinbach" alone): keyed by the evidence, not the text.
    assert.equal(addAssertion(p, 'birth.place', 'Kleinbach', obituary, now), p);
    assert.equal(addAssertion(p, 'birth.place', 'Kleinbach,  Bavaria', obituary, now), p);
    // Another field of the same snippet is a different fact.
    assert.equal(addAssertion(p, 'birth.date', '14 MAR 1842', obituary, now).assertions.length, 2);
    // New evidence (another source) may propose it: staged, for the user to see.
    const fresh = addAssertion(p, 'birth.place', 'Kleinbach', baptism, now);
    assert.equal(fresh.assertions.length, 2);
    assert.equal(fresh.assertions[1].status, 'staged');
  });

  it("an edited fact's old value is not proposed again from the evidence it was edited on", () => {
    const edited = place({
      value: 'Kleinbach, Oberpfalz, Bavaria',
      status: 'accepted',
      reviewed: { decision: 'edited', at: now.toISOString(), was: 'Kleinbach, Bavaria' },
    });
    const p = person(edited);
    assert.equal(addAssertion(p, 'birth.place', 'Kleinbach, Bavaria', obituary, now), p);
    // The same source with another snippet but the value edited away: still that evidence.
    const other = { ...obituary, snippet: 'a native of Kleinbach, Bavaria' };
    assert.equal(addAssertion(p, 'birth.place', 'Kleinbach, Bavaria', other, now), p);
    // A fact the user merely accepted still gathers new evidence.
    const accepted = person(place({ status: 'accepted', reviewed: { decision: 'accepted', at: now.toISOString() } }));
    assert.equal(
      addAssertion(accepted, 'birth.place', 'Kleinbach, Bavaria', baptism, now).assertions[0].evidence.length,
      2,
    );
  });

  it('the engine never re-decides a reviewed fact or relationship (a control without review is re-decided)', () => {
    const weak = place({ status: 'accepted', reviewed: { decision: 'accepted', at: now.toISOString() } });
    const p = {
      ...person(weak),
      relationships: [
        {
          type: 'parent' as const,
          person: 'P-2',
          status: 'accepted' as const,
          confidence: 0.5,
          evidence: [obituary],
          reviewed: { decision: 'accepted' as const, at: now.toISOString() },
        },
      ],
    };
    const r = restage(p, new Set());
    assert.equal(r.person.assertions[0].status, 'accepted');
    assert.equal(r.person.relationships[0].status, 'accepted');
    assert.deepEqual(r.decisions, []);
    const control = restage(person(place({ status: 'accepted' })), new Set());
    assert.equal(control.person.assertions[0].status, 'staged');
  });
});
