// The minister a widow's declaration says married her is the officiant of the marriage record.
import assert from 'node:assert/strict';
import { unrelatedMention } from '../../../src/agents/analyst/identity/associates';
import type { Persona } from '../../../src/model';
import { hollisAnalyst, marriage1866, widowsDeclaration1881 } from '../../helpers/hollis';

const none = { parents: [], spouses: [], children: [] };
const p = (name: string, role: string) => ({ name, role }) as unknown as Persona;

describe('associates: a person only mentioned', () => {
  it('is an associate when the record ties them to no one and no one there bears their surname', () => {
    const rec = [
      p('Sarah A. /Hollis/', 'principal'),
      p('William H. /Hollis/', 'spouse'),
      p('Isaac /Shaffer/', 'mentioned'),
    ];
    assert.equal(unrelatedMention(2, rec, none), true);
    assert.equal(unrelatedMention(2, rec, { ...none, spouses: [0] }), false, 'kin in the record');
    assert.equal(unrelatedMention(1, rec, none), false, 'not a mention');
    const kin = [p('Anderson /Haywood/', 'principal'), p('Anderson /Haywood/', 'mentioned')];
    assert.equal(unrelatedMention(1, kin, none), false, 'the family surname: perhaps kin unstated');
  });
  it('the officiant of a marriage and the minister its couple later name are one man', async () => {
    const { analyst } = hollisAnalyst();
    const marriage = marriage1866(
      `William H. Hollis and Sarah A. Kimble, married 8 Nov. 1866 by Isaac Shaffer, M.G.`,
      `  - key: P3
    name: Isaac /Shaffer/
    role: officiant
    sex: M`,
    );
    const first = await analyst.analyseFor(marriage, 1, 'P-subject');
    const declaration = widowsDeclaration1881(
      `  - key: P1
    name: William H. /Hollis/
    role: principal
    sex: M
    deathDate: 14 JUL 1880
  - key: P2
    name: Isaac /Shaffer/
    role: mentioned
    sex: M`,
      `William H. Hollis, who died July 14, 1880, was married by Rev. Isaac Shaffer.`,
    );
    const out = await analyst.analyseFor(declaration, 1, 'P-subject');
    assert.equal(out.integration.personIds[0], 'P-subject');
    assert.equal(out.integration.personIds[1], first.integration.personIds[2]);
  });
});
