// Issue #14 (unseen Catholic and Iberian registers): the Virgin or a saint as godparent is no person;
// godparents, wet nurses and foster parents are nobody's parents; a foundling is not the foster
// household's own son of the same name.
import assert from 'node:assert/strict';
import { foundlingWords, isDevotionalName, notKinship } from '../../../src/agents/analyst/register-roles';
import { relationToAnchor } from '../../../src/agents/analyst/integrate';
import { anchorFoundlingPhrase } from '../../../src/agents/analyst/identity/foundlings';
import { extractFromText } from '../../../src/agents/analyst/extract';
import { displayName, type NewLogEntry, type SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const source = (text: string): SourceRecord => archiveSource(text);

const decisions = (log: NewLogEntry[], type: string) =>
  log
    .filter((e) => e.actionType === 'decision' && 'decisionType' in e && e.decisionType === type)
    .map((e) => e.rationale);

describe('register roles: devotional names are no persons', () => {
  it('reads the Virgin and saints as devotional in the registers’ languages, and families as persons', () => {
    for (const n of [
      'Nossa Senhora',
      'Nossa Senhora da Conceição',
      'Nuestra Señora del Rosario',
      'Notre-Dame de Bon-Secours',
      'Our Lady of Sorrows',
      'la Santissima Vergine',
      'Beata Maria Virgo',
      'Santa Maria',
      'São José',
      'San Giuseppe',
      'N. Sra. da Conceição',
      'Ntra. Sra. del Rosario',
      'S. José',
      'Menino Jesus',
      // A term day a letter dates by: "par Sant Martin" (Martinmas), "a San Michele"
      'Sant Martin',
      'San Michele',
    ])
      assert.equal(isDevotionalName(n), true, n);
    for (const n of [
      'Santa /Rossi/',
      'Santa Maria /Rossi/',
      'Maria /Santa/',
      'Juan /San Martín/',
      'Joseph /Saint-Pierre/',
      'Santos /Silva/',
      'Madonna /Rossi/',
      'Maria /Senhora/',
      'José /San Martín/',
      'Martin /Sant/',
    ])
      assert.equal(isDevotionalName(n), false, n);
  });

  it('a baptism whose madrinha is Nossa Senhora makes no person of her and links her to no one', async () => {
    const { graph, analyst } = testAnalyst();
    const out = await analyst.analyse(
      source(`---
title: Baptismo de Manuel, exposto, Dume, 1790
recordType: baptism
date: 3 FEB 1790
place: Dume, Braga, Portugal
persons:
  - { key: M, name: Manuel, role: principal, sex: M }
  - { key: P1, name: José /Lopes/, role: godparent, sex: M, relationship: padrinho }
  - { key: P2, name: Nossa Senhora, role: godparent, sex: F, relationship: madrinha }
relationships:
  - { from: P1, to: P2, type: spouse }
---
Baptizei a Manuel, exposto. Foi padrinho José Lopes e madrinha Nossa Senhora.
`),
      1,
    );
    const names = [...graph.persons.values()].map(displayName);
    assert.ok(!names.some((n) => /Senhora/.test(n)), names.join(', '));
    assert.ok(names.includes('José Lopes'));
    assert.ok(decisions(out.log, 'not_a_person').some((r) => /"Nossa Senhora".*devotional/.test(r)));
    for (const p of graph.persons.values()) assert.deepEqual(p.relationships, [], displayName(p));
  });
});

describe('register roles: godparents, wet nurses and foster parents are not parents', () => {
  it('reads the words of a spiritual, nursing or foster tie in each language', () => {
    for (const t of [
      'ama (wet nurse)',
      'marido da ama (husband of the wet nurse)',
      'foster father',
      'mãe de criação',
      "père nourricier de l'époux",
      'marito della balia',
      'god-father',
      'padrinho',
      'vices gessit matrinae',
      'padres de crianza',
      'afilhado',
      'padre putativo',
    ])
      assert.equal(notKinship(t), true, t);
    for (const t of ['father', 'mother', 'father of the bride', 'filho', 'grandmother', 'amante', 'madre, ama de casa'])
      assert.equal(notKinship(t), false, t);
  });

  it('a foster father, a wet nurse’s husband or a god-father is no relative of the anchor', () => {
    assert.equal(relationToAnchor({ name: 'Luigi /Rossi/', role: 'other', relationship: 'foster father' }), undefined);
    assert.equal(
      relationToAnchor({ name: 'João /Ferreira/', role: 'other', relationship: 'husband of the wet nurse' }),
      undefined,
    );
    assert.equal(relationToAnchor({ name: 'X /Y/', role: 'godparent', relationship: 'god-mother' }), undefined);
    assert.equal(relationToAnchor({ name: 'X /Y/', role: 'father', relationship: 'foster father' }), undefined);
    assert.deepEqual(relationToAnchor({ name: 'X /Y/', role: 'other', relationship: 'father' }), {
      kind: 'parent',
      of: 'anchor',
    });
  });

  it('a foundling listed in the household that raises him is none of its children, whatever the role', () => {
    assert.equal(relationToAnchor({ name: 'Manuel', role: 'child', relationship: 'exposto' }), undefined);
    assert.equal(
      relationToAnchor({ name: 'Jean /Mai/', role: 'child', relationship: "enfant de l'hospice" }),
      undefined,
    );
    assert.deepEqual(relationToAnchor({ name: 'Manuel /Ferreira/', role: 'child', relationship: 'filho' }), {
      kind: 'child',
      of: 'anchor',
    });
    // A wife is a wife, whatever else the column says of her.
    assert.deepEqual(relationToAnchor({ name: 'Ana /Costa/', role: 'spouse', relationship: 'mulher, ama de leite' }), {
      kind: 'spouse',
      of: 'anchor',
    });
  });

  it('"father of the bride" is the bride’s father, not the groom’s', () => {
    assert.deepEqual(
      relationToAnchor({ name: 'Claude /Girard/', role: 'father', relationship: 'father of the bride' }),
      {
        kind: 'parent',
        of: 'bride',
      },
    );
    assert.deepEqual(relationToAnchor({ name: 'Claude /Girard/', role: 'father' }), { kind: 'parent', of: 'anchor' });
  });

  it('a trovatello’s balia and her husband become no parents of his', async () => {
    const { graph, analyst } = testAnalyst();
    const out = await analyst.analyse(
      source(`---
title: Battesimo di Giovanni Battista Esposti, trovatello, 1852
recordType: baptism
date: 6 JUN 1852
place: Sant'Angelo in Vado, Italy
persons:
  - { name: Giovanni Battista /Esposti/, role: principal, sex: M, relationship: "trovatello, di genitori ignoti" }
  - { name: Teresa /Bianchi/, role: other, sex: F, relationship: balia (foster mother) }
  - { name: Luigi /Rossi/, role: other, sex: M, relationship: marito della balia (foster father) }
  - { name: Domenico /Gostoli/, role: godparent, sex: M, relationship: padrino }
---
Battezzato un trovatello affidato alla balia Teresa Bianchi, moglie di Luigi Rossi. Padrino Domenico Gostoli.
`),
      1,
    );
    const child = graph.get(out.integration.personIds[0]!)!;
    assert.deepEqual(
      child.relationships.filter((r) => r.type === 'parent'),
      [],
    );
  });

  it('a child the record calls a foundling gets no parent from a role: whoever stands there took him in', async () => {
    const { graph, analyst } = testAnalyst();
    const out = await analyst.analyse(
      source(`---
title: Bautismo de José, expósito, 1801
recordType: baptism
date: 9 MAY 1801
place: Astorga, León, Spain
persons:
  - { name: José, role: principal, sex: M, note: "expósito, de padres no conocidos" }
  - { name: Manuela /García/, role: mother, sex: F }
  - { name: Tomás /Prieto/, role: godparent, sex: M }
---
Bauticé a José, expósito, de padres no conocidos, que se entregó a Manuela García. Padrino Tomás Prieto.
`),
      1,
    );
    const child = graph.get(out.integration.personIds[0]!)!;
    assert.deepEqual(child.relationships, []);
  });

  it('a title calling the principal a foundling counts as his own words; "son of X, exposto" does not', () => {
    const manuel = { name: 'Manuel', role: 'principal' as const };
    assert.ok(anchorFoundlingPhrase(manuel, 'Baptismo de Manuel, exposto, Dume, 1790'));
    assert.ok(anchorFoundlingPhrase(manuel, 'Óbito de Manuel Ferreira, exposto, marido de Josefa Maria'));
    const joaquim = { name: 'Joaquim /Ferreira/', role: 'principal' as const };
    assert.equal(
      anchorFoundlingPhrase(joaquim, 'Baptismo de Joaquim, filho de Manuel Ferreira, exposto, e Josefa Maria'),
      undefined,
    );
  });

  it('a v1 baptism titled for a foundling gives the woman in the mother’s role no motherhood; his son’s keeps it', async () => {
    const { graph, analyst } = testAnalyst();
    const foundling = await analyst.analyse(
      source(`---
title: Baptismo de Manuel, exposto, Dume, 1790
recordType: baptism
date: 3 FEB 1790
place: Dume, Braga, Portugal
persons:
  - { name: Manuel, role: principal, sex: M }
  - { name: Ana /da Costa/, role: mother, sex: F }
---
Baptizei a Manuel, exposto, entregue a Ana da Costa.
`),
      1,
    );
    assert.deepEqual(graph.get(foundling.integration.personIds[0]!)!.relationships, []);
    const son = await analyst.analyse(
      source(`---
title: Baptismo de Joaquim, filho de Manuel Ferreira, exposto, e Josefa Maria, Dume, 1815
recordType: baptism
date: 2 APR 1815
place: Dume, Braga, Portugal
persons:
  - { name: Joaquim /Ferreira/, role: principal, sex: M }
  - { name: Manuel /Ferreira/, role: father, sex: M }
  - { name: Josefa /Maria/, role: mother, sex: F }
---
Baptizei a Joaquim, filho de Manuel Ferreira, exposto, e de Josefa Maria.
`),
      1,
    );
    const joaquim = graph.get(son.integration.personIds[0]!)!;
    assert.equal(joaquim.relationships.filter((r) => r.type === 'parent').length, 2);
  });

  it('a stated parent edge from a godparent or an ama is dropped', async () => {
    const { graph, analyst } = testAnalyst();
    const out = await analyst.analyse(
      source(`---
title: Baptismo de Manuel, exposto, 1790
recordType: baptism
date: 3 FEB 1790
place: Dume, Braga, Portugal
persons:
  - { key: M, name: Manuel /Exposto/, role: principal, sex: M }
  - { key: A, name: Ana /da Costa/, role: other, sex: F, relationship: ama de leite }
  - { key: P, name: José /Lopes/, role: godparent, sex: M }
relationships:
  - { from: A, to: M, type: mother }
  - { from: M, to: P, type: child }
---
Baptizei a Manuel, exposto, entregue à ama Ana da Costa. Padrinho José Lopes.
`),
      1,
    );
    const child = graph.get(out.integration.personIds[0]!)!;
    assert.deepEqual(child.relationships, []);
  });

  it('"the foster son of X and Y" in free text names no parents', () => {
    const { personas } = extractFromText(
      'Family note on Jean-Baptiste Mai',
      'Jean-Baptiste Mai was a foundling, the foster son of Pierre Moreau and Marie Leblanc of Château-Chinon.',
    );
    assert.ok(!personas.some((p) => p.persona.role === 'father' || p.persona.role === 'mother'));
    // Named all the same, as what they were to him.
    assert.deepEqual(
      personas.filter((p) => p.persona.role === 'other').map((p) => [p.persona.name, p.persona.relationship]),
      [
        ['Pierre Moreau', 'foster father'],
        ['Marie Leblanc', 'foster mother'],
      ],
    );
    const own = extractFromText('Note', 'Jean-Baptiste Mai was the son of Pierre Moreau and Marie Leblanc.');
    assert.ok(own.personas.some((p) => p.persona.role === 'father'));
  });
});

describe('register roles: a foundling is not the foster household’s son of his name', () => {
  it('reads a foundling’s words', () => {
    for (const t of ['exposto, de pais incógnitos', 'enfant trouvé', 'trovatello', 'expósito', 'foundling'])
      assert.equal(foundlingWords(t), true, t);
    for (const t of ['filho', 'exposição', 'son', 'Expedito']) assert.equal(foundlingWords(t), false, t);
  });

  const sonBaptism = `---
title: Baptismo de Manuel, filho de João Ferreira e Ana da Costa, Dume, 1786
recordType: baptism
date: 14 MAR 1786
place: Dume, Braga, Portugal
persons:
  - { name: Manuel /Ferreira/, role: principal, sex: M }
  - { name: João /Ferreira/, role: father, sex: M }
  - { name: Ana /da Costa/, role: mother, sex: F }
---
Baptizei a Manuel, filho legítimo de João Ferreira e de Ana da Costa.
`;
  const foundlingMarriage = `---
title: Casamento de Manuel Ferreira, exposto, e Josefa Maria, Dume, 1813
recordType: marriage
date: 8 JUN 1813
place: Dume, Braga, Portugal
persons:
  - { name: Manuel /Ferreira/, role: groom, sex: M, age: 25, note: exposto desta freguesia }
  - { name: Josefa /Maria/, role: bride, sex: F }
---
Receberam-se Manuel Ferreira, exposto desta freguesia, e Josefa Maria.
`;
  const foundlingBurial = `---
title: Óbito de Manuel Ferreira, exposto, Dume, 1849
recordType: burial
date: 11 NOV 1849
place: Dume, Braga, Portugal
persons:
  - { name: Manuel /Ferreira/, role: deceased, sex: M, age: 62, note: exposto }
---
Sepultou-se Manuel Ferreira, exposto, de sessenta e dois anos.
`;
  const sonMarriage = `---
title: Casamento de Manuel Ferreira e Teresa de Jesus, Dume, 1811
recordType: marriage
date: 22 MAY 1811
place: Dume, Braga, Portugal
persons:
  - { name: Manuel /Ferreira/, role: groom, sex: M, age: 25 }
  - { name: Teresa /de Jesus/, role: bride, sex: F }
  - { name: João /Ferreira/, role: father, sex: M, relationship: father of the groom }
  - { name: Ana /da Costa/, role: mother, sex: F, relationship: mother of the groom }
---
Receberam-se Manuel Ferreira, filho de João Ferreira e de Ana da Costa, e Teresa de Jesus.
`;

  it('the exposto Manuel Ferreira is not the son of the named couple, baptised a few years before', async () => {
    const { graph, analyst } = testAnalyst();
    const son = await analyst.analyse(source(sonBaptism), 1);
    const foundling = await analyst.analyse(source(foundlingMarriage), 1);
    assert.notEqual(foundling.integration.personIds[0], son.integration.personIds[0]);
    assert.ok(
      decisions(foundling.log, 'namesake_kept_apart').some((r) => /a foundling of unknown parents/.test(r)),
      decisions(foundling.log, 'namesake_kept_apart').join('\n'),
    );
    assert.equal(
      graph.get(foundling.integration.personIds[0]!)!.relationships.filter((r) => r.type === 'parent').length,
      0,
    );
  });

  it('nor, the other way round, is the named couple’s son the foundling already known', async () => {
    const { analyst } = testAnalyst();
    const foundling = await analyst.analyse(source(foundlingBurial), 1);
    const son = await analyst.analyse(source(sonMarriage), 1);
    assert.notEqual(son.integration.personIds[0], foundling.integration.personIds[0]);
    assert.ok(
      decisions(son.log, 'namesake_kept_apart').some((r) => /is a foundling of unknown parents/.test(r)),
      decisions(son.log, 'namesake_kept_apart').join('\n'),
    );
  });
});
