import assert from 'node:assert/strict';
import { checkGPSCoverage, goalStatus, verifyCitations } from '../../../src/agents/analyst/gps';
import { renderSummary } from '../../../src/agents/analyst/proof/summary';
import { DeterministicPlanner, GAP_QUERY_MARK } from '../../../src/engine/lead-planner';
import { CaseConfig, Person, type SourceRecord } from '../../../src/model';
import { evidenceClaim } from '../../helpers/evidence-claim';

const NOW = new Date('2026-06-01T00:00:00Z');
const source: SourceRecord = {
  id: 'S-1',
  title: 'Baptism of Ann Lee',
  recordType: 'baptism',
  date: '1850',
  place: 'Springfield',
  repository: 'Parish',
  sourceType: 'original',
  sourceId: 'archive',
  tier: 0,
  persons: [{ name: 'Ann /Lee/', role: 'principal', birthDate: '2 MAR 1850' }],
  text: 'Ann, daughter of Tom Lee, born 2 March 1850.',
  accessedAt: NOW.toISOString(),
  sha256: 'a'.repeat(64),
};
const claim = evidenceClaim;

function person(id: string, over: Partial<Person> = {}): Person {
  return Person.parse({ id, names: [{ given: id, surname: 'Lee' }], ...over });
}

describe('GPS checks and the verification checkpoint', () => {
  it('passes when every snippet is verbatim in its captured source (text or index line)', () => {
    const p = person('Ann', {
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '2 MAR 1850',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('born 2 March 1850'), claim('Ann /Lee/: birthDate 2 MAR 1850')],
        },
      ],
    });
    const v = verifyCitations([p], (id) => (id === 'S-1' ? source : undefined));
    assert.deepEqual([v.passed, v.checked, v.failures.length], [true, 2, 0]);
  });

  it('fails on a snippet the source does not contain and on a source never captured', () => {
    const p = person('Ann', {
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '1851',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('born 3 March 1851'), claim('x', { source: 'S-gone' })],
        },
      ],
    });
    const v = verifyCitations([p], (id) => (id === 'S-1' ? source : undefined));
    assert.equal(v.passed, false);
    assert.deepEqual(v.failures.map((f) => f.problem).sort(), ['missing_source', 'not_found']);
  });

  it('checkGPSCoverage needs a Primary and a different Secondary source for every person (Z)', () => {
    const both = person('A', {
      assertions: [
        {
          id: 'A-1',
          field: 'sex',
          value: 'F',
          status: 'accepted',
          confidence: 1,
          evidence: [
            claim('Ann'),
            claim('Ann', { source: 'S-2', evidenceType: 'Secondary', information: 'secondary' }),
          ],
        },
      ],
    });
    const one = person('B', {
      assertions: [
        { id: 'A-2', field: 'sex', value: 'M', status: 'accepted', confidence: 1, evidence: [claim('Tom')] },
      ],
    });
    assert.equal(checkGPSCoverage([both]), true);
    assert.equal(checkGPSCoverage([both, one]), false);
    assert.equal(checkGPSCoverage([]), false);
  });

  it('goals are met by accepted facts and sufficient with two sources', () => {
    const p = person('Ann', {
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '1850',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('born'), claim('born', { source: 'S-2' })],
        },
        { id: 'A-2', field: 'death.date', value: '1900', status: 'staged', confidence: 0.5, evidence: [claim('died')] },
      ],
      relationships: [
        {
          type: 'parent',
          person: 'Tom',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('daughter of Tom Lee')],
        },
      ],
    });
    const g = goalStatus(p, ['birth', 'death', 'parents', 'spouse'], () => person('Tom'));
    assert.deepEqual(
      g.map((x) => [x.goal, x.met, x.sufficient]),
      [
        ['birth', true, true],
        ['death', false, false],
        ['parents', false, false],
        ['spouse', false, false],
      ],
    );
  });

  it('a relative whose file could not be read answers no goal, and the detail says so', () => {
    const rel = (type: 'spouse' | 'child', id: string) => ({
      type,
      person: id,
      status: 'accepted' as const,
      confidence: 0.9,
      evidence: [claim('wife', { source: 'S-1' }), claim('wife', { source: 'S-2' })],
    });
    const p = person('John', {
      relationships: [rel('spouse', 'P-broken'), rel('child', 'Kid'), rel('child', 'P-gone')],
    });
    // P-broken and P-gone are not in the graph: their person files did not parse.
    const g = goalStatus(p, ['spouse', 'children'], (id) => (id === 'Kid' ? person('Kid') : undefined));
    assert.deepEqual(
      g.map((x) => [x.goal, x.met, x.sufficient, x.detail]),
      [
        ['spouse', false, false, '1 whose file could not be read'],
        ['children', true, true, 'Kid Lee; 1 whose file could not be read'],
      ],
    );
  });

  it("siblings: the accepted parents' other children, each proven by two sources of the shared parent", () => {
    const rel = (
      type: 'parent' | 'child',
      id: string,
      sources: string[],
      status: 'accepted' | 'staged' = 'accepted',
    ) => ({
      type,
      person: id,
      status,
      confidence: 0.9,
      evidence: sources.map((s) => claim('child', { source: s })),
    });
    const john = person('John', { relationships: [rel('parent', 'Tom', ['S-1', 'S-2'])] });
    const files = new Map<string, Person>([
      ['John', john],
      ['Ann', person('Ann')],
      ['Bess', person('Bess')],
      ['Cy', person('Cy')],
      [
        'Tom',
        person('Tom', {
          relationships: [
            rel('child', 'John', ['S-1', 'S-2']),
            rel('child', 'Ann', ['S-1', 'S-3']),
            rel('child', 'Bess', ['S-4']),
            rel('child', 'Cy', ['S-5', 'S-6'], 'staged'),
          ],
        }),
      ],
    ]);
    const [one] = goalStatus(john, ['siblings'], (id) => files.get(id));
    // Bess has one source: found, not proven; Cy's link is only staged; John is not his own sibling.
    assert.deepEqual([one.met, one.sufficient, one.detail], [true, false, 'Ann Lee, Bess Lee']);
    files.set(
      'Tom',
      person('Tom', { relationships: [rel('child', 'John', ['S-1']), rel('child', 'Ann', ['S-1', 'S-3'])] }),
    );
    const [two] = goalStatus(john, ['siblings'], (id) => files.get(id));
    assert.deepEqual([two.met, two.sufficient, two.detail], [true, true, 'Ann Lee']);
    // No accepted parent: the goal is open and says why.
    const [none] = goalStatus(person('John'), ['siblings'], (id) => files.get(id));
    assert.deepEqual([none.met, none.sufficient, none.detail], [false, false, 'no accepted parent yet']);
  });
});

describe('summary.md (proof argument)', () => {
  const config = CaseConfig.parse({ question: 'Who were the parents of Ann Lee?', subject: { name: 'Ann Lee' } });
  const living = person('Kid', {
    sex: 'M',
    assertions: [
      {
        id: 'A-9',
        field: 'birth.date',
        value: '5 MAR 1958',
        status: 'accepted',
        confidence: 0.9,
        evidence: [claim('born 5 March 1958')],
      },
    ],
    relationships: [{ type: 'parent', person: 'Ann', status: 'accepted', confidence: 0.9, evidence: [claim('son')] }],
  });
  const ann = person('Ann', {
    sex: 'F',
    assertions: [
      {
        id: 'A-1',
        field: 'birth.date',
        value: '2 MAR 1850',
        status: 'accepted',
        confidence: 0.9,
        evidence: [claim('born 2 March 1850')],
      },
      {
        id: 'A-2',
        field: 'birth.date',
        value: '1851',
        status: 'disputed',
        confidence: 0.6,
        evidence: [claim('born', { source: 'S-2' })],
      },
    ],
    relationships: [{ type: 'child', person: 'Kid', status: 'accepted', confidence: 0.9, evidence: [claim('son')] }],
  });
  const md = renderSummary({
    config,
    subject: ann,
    get: (id) => (id === 'Kid' ? living : undefined),
    sources: [source],
    searches: [
      { query: 'surname:Lee', source: 'archive', records: 1, success: true },
      { query: 'surname:Leigh', source: 'archive', records: 0, success: true },
    ],
    conflicts: [
      {
        id: 'C-1',
        person: 'Ann',
        field: 'birth.date',
        competing: [
          { value: '2 MAR 1850', weight: 0.72, evidence: [] },
          { value: '1851', weight: 0.4, evidence: [] },
        ],
        preferred: '2 MAR 1850',
        rationale: 'the baptism outweighs',
        status: 'tentative',
        nextActions: ['Seek the civil birth registration'],
      },
    ],
    goals: goalStatus(ann, ['birth'], () => undefined),
    verification: { checked: 3, passed: true, failures: [] },
    gpsCoverage: false,
    status: { cycles: 2, terminated: true, reason: 'exhausted', openClues: 0, queued: 0 },
    censor: { now: NOW, thresholdYears: 100, consent: false },
  });

  it('states the question, the conclusion, the evidence, the conflicts, the sources and the negative searches', () => {
    assert.match(md, /\*\*Research question\.\*\* Who were the parents of Ann Lee\?/);
    assert.match(md, /Ann Lee was born 2 MAR 1850 \[S-1\]/);
    assert.match(md, /Preferred: \*\*2 MAR 1850\*\*\. the baptism outweighs/);
    assert.match(md, /surname:Leigh` → nothing found \(negative search\)/);
    assert.match(md, /Verification checkpoint: passed/);
    assert.match(md, /\| S-1 \| Baptism of Ann Lee \|/);
  });

  it('states the most specific agreeing place, and cites each source of a sentence once', () => {
    const tom = person('Tom', {
      sex: 'M',
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '14 MAR 1842',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('born')],
        },
        {
          id: 'A-2',
          field: 'birth.place',
          value: 'Bavaria',
          status: 'accepted',
          confidence: 1,
          evidence: [claim('Bavaria', { source: 'S-2' })],
        },
        {
          id: 'A-3',
          field: 'birth.place',
          value: 'Kleinbach, Unterfranken, Bavaria, Germany',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('Kleinbach', { source: 'S-3' })],
        },
        // Staged, and a place that does not agree: neither is stated.
        {
          id: 'A-4',
          field: 'birth.place',
          value: 'Obernau, Unterfranken, Bavaria, Germany, Europe',
          status: 'staged',
          confidence: 0.6,
          evidence: [claim('Obernau', { source: 'S-4' })],
        },
        {
          id: 'A-5',
          field: 'death.place',
          value: 'Springfield, Illinois',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('Springfield')],
        },
        {
          id: 'A-6',
          field: 'death.place',
          value: 'Chicago, Cook, Illinois, USA',
          status: 'accepted',
          confidence: 0.5,
          evidence: [claim('Chicago', { source: 'S-5' })],
        },
        {
          id: 'A-7',
          field: 'death.date',
          value: '1911',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('died')],
        },
        {
          id: 'A-8',
          field: 'marriage.date',
          value: '12 OCT 1869',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('married', { source: 'S-6' })],
        },
      ],
      relationships: [
        {
          type: 'spouse',
          person: 'Kate',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('married', { source: 'S-6' }), claim('wife', { source: 'S-7' })],
        },
      ],
    });
    const text = renderSummary({
      config,
      subject: tom,
      get: (id) => (id === 'Kate' ? person('Kate', { sex: 'F' }) : undefined),
      sources: [source],
      searches: [],
      conflicts: [],
      goals: [],
      verification: undefined,
      gpsCoverage: false,
      status: { cycles: 1, terminated: true, reason: 'done', openClues: 0, queued: 0 },
      censor: { now: NOW, thresholdYears: 100, consent: false },
    });
    assert.match(text, /was born 14 MAR 1842 in Kleinbach, Unterfranken, Bavaria, Germany \[S-1\] \[S-3\] \[S-2\]\./);
    assert.match(text, /He died 1911 in Springfield, Illinois \[S-1\]\./, 'Chicago does not agree with Springfield');
    assert.match(text, /He married Kate Lee on 12 OCT 1869 \[S-6\] \[S-7\]\./);
  });

  it('states accepted facts only as conclusions; staged ones are listed under "Needs review" (issue 14 item 5)', () => {
    const tom = person('Tom', {
      sex: 'M',
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '14 MAR 1842',
          status: 'staged',
          confidence: 0.7,
          evidence: [claim('born')],
        },
        {
          id: 'A-2',
          field: 'death.date',
          value: '1911',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('died')],
        },
        {
          id: 'A-3',
          field: 'birth.date',
          value: 'ABT 1842',
          status: 'staged',
          confidence: 0.5,
          evidence: [],
          note: 'given by the user in case.yaml',
        },
      ],
      relationships: [
        {
          type: 'spouse',
          person: 'Kate',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('married', { source: 'S-6' })],
        },
        {
          type: 'spouse',
          person: 'Mary',
          status: 'staged',
          confidence: 0.6,
          evidence: [claim('wife', { source: 'S-8' })],
        },
      ],
    });
    const people: Record<string, Person> = {
      Kate: person('Kate', { sex: 'F' }),
      Mary: person('Mary', { sex: 'F', names: [{ given: 'Mary', surname: 'Smith', type: 'birth' }] }),
    };
    const text = renderSummary({
      config,
      subject: tom,
      get: (id) => people[id],
      sources: [source],
      searches: [],
      conflicts: [],
      goals: [],
      verification: undefined,
      gpsCoverage: false,
      status: { cycles: 1, terminated: true, reason: 'done', openClues: 0, queued: 0 },
      censor: { now: NOW, thresholdYears: 100, consent: false },
    });
    const conclusion = text.slice(text.indexOf('## Conclusion'), text.indexOf('## Evidence correlation'));
    const family = text.slice(text.indexOf('## Family'), text.indexOf('## Conflicts'));
    const review = text.slice(text.indexOf('## Needs review'), text.indexOf('## Open questions'));
    assert.match(conclusion, /He died 1911 \[S-1\]\./);
    assert.match(conclusion, /He married Kate Lee \[S-6\]\./);
    assert.doesNotMatch(conclusion, /Mary|14 MAR 1842|born/, 'staged facts are not conclusions');
    assert.doesNotMatch(family, /Mary/, 'the family table holds accepted relationships');
    assert.match(review, /spouse Mary Smith \(Mary\): staged, confidence 0\.60 \[S-8\]/);
    assert.match(review, /Tom Lee: birth\.date = 14 MAR 1842 \(confidence 0\.70\) \[S-1\]/);
    assert.match(review, /`ancestry review <case>`/, 'the review names where the user decides them');
    // The case.yaml hint is no fact with "no evidence": it is named as what it is.
    assert.doesNotMatch(text, /\| birth\.date \| ABT 1842 \|/);
    assert.match(text, /Starting hint from case\.yaml \(used to search, not evidence\): birth\.date ABT 1842/);
  });

  it('lists rival values with the coarser values that support them, and leaves the model opinion out', () => {
    const text = renderSummary({
      config,
      subject: ann,
      get: () => undefined,
      sources: [source],
      searches: [],
      conflicts: [
        {
          id: 'C-1',
          person: 'Ann',
          field: 'birth.date',
          competing: [
            { value: '2 MAR 1850', weight: 0.72, evidence: [claim('born 2 March 1850')] },
            { value: 'MAR 1850', weight: 0.5, evidence: [claim('March', { source: 'S-3' })], supports: '2 MAR 1850' },
            { value: '1851', weight: 0.4, evidence: [] },
          ],
          preferred: '2 MAR 1850',
          rationale: 'the baptism outweighs [Model opinion, not evidence: the conflict analyst says: "trust me".]',
          status: 'tentative',
          nextActions: [],
        },
      ],
      goals: [],
      verification: undefined,
      gpsCoverage: false,
      status: { cycles: 1, terminated: true, reason: 'done', openClues: 0, queued: 0 },
      censor: { now: NOW, thresholdYears: 100, consent: false },
    });
    assert.match(
      text,
      /- "2 MAR 1850" — weight 0\.72 \[S-1\]; supported, at a coarser precision, by "MAR 1850" \[S-3\]/,
    );
    assert.doesNotMatch(text, /^- "MAR 1850"/m, 'a supporting value is no rival');
    assert.doesNotMatch(text, /trust me|Model opinion/);
  });

  it('explains how the evidence fits: direct statement, indirect support, the value set aside and why (issue 14 item 8)', () => {
    const census: SourceRecord = {
      ...source,
      id: 'S-2',
      title: '1860 census, Springfield',
      recordType: 'census',
      text: 'Lee, Ann | daughter | 10',
      persons: [{ name: 'Ann /Lee/', role: 'child', age: '10' }],
    };
    const death: SourceRecord = {
      ...source,
      id: 'S-3',
      title: 'Death certificate of Ann Lee',
      recordType: 'death',
      text: 'Born: 2 March 1851. Informant: a neighbour.',
      persons: [{ name: 'Ann /Lee/', role: 'principal' }],
    };
    const will: SourceRecord = {
      ...source,
      id: 'S-4',
      title: 'Will of Tom Lee',
      recordType: 'probate',
      text: 'I give to my daughter Ann, wife of John Hart, my farm.',
      persons: [{ name: 'Ann /Hart/', role: 'other' }],
    };
    const subject = person('Ann', {
      sex: 'F',
      assertions: [
        {
          id: 'A-1',
          field: 'birth.date',
          value: '2 MAR 1850',
          status: 'accepted',
          confidence: 0.9,
          evidence: [claim('born 2 March 1850')],
        },
        {
          id: 'A-2',
          field: 'birth.date',
          value: 'CAL 1850',
          status: 'staged',
          confidence: 0.6,
          evidence: [
            claim('Lee, Ann | daughter | 10', {
              source: 'S-2',
              evidence: 'indirect',
              information: 'secondary',
              evidenceType: 'Secondary',
            }),
          ],
        },
        {
          id: 'A-3',
          field: 'birth.date',
          value: '2 MAR 1851',
          status: 'disputed',
          confidence: 0.7,
          evidence: [
            claim('Born: 2 March 1851', { source: 'S-3', information: 'secondary', evidenceType: 'Secondary' }),
          ],
        },
      ],
      relationships: [
        {
          type: 'parent',
          person: 'Tom',
          status: 'accepted',
          confidence: 0.85,
          evidence: [
            claim('I give to my daughter Ann, wife of John Hart', { source: 'S-4', evidence: 'indirect' }),
            claim('Ann, daughter of Tom Lee'),
          ],
        },
      ],
    });
    const conflict = {
      id: 'C-1',
      person: 'Ann',
      field: 'birth.date',
      competing: [
        { assertion: 'A-1', value: '2 MAR 1850', weight: 0.72, evidence: subject.assertions[0].evidence },
        {
          assertion: 'A-2',
          value: 'CAL 1850',
          weight: 0.3,
          evidence: subject.assertions[1].evidence,
          supports: '2 MAR 1850',
        },
        { assertion: 'A-3', value: '2 MAR 1851', weight: 0.39, evidence: subject.assertions[2].evidence },
      ],
      preferred: '2 MAR 1850',
      rationale: 'weights',
      status: 'tentative' as const,
      nextActions: [],
    };
    const text = renderSummary({
      config,
      subject,
      get: (id) => (id === 'Tom' ? person('Tom', { sex: 'M' }) : undefined),
      sources: [source, census, death, will],
      searches: [],
      conflicts: [conflict],
      goals: [],
      verification: undefined,
      gpsCoverage: false,
      status: { cycles: 1, terminated: true, reason: 'done', openClues: 0, queued: 0 },
      censor: { now: NOW, thresholdYears: 100, consent: false },
      identity: {
        namesakes: [
          '"Ann Lee" in S-3 is not Ann Lee (Ann): born 1861, 11 years after her (the namesake is another woman)',
          '"Mary Lee" in S-3 is not Mary Lee (P-other): another spouse',
        ],
        mentions: [],
      },
    });
    const arg = text.slice(text.indexOf('## Proof argument'), text.indexOf('## Evidence correlation'));
    // The elimination of a namesake is part of the argument, with its record and the fact that decides it;
    // a namesake of someone the argument does not conclude about is not.
    assert.match(
      arg,
      /\*\*Namesakes eliminated\.\*\* A record of a namesake was weighed and set aside on a hard fact.*"Ann Lee" in Death certificate of Ann Lee \[S-3\] is not Ann Lee: born 1861, 11 years after her/,
    );
    assert.doesNotMatch(arg, /Mary Lee/);
    assert.match(
      arg,
      /\*\*Born 2 MAR 1850\.\*\* One record states it directly: Baptism of Ann Lee \[S-1\], original with primary information, "born 2 March 1850"/,
    );
    assert.match(arg, /1 other record\(s\) give it at a coarser precision \("CAL 1850"\), computed from an age/);
    assert.match(
      arg,
      /Set aside: "2 MAR 1851" from Death certificate of Ann Lee \[S-3\], because its informant did not witness the event \(secondary information\)/,
    );
    assert.match(
      arg,
      /\*\*Parent: Tom Lee\.\*\* Stated in .*"Ann, daughter of Tom Lee"; It|It is corroborated indirectly: Will of Tom Lee \[S-4\].*"I give to my daughter Ann, wife of John Hart"/,
    );
    assert.match(arg, /2 independent records name the same parent/);
  });

  it('never shows a living person’s exact birth date', () => {
    assert.ok(!md.includes('5 MAR 1958'));
    assert.match(md, /Kid Lee/);
  });
});

describe('deterministic Lead planner and cycle strategies', () => {
  it('turns goal gaps into searches and, when challenging, conflicts into revisits', async () => {
    const view = {
      cycle: 3,
      strategy: 'challenge' as const,
      question: 'q',
      subject: { name: 'Ann Lee' },
      counts: { persons: 1, assertions: 1, sources: 1, frontier: 0, clues: 0, openConflicts: 1 },
      budgetRemaining: { cycles: 1, requests: 1, tokens: 1, usd: 1 },
      recentDiscoveries: [],
      pendingClues: [],
      frontier: [],
      gaps: [
        `death: not found${GAP_QUERY_MARK}given:Ann surname:Lee types:death,burial`,
        `conflict on birth.date (1850 vs 1851)${GAP_QUERY_MARK}given:Ann surname:Lee types:birth,baptism`,
      ],
    };
    const d = await new DeterministicPlanner().plan(view);
    assert.deepEqual(
      d.nextActions.map((a) => a.query),
      [{ given: 'Ann', surname: 'Lee', recordTypes: ['death', 'burial'] }],
    );
    assert.equal(d.revisits.length, 1);
    assert.equal(d.revisits[0].reason, 'Conflict resolution requires corroboration');
    const idle = await new DeterministicPlanner().plan({ ...view, gaps: [] });
    assert.equal(idle.shouldStop, true);
  });
});
