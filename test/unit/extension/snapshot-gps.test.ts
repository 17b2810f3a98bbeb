import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gpsGaps } from '../../../src/extension/core/gps';
import { findCaseRoots, jsonLine, loadSnapshot } from '../../../src/extension/core/snapshot';
import { tempDir } from '../../helpers/paths';

const CASE_YAML = 'version: 1\nquestion: Who were the parents of Anna?\nsubject:\n  name: Anna Test\n';
const evidence = (source: string, type: 'Primary' | 'Secondary') =>
  `      - source: ${source}\n        snippet: Anna born 1850\n        tier: 0\n        evidenceType: ${type}\n        sourceClass: original\n        information: ${type === 'Primary' ? 'primary' : 'secondary'}\n        evidence: direct\n        confidence: 0.9\n`;

function writeCase(root: string): void {
  mkdirSync(join(root, 'people'), { recursive: true });
  mkdirSync(join(root, 'sources'), { recursive: true });
  mkdirSync(join(root, 'conflicts'), { recursive: true });
  writeFileSync(join(root, 'case.yaml'), CASE_YAML);
  writeFileSync(
    join(root, 'sources', 'S-1.md'),
    '---\nid: S-1\ntitle: Baptism of Anna\nrepository: Parish\nsourceId: archive\ntier: 0\naccessedAt: 2026-01-01T00:00:00.000Z\nsha256: ' +
      'a'.repeat(64) +
      '\n---\nAnna born 1850, baptised the next day.\n',
  );
  // 1-based file lines: A-1 starts at line 6, A-2 at 20, A-3 at 34, A-4 at 39 (each evidence entry is 8 lines).
  writeFileSync(
    join(root, 'people', 'P-1-anna.md'),
    '---\nid: P-1\nnames:\n  - { given: Anna, surname: Test }\nassertions:\n  - id: A-1\n    field: birth.date\n    value: "1850"\n    status: accepted\n    confidence: 0.9\n    evidence:\n' +
      evidence('S-1', 'Primary') +
      '  - id: A-2\n    field: birth.place\n    value: Springfield\n    status: accepted\n    confidence: 0.8\n    evidence:\n' +
      evidence('S-1', 'Secondary') +
      '  - id: A-3\n    field: death.date\n    value: "1920"\n    status: staged\n    confidence: 0.5\n  - id: A-4\n    field: death.place\n    value: Nowhere\n    status: accepted\n    confidence: 0.5\n    evidence:\n' +
      evidence('S-404', 'Primary') +
      '---\nMy notes.\n',
  );
  writeFileSync(
    join(root, 'people', 'P-2-broken.md'),
    '---\nid: P-2\nnames:\n  - given: Broken\n    surname: [oops\n---\n',
  );
  writeFileSync(join(root, 'people', 'P-3-bad.md'), '---\nid: P-3\nnames: []\n---\n');
  writeFileSync(
    join(root, 'conflicts', 'C-1.md'),
    '---\nid: C-1\nperson: P-1\nfield: birth.place\ncompeting:\n  - { value: Springfield, weight: 0.5 }\n  - { value: Chicago, weight: 0.4 }\npreferred: Springfield\nrationale: close\nstatus: open\n---\n',
  );
  writeFileSync(join(root, 'merges.json'), '{\n  "version": 1,\n  "clusters": [\n    { "id": "M-1" }\n  ]\n}\n');
}

describe('extension core: case snapshot and GPS gaps', () => {
  it('loads persons, sources and conflicts, and reports broken files at their line', async () => {
    const root = tempDir();
    writeCase(root);
    const snap = await loadSnapshot(root);
    assert.equal(snap.config?.subject.name, 'Anna Test');
    assert.deepEqual([...snap.persons.keys()], ['P-1']);
    assert.equal(snap.sources.get('S-1')?.source.text, 'Anna born 1850, baptised the next day.');
    assert.equal(snap.conflicts.length, 1);
    const broken = snap.problems.find((p) => p.file.endsWith('P-2-broken.md'));
    assert.ok(broken && /YAML/.test(broken.message));
    // The unclosed flow sequence opens on line 5; the parser notices at the end of the YAML.
    assert.ok(broken.line === 5 || broken.line === 6, `line ${broken.line}`);
    const bad = snap.problems.find((p) => p.file.endsWith('P-3-bad.md'));
    assert.equal(bad?.field, 'names');
    assert.equal(bad?.line, 3);
    const merges = snap.problems.find((p) => p.file.endsWith('merges.json'));
    assert.ok(merges, 'an invalid merges.json is reported');
    assert.equal(merges.line, 4, 'at the cluster that is wrong');
  });

  it('finds uncited assertions, facts without a primary source, unknown sources and open conflicts at their lines', async () => {
    const root = tempDir();
    writeCase(root);
    const gaps = gpsGaps(await loadSnapshot(root));
    const byCode = (code: string) => gaps.filter((g) => g.code === code).map((g) => g.line);
    assert.deepEqual(byCode('uncited'), [34]);
    assert.deepEqual(byCode('no-primary'), [20]);
    const unknown = gaps.find((g) => g.code === 'unknown-source');
    assert.equal(unknown?.source, 'S-404');
    assert.equal(unknown?.line, 45, 'at the citation of the missing source');
    assert.deepEqual(byCode('open-conflict'), [20]);
    // A fact with a primary source and a known citation is not a gap.
    assert.ok(!gaps.some((g) => g.line === 6));
  });

  it('finds the case folder in a workspace folder or one level below', async () => {
    const ws = tempDir();
    mkdirSync(join(ws, 'family'), { recursive: true });
    writeFileSync(join(ws, 'family', 'case.yaml'), CASE_YAML);
    assert.deepEqual(await findCaseRoots(ws), [join(ws, 'family')]);
    writeFileSync(join(ws, 'case.yaml'), CASE_YAML);
    assert.deepEqual(await findCaseRoots(ws), [ws]);
  });

  it('maps a JSON path to its line', () => {
    const text = '{\n  "a": 1,\n  "list": [\n    { "x": 1 },\n    { "y": 2 }\n  ]\n}\n';
    assert.equal(jsonLine(text, ['list', 1]), 5);
    assert.equal(jsonLine(text, ['list', 1, 'missing']), 5);
    assert.equal(jsonLine(text, ['nothing']), 1);
  });
});
