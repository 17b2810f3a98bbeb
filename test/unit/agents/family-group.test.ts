// Issue #14 (held-out cases): a household without surnames is matched as a whole, or not at all.
import assert from 'node:assert/strict';
import { familyGroupAssignment, type RecordTie } from '../../../src/agents/analyst/identity/family-group';
import { enslaverLeads } from '../../../src/agents/analyst/extract/enslavers';
import { parseQuery } from '../../../src/model';

// Known: Isaac Carter ⚭ Milly, children Edward, Mary, Samuel; another Isaac (a cousin, married to Lucy).
const spouses = new Set(['isaac|milly', 'milly|isaac', 'isaac2|lucy', 'lucy|isaac2']);
const parents = new Set(['isaac|edward', 'milly|edward', 'milly|mary', 'milly|samuel', 'isaac|mary', 'isaac|samuel']);
const related = (x: string, y: string, kind: RecordTie['kind']) =>
  (kind === 'spouse' ? spouses : parents).has(`${x}|${y}`);
// The inventory: 0 Isaac ⚭ 1 Milly; Milly mother of 2 Ned, 3 Polly, 4 Sam.
const ties: RecordTie[] = [
  { a: 0, b: 1, kind: 'spouse' },
  { a: 1, b: 2, kind: 'parent' },
  { a: 1, b: 3, kind: 'parent' },
  { a: 1, b: 4, kind: 'parent' },
];

describe('identity: a family recognised as a whole', () => {
  it('takes the one known family in which every tie holds, though each member alone is only alike', () => {
    const candidates = [['isaac', 'isaac2'], ['milly'], ['edward'], ['mary'], ['samuel']];
    const pick = familyGroupAssignment(ties, (i) => candidates[i], related);
    assert.deepEqual(
      [...pick.entries()],
      [
        [0, 'isaac'],
        [1, 'milly'],
        [2, 'edward'],
        [3, 'mary'],
        [4, 'samuel'],
      ],
    );
  });

  it('decides nothing when a member has no candidate, a tie fails, or two families fit', () => {
    const known = [['isaac'], ['milly'], ['edward'], [], ['samuel']];
    assert.equal(familyGroupAssignment(ties, (i) => known[i], related).size, 0);
    // Polly's only candidate is Lucy's child, not Milly's: no assignment holds.
    const wrong = [['isaac'], ['milly'], ['edward'], ['lucy'], ['samuel']];
    assert.equal(familyGroupAssignment(ties, (i) => wrong[i], related).size, 0);
    // Two Isaacs both married to Milly (a remarriage to a namesake): two assignments, no decision.
    const both = new Set([...spouses, 'isaac2|milly', 'milly|isaac2']);
    const twice = familyGroupAssignment(
      ties,
      (i) => [['isaac', 'isaac2'], ['milly'], ['edward'], ['mary'], ['samuel']][i],
      (x, y, kind) => (kind === 'spouse' ? both : parents).has(`${x}|${y}`),
    );
    assert.equal(twice.size, 0);
    // A couple and one child is too small a group to tell a family by.
    assert.equal(familyGroupAssignment(ties.slice(0, 1), (i) => [['isaac'], ['milly']][i], related).size, 0);
  });
});

describe('extract: the enslaver named in a record of freed people', () => {
  it("reads a register's 'Last owner' column and prose, and searches each owner's estate records", () => {
    const table = [
      '| Name of husband | Age | Last owner | Name of wife | Last owner |',
      '|---|---|---|---|---|',
      "| Isaac Carter | 46 | Richard Bledsoe (dec'd) | Milly Carter | Richard Bledsoe (dec'd) |",
      '| Isaac Carter | 24 | Jas. Carter | Lucy Carter | — |',
    ].join('\n');
    const leads = enslaverLeads(table, 'Anderson Haywood, formerly the property of William Boylan, of Raleigh.');
    assert.deepEqual(
      leads.map((l) => parseQuery(l.suggestedQueries[0])),
      [
        { given: 'Richard', surname: 'Bledsoe', recordTypes: ['probate', 'will', 'deed'] },
        { given: 'Jas.', surname: 'Carter', recordTypes: ['probate', 'will', 'deed'] },
        { given: 'William', surname: 'Boylan', recordTypes: ['probate', 'will', 'deed'] },
      ],
    );
    assert.deepEqual(enslaverLeads('The owner of the mill, John Smith, was a witness.'), []);
  });
});
