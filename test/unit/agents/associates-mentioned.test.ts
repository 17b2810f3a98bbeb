// The minister a widow's declaration says married her is the officiant of the marriage record.
import assert from 'node:assert/strict';
import { unrelatedMention } from '../../../src/agents/analyst/identity/associates';
import type { Persona } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { hollisAnalyst, widowsDeclaration1881 } from '../../helpers/hollis';

const NOW = new Date('2026-01-01T00:00:00Z');
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
    const marriage = archiveSource(
      `---
title: Marriage of William H. Hollis and Sarah A. Kimble, 1866
recordType: marriage
date: 8 NOV 1866
place: Findlay, Hancock, Ohio, USA
persons:
  - key: P1
    name: William H. /Hollis/
    role: groom
    sex: M
  - key: P2
    name: Sarah A. /Kimble/
    role: bride
    sex: F
  - key: P3
    name: Isaac /Shaffer/
    role: officiant
    sex: M
relationships:
  - { from: P1, to: P2, type: spouse }
---
William H. Hollis and Sarah A. Kimble, married 8 Nov. 1866 by Isaac Shaffer, M.G.
`,
      NOW,
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
