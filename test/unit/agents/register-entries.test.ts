// Issue #14 (unseen cases): a child is born once and baptised once; a sponsor or witness is an adult.
import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import { hardContradiction } from '../../../src/agents/analyst/identity/hard-facts';
import { boundFromRole } from '../../../src/agents/analyst/identity/family-context';
import {
  registeredTwice,
  registeredVitals,
  withRegisterEvent,
} from '../../../src/agents/analyst/identity/register-entries';
import { Person, type NewLogEntry, type SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

const source = (text: string): SourceRecord => archiveSource(text, NOW);

function setup(persons: Person[] = []) {
  return testAnalyst(persons);
}

function claim(information: 'primary' | 'secondary', source = 'S-reg') {
  return {
    source,
    snippet: 'x',
    tier: 0,
    evidenceType: 'Primary',
    sourceClass: 'original',
    information,
    evidence: 'direct',
    confidence: 0.9,
  };
}

function child(field: string, value: string, information: 'primary' | 'secondary' = 'primary'): Person {
  return Person.parse({
    id: 'P-brendan',
    names: [{ given: 'Brendan', surname: 'Kearney' }],
    sex: 'M',
    assertions: [{ id: 'A-1', field, value, status: 'accepted', confidence: 0.9, evidence: [claim(information)] }],
  });
}

const decisions = (log: NewLogEntry[], type: string) =>
  log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === type)
    .map((e) => e.rationale);

describe('identity: a register entry is the event it records', () => {
  it('a v1 baptism register dates its principal; a v2 record keeps its own events', () => {
    const v1 = withRegisterEvent({ recordType: 'baptism', date: '3 JAN 1847' }, undefined, '#0', 'principal');
    assert.deepEqual(registeredVitals(v1, '#0', 'baptism'), [{ type: 'baptism', date: '3 JAN 1847' }]);
    // A census head is not the principal of a register entry.
    assert.deepEqual(withRegisterEvent({ recordType: 'census', date: '1901' }, undefined, '#0', 'head'), []);
    const v2 = withRegisterEvent(
      { recordType: 'birth', date: '2 NOV 1833' },
      [{ type: 'birth', date: '2 NOV 1833', persons: ['A'] }],
      'A',
      'principal',
    );
    assert.equal(v2.length, 1);
  });

  it("a death certificate's birth event is a birth told later, not a register entry", () => {
    // Trevethan: the widow told the registrar 4 MAR 1850; the baptism register's child was born 12 FEB 1851.
    const events = [
      { type: 'death', date: '3 NOV 1912', persons: ['D'] },
      { type: 'birth', date: '4 MAR 1850', persons: ['D'] },
    ];
    assert.deepEqual(registeredVitals(events, 'D', 'death'), []);
    assert.deepEqual(registeredVitals(events, 'D', 'census'), []);
    assert.deepEqual(registeredVitals(events, 'D', 'register'), [{ type: 'birth', date: '4 MAR 1850' }]);
  });

  it('two baptisms of the name months apart are two children; one baptism written twice is one', () => {
    const p = child('baptism.date', '12 MAR 1846');
    assert.match(
      registeredTwice([{ type: 'baptism', date: '3 JAN 1847' }], p, 'S-other') ?? '',
      /baptised 3 JAN 1847 by this register, while Brendan Kearney \(P-brendan\) was baptised 12 MAR 1846 \(S-reg\): a child is baptised once/,
    );
    assert.equal(registeredTwice([{ type: 'baptism', date: '19 MAR 1846' }], p, 'S-other'), undefined);
    // An old-style year: the same day written a year apart.
    assert.equal(registeredTwice([{ type: 'baptism', date: '12 MAR 1845' }], p, 'S-other'), undefined);
    // Only a register's first-hand date counts: a birth date a death certificate tells is a conflict, not a namesake.
    const told = child('birth.date', '14 MAR 1832', 'secondary');
    assert.equal(registeredTwice([{ type: 'birth', date: '2 NOV 1833' }], told, 'S-other'), undefined);
    const registered = child('birth.date', '14 MAR 1832');
    assert.match(registeredTwice([{ type: 'birth', date: '2 NOV 1833' }], registered, 'S-other') ?? '', /born once/);
  });

  it('is a hard fact against the person, with the reason', () => {
    const g = new KnowledgeGraph([child('baptism.date', '12 MAR 1846')]);
    const why = hardContradiction(
      g,
      'P-brendan',
      {
        persona: { name: 'Brendan /Kearney/', role: 'principal' },
        relatives: { spouses: [], parents: [] },
        source: { id: 'S-b', recordType: 'baptism', date: '3 JAN 1847' } as SourceRecord,
        vitals: [{ type: 'baptism', date: '3 JAN 1847' }],
      },
      undefined,
    );
    assert.match(why ?? '', /baptised once/);
  });

  it('a Brendan baptised ten months after the known one, to one known parent of his, is kept apart', async () => {
    const { graph, analyst } = setup();
    const first = source(`---
title: Baptism of Brendan Kearney, Dingle, 1846
recordType: baptism
date: 12 MAR 1846
place: Dingle, Kerry, Ireland
persons:
  - { name: Brendan /Kearney/, role: principal, sex: M, residence: Ballybeg }
  - { name: Thomas /Kearney/, role: father, sex: M, residence: Ballybeg }
---
Baptizavi Brendanum filium Thomae Kearney de Ballybeg.
`);
    const second = source(`---
title: Baptism of Brendan Kearney, Dingle, 1847
recordType: baptism
date: 3 JAN 1847
place: Dingle, Kerry, Ireland
persons:
  - { name: Brendan /Kearney/, role: principal, sex: M, residence: Ballybeg }
  - { name: Thomas /Kearney/, role: father, sex: M, residence: Ballybeg }
---
Baptizavi Brendanum filium Thomae Kearney de Ballybeg.
`);
    const a = await analyst.analyse(first, 1);
    const b = await analyst.analyse(second, 1);
    assert.notEqual(b.integration.personIds[0], a.integration.personIds[0]);
    assert.ok(
      decisions(b.log, 'namesake_kept_apart').some((r) => /a child is baptised once/.test(r)),
      decisions(b.log, 'namesake_kept_apart').join('\n'),
    );
    assert.equal(
      graph.get(a.integration.personIds[0]!)!.assertions.filter((x) => x.field === 'baptism.date').length,
      1,
    );
  });
});

describe('identity: a sponsor, godparent or witness is an adult at the record', () => {
  it('gives a sponsor a birth bound by the record year; a child gets none, a parent only at a birth or baptism', () => {
    assert.equal(boundFromRole('sponsor', '12 MAR 1846', 'baptism')?.max, 1834);
    assert.equal(boundFromRole('witness', '21 FEB 1872', 'marriage')?.max, 1860);
    assert.equal(boundFromRole('child', '1901', 'census'), undefined);
    assert.equal(boundFromRole('father', '1846', 'baptism')?.max, 1834, 'he had the child then');
    assert.equal(boundFromRole('father', '1901', 'census'), undefined);
  });

  it('the sponsor Bridget Kearney of 1846 is not the daughter Bridget born about 1880, nor the father the son born 1875', async () => {
    const { analyst } = setup();
    const census = source(`---
title: Census of Ireland 1901, Ballybeg — Kearney household
recordType: census
date: 31 MAR 1901
place: Ballybeg, Dingle, Kerry, Ireland
persons:
  - { name: Brendan /Kearney/, role: head, sex: M, age: 55, relationship: head }
  - { name: Thomas /Kearney/, role: child, sex: M, age: 26, relationship: son }
  - { name: Bridget /Kearney/, role: child, sex: F, age: 21, relationship: daughter }
---
Brendan Kearney | Head | 55 | Thomas Kearney | Son | 26 | Bridget Kearney | Daughter | 21
`);
    const baptism = source(`---
title: Baptism of Brendan Kearney, Dingle, 1846
recordType: baptism
date: 12 MAR 1846
place: Dingle, Kerry, Ireland
persons:
  - { name: Brendan /Kearney/, role: principal, sex: M, residence: Ballybeg }
  - { name: Thomas /Kearney/, role: father, sex: M, residence: Ballybeg }
  - { name: Bridget /Kearney/, role: sponsor, sex: F }
---
Baptizavi Brendanum filium Thomae Kearney de Ballybeg. Patrini: Brigida Kearney.
`);
    const c = await analyst.analyse(census, 1);
    const b = await analyst.analyse(baptism, 1);
    const [head, son, daughter] = c.integration.personIds;
    const [principal, father, sponsor] = b.integration.personIds;
    assert.equal(principal, head);
    assert.notEqual(sponsor, daughter);
    assert.notEqual(father, son);
    const why = decisions(b.log, 'namesake_kept_apart').join('\n');
    assert.match(why, /a sponsor in this baptism record of 12 MAR 1846, so an adult then, born by 1834/);
  });
});
