// A wife is identified through her husband: under her second husband's surname she is still his widow.
import assert from 'node:assert/strict';
import { husbandToAwait } from '../../../src/agents/analyst/identity/wife-after-husband';
import type { RecordFamily } from '../../../src/agents/analyst/identity/family-context';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst, widowsDeclaration1881 } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');

const fam = (f: Partial<RecordFamily>): RecordFamily => ({ parents: [], spouses: [], children: [], ...f });

describe('wife after husband: matching order', () => {
  const sex = (j: number) => ['M', 'F', 'M', 'F'][j];
  it('a woman waits for her husband named later in the record', () => {
    const families = [fam({}), fam({ spouses: [2] }), fam({ spouses: [1] }), fam({})];
    assert.equal(
      husbandToAwait(
        1,
        families,
        sex,
        0,
        () => false,
        () => false,
      ),
      2,
    );
  });
  it('not when he is matched, when she is the anchor, or when a parent already known identifies her', () => {
    const families = [fam({ children: [1] }), fam({ spouses: [2], parents: [0] }), fam({ spouses: [1] }), fam({})];
    assert.equal(
      husbandToAwait(
        1,
        families,
        sex,
        0,
        (j) => j === 2,
        () => true,
      ),
      undefined,
    );
    assert.equal(
      husbandToAwait(
        1,
        families,
        sex,
        1,
        () => false,
        () => true,
      ),
      undefined,
    );
    assert.equal(
      husbandToAwait(
        1,
        families,
        sex,
        0,
        (j) => j === 0,
        () => true,
      ),
      undefined,
    );
    // A parent created from this very record identifies no one: she still waits.
    assert.equal(
      husbandToAwait(
        1,
        families,
        sex,
        0,
        (j) => j === 0,
        () => false,
      ),
      2,
    );
  });
  it("a widow listed under her second husband's surname beside her late husband is his known wife", async () => {
    const { graph, analyst } = hollisAnalyst();
    const declaration = widowsDeclaration1881(
      `  - key: P1
    name: William H. /Hollis/
    role: principal
    sex: M
    deathDate: 14 JUL 1880
  - key: P2
    name: Sarah A. /Hollis/
    role: spouse
    sex: F`,
      `Sarah A. Hollis, widow of William H. Hollis, who died July 14, 1880.`,
      `  - { from: P2, to: P1, type: spouse }`,
    );
    const first = await analyst.analyseFor(declaration, 1, 'P-subject');
    assert.equal(first.integration.personIds[0], 'P-subject');
    const widow = first.integration.personIds[1]!;
    const schedule = archiveSource(
      `---
title: 1890 census, special schedule of Union veterans and widows, Findlay, Hancock, Ohio
recordType: census
date: JUN 1890
place: Findlay, Hancock, Ohio, USA
persons:
  - key: P1
    name: John /Miller/
    role: principal
    sex: M
  - key: P2
    name: Sarah A. /Reese/
    role: principal
    sex: F
  - key: P3
    name: William H. /Hollis/
    role: spouse
    sex: M
relationships:
  - { from: P2, to: P3, type: spouse }
---
John Miller | Private | K | 21 Ohio Inf.
Sarah A. Reese, formerly widow of William H. Hollis | Private | D | 57 Ohio Inf. | husband died 1880
`,
      NOW,
    );
    const out = await analyst.analyseFor(schedule, 1, 'P-subject');
    assert.equal(out.integration.personIds[2], 'P-subject');
    assert.equal(out.integration.personIds[1], widow, 'Sarah A. Reese is the widow Sarah A. Hollis');
    assert.ok(graph.get(widow)!.names.some((n) => n.surname === 'Reese'));
  });
});
