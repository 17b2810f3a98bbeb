import { strict as assert } from 'node:assert';
import { Person, RawRecord } from '../../../src/model';
import { mapGedcom, streamGedcom, type PersonSidecar } from '../../../src/interchange/gedcom/map-import';
import { parseGedcom } from '../../../src/interchange/gedcom/parse';

const SAMPLE = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/ Jr.
2 GIVN John Paul
2 NICK Jack
2 _MARNM Smythe
1 SEX M
1 BIRT
2 DATE ABT 1850
2 PLAC Springfield, Illinois
2 SOUR @S1@
3 PAGE p. 12
3 QUAY 3
3 DATA
4 TEXT John Smith born about 1850
2 _CUSTOM kept
1 OCCU Farmer
1 REFN 42
2 TYPE user
1 _UID ABC-123
1 FAMS @F1@
1 NOTE @N1@
1 _HOBBY fishing
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 FAMS @F1@
0 @I3@ INDI
1 NAME Tom /Smith/
1 FAMC @F1@
2 PEDI adopted
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 MARR
2 DATE 1875
2 SOUR @S1@
3 PAGE p. 40
0 @S1@ SOUR
1 TITL County Register
1 AUTH Clerk
1 REPO @R1@
0 @R1@ REPO
1 NAME State Archive
0 @N1@ NOTE A shared note
0 _PLACDEF Custom record
0 TRLR
`;

describe('GEDCOM → case model mapping', () => {
  const mapped = mapGedcom(parseGedcom(SAMPLE), { file: 'sample.ged', key: 'abc123' });
  const [john, mary, tom] = mapped.persons as [Person, Person, Person];

  it('produces valid persons with names, sex, external ids and counts', () => {
    for (const p of mapped.persons) Person.parse(p);
    assert.deepEqual(mapped.stats.individuals, 3);
    assert.equal(mapped.stats.families, 1);
    assert.equal(mapped.stats.events, 3);
    assert.equal(mapped.stats.sources, 1);
    assert.equal(john.id, 'P-abc123-I1');
    assert.deepEqual(john.names[0], {
      given: 'John Paul',
      surname: 'Smith',
      suffix: 'Jr.',
      nickname: 'Jack',
      type: 'birth',
    });
    assert.deepEqual(john.names[1], { given: 'John Paul', surname: 'Smythe', type: 'married' });
    assert.equal(john.sex, 'M');
    assert.deepEqual(john.externalIds, { gedcomXref: '@I1@', 'REFN:user': '42', _UID: 'ABC-123' });
  });

  it('groups date and place of one event under one event id, with QUAY-classified evidence', () => {
    const birth = john.assertions.filter((a) => a.field.startsWith('birth.'));
    assert.deepEqual(
      birth.map((a) => [a.field, a.value]),
      [
        ['birth.date', 'ABT 1850'],
        ['birth.place', 'Springfield, Illinois'],
      ],
    );
    assert.equal(new Set(birth.map((a) => a.event)).size, 1);
    const e = birth[0].evidence[0];
    assert.deepEqual(
      [e.source, e.page, e.snippet, e.method],
      ['S-abc123-S1', 'p. 12', 'John Smith born about 1850', 'gedcom'],
    );
    assert.deepEqual(
      [e.sourceClass, e.information, e.evidence, e.evidenceType],
      ['original', 'primary', 'direct', 'Primary'],
    );
    assert.equal(birth[0].confidence, 0.9);
    assert.deepEqual(john.assertions.find((a) => a.field === 'occupation.value')?.value, 'Farmer');
  });

  it('builds source text that contains every cited snippet and the record verbatim', () => {
    const src = mapped.sources.find((s) => s.key === 'S-abc123-S1')!;
    RawRecord.parse(src.record);
    assert.equal(src.record.title, 'County Register');
    assert.equal(src.record.repository, 'State Archive');
    for (const p of mapped.persons)
      for (const a of p.assertions)
        for (const e of a.evidence) assert.ok(src.record.text.includes(e.snippet), e.snippet);
    assert.match(src.record.text, /p\. 40/);
    assert.match(src.record.text, /0 @S1@ SOUR\n1 TITL County Register/);
  });

  it('turns FAM into relationships with pedigree and family events on both spouses', () => {
    assert.deepEqual(
      john.relationships.map((r) => [r.type, r.person]),
      [
        ['spouse', 'P-abc123-I2'],
        ['child', 'P-abc123-I3'],
      ],
    );
    assert.deepEqual(
      tom.relationships.map((r) => [r.type, r.person, r.pedigree]),
      [
        ['parent', 'P-abc123-I1', 'adopted'],
        ['parent', 'P-abc123-I2', 'adopted'],
      ],
    );
    const mj = john.assertions.find((a) => a.field === 'marriage.date')!;
    const mm = mary.assertions.find((a) => a.field === 'marriage.date')!;
    assert.equal(mj.event, mm.event);
    assert.equal(mj.value, '1875');
    const fam = (john as Person & { gedcom: PersonSidecar }).gedcom.families![0];
    assert.deepEqual(
      [fam.xref, fam.husb, fam.wife, fam.children],
      ['@F1@', 'P-abc123-I1', 'P-abc123-I2', [{ id: 'P-abc123-I3', pedi: 'adopted' }]],
    );
  });

  it('keeps custom tags and notes verbatim in the sidecar (shared notes inlined)', () => {
    const side = (john as Person & { gedcom: PersonSidecar }).gedcom;
    assert.deepEqual(side.extra, [
      { tag: 'NOTE', value: 'A shared note' },
      { tag: '_HOBBY', value: 'fishing' },
    ]);
    assert.deepEqual(Object.values(side.events ?? {})[0]?.extra, [{ tag: '_CUSTOM', value: 'kept' }]);
    const file = mapped.sources.find((s) => s.fileSource)!;
    assert.match(file.record.text, /0 _PLACDEF Custom record/);
  });

  it('withholds free text of living persons', () => {
    const m = mapGedcom(parseGedcom(SAMPLE), {
      file: 'sample.ged',
      key: 'abc123',
      isLiving: (p) => p.id === 'P-abc123-I1',
    });
    const side = (m.persons[0] as Person & { gedcom: PersonSidecar }).gedcom;
    assert.equal(side.extra, undefined);
    assert.match(m.warnings.map((w) => w.message).join('\n'), /1 living person/);
  });
});

describe('GEDCOM mapping, one person at a time', () => {
  it('hands on each person whole (families gathered first) and has sources only after the last', () => {
    const stream = streamGedcom(parseGedcom(SAMPLE), { file: 'sample.ged', key: 'abc123' });
    assert.equal(stream.individuals, 3);
    assert.throws(() => stream.finish(), /before every person was read/);
    const it = stream.persons[Symbol.iterator]();
    const john = it.next().value as Person;
    // The first person, before the others are built, already has what its family gives it.
    assert.deepEqual(
      john.relationships.map((r) => [r.type, r.person]),
      [
        ['spouse', 'P-abc123-I2'],
        ['child', 'P-abc123-I3'],
      ],
    );
    assert.equal(john.assertions.find((a) => a.field === 'marriage.date')?.value, '1875');
    assert.equal((john as Person & { gedcom: PersonSidecar }).gedcom.families?.[0]?.xref, '@F1@');
    assert.throws(() => stream.finish(), /before every person was read/);
    const rest = [...{ [Symbol.iterator]: () => it }];
    assert.equal(rest.length, 2);
    const whole = mapGedcom(parseGedcom(SAMPLE), { file: 'sample.ged', key: 'abc123' });
    assert.deepEqual([john, ...rest], whole.persons);
    assert.deepEqual({ ...stream.finish(), persons: whole.persons }, whole);
  });

  it('maps a document whose INDI records are parsed on demand exactly like a whole one (a PEDI record is read before the families)', () => {
    const deferred = parseGedcom(SAMPLE, { defer: new Set(['INDI']) });
    // Only the record with a PEDI line is parsed before the first person is asked for.
    const stream = streamGedcom(deferred, { file: 'sample.ged', key: 'abc123', consume: true });
    assert.deepEqual(
      deferred.records.filter((r) => r.tag === 'INDI').map((r) => deferred.deferredText(r) !== undefined),
      [true, true, false],
    );
    const persons = [...stream.persons];
    const whole = mapGedcom(parseGedcom(SAMPLE), { file: 'sample.ged', key: 'abc123' });
    assert.deepEqual(persons, whole.persons);
    assert.deepEqual(
      persons[2].relationships.map((r) => r.pedigree),
      ['adopted', 'adopted'],
    );
    assert.deepEqual({ ...stream.finish(), persons }, whole);
  });

  it('gives distinct ids to xrefs that sanitize alike, and to a source named like the file source', () => {
    const text = `0 HEAD
1 GEDC
2 VERS 5.5.1
0 @I 1@ INDI
1 NAME A /One/
1 BIRT
2 DATE 1850
2 SOUR @S 1@
2 SOUR @file@
0 @I_1@ INDI
1 NAME B /One/
1 BIRT
2 DATE 1851
2 SOUR @S_1@
2 SOUR @S#1@
0 @S 1@ SOUR
1 TITL First
0 @S_1@ SOUR
1 TITL Second
0 @file@ SOUR
1 TITL Third
0 TRLR
`;
    const m = mapGedcom(parseGedcom(text), { file: 'x.ged', key: 'k' });
    assert.deepEqual(
      m.persons.map((p) => p.id),
      ['P-k-I_1', 'P-k-I_1.2'],
    );
    const keys = m.sources.map((s) => s.key);
    assert.equal(new Set(keys).size, keys.length, keys.join(' '));
    const cites = m.persons.map((p) =>
      p.assertions[0].evidence.map((e) => m.sources.find((s) => s.key === e.source)!.record.title),
    );
    assert.deepEqual(cites, [
      ['First', 'Third'],
      ['Second', 'Missing source @S#1@'],
    ]);
    assert.equal(m.sources.find((s) => s.fileSource)!.key, 'S-k-file');
    // A dangling pointer that sanitizes like two records' xrefs gets its own stub.
    assert.deepEqual(
      ['First', 'Second', 'Missing source @S#1@'].map((t) => m.sources.find((s) => s.record.title === t)!.key),
      ['S-k-S_1', 'S-k-S_1.2', 'S-k-S_1.3'],
    );
    assert.equal(m.sources.find((s) => s.record.title === 'Third')!.key, 'S-k-file.2');
  });

  it('gives a person without an xref an id no xref can take', () => {
    // The person without an xref is named after its line (5); another person's xref is @L5@.
    const text = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '0 @L5@ INDI',
      '0 INDI',
      '1 NAME No /Xref/',
      '0 @F1@ FAM',
      '1 HUSB @L5@',
      '0 TRLR',
      '',
    ].join('\n');
    const m = mapGedcom(parseGedcom(text), { file: 'x.ged', key: 'k' });
    assert.deepEqual(
      m.persons.map((p) => p.id),
      ['P-k-L5', 'P-k-L5.2'],
    );
    assert.equal((m.persons[0] as Person & { gedcom: PersonSidecar }).gedcom.families?.[0]?.husb, 'P-k-L5');
    assert.equal((m.persons[1] as Person & { gedcom: PersonSidecar }).gedcom.families, undefined);
  });
});
