// Issue #14 (namesakes joined): two sons of one name in a father's death register, a relative's age
// as proof of life, minutes that name two fathers for two principals, and "Joseph son of John" read
// as the Joseph whose father John is known. Records are written for the test.
import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import { informantSlack, withInformantBirthLoosened } from '../../../src/agents/analyst/identity/informant-age';
import { featuresOfPerson } from '../../../src/agents/analyst/resolve';
import { lifespanContradiction } from '../../../src/agents/analyst/identity/lifespan';
import { namesakesByEvidence } from '../../../src/agents/analyst/identity/namesakes-in-record';
import { Person, type Persona, type SourceRecord } from '../../../src/model';
import { testAnalyst } from '../../helpers/analyst';
import { archiveSource } from '../../helpers/archive-source';

const NOW = new Date('2026-01-01T00:00:00Z');
const source = (text: string): SourceRecord => archiveSource(text, NOW);

const setup = () => testAnalyst([], undefined, NOW);

const EVIDENCE = {
  source: 'S-test',
  snippet: 'x',
  repository: 'Test repository',
  tier: 0,
  accessedAt: NOW.toISOString(),
  evidenceType: 'Primary',
  sourceClass: 'original',
  information: 'primary',
  evidence: 'direct',
  confidence: 0.9,
};

describe('namesakes in one record', () => {
  it('matches first the namesake the record gives an age, the bare one keeps its place otherwise', () => {
    const names = ['Ellen /Tait/', 'Colin /Tait/', 'Colin /Tait/', 'Ruth /Tait/', 'Colin /Tait/'];
    // The anchor (0) keeps its place; of the three Colins only the one with a birth moves ahead.
    assert.deepEqual(namesakesByEvidence([0, 1, 2, 3, 4], names, [false, false, false, true, true]), [0, 4, 1, 3, 2]);
    // The anchor is never moved, even when a namesake of it has an age and it has none.
    assert.deepEqual(namesakesByEvidence([1, 0, 2], ['A /B/', 'A /B/', 'C /B/'], [true, false, false]), [1, 0, 2]);
  });

  it('a child given an age in a death register was alive that day: not the brother buried years before', () => {
    const g = new KnowledgeGraph([
      Person.parse({
        id: 'P-infant',
        names: [{ given: 'Colin', surname: 'Tait' }],
        sex: 'M',
        assertions: [
          {
            id: 'A-bur',
            field: 'burial.date',
            value: '2 MAY 1820',
            status: 'accepted',
            confidence: 0.9,
            evidence: [EVIDENCE],
          },
        ],
      }),
    ]);
    const child = (age?: number): Persona => ({ name: 'Colin /Tait/', role: 'child', ...(age ? { age } : {}) });
    const death = { recordType: 'death', date: '9 JUN 1829' };
    assert.match(
      lifespanContradiction(g, { persona: child(7), source: death }, g.get('P-infant')!) ?? '',
      /recorded alive as child, aged 7, in 9 JUN 1829, after the death/,
    );
    // Named without an age (the register writes "dec." for a child already dead): nothing tells.
    assert.equal(lifespanContradiction(g, { persona: child(), source: death }, g.get('P-infant')!), undefined);
    // The deceased's own age is his age at death, and a newspaper's ages may be ages at death too.
    const deceased: Persona = { name: 'Colin /Tait/', role: 'deceased', age: 9 };
    assert.equal(lifespanContradiction(g, { persona: deceased, source: death }, g.get('P-infant')!), undefined);
    const notice = { recordType: 'newspaper', date: '9 JUN 1829' };
    assert.equal(lifespanContradiction(g, { persona: child(7), source: notice }, g.get('P-infant')!), undefined);
  });

  it("a father's death register naming a dead son and a living son of one name files each with his own baptism", async () => {
    const { analyst } = setup();
    const baptism = (born: string, date: string) =>
      source(`---
title: Kirkmaiden baptisms — Colin, son of Angus Tait and Ellen Rae, ${date}
recordType: baptism
date: ${date}
place: Kirkmaiden, Wigtownshire, Scotland
persons:
  - { key: C, name: Colin /Tait/, role: principal, sex: M, birthDate: ${born} }
  - { key: F, name: Angus /Tait/, role: father, sex: M, occupation: mason }
  - { key: M, name: Ellen /Rae/, role: mother, sex: F }
relationships:
  - { from: F, to: C, type: father }
  - { from: M, to: C, type: mother }
  - { from: M, to: F, type: spouse }
---
${date}. Angus Tait mason and Ellen Rae his spouse had a son born ${born} named Colin.
`);
    // The younger son's baptism is read first: he is the first Colin the father's family lists.
    const second = await analyst.analyse(baptism('8 AUG 1821', '19 AUG 1821'), 1);
    const first = await analyst.analyse(baptism('3 JAN 1816', '14 JAN 1816'), 1);
    const burial = source(`---
title: Kirkmaiden burials — Colin, son of Angus Tait, 1820
recordType: burial
date: 2 MAY 1820
place: Kirkmaiden, Wigtownshire, Scotland
persons:
  - { key: C, name: Colin /Tait/, role: deceased, sex: M, age: 4 }
  - { key: F, name: Angus /Tait/, role: father, sex: M }
relationships:
  - { from: F, to: C, type: father }
---
1820 May 2. Colin, son of Angus Tait, mason, aged 4 years.
`);
    const buried = await analyst.analyse(burial, 1);
    const elder = first.integration.personIds[0]!;
    const younger = second.integration.personIds[0]!;
    assert.equal(buried.integration.personIds[0], elder);
    assert.notEqual(elder, younger);
    const register = source(`---
title: Statutory deaths, Kirkmaiden, 1829 — Angus Tait, mason
recordType: death
date: 9 JUN 1829
place: Kirkmaiden, Wigtownshire, Scotland
informant: E
persons:
  - { key: A, name: Angus /Tait/, role: deceased, sex: M, age: 44, occupation: mason }
  - { key: E, name: Ellen /Rae/, role: informant, sex: F }
  - { key: C1, name: Colin /Tait/, role: child, sex: M }
  - { key: C2, name: Colin /Tait/, role: child, sex: M, age: 7 }
relationships:
  - { from: E, to: A, type: spouse }
  - { from: C1, to: A, type: child }
  - { from: C2, to: A, type: child }
---
Angus Tait, mason, aged 44. Married to Ellen Rae. Issue: Colin, dec. 1820; Colin, 7 years.
`);
    const death = await analyst.analyse(register, 1);
    // The seven-year-old is the younger Colin; the one named without an age is the infant, never the reverse.
    assert.equal(death.integration.personIds[3], younger);
    assert.notEqual(death.integration.personIds[2], younger);
  });
});

describe('a record that states whose parent is whose', () => {
  const birth = (father: string, mother: string, born: string) =>
    source(`---
title: Kennet Monthly Meeting births — Ezra, son of ${father} and ${mother} Whitcomb
recordType: birth
date: ${born}
place: Kennet, Chester, Pennsylvania, USA
persons:
  - { key: E, name: Ezra /Whitcomb/, role: principal, sex: M, birthDate: ${born} }
  - { key: F, name: ${father} /Whitcomb/, role: father, sex: M }
  - { key: M, name: ${mother} /Whitcomb/, role: mother, sex: F }
relationships:
  - { from: F, to: E, type: father }
  - { from: M, to: E, type: mother }
---
${father} Whitcomb & ${mother} his wife had a son born ${born} named Ezra.
`);
  const minutes = source(`---
title: Kennet Monthly Meeting minutes, 1770 — Ezra Whitcomb son of Levi disowned; Ann Pusey late Whitcomb
recordType: church-membership
date: 12 MAR 1770
place: Kennet, Chester, Pennsylvania, USA
persons:
  - { key: E, name: Ezra /Whitcomb/, role: principal, sex: M }
  - { key: EF, name: Levi /Whitcomb/, role: father, sex: M }
  - { key: A, name: Ann /Pusey/, role: principal, sex: F }
  - { key: AF, name: Amos /Whitcomb/, role: father, sex: M }
relationships:
  - { from: EF, to: E, type: father }
  - { from: AF, to: A, type: father }
---
Ezra Whitcomb son of Levi hath married out of unity and is disowned. Ann Pusey (late Whitcomb),
daughter of Amos Whitcomb, hath condemned her outgoing, which is accepted.
`);

  it("reads Ezra's father as Levi only, not also Ann's father Amos, and files him with Levi's son", async () => {
    const { graph, analyst } = setup();
    const amosSon = await analyst.analyse(birth('Amos', 'Mary', '3 FEB 1746'), 1);
    const leviSon = await analyst.analyse(birth('Levi', 'Hannah', '20 SEP 1747'), 1);
    const out = await analyst.analyse(minutes, 1);
    const ezra = out.integration.personIds[0]!;
    assert.equal(ezra, leviSon.integration.personIds[0]);
    assert.notEqual(ezra, amosSon.integration.personIds[0]);
    const parents = graph
      .get(ezra)!
      .relationships.filter((r) => r.type === 'parent')
      .map((r) => graph.get(r.person)!.names[0].given);
    assert.ok(!parents.includes('Amos'), parents.join(', '));
  });

  it('of two namesakes left for review, takes the one whose known father the record names', async () => {
    const { analyst } = setup();
    const leviSon = await analyst.analyse(birth('Levi', 'Hannah', '20 SEP 1747'), 1);
    // An older Ezra of Kennet on a militia roll: his parents unknown, his residence the meeting's town.
    const roll = source(`---
title: Kennet township militia roll, 1758
recordType: military
date: 1 MAY 1758
place: Kennet, Chester, Pennsylvania, USA
persons:
  - { key: E, name: Ezra /Whitcomb/, role: principal, sex: M, age: 48, residence: Kennet }
---
Ezra Whitcomb, Kennet, aged 48, private.
`);
    const older = await analyst.analyse(roll, 1);
    assert.notEqual(older.integration.personIds[0], leviSon.integration.personIds[0]);
    const out = await analyst.analyse(minutes, 1);
    assert.equal(out.integration.personIds[0], leviSon.integration.personIds[0]);
  });
});

describe("an informant's age against the family's records", () => {
  const baptism = source(`---
title: Bala parish register, baptism of Owen Parry, 1840
recordType: baptism
date: 20 MAY 1840
place: Bala, Merionethshire, Wales
persons:
  - { key: O, name: Owen /Parry/, role: principal, sex: M, birthDate: 2 MAY 1840 }
  - { key: F, name: Hugh /Parry/, role: father, sex: M, occupation: quarryman }
  - { key: M, name: Catherine /Parry/, role: mother, sex: F }
relationships:
  - { from: F, to: O, type: father }
  - { from: M, to: O, type: mother }
---
1840 May 20. Owen son of Hugh Parry quarryman and Catherine his wife, born May 2d.
`);
  const census = source(`---
title: 1880 census, Wilkes-Barre, Luzerne, Pennsylvania — Parry household
recordType: census
date: 1 JUN 1880
place: Wilkes-Barre, Luzerne, Pennsylvania, USA
persons:
  - { key: O, name: Owen /Parry/, role: head, sex: M, age: 40, birthPlace: Wales, occupation: miner }
  - { key: W, name: Gwen /Parry/, role: spouse, sex: F, age: 37, birthPlace: Wales }
relationships:
  - { from: W, to: O, type: spouse }
---
Parry, Owen | W M 40 | head | miner | Wales. Parry, Gwen | W F 37 | wife | Wales.
`);
  const death = (age: number, born: string) =>
    source(`---
title: Certificate of death, Owen Parry, Wilkes-Barre, 1912
recordType: death
date: 3 FEB 1912
place: Wilkes-Barre, Luzerne, Pennsylvania, USA
informant: I
persons:
  - { key: D, name: Owen /Parry/, role: deceased, sex: M, age: ${age}, birthDate: "${born}", birthPlace: Wales, deathDate: 3 FEB 1912, occupation: retired miner, informationType: secondary }
  - { key: W, name: Gwen /Parry/, role: spouse, sex: F }
  - { key: I, name: Ann /Parry/, role: informant, sex: F, relationship: daughter-in-law }
relationships:
  - { from: W, to: D, type: spouse }
---
Owen Parry, male, married, husband of Gwen Parry. Born ${born} (age ${age}). Birthplace Wales. Retired miner.
Informant: Mrs. Ann Parry, daughter-in-law.
`);

  it('files a death certificate whose informant gives a birth six years early with the man, and keeps the conflict', async () => {
    const { graph, analyst } = setup();
    const b = await analyst.analyse(baptism, 1);
    const c = await analyst.analyse(census, 1);
    const owen = b.integration.personIds[0]!;
    assert.equal(c.integration.personIds[0], owen);
    const d = await analyst.analyse(death(78, '1834'), 1);
    assert.equal(d.integration.personIds[0], owen);
    const births = graph
      .get(owen)!
      .assertions.filter((a) => a.field === 'birth.date')
      .map((a) => `${a.value}:${a.status}`);
    assert.ok(births.includes('2 MAY 1840:accepted'), births.join(', '));
    assert.ok(births.includes('1834:disputed'), births.join(', '));
    assert.match(
      d.integration.matches.find((m) => m.key === 'D')?.rationale ?? '',
      /informant's \(secondary information\)/,
    );
  });

  it('does not set aside a birth the record knows first-hand, nor a gap beyond what an age may be off', async () => {
    const { analyst } = setup();
    const b = await analyst.analyse(baptism, 1);
    await analyst.analyse(census, 1);
    const owen = b.integration.personIds[0]!;
    // Fifteen years out: beyond a tenth of the age and beyond a death record's tolerance: another man.
    const far = await analyst.analyse(death(93, '1819'), 1);
    assert.notEqual(far.integration.personIds[0], owen);
  });

  it('an informant may be out by a tenth of the age and a year', () => {
    assert.deepEqual(
      [informantSlack(3), informantSlack(44), informantSlack(75), informantSlack(undefined)],
      [1, 5, 8, 0],
    );
  });

  it("a person's birth year from an age given at the death is as loose as that informant; a record's own is not", () => {
    const told = { ...EVIDENCE, source: 'S-death', evidenceType: 'Secondary', information: 'secondary' };
    const samuel = (birthEvidence: object) =>
      Person.parse({
        id: 'P-samuel',
        names: [{ given: 'Samuel', surname: 'Ramdeen' }],
        sex: 'M',
        assertions: [
          {
            id: 'A-d',
            field: 'death.date',
            value: '3 APR 1951',
            status: 'accepted',
            confidence: 0.8,
            evidence: [told],
          },
          {
            id: 'A-b',
            field: 'birth.date',
            value: 'CAL 1881',
            status: 'staged',
            confidence: 0.6,
            evidence: [birthEvidence],
          },
        ],
      });
    // A son's "70 years" on the death certificate: out by up to eight years.
    const byInformant = samuel(told);
    const loose = withInformantBirthLoosened(byInformant, featuresOfPerson(byInformant)).birth;
    assert.deepEqual([loose?.min, loose?.max], [1872, 1890]);
    // The same year from a record that knew it first-hand, or from a compiler's tree: unchanged.
    for (const other of [
      { ...EVIDENCE, source: 'S-death' },
      { ...told, sourceClass: 'authored', evidenceType: 'Authored' },
      { ...told, source: 'S-census' },
    ]) {
      const p = samuel(other);
      assert.deepEqual(withInformantBirthLoosened(p, featuresOfPerson(p)).birth, featuresOfPerson(p).birth);
    }
  });

  it('a child buried before a namesake brother was born is not that brother', () => {
    const g = new KnowledgeGraph([
      Person.parse({
        id: 'P-younger',
        names: [{ given: 'Owen', surname: 'Parry' }],
        sex: 'M',
        assertions: [
          {
            id: 'A-b',
            field: 'birth.date',
            value: '14 JUN 1847',
            status: 'accepted',
            confidence: 0.9,
            evidence: [EVIDENCE],
          },
        ],
      }),
    ]);
    const buried = {
      persona: { name: 'Owen /Parry/', role: 'deceased' } as Persona,
      death: { text: '5 NOV 1846', min: 1845, max: 1846, stated: true },
      source: { recordType: 'burial', date: '5 NOV 1846' },
    };
    assert.match(lifespanContradiction(g, buried, g.get('P-younger')!) ?? '', /before Owen Parry .* was born/);
    const later = { ...buried, death: { text: '5 NOV 1848', min: 1847, max: 1848, stated: true } };
    assert.equal(lifespanContradiction(g, later, g.get('P-younger')!), undefined);
  });
});
