// Issue #14 item 2: family context in persona consolidation (and the namesakes it keeps apart).
import assert from 'node:assert/strict';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import {
  boundFromRecord,
  boundFromRole,
  generationGap,
  recordFamilies,
  type RecordFamily,
} from '../../../src/agents/analyst/identity/family-context';
import { dateFeature } from '../../../src/agents/analyst/resolve/features';
import { type NewLogEntry, type Persona, type SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { stagedSubject, testAnalyst } from '../../helpers/analyst';

const NOW = new Date('2026-01-01T00:00:00Z');

const source = (text: string): SourceRecord => archiveSource(text, NOW);

function setup(subject?: { given: string; surname: string; born: string }) {
  return subject ? testAnalyst([stagedSubject(subject)], 'P-subject') : testAnalyst();
}

function decisions(log: NewLogEntry[], type: string): string[] {
  return log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === type)
    .map((e) => e.rationale);
}

function sourcesOf(g: KnowledgeGraph, id: string): Set<string> {
  return new Set(g.get(id)!.names.flatMap((n) => n.citations ?? []));
}

const BIRTH_1861 = source(`---
title: Geboorteakte Hendrik Bakker, Dorpum, 1861
recordType: birth
date: 3 MAR 1861
place: Dorpum, Groningen, Netherlands
persons:
  - key: C
    name: Hendrik /Bakker/
    role: principal
    sex: M
    birthDate: 3 MAR 1861
    birthPlace: Dorpum, Groningen, Netherlands
  - key: F
    name: Willem /Bakker/
    role: father
    sex: M
  - key: M
    name: Geertje /Smit/
    role: mother
    sex: F
---
Hendrik, zoon van Willem Bakker en Geertje Smit.
`);

describe('family context: namesakes kept apart', () => {
  it('parents stated in the record (v2 relationships, in any language) are compared as hard facts', async () => {
    const { graph, analyst } = setup({ given: 'Hendrik', surname: 'Bakker', born: 'ABT 1861' });
    await analyst.analyseFor(BIRTH_1861, 1, 'P-subject');
    // The relationship words are Dutch: only the record's stated relationships say who the parents are.
    const marriage = source(`---
title: Huwelijksakte Hendrik Bakker, Dorpum, 1887
recordType: marriage
date: 9 MAY 1887
place: Dorpum, Groningen, Netherlands
persons:
  - key: G
    name: Hendrik /Bakker/
    role: principal
    sex: M
    age: 25
  - key: GF
    name: Jacob /Bakker/
    role: other
    sex: M
    relationship: vader van de bruidegom
  - key: GM
    name: Aaltje /Mulder/
    role: other
    sex: F
    relationship: moeder van de bruidegom
relationships:
  - { from: GF, to: G, type: father }
  - { from: GM, to: G, type: mother }
---
Hendrik Bakker, oud 25 jaren, zoon van Jacob Bakker en Aaltje Mulder.
`);
    const out = await analyst.analyseFor(marriage, 1, 'P-subject');
    assert.notEqual(out.integration.personIds[0], 'P-subject');
    const why = decisions(out.log, 'namesake_kept_apart');
    assert.ok(
      why.some((w) => /different parents/.test(w)),
      why.join('\n'),
    );
    assert.ok(!sourcesOf(graph, 'P-subject').has(marriage.id));
  });

  it('two births written to the day two years apart are two children, not one', async () => {
    const { graph, analyst } = setup({ given: 'Hendrik', surname: 'Bakker', born: 'ABT 1861' });
    await analyst.analyseFor(BIRTH_1861, 1, 'P-subject');
    const other = source(`---
title: Geboorteakte Hendrik Bakker, Dorpum, 1863
recordType: birth
date: 20 JUN 1863
place: Dorpum, Groningen, Netherlands
persons:
  - key: C
    name: Hendrik /Bakker/
    role: principal
    sex: M
    birthDate: 20 JUN 1863
    birthPlace: Dorpum, Groningen, Netherlands
---
Hendrik Bakker, geboren 20 juni 1863.
`);
    const out = await analyst.analyseFor(other, 1, 'P-subject');
    assert.notEqual(out.integration.personIds[0], 'P-subject');
    assert.ok(!sourcesOf(graph, 'P-subject').has(other.id));
    assert.ok(decisions(out.log, 'namesake_kept_apart').some((w) => /beyond the 1 years|a child is born once/.test(w)));
  });

  it("a groom's father is a generation older than the groom: never the namesake child born after him", async () => {
    const { graph, analyst } = setup();
    const census = source(`---
title: 1880 census, Lowell — Dolan household
recordType: census
date: 1880
place: Lowell, Middlesex, Massachusetts, USA
persons:
  - name: Michael /Dolan/
    role: head
    sex: M
    age: 44
  - name: Thomas /Dolan/
    role: other
    sex: M
    age: 9
    relationship: son
---
Michael Dolan 44; Thomas Dolan 9, son.
`);
    await analyst.analyse(census, 1);
    const thomasChild = [...graph.persons.values()].find((p) => p.names.some((n) => n.given === 'Thomas'))!.id;
    const marriage = source(`---
title: Marriage of James Dolan and Ann Burke, Lowell, 1878
recordType: marriage
date: 2 JUN 1878
place: Lowell, Middlesex, Massachusetts, USA
persons:
  - key: G
    name: James /Dolan/
    role: principal
    sex: M
    age: 30
  - key: GF
    name: Thomas /Dolan/
    role: other
    sex: M
  - key: B
    name: Ann /Burke/
    role: spouse
    sex: F
    age: 24
relationships:
  - { from: GF, to: G, type: father }
  - { from: B, to: G, type: spouse }
---
James Dolan, 30, son of Thomas Dolan, married Ann Burke, 24.
`);
    const out = await analyst.analyse(marriage, 1);
    const father = out.integration.personIds[1];
    assert.ok(father);
    assert.notEqual(father, thomasChild, 'the father of a man born about 1848 is not the boy born about 1871');
    assert.ok(
      decisions(out.log, 'namesake_kept_apart').some((w) => /a different generation/.test(w)),
      decisions(out.log, 'namesake_kept_apart').join('\n'),
    );
  });
});

describe('family context: consolidation', () => {
  const HOUSEHOLDS = `---
title: 1860 census, Wilson County — Barnes households
recordType: census
date: 1860
place: Wilson County, Tennessee, USA
persons:
  - name: Amos /Reed/
    role: head
    sex: M
    age: 55
  - name: Amos /Reed/
    role: other
    sex: M
    age: 20
  - name: Silas /Reed/
    role: head
    sex: M
    age: 28
  - name: Amos /Reed/
    role: other
    sex: M
    age: 1
---
dw. 611 Amos Reed 55; Amos Reed 20. dw. 612 Silas Reed 28; Amos Reed 1.
`;
  const EARLIER = `---
title: 1850 census, Wilson County — Amos Reed household
recordType: census
date: 1850
place: Wilson County, Tennessee, USA
persons:
  - name: Amos /Reed/
    role: head
    sex: M
    age: 45
  - name: Amos /Reed/
    role: other
    sex: M
    age: 10
---
Amos Reed 45; Amos Reed 10.
`;
  const PETITION = `---
title: Petition for administration, estate of Amos Reed, 1871
recordType: probate
date: 6 MAR 1871
place: Lebanon, Wilson, Tennessee, USA
persons:
  - key: D
    name: Amos /Reed/
    role: principal
    sex: M
    deathDate: JAN 1871
  - key: S
    name: Amos /Reed/
    role: other
    sex: M
    relationship: son
relationships:
  - { from: S, to: D, type: child }
---
Amos Reed, late of said county, left a son Amos Reed.
`;

  it('of two equally alike namesakes, the son is the one recorded with his father; the log says why', async () => {
    const { graph, analyst } = setup({ given: 'Amos', surname: 'Reed', born: 'ABT 1805' });
    await analyst.analyseFor(source(EARLIER), 1, 'P-subject');
    await analyst.analyseFor(source(HOUSEHOLDS), 1, 'P-subject');
    const out = await analyst.analyseFor(source(PETITION), 1, 'P-subject');
    const father = out.integration.personIds[0]!;
    const son = out.integration.personIds[1]!;
    const born = (id: string) =>
      graph
        .get(id)!
        .assertions.filter((a) => a.field === 'birth.date')
        .map((a) => a.value);
    assert.equal(father, 'P-subject');
    assert.ok(born(son).includes('CAL 1840'), `the son born about 1840, not the infant: ${born(son).join()}`);
    assert.ok(!born(son).includes('CAL 1859'));
    const m = out.integration.matches.find((x) => x.person === son)!;
    assert.match(m.rationale, /Family context breaks a tie/);
  });

  it("a testator's wife and children named in his will identify him with the father of a family register", async () => {
    const { graph, analyst } = setup();
    const register = source(`---
title: Town births, children of Abner and Lois Hale, 1760–1766
recordType: birth
date: 1766
place: Groton, Middlesex, Massachusetts, USA
persons:
  - key: F
    name: Abner /Hale/
    role: father
    sex: M
  - key: M
    name: Lois /Hale/
    role: mother
    sex: F
  - key: C1
    name: Abner /Hale/
    role: child
    sex: M
    birthDate: 2 APR 1760
  - key: C2
    name: Zadok /Hale/
    role: child
    sex: M
    birthDate: 9 SEP 1763
relationships:
  - { from: M, to: F, type: spouse }
  - { from: C1, to: F, type: child }
  - { from: C1, to: M, type: child }
  - { from: C2, to: F, type: child }
  - { from: C2, to: M, type: child }
---
Abner son of Abner and Lois Hale born April 2, 1760. Zadok born Sept. 9, 1763.
`);
    await analyst.analyse(register, 1);
    const will = source(`---
title: Will of Abner Hale of Groton, 1801
recordType: will
date: 4 MAY 1801
place: Concord, Middlesex, Massachusetts, USA
persons:
  - key: T
    name: Abner /Hale/
    role: testator
    sex: M
  - key: W
    name: Lois /Hale/
    role: legatee
    sex: F
  - key: S1
    name: Zadok /Hale/
    role: legatee
    sex: M
relationships:
  - { from: W, to: T, type: spouse }
  - { from: S1, to: T, type: child }
---
I Abner Hale of Groton give to my wife Lois and to my son Zadok.
`);
    const out = await analyst.analyse(will, 1);
    const testator = out.integration.personIds[0]!;
    assert.ok(sourcesOf(graph, testator).has(register.id), 'the testator is the register father');
    const father = graph.get(testator)!;
    assert.ok(!father.assertions.some((a) => a.field === 'birth.date' && a.value === '2 APR 1760'), 'not the son');
  });

  it("a wife in a census household without relationships is the head's known wife under her married name", async () => {
    const { graph, analyst } = setup({ given: 'Ludwig', surname: 'Weber', born: 'ABT 1830' });
    const marriage = source(`---
title: Marriage of Ludwig Weber and Theresia Kraus, Cincinnati, 1855
recordType: marriage
date: 4 OCT 1855
place: Cincinnati, Hamilton, Ohio, USA
persons:
  - name: Ludwig /Weber/
    role: principal
    sex: M
    age: 25
  - name: Theresia /Kraus/
    role: spouse
    sex: F
    age: 21
---
Ludwig Weber, 25, and Theresia Kraus, 21, married 4 Oct. 1855.
`);
    await analyst.analyseFor(marriage, 1, 'P-subject');
    const wife = graph.get('P-subject')!.relationships.find((r) => r.type === 'spouse')!.person;
    const census = source(`---
title: 1860 census, Cincinnati — Ludwig Weber household
recordType: census
date: 1860
place: Cincinnati, Hamilton, Ohio, USA
persons:
  - name: Ludwig /Weber/
    role: head
    sex: M
    age: 30
  - name: Theresa /Weber/
    role: other
    sex: F
    age: 26
---
Ludwig Weber 30; Theresa do 26 (no relationship column).
`);
    const out = await analyst.analyseFor(census, 1, 'P-subject');
    assert.equal(out.integration.personIds[0], 'P-subject');
    assert.equal(out.integration.personIds[1], wife, 'Theresa Weber is Theresia Kraus');
    const m = out.integration.matches.find((x) => x.person === wife)!;
    assert.match(m.rationale, /listed in the household of Ludwig Weber/);
  });

  it("a parent named by an abbreviation of a second given name is the person's known parent (Geo. = Joh. Georg)", async () => {
    const { graph, analyst } = setup({ given: 'Gottfried', surname: 'Müller', born: 'ABT 1831' });
    const baptism = source(`---
title: Taufe Gottfried Müller, 1831
recordType: baptism
date: 6 MAR 1831
place: Aalen, Württemberg, Germany
persons:
  - name: Gottfried /Müller/
    role: principal
    sex: M
    birthDate: 4 MAR 1831
  - name: Joh. Georg /Müller/
    role: father
    sex: M
  - name: Anna /Vogt/
    role: mother
    sex: F
---
Gottfried, Sohn des Joh. Georg Müller und der Anna Vogt.
`);
    await analyst.analyseFor(baptism, 1, 'P-subject');
    const father = graph
      .get('P-subject')!
      .relationships.find((r) => r.type === 'parent' && graph.get(r.person)!.sex === 'M')!.person;
    const death = source(`---
title: Death register, Gottfried Mueller, Milwaukee, 1899
recordType: death
date: 2 JAN 1899
place: Milwaukee, Milwaukee, Wisconsin, USA
persons:
  - name: Gottfried /Mueller/
    role: principal
    sex: M
    age: 67
    birthPlace: Wurtemberg, Germany
  - name: Geo. /Mueller/
    role: father
    sex: M
---
Mueller, Gottfried, 67. Father: Geo. Mueller.
`);
    const out = await analyst.analyseFor(death, 1, 'P-subject');
    assert.equal(out.integration.personIds[0], 'P-subject');
    assert.equal(out.integration.personIds[1], father, JSON.stringify(out.integration.matches));
  });

  it("a wife and son renamed in the next census are the head's known wife and son when given name and age agree", async () => {
    const { graph, analyst } = setup({ given: 'Ole', surname: 'Hansen', born: 'ABT 1838' });
    const list = source(`---
title: Passenger list, Christiania to Quebec, 1866
recordType: immigration
date: 19 JUN 1866
place: Quebec, Canada
persons:
  - name: Ole /Hansen/
    role: head
    sex: M
    age: 28
  - name: Ingeborg /Nilsdatter/
    role: other
    sex: F
    age: 26
    relationship: wife
  - name: Anders /Olsen/
    role: child
    sex: M
    age: 4
    relationship: son
---
Ole Hansen 28; Ingeborg Nilsdatter 26, his wife; Anders Olsen 4, son.
`);
    await analyst.analyseFor(list, 1, 'P-subject');
    const rel = (type: string) => graph.get('P-subject')!.relationships.find((r) => r.type === type)!.person;
    const wife = rel('spouse');
    const son = rel('child');
    const census = source(`---
title: 1870 census, Goodhue County — Ole Hanson household
recordType: census
date: 1870
place: Wanamingo, Goodhue, Minnesota, USA
persons:
  - name: Ole /Hanson/
    role: head
    sex: M
    age: 32
  - name: Ingeborg /Hanson/
    role: other
    sex: F
    age: 30
  - name: Andrew /Hanson/
    role: other
    sex: M
    age: 8
---
Ole Hanson 32; Ingeborg do 30; Andrew do 8 (no relationship column).
`);
    const out = await analyst.analyseFor(census, 1, 'P-subject');
    assert.equal(out.integration.personIds[0], 'P-subject');
    assert.equal(out.integration.personIds[1], wife, 'Ingeborg Hanson is Ingeborg Nilsdatter');
    assert.equal(out.integration.personIds[2], son, 'Andrew Hanson is Anders Olsen');
  });
});

describe('family context: the pure rules', () => {
  const p = (name: string, role: string): Persona => ({ name, role }) as Persona;

  it('stated relationships join the role-based family, in both directions', () => {
    const personas = [p('A /X/', 'principal'), p('B /X/', 'other'), p('C /Y/', 'other')];
    const fam = recordFamilies(
      personas,
      ['A', 'B', 'C'],
      personas.map(() => ({ spouses: [], parents: [] })),
      [
        { from: 'B', to: 'A', type: 'father', snippet: '' },
        { from: 'C', to: 'A', type: 'spouse', snippet: '' },
      ],
    );
    assert.deepEqual(fam[0], { parents: [1], spouses: [2], children: [] });
    assert.deepEqual(fam[1].children, [0]);
    assert.deepEqual(fam[2].spouses, [0]);
  });

  it('the father or mother at a baptism had the child then, though the record gives no birth date', () => {
    const b = boundFromRole('father', '3 APR 1714', 'baptism');
    assert.equal(b?.max, 1714 - 12);
    assert.match(b?.why ?? '', /the father in this baptism record of 3 APR 1714, so born by 1702/);
    assert.ok(
      generationGap(
        { name: 'Jacobus /Hauck/', bound: b },
        { label: 'Jacob Houck (P-1)', birth: dateFeature('12 MAR 1712') },
        5,
      ),
      'the father of a child baptised in 1714 is not the Jacob born in 1712',
    );
    assert.equal(boundFromRole('father', '1714', 'census'), undefined, 'a census father may be any age');
    assert.equal(boundFromRole('father', '1714', 'death'), undefined, 'the father of one who died may be old or young');
    assert.equal(boundFromRole('sponsor', '1714', 'baptism')?.max, 1714 - 12, 'a sponsor as before');
  });

  it('a parent is born at least a generation before the child the record dates', () => {
    const fam: RecordFamily[] = [
      { parents: [1], spouses: [], children: [] },
      { parents: [], spouses: [], children: [0] },
    ];
    const b = boundFromRecord(1, fam, [dateFeature('1848'), undefined], ['James', 'Thomas'], 5);
    assert.equal(b?.max, 1848 + 5 - 12);
    assert.equal(
      generationGap(
        { name: 'Thomas /Dolan/', bound: b },
        { label: 'Thomas Dolan (P-1)', birth: dateFeature('1871') },
        5,
      )?.length !== undefined,
      true,
    );
    assert.equal(
      generationGap(
        { name: 'Thomas /Dolan/', bound: b },
        { label: 'Thomas Dolan (P-1)', birth: dateFeature('1830') },
        5,
      ),
      undefined,
    );
  });

  it('a grandparent is born two generations before the grandchild, through a parent the record gives no birth', () => {
    // A baptism of 1869: the child (0, born 14 JAN 1869), its father (1, no birth) and the father's
    // father (2, the paternal grandfather, no birth): not the cousin of the same name born in 1868.
    const fam: RecordFamily[] = [
      { parents: [1], spouses: [], children: [] },
      { parents: [2], spouses: [], children: [0] },
      { parents: [], spouses: [], children: [1] },
    ];
    const births = [dateFeature('14 JAN 1869'), undefined, undefined];
    const names = ['Manuel', 'António', 'Manuel'];
    const b = boundFromRecord(2, fam, births, names, 2);
    assert.equal(b?.max, 1869 + 2 - 2 * 12);
    assert.match(b?.why ?? '', /a grandparent of Manuel \(born 14 JAN 1869 by this record\), so born by 1847/);
    assert.ok(
      generationGap(
        { name: 'Manuel /Silveira de Ávila/', bound: b },
        { label: 'Manuel Avila (P-1)', birth: dateFeature('2 FEB 1868') },
        2,
      ),
      'the grandfather is not the grandson’s cousin born in 1868',
    );
    // And upward: the grandchild of a grandfather born in 1800 was born in 1824 or later.
    const up = boundFromRecord(0, fam, [undefined, undefined, dateFeature('1800')], names, 2);
    assert.equal(up?.min, 1800 - 2 + 2 * 12);
    assert.match(up?.why ?? '', /a grandchild of Manuel/);
  });
});
