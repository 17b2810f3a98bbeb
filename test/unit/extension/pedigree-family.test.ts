import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { chartMember, chartOf, storeFamilySource } from '../../../src/extension/webviews/pedigreeFamily';
import { Person } from '../../../src/model';

const evidence = (source: string) => ({
  source,
  snippet: 'text',
  tier: 1,
  evidenceType: 'Primary',
  sourceClass: 'original',
  information: 'primary',
  evidence: 'direct',
  confidence: 0.9,
});

function person(id: string, extra: Record<string, unknown> = {}): Person {
  return Person.parse({ id, names: [{ given: 'Anna', surname: 'Huber' }], sex: 'F', ...extra });
}

const now = new Date('2026-01-01T00:00:00Z');
const privacy = { thresholdYears: 100, consent: false };

describe('pedigree family source (case files and tree index → chart persons)', () => {
  it('gives full dates and places, counts distinct sources and staged facts, links only accepted relationships', () => {
    const p = person('P-a', {
      assertions: [
        {
          id: 'A1',
          field: 'birth.date',
          value: '12 MAR 1842',
          status: 'accepted',
          confidence: 0.9,
          evidence: [evidence('S1')],
        },
        {
          id: 'A2',
          field: 'birth.place',
          value: 'Bamberg, Bavaria',
          status: 'accepted',
          confidence: 0.9,
          evidence: [evidence('S1'), evidence('S2')],
        },
        { id: 'A3', field: 'death.date', value: '1901', status: 'staged', confidence: 0.5, evidence: [] },
      ],
      relationships: [
        { type: 'parent', person: 'P-dad', status: 'accepted' },
        { type: 'parent', person: 'P-maybe', status: 'staged' },
        { type: 'spouse', person: 'P-hus', status: 'accepted', evidence: [evidence('S3')] },
      ],
    });
    const m = chartMember(p, privacy, now, () => 2);
    assert.deepEqual(m.birth, { date: '12 MAR 1842', place: 'Bamberg, Bavaria' });
    assert.deepEqual(m.death, { date: '1901' });
    assert.equal(m.sources, 3);
    assert.equal(m.staged, 1);
    assert.equal(m.conflicts, 2);
    assert.deepEqual(m.parents, ['P-dad']);
    assert.deepEqual(m.spouses, ['P-hus']);
    assert.equal(m.name, 'Anna Huber');
  });

  it('redacts a living person (name, dates and places) unless both the case and the user consent', () => {
    const p = person('P-young', {
      assertions: [
        { id: 'A1', field: 'birth.date', value: '3 FEB 1990', status: 'accepted', confidence: 0.9, evidence: [] },
        { id: 'A2', field: 'birth.place', value: 'Munich', status: 'accepted', confidence: 0.9, evidence: [] },
      ],
    });
    const hidden = chartMember(p, privacy, now, () => 0);
    assert.equal(hidden.name, 'Living Huber');
    assert.equal(hidden.living, true);
    assert.equal(hidden.birth, undefined);
    assert.ok(!JSON.stringify(hidden).includes('Anna') && !JSON.stringify(hidden).includes('Munich'));
    const shown = chartMember(p, { thresholdYears: 100, consent: true }, now, () => 0);
    assert.equal(shown.name, 'Anna Huber');
  });

  it('reads a case: links stated only by the other person file, open conflicts, the chart of its subject', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pedigree-family-'));
    try {
      const store = await initCase(root, { question: 'q', subject: { name: 'Johann Testmann', person: 'P-kid' } });
      await store.writePerson(
        Person.parse({ id: 'P-kid', names: [{ given: 'Johann', surname: 'Testmann' }], sex: 'M' }),
      );
      // Only the father's file states the link.
      await store.writePerson(
        Person.parse({
          id: 'P-dad',
          names: [{ given: 'Georg', surname: 'Testmann' }],
          sex: 'M',
          relationships: [{ type: 'child', person: 'P-kid' }],
        }),
      );
      writeFileSync(
        join(root, 'conflicts', 'C-1.md'),
        '---\nid: C-1\nperson: P-kid\nfield: birth.date\nstatus: open\ncompeting:\n  - value: "1842"\n    weight: 1\n  - value: "1843"\n    weight: 1\npreferred: "1842"\nrationale: two registers disagree\n---\n',
      );
      const opened = await openCase(root, { trees: 'indexed' });
      const kid = storeFamilySource(opened, privacy, now).member('P-kid')!;
      assert.deepEqual(kid.parents, ['P-dad']);
      const view = chartOf(opened, 'P-kid', { up: 2, down: 1 }, privacy, now)!;
      assert.deepEqual(
        view.ancestors.parents.map((p) => [p.role, p.id]),
        [
          ['father', 'P-dad'],
          ['mother', undefined],
        ],
      );
      assert.equal(chartOf(opened, 'P-nobody', { up: 2, down: 1 }, privacy, now), undefined);
      assert.equal(view.persons['P-kid'].conflicts, 1, 'the open conflict is counted');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
