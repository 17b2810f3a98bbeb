// Issue #14 (research quality on unseen cases): who a record's persons are to one another decides
// who they can be in the case. A godmother named in a baptism's event was not baptised that day; a
// child on the second household of a census page belongs to that household's head; the father of a
// will's testator is not the testator's own son, whatever the names say.
import assert from 'node:assert/strict';
import { Person, type NewLogEntry } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const claim = (source: string) => ({
  source,
  snippet: 'x',
  tier: 0,
  evidenceType: 'Primary',
  sourceClass: 'original',
  information: 'primary',
  evidence: 'direct',
  confidence: 0.9,
});

function person(
  id: string,
  given: string,
  surname: string,
  facts: Record<string, string>,
  links: [string, string][] = [],
): Person {
  return Person.parse({
    id,
    names: [{ given, surname, citations: ['S-known'] }],
    sex: 'M',
    assertions: Object.entries(facts).map(([field, value], i) => ({
      id: `A-${id}-${i}`,
      field,
      value,
      status: 'accepted',
      confidence: 0.9,
      evidence: [claim('S-known')],
    })),
    relationships: links.map(([type, p]) => ({ type, person: p, evidence: [claim('S-known')] })),
  });
}

const decisions = (log: NewLogEntry[], type: string) =>
  log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === type)
    .map((e) => e.rationale);

describe('identity: what a record says its persons are to one another', () => {
  it('gives a baptism to the baptised child, not to the godparents its event names', async () => {
    const { graph, analyst } = testAnalyst();
    const page = archiveSource(`---
title: Baptisms, Gawler, 1852
recordType: register
date: 1852
place: Gawler, South Australia
persons:
  - { key: B3, name: Johanna /Hoare/, role: principal, sex: F }
  - { key: B7, name: Patritius /Hoare/, role: sponsor, sex: M }
  - { key: B8, name: Brigida /Ryan/, role: sponsor, sex: F }
events:
  - { type: baptism, date: 14 AUG 1852, place: Gawler, persons: [B3, B7, B8] }
---
1852 Aug. 14. Baptizavi Johannam. Patrini: Patritius Hoare et Brigida Ryan.
`);
    const { integration } = await analyst.analyse(page, 1);
    const field = (i: number) =>
      graph
        .get(integration.personIds[i]!)!
        .assertions.filter((a) => a.field === 'baptism.date')
        .map((a) => a.value);
    assert.deepEqual(field(0), ['14 AUG 1852']);
    assert.deepEqual(field(1), []);
    assert.deepEqual(field(2), []);
  });

  it("reads a census page's second household against its own head, not the page's first", async () => {
    // Two cousins Philippe, born 1822 and 1823, sons of Jean and of Philippe: the 1841 page lists
    // Jean alone, then Philippe's household with his son, without a relationship column.
    const { analyst } = testAnalyst([
      person('P-jean', 'Jean', 'Renouf', { 'birth.date': '1790' }, [['child', 'P-son-of-jean']]),
      person('P-son-of-jean', 'Philippe', 'Renouf', { 'birth.date': '3 MAR 1822' }, [['parent', 'P-jean']]),
      person('P-philippe', 'Philippe', 'Renouf', { 'birth.date': '1795' }, [['child', 'P-son-of-philippe']]),
      person('P-son-of-philippe', 'Philippe', 'Renouf', { 'birth.date': '20 JUL 1823' }, [['parent', 'P-philippe']]),
    ]);
    const census = archiveSource(`---
title: 1841 census, St Ouen, Jersey — two Renouf households
recordType: census
date: 6 JUN 1841
place: St Ouen, Jersey, Channel Islands
persons:
  - { key: A1, name: Jean /Renouf/, role: head, sex: M, age: 50 }
  - { key: B1, name: Philippe /Renouf/, role: head, sex: M, age: 45 }
  - { key: B3, name: Philippe /Renouf/, role: other, sex: M, age: 15 }
---
Les Landes | Jean Renouf 50 | Philippe Renouf 45 | Philippe do 15
`);
    const { integration } = await analyst.analyse(census, 1);
    assert.deepEqual(integration.personIds, ['P-jean', 'P-philippe', 'P-son-of-philippe']);
  });

  it('reads the head’s known wife in his census household under his surname, a "dit" name too', async () => {
    const husband = Person.parse({
      ...person('P-jb', 'Jean Baptiste', 'Lefebvre dit Laviolette', { 'birth.date': '11 MAR 1821' }, [
        ['spouse', 'P-wife'],
      ]),
    });
    const wife = Person.parse({
      ...person('P-wife', 'Marguerite', 'Gagnon', {}, [['spouse', 'P-jb']]),
      sex: 'F',
    });
    const { analyst } = testAnalyst([husband, wife]);
    const census = archiveSource(`---
title: 1851 census of Canada East, Saint-Cuthbert — Laviolette household
recordType: census
date: 12 JAN 1852
place: Saint-Cuthbert, Berthier, Canada East
persons:
  - { key: H, name: Jean Bte /Laviolette/, role: head, sex: M, age: 30 }
  - { key: W, name: Marguerite /Laviolette/, role: other, sex: F, age: 25 }
  - { key: D, name: Marguerite /Gagné/, role: other, sex: F, age: 60 }
---
Jean Bte Laviolette 30 | Marguerite Laviolette 25 | Marguerite Gagné 60
`);
    const { integration } = await analyst.analyse(census, 1);
    assert.equal(integration.personIds[0], 'P-jb');
    assert.equal(integration.personIds[1], 'P-wife');
    // Another Marguerite of the house, not under his name: not his wife by this rule.
    assert.notEqual(integration.personIds[2], 'P-wife');
  });

  it("keeps the father of a will's testator out of the testator's own son", async () => {
    const { analyst } = testAnalyst([
      person('P-jean', 'Jean', 'Renouf', { 'residence.place': 'St Ouen, Jersey, Channel Islands' }, [
        ['child', 'P-son'],
      ]),
      person('P-son', 'Philippe', 'Renouf', { 'residence.place': 'St Ouen, Jersey, Channel Islands' }, [
        ['parent', 'P-jean'],
      ]),
    ]);
    const will = archiveSource(`---
title: Will of Jean Renouf fils Philippe, St Ouen, 1848
recordType: will
date: 12 SEP 1848
place: St Ouen, Jersey, Channel Islands
persons:
  - { key: T, name: Jean /Renouf/, role: testator, sex: M, relationship: fils Philippe }
  - { key: TF, name: Philippe /Renouf/, role: mentioned, sex: M }
  - { key: S, name: Philippe /Renouf/, role: legatee, sex: M, relationship: mon fils }
relationships:
  - { from: TF, to: T, type: father }
  - { from: S, to: T, type: child }
---
I, Jean Renouf son of Philippe, of the parish of St Ouen, make my will: to my son Philippe ten pounds.
`);
    const { integration, log } = await analyst.analyse(will, 1);
    assert.equal(integration.personIds[0], 'P-jean');
    assert.notEqual(integration.personIds[1], 'P-son');
    assert.equal(integration.personIds[2], 'P-son');
    assert.ok(
      decisions(log, 'namesake_kept_apart').some((r) =>
        /the parent of Jean Renouf in this record, while Philippe Renouf \(P-son\) is Jean Renouf's child/.test(r),
      ),
      decisions(log, 'namesake_kept_apart').join('\n'),
    );
  });
});
