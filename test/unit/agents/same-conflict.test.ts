// A conflict read back from its file (keys in the file's order) is the one the run knows: a resumed
// run does not weigh it again (the Lead helper met this as a fault-suite difference at seed 21).
import assert from 'node:assert/strict';
import { sameConflict } from '../../../src/agents/analyst/conflicts/brought-together';
import { Conflict } from '../../../src/model';

const known = Conflict.parse({
  id: 'C-1',
  person: 'P-1',
  field: 'birth.date',
  competing: [
    { assertion: 'A-1', value: '14 MAR 1842', weight: 0.9 },
    { assertion: 'A-2', value: '1843', weight: 0.5 },
  ],
  preferred: '14 MAR 1842',
  rationale: 'the baptism outweighs the census age',
  status: 'tentative',
  resolvedBy: 'engine',
  resolvedAt: '2026-11-28T10:00:00.000Z',
});

describe('a conflict compared as data', () => {
  it('is the same with its keys in another order and another resolution time', () => {
    const fromFile = Conflict.parse(
      JSON.parse(
        JSON.stringify({
          status: known.status,
          preferred: known.preferred,
          competing: known.competing.map((c) => ({
            weight: c.weight,
            value: c.value,
            evidence: [],
            assertion: c.assertion,
          })),
          rationale: known.rationale,
          field: known.field,
          person: known.person,
          id: known.id,
          resolvedBy: 'engine',
          resolvedAt: '2026-11-29T09:00:00.000Z',
          nextActions: [],
        }),
      ),
    );
    assert.notEqual(JSON.stringify(fromFile), JSON.stringify(known), 'the texts differ');
    assert.ok(sameConflict(known, fromFile));
  });

  it('is another when a value, a weight or the preferred value changed', () => {
    assert.ok(!sameConflict(known, { ...known, preferred: '1843' }));
    assert.ok(
      !sameConflict(known, { ...known, competing: [known.competing[0], { ...known.competing[1], weight: 0.6 }] }),
    );
  });
});
