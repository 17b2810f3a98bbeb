// Issue #14 (held-out cases): when one search brings two namesakes, the research reads first the
// record that fits the person sought best, so the user's hint goes to the closer one.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';
import { tempDir } from '../../helpers/paths';

const CASE_YAML = `version: 1
question: Who were the parents of Abigail Thayer, born about 1760 in Mendon?
subject:
  name: Abigail Thayer
  born: ABT 1760
  place: Mendon, Worcester, Massachusetts
goals: [parents, birth]
budget:
  maxCycles: 6
  maxRequests: 40
privacy:
  livingThresholdYears: 100
  consent: false
sources:
  offline: true
`;

const birth = (father: string, mother: string, date: string) => `---
title: Mendon births — Abigail, daughter of ${father} and ${mother} Thayer
recordType: birth
date: ${date}
place: Mendon, Worcester, Massachusetts, USA
repository: Mendon Town Clerk, Births
sourceType: original
persons:
  - { key: C, name: Abigail /Thayer/, role: principal, sex: F, birthDate: ${date}, birthPlace: Mendon }
  - { key: F, name: ${father} /Thayer/, role: father, sex: M }
  - { key: M, name: ${mother} /Thayer/, role: mother, sex: F }
---
Abigail, daughter of ${father} and ${mother} Thayer, born ${date}.
`;

describe('research: the record that fits the person sought best is read first', function () {
  this.timeout(180_000);

  it('gives the hint "born about 1760" to the Abigail born in 1760, though the search lists the one of 1762 first', async () => {
    const dir = join(tempDir('ancestry-order-'), 'case');
    mkdirSync(join(dir, 'archive'), { recursive: true });
    writeFileSync(join(dir, 'case.yaml'), CASE_YAML);
    // Equal search scores list the records by file name: the farther namesake's first.
    writeFileSync(join(dir, 'archive', 'a-birth-abigail-ephraim.md'), birth('Ephraim', 'Sarah', '8 MAY 1762'));
    writeFileSync(join(dir, 'archive', 'b-birth-abigail-simeon.md'), birth('Simeon', 'Ruth', '3 FEB 1760'));
    const store = await openCase(dir);
    await runResearch({ store, connectors: [] });
    const log = readFileSync(join(dir, 'log', 'research-log.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const seed = (log.find((e) => e.actionType === 'session_start')?.seedPerson as { id: string }).id;
    const sourceOf = (file: string) =>
      readdirSync(join(dir, 'sources'))
        .map((f) => readFileSync(join(dir, 'sources', f), 'utf8'))
        .find((t) => t.includes(`archive/${file}`))
        ?.match(/^id: (S-[0-9a-f]+)/m)?.[1];
    const chosen = (file: string) =>
      log.find(
        (e) =>
          e.decisionType === 'persona_match' &&
          String(e.rationale).startsWith(`"Abigail /Thayer/" (C) in ${sourceOf(file)}`),
      )?.chosenOption;
    assert.equal(chosen('b-birth-abigail-simeon.md'), seed);
    assert.notEqual(chosen('a-birth-abigail-ephraim.md'), seed);
  });
});
