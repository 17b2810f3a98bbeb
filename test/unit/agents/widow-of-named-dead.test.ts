// A husband named in a record as the one whose widow his wife is was dead by its date: not "recorded alive".
import assert from 'node:assert/strict';
import { namedAsDead } from '../../../src/agents/analyst/identity/lifespan';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst, widowsDeclaration1881 } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('lifespan: named as dead by the record', () => {
  it('"widow of" and "relict of (the late)" name the dead husband; other wording does not', () => {
    assert.equal(
      namedAsDead('Sarah A. Reese, formerly widow of William H. Hollis | Private', 'William H. /Hollis/'),
      true,
    );
    assert.equal(namedAsDead('Ann, relict of the late John Day, of this parish', 'John /Day/'), true);
    assert.equal(namedAsDead('William H. Hollis, his wife and a widow of 30', 'William H. /Hollis/'), false);
    assert.equal(namedAsDead('widow of William Hollisson', 'William /Hollis/'), false);
  });
  it("a veterans' and widows' schedule naming the widow's late husband does not show him alive after his death", async () => {
    const { analyst } = hollisAnalyst();
    const declaration = widowsDeclaration1881(
      `  - key: P1
    name: William H. /Hollis/
    role: principal
    sex: M
    deathDate: 14 JUL 1880
    deathPlace: Findlay, Hancock, Ohio`,
      `William H. Hollis died July 14, 1880 at Findlay.`,
    );
    await analyst.analyseFor(declaration, 1, 'P-subject');
    const schedule = archiveSource(
      `---
title: 1890 census, special schedule of Union veterans and widows, Findlay, Hancock, Ohio
recordType: census
date: JUN 1890
place: Findlay, Hancock, Ohio, USA
persons:
  - key: P1
    name: Sarah A. /Reese/
    role: principal
    sex: F
  - key: P2
    name: William H. /Hollis/
    role: spouse
    sex: M
relationships:
  - { from: P1, to: P2, type: spouse }
---
Sarah A. Reese, formerly widow of William H. Hollis | Private | D | 57 Ohio Inf. | husband died 1880
`,
      NOW,
    );
    const out = await analyst.analyseFor(schedule, 1, 'P-subject');
    assert.ok(!out.integration.namesakes.some((n) => n.person === 'P-subject' && /recorded alive/.test(n.reason)));
  });
});
