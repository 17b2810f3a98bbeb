import assert from 'node:assert/strict';
import {
  detectConflicts,
  resolveByWeight,
  rivals,
  weighClaim,
  nextActionsFor,
  applyUserResolution,
  compatibleValues,
} from '../../../src/agents/analyst/conflicts';
import { Person } from '../../../src/model';
import { claim } from '../resolve/fixtures';
import { groupCompatible } from '../../../src/agents/analyst/conflicts/detect';

function withAssertions(assertions: unknown[]): Person {
  return Person.parse({ id: 'P1', names: [{ given: 'Johann', surname: 'Schmidt' }], assertions });
}
const census = claim({
  source: 'S-census',
  evidenceType: 'Secondary',
  sourceClass: 'original',
  information: 'secondary',
  confidence: 0.8,
  repository: 'NARA',
});
const birthReg = claim({
  source: 'S-birth',
  evidenceType: 'Primary',
  confidence: 0.9,
  tier: 1,
  repository: 'Sangamon County Clerk',
});
const tree = claim({
  source: 'S-tree',
  evidenceType: 'Authored',
  sourceClass: 'authored',
  information: 'undetermined',
  confidence: 1,
  tier: 2,
});

describe('conflicts: Z weights', () => {
  it('is evidenceWeight × tierWeight × confidence', () => {
    assert.equal(weighClaim(birthReg).toFixed(4), (1.0 * 0.9 * 0.9).toFixed(4));
    assert.equal(weighClaim(census).toFixed(4), (0.7 * 0.8 * 0.8).toFixed(4));
    assert.equal(weighClaim(tree).toFixed(4), (0.4 * 1.0 * 1).toFixed(4));
  });
});

describe('conflicts: detectConflicts', () => {
  it('dates compared as ranges: "1850" and "ABT 1850" agree', () => {
    const p = withAssertions([
      { id: 'A1', field: 'birth.date', value: '1850', status: 'accepted', confidence: 0.9, evidence: [census] },
      { id: 'A2', field: 'birth.date', value: 'ABT 1850', status: 'staged', confidence: 0.6, evidence: [tree] },
      { id: 'A3', field: 'birth.date', value: '12 MAR 1850', status: 'staged', confidence: 0.6, evidence: [birthReg] },
    ]);
    assert.deepEqual(detectConflicts(p), []);
    assert.ok(compatibleValues('birth.date', '1850', 'ABT 1852'));
    assert.ok(!compatibleValues('birth.date', '12 MAR 1850', '14 MAR 1850'));
  });
  it('a date calculated from an age is good to a year, not the five years an "about" spans', () => {
    // The informant's age at death puts the birth three years from the naturalization's day: a conflict kept.
    assert.ok(!compatibleValues('birth.date', 'CAL 1877', '15 MAR 1880'));
    assert.ok(compatibleValues('birth.date', 'CAL 1879', '15 MAR 1880'));
    assert.ok(compatibleValues('birth.date', 'CAL 1842', '14 MAR 1842'));
    assert.ok(compatibleValues('birth.date', 'ABT 1877', '15 MAR 1880'));
    const p = withAssertions([
      {
        id: 'A1',
        field: 'birth.date',
        value: '15 MAR 1880',
        status: 'accepted',
        confidence: 0.9,
        evidence: [birthReg],
      },
      { id: 'A2', field: 'birth.date', value: 'CAL 1877', status: 'staged', confidence: 0.6, evidence: [census] },
    ]);
    assert.equal(detectConflicts(p).length, 1);
  });
  it('places compared with hierarchy: "Springfield, Illinois" is inside "Springfield, Sangamon, Illinois, USA"', () => {
    const p = withAssertions([
      { id: 'A1', field: 'birth.place', value: 'Springfield, Illinois', status: 'accepted', confidence: 0.9 },
      {
        id: 'A2',
        field: 'birth.place',
        value: 'Springfield, Sangamon, Illinois, USA',
        status: 'staged',
        confidence: 0.6,
      },
    ]);
    assert.deepEqual(detectConflicts(p), []);
  });
  it('a region and its country are one place at two precisions, historical regions included', () => {
    const p = withAssertions([
      { id: 'A1', field: 'birth.place', value: 'Baden', status: 'accepted', confidence: 0.9 },
      { id: 'A2', field: 'birth.place', value: 'Germany', status: 'staged', confidence: 0.6 },
    ]);
    assert.deepEqual(detectConflicts(p), []);
    for (const [a, b] of [
      ['Bavaria', 'Kleinbach, Unterfranken, Bavaria, Germany'],
      ['Bayern', 'Deutschland'],
      ['Württemberg', 'Germany'],
      ['Springfield, Illinois', 'USA'],
      ['IL', 'United States'],
      ['Alsace', 'France'],
      ['Alsace', 'Germany'],
      ['Silesia', 'Poland'],
      ['Yorkshire, England', 'United Kingdom'],
    ])
      assert.ok(compatibleValues('birth.place', a, b), `${a} / ${b}`);
    for (const [a, b] of [
      ['Baden', 'France'],
      ['Bavaria', 'Baden'],
      ['Illinois', 'Ohio'],
      ['Ohio', 'Germany'],
      ['Kleinbach, Bavaria', 'Grossdorf, Bavaria'],
    ])
      assert.ok(!compatibleValues('birth.place', a, b), `${a} / ${b} differ`);
  });
  it('keeps competing values side by side and prefers the heaviest evidence', () => {
    const p = withAssertions([
      { id: 'A1', field: 'birth.date', value: '1852', status: 'accepted', confidence: 0.8, evidence: [census] },
      { id: 'A2', field: 'birth.date', value: '12 MAR 1850', status: 'staged', confidence: 0.9, evidence: [birthReg] },
      { id: 'A3', field: 'birth.date', value: 'ABT 1849', status: 'staged', confidence: 0.5, evidence: [tree] },
      { id: 'A4', field: 'birth.date', value: '1790', status: 'rejected', confidence: 0.5 },
      { id: 'A5', field: 'residence.place', value: 'Boston', status: 'accepted', confidence: 0.5 },
      { id: 'A6', field: 'residence.place', value: 'Chicago', status: 'accepted', confidence: 0.5 },
    ]);
    const cs = detectConflicts(p);
    assert.equal(cs.length, 1, 'rejected values and multi-instance residences are not conflicts');
    const c = cs[0];
    assert.equal(c.field, 'birth.date');
    assert.deepEqual(
      c.competing.map((x) => x.assertion),
      ['A1', 'A2', 'A3'],
    );
    assert.equal(c.preferred, '12 MAR 1850');
    assert.equal(c.status, 'tentative');
    assert.equal(c.resolvedBy, 'engine');
    assert.match(c.rationale, /Primary 1\.0 × Tier 1 0\.9 × confidence 0\.90 = 0\.81/);
    assert.match(c.rationale, /S-census/);
    assert.ok(
      c.nextActions.some((a) => /birth registration/.test(a) && /1849–1852|1844–1854/.test(a)),
      c.nextActions.join('\n'),
    );
    assert.equal(c.competing[1].evidence[0].sourceClass, 'original');
  });
  it('values that agree at a coarser precision support the precise one and are not its rivals (issue 14 item 9)', () => {
    const p = withAssertions([
      {
        id: 'A1',
        field: 'birth.date',
        value: '14 MAR 1842',
        status: 'accepted',
        confidence: 0.9,
        evidence: [birthReg],
      },
      { id: 'A2', field: 'birth.date', value: 'CAL 1842', status: 'staged', confidence: 0.8, evidence: [census] },
      { id: 'A3', field: 'birth.date', value: 'MAR 1842', status: 'staged', confidence: 0.8, evidence: [census] },
      { id: 'A4', field: 'birth.date', value: '1842', status: 'staged', confidence: 0.8, evidence: [census] },
      { id: 'A5', field: 'birth.date', value: '14 MAR 1840', status: 'staged', confidence: 0.8, evidence: [census] },
      // the user's starting hint in case.yaml: not evidence, never a value of the conflict
      {
        id: 'A6',
        field: 'birth.date',
        value: 'ABT 1842',
        status: 'staged',
        confidence: 0.5,
        note: 'given by the user in case.yaml',
      },
    ]);
    const [c] = detectConflicts(p);
    assert.ok(c);
    assert.deepEqual(
      rivals(c)
        .map((x) => x.value)
        .sort(),
      ['14 MAR 1840', '14 MAR 1842'],
    );
    assert.deepEqual(
      c.competing.filter((x) => x.supports === '14 MAR 1842').map((x) => x.value),
      ['CAL 1842', 'MAR 1842', '1842'],
    );
    assert.ok(!c.competing.some((x) => x.assertion === 'A6'), 'the hint is no competing value');
    assert.equal(c.preferred, '14 MAR 1842');
    assert.ok(!c.nextActions.some((a) => /Cite a source/.test(a)), 'no "uncited" advice caused by the hint');
    // The hint and one agreeing value alone are no conflict at all.
    assert.deepEqual(
      detectConflicts(
        withAssertions([
          {
            id: 'A1',
            field: 'birth.date',
            value: '14 MAR 1842',
            status: 'accepted',
            confidence: 0.9,
            evidence: [birthReg],
          },
          { id: 'A2', field: 'birth.date', value: 'CAL 1842', status: 'staged', confidence: 0.8, evidence: [census] },
          {
            id: 'A6',
            field: 'birth.date',
            value: 'ABT 1840',
            status: 'staged',
            confidence: 0.5,
            note: 'given by the user in case.yaml',
          },
        ]),
      ),
      [],
    );
  });
  it('a vague value does not glue two precise rivals into one group', () => {
    const r = resolveByWeight({
      field: 'birth.date',
      competing: [
        { assertion: 'A1', value: 'ABT 1841', weight: 0.3, evidence: [] },
        { assertion: 'A2', value: '14 MAR 1840', weight: 0.43, evidence: [] },
        { assertion: 'A3', value: '14 MAR 1842', weight: 0.72, evidence: [] },
      ],
    });
    assert.equal(r.preferred, '14 MAR 1842');
    assert.match(r.rationale, /outweighs "14 MAR 1840"/);
  });
  it('leaves a tie open', () => {
    const r = resolveByWeight({
      field: 'death.place',
      competing: [
        { assertion: 'A1', value: 'Boston', weight: 0.5, evidence: [] },
        { assertion: 'A2', value: 'Chicago', weight: 0.5, evidence: [] },
      ],
    });
    assert.equal(r.tie, true);
    assert.match(r.rationale, /No value prevails/);
  });
  it('multi-instance events conflict only within one event instance', () => {
    const p = withAssertions([
      { id: 'A1', field: 'marriage.date', value: '1870', status: 'accepted', confidence: 0.9, event: 'E1' },
      { id: 'A2', field: 'marriage.date', value: '1875', status: 'accepted', confidence: 0.9, event: 'E1' },
      { id: 'A3', field: 'marriage.date', value: '1890', status: 'accepted', confidence: 0.9, event: 'E2' },
    ]);
    const cs = detectConflicts(p);
    assert.equal(cs.length, 1);
    assert.deepEqual(
      cs[0].competing.map((c) => c.value),
      ['1870', '1875'],
    );
  });
});

describe('conflicts: next actions', () => {
  it('names the record to seek by event, place and years', () => {
    const a = nextActionsFor('death.place', [
      { value: 'Boston, Massachusetts', weight: 0.3, evidence: [] },
      { value: 'Chicago, Illinois', weight: 0.2, evidence: [] },
    ]);
    assert.match(a[0], /death certificate for Boston, Massachusetts or Chicago, Illinois/);
    assert.ok(a.some((x) => /Cite a source/.test(x)));
  });
});

describe('conflicts: next actions fit the place and the period (issue 14 item 9)', () => {
  const bapt = claim({
    source: 'S-bapt',
    evidenceType: 'Primary',
    confidence: 0.9,
    repository: 'Pfarramt Kleinbach, Taufbuch',
  });
  const grave = claim({ source: 'S-grave', evidenceType: 'Secondary', information: 'secondary', confidence: 0.77 });
  const bavarian = withAssertions([
    { id: 'A1', field: 'birth.date', value: '14 MAR 1842', status: 'accepted', confidence: 0.9, evidence: [bapt] },
    { id: 'A2', field: 'birth.date', value: '14 MAR 1841', status: 'staged', confidence: 0.77, evidence: [grave] },
    {
      id: 'A3',
      field: 'birth.place',
      value: 'Kleinbach, Unterfranken, Bavaria, Germany',
      status: 'accepted',
      confidence: 0.9,
      evidence: [bapt],
    },
    { id: 'A4', field: 'baptism.date', value: '16 MAR 1842', status: 'accepted', confidence: 0.9, evidence: [bapt] },
  ]);
  it('no civil birth registration in Bavaria before 1876, and no "check the baptism" when the baptism is the preferred evidence', () => {
    const [c] = detectConflicts(bavarian);
    assert.ok(c);
    assert.equal(c.preferred, '14 MAR 1842');
    assert.ok(
      !c.nextActions.some((a) => /civil birth registration/.test(a) && !/had not begun/.test(a)),
      c.nextActions.join('\n'),
    );
    assert.ok(!c.nextActions.some((a) => /^(Seek|Check) the (parish )?baptism/.test(a)), c.nextActions.join('\n'));
    assert.ok(
      c.nextActions.some((a) => /Kleinbach, Unterfranken, Bavaria, Germany/.test(a)),
      'the actions name the place',
    );
  });
  it('after civil registration began, the civil record is the first step', () => {
    const a = nextActionsFor(
      'birth.date',
      [
        { value: '3 MAY 1890', weight: 0.7, evidence: [] },
        { value: '3 MAY 1891', weight: 0.4, evidence: [] },
      ],
      { place: 'Würzburg, Bavaria, Germany' },
    );
    assert.match(a[0], /^Seek the civil birth registration for Würzburg, Bavaria, Germany/);
    const england = nextActionsFor(
      'death.date',
      [
        { value: '1820', weight: 0.5, evidence: [] },
        { value: '1822', weight: 0.4, evidence: [] },
      ],
      { place: 'Leeds, Yorkshire, England' },
    );
    assert.match(england[0], /parish burial register/, 'England registered deaths from 1837');
  });
});

describe('conflicts: user resolution', () => {
  it('accepts the chosen value, keeps the others as disputed, and records who and when', () => {
    const p = withAssertions([
      { id: 'A1', field: 'birth.date', value: '1852', status: 'accepted', confidence: 0.8, evidence: [census] },
      { id: 'A2', field: 'birth.date', value: '12 MAR 1850', status: 'staged', confidence: 0.9, evidence: [birthReg] },
    ]);
    const [c] = detectConflicts(p);
    const r = applyUserResolution(p, c, '1852', new Date('2026-01-02T03:04:05Z'), () => 'A-new');
    assert.equal(r.conflict.status, 'resolved');
    assert.equal(r.conflict.resolvedBy, 'user');
    assert.equal(r.conflict.resolvedAt, '2026-01-02T03:04:05.000Z');
    assert.equal(r.person.assertions.find((a) => a.id === 'A1')?.status, 'accepted');
    assert.equal(r.person.assertions.find((a) => a.id === 'A2')?.status, 'disputed');
    assert.equal(r.person.assertions.length, 2, 'nothing deleted');
    const r2 = applyUserResolution(p, c, '1851', new Date('2026-01-02T03:04:05Z'), () => 'A-new');
    assert.equal(r2.created?.id, 'A-new');
    assert.equal(r2.person.assertions.filter((a) => a.status === 'disputed').length, 2);
  });
});

describe('conflicts: vaguer values read against the most precise one', () => {
  it('"Illinois" and "Springfield" are "Springfield, Illinois" at a lower precision: no conflict', () => {
    const groups = groupCompatible(
      'birth.place',
      ['Illinois', 'Springfield, Illinois', 'Springfield'].map((value) => ({ value })),
    );
    assert.deepEqual(
      groups.map((g) => g.map((x) => x.value)),
      [['Springfield, Illinois', 'Illinois', 'Springfield']],
    );
  });
  it('dates still disagree among themselves: "CAL 1829" and "CAL 1832" both overlap "CAL 1831"', () => {
    const groups = groupCompatible(
      'birth.date',
      ['CAL 1831', 'CAL 1832', 'CAL 1829'].map((value) => ({ value })),
    );
    assert.equal(groups.length, 2);
  });
});
