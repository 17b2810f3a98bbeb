import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  addHypotheses,
  addTasks,
  completeTask,
  initAncestryEngine,
  leadCheckTermination,
  leadSelectTask,
  makeTask,
  permissionsFrom,
  PreconditionError,
  sourcePermissionGate,
  toSession,
  fromSession,
  type EngineState,
} from '../../../src/engine/state';
import { checkInvariants } from '../../../src/engine/invariants';
import { LogEntry, type ClueHypothesis, type NewLogEntry, type Person } from '../../../src/model';

const seed: Person = {
  id: 'P-seed',
  names: [{ given: 'Johann', surname: 'Schmidt', type: 'birth' }],
  sex: 'M',
  assertions: [],
  relationships: [],
  externalIds: {},
};
const at = (m: number) => new Date(Date.UTC(1900, 0, 1) + m * 60_000).toISOString();

function fresh(tier1 = false): EngineState {
  return initAncestryEngine({
    sessionId: 'R-test',
    seedPerson: seed,
    initialTask: makeTask({
      taskType: 'SearchTask',
      priority: 1,
      createdAt: at(0),
      query: { given: 'Johann', surname: 'Schmidt' },
      targetPerson: seed.id,
    }),
    permissions: permissionsFrom({ tier1, tier2: false }),
  });
}

function clue(i: number, priority: number, by: ClueHypothesis['generatedBy'] = 'Analyst'): ClueHypothesis {
  return {
    id: `H-${i}`,
    type: 'vital_records',
    statement: `Find vital records for person ${i}`,
    targetPersons: [],
    suggestedSources: [],
    suggestedQueries: [`surname:S${i}`],
    priority,
    status: 'pending',
    generatedBy: by,
    evidence: [],
    isFact: false,
    createdAt: at(i),
  };
}

describe('engine: Z InitAncestryEngine and permissions', () => {
  it('starts with the seed person, one initial task and Tier 0 permitted', () => {
    const s = fresh();
    assert.deepEqual([...s.graph.keys()], ['P-seed']);
    assert.equal(s.frontier.size, 1);
    assert.equal(s.completedTaskIds.size, 0);
    assert.equal(s.hypotheses.size, 0);
    assert.equal(s.terminated, false);
    assert.equal(s.activeAgent.size, 0);
    assert.deepEqual(checkInvariants(s), []);
  });

  it('SourcePermissionGate: Tier 0 is always allowed, Tier 1/2 as configured', () => {
    const perms = permissionsFrom({ tier1: false, tier2: false });
    assert.equal(sourcePermissionGate(perms, 0), true);
    assert.equal(sourcePermissionGate({ ...perms, 0: false }, 0), true);
    assert.equal(sourcePermissionGate(perms, 1), false);
    assert.equal(sourcePermissionGate(permissionsFrom({ tier1: true, tier2: false }), 1), true);
  });
});

describe('engine: Z operation preconditions', () => {
  it('LeadSelectTask needs ¬terminated and a non-empty frontier, and sets activeAgent', () => {
    const s = fresh();
    const { task, entry } = leadSelectTask(s);
    assert.equal(task.taskType, 'SearchTask');
    assert.deepEqual([...s.activeAgent], ['Scout']);
    assert.equal(entry.actionType, 'task_selection');
    assert.throws(() => leadSelectTask(s), PreconditionError);
    const t = fresh();
    leadCheckTermination(t, {
      goalAchieved: true,
      exhausted: false,
      budgetExceeded: false,
      gpsSatisfied: false,
      diminishingReturns: false,
      userCancelled: false,
      reason: 'goal',
    });
    assert.throws(() => leadSelectTask(t), /¬terminated/);
  });

  it('only the Analyst may generate hypotheses (invariant 6)', () => {
    const s = fresh();
    assert.throws(() => addHypotheses(s, [clue(1, 0.5, 'Lead' as 'Analyst')]), /generatedBy = Analyst/);
    assert.equal(addHypotheses(s, [clue(1, 0.5)]).length, 1);
    assert.equal(addHypotheses(s, [clue(1, 0.5)]).length, 0, 'the same clue is not added twice');
  });

  it('the novelty guard refuses a search already queued or done, revisits pass once per reason', () => {
    const s = fresh();
    const again = makeTask({
      taskType: 'SearchTask',
      priority: 0.4,
      createdAt: at(9),
      query: { given: 'JOHANN', surname: 'schmidt' },
    });
    assert.equal(addTasks(s, [again]).duplicates.length, 1);
    const revisit = makeTask({
      taskType: 'SearchTask',
      priority: 0.4,
      createdAt: at(9),
      query: { given: 'Johann', surname: 'Schmidt' },
      revisitReason: 'Previous search parameters too narrow',
    });
    assert.equal(addTasks(s, [revisit]).added.length, 1);
    assert.equal(addTasks(s, [{ ...revisit, id: 'T-other' }]).duplicates.length, 1);
  });

  it('a completed task can never enter the frontier (invariant 4)', () => {
    const s = fresh();
    const t = makeTask({ taskType: 'SearchTask', priority: 0.4, createdAt: at(1), query: { surname: 'Huber' } });
    assert.throws(() => addTasks(s, [{ ...t, completed: true }]), /invariant 4/);
  });

  it('termination empties the frontier (invariant 3); a budget parks the tasks for a later run', () => {
    const s = fresh();
    addTasks(s, [makeTask({ taskType: 'SearchTask', priority: 0.4, createdAt: at(1), query: { surname: 'Huber' } })]);
    const e = leadCheckTermination(s, {
      goalAchieved: false,
      exhausted: false,
      budgetExceeded: true,
      gpsSatisfied: false,
      diminishingReturns: false,
      userCancelled: false,
      reason: 'budget',
    });
    assert.equal(e?.actionType, 'termination');
    assert.equal(s.frontier.size, 0);
    assert.equal(s.parkedTasks.length, 2);
    assert.deepEqual(checkInvariants(s), []);
    assert.equal(
      leadCheckTermination(fresh(), {
        goalAchieved: false,
        exhausted: false,
        budgetExceeded: false,
        gpsSatisfied: false,
        diminishingReturns: false,
        userCancelled: true,
        reason: 'cancel',
      }),
      undefined,
      'a user cancel does not terminate the session',
    );
  });

  it('a revisit log entry must carry a reason (invariant 5 is enforced by the log schema)', () => {
    const base = {
      id: 'L-1',
      timestamp: at(1),
      sessionId: 'R-test',
      agent: 'Scout',
      actionType: 'revisit',
      source: 'archive',
    };
    assert.equal(LogEntry.safeParse({ ...base, revisitReason: [] }).success, false);
    assert.equal(LogEntry.safeParse({ ...base, revisitReason: ['Because'] }).success, false);
    assert.equal(LogEntry.safeParse({ ...base, revisitReason: ['Time-based record update check'] }).success, true);
  });
});

type Op =
  | { kind: 'add'; p: number; m: number; s: number; revisit: boolean }
  | { kind: 'select' }
  | { kind: 'clue'; i: number; p: number }
  | { kind: 'terminate'; budget: boolean }
  | { kind: 'persist' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    p: fc.integer({ min: 0, max: 10 }),
    m: fc.integer({ min: 0, max: 20 }),
    s: fc.integer({ min: 0, max: 6 }),
    revisit: fc.boolean(),
  }),
  fc.constant({ kind: 'select' as const }),
  fc.record({
    kind: fc.constant('clue' as const),
    i: fc.integer({ min: 0, max: 8 }),
    p: fc.integer({ min: 0, max: 10 }),
  }),
  fc.record({ kind: fc.constant('terminate' as const), budget: fc.boolean() }),
  fc.constant({ kind: 'persist' as const }),
);

describe('engine: invariants 1–6 hold after every operation (fast-check task sequences)', () => {
  it('any sequence of add / select+complete / clue / terminate / persist+reload keeps the invariants', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let s = fresh();
        const log: NewLogEntry[] = [];
        let lastPriority = Infinity;
        for (const o of ops) {
          switch (o.kind) {
            case 'add':
              if (s.terminated) break;
              addTasks(s, [
                makeTask({
                  taskType: 'SearchTask',
                  priority: o.p / 10,
                  createdAt: at(o.m),
                  query: { surname: `S${o.s}` },
                  revisitReason: o.revisit ? 'New hypothesis requires additional data' : undefined,
                }),
              ]);
              lastPriority = Infinity;
              break;
            case 'select': {
              if (s.terminated || s.frontier.size === 0) break;
              const { task, entry } = leadSelectTask(s);
              log.push(entry);
              // Without additions in between, selections come out in non-increasing priority.
              assert.ok(task.priority <= lastPriority);
              lastPriority = task.priority;
              if (task.revisitReason)
                log.push({
                  agent: 'Scout',
                  actionType: 'revisit',
                  source: 'archive',
                  revisitReason: [task.revisitReason as 'New hypothesis requires additional data'],
                  rationale: '',
                  context: 'archive',
                });
              completeTask(s, task);
              assert.ok(s.completedTaskIds.has(task.id));
              break;
            }
            case 'clue':
              addHypotheses(s, [clue(o.i, o.p / 10)]);
              break;
            case 'terminate':
              leadCheckTermination(s, {
                goalAchieved: !o.budget,
                exhausted: false,
                budgetExceeded: o.budget,
                gpsSatisfied: false,
                diminishingReturns: false,
                userCancelled: false,
                reason: 't',
              });
              break;
            case 'persist':
              s = fromSession(
                JSON.parse(JSON.stringify(toSession(s))) as ReturnType<typeof toSession>,
                s.graph,
                s.sourcePermissions,
              );
              lastPriority = Infinity;
              break;
          }
          assert.deepEqual(checkInvariants(s, log), []);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the checker itself catches each kind of violation', () => {
    const s = fresh();
    s.graph.set('P-x', {
      ...seed,
      id: 'P-x',
      relationships: [{ type: 'parent', person: 'P-x', status: 'accepted', confidence: 1, evidence: [] }],
    });
    s.sourcePermissions = { 0: false, 1: false, 2: false };
    s.terminated = true;
    s.hypotheses.set('H-bad', { ...clue(1, 0.5), generatedBy: 'Lead' as 'Analyst' });
    const v = checkInvariants(s, [
      { agent: 'Scout', actionType: 'revisit', source: 'x', revisitReason: [] as never, rationale: '', context: '' },
    ]);
    assert.deepEqual([...new Set(v.map((x) => x.invariant))].sort(), [1, 2, 3, 5, 6].sort());
  });
});
