// Issue #14 (a fresh held-out case): an obituary's subject written "William (Wasyl) Hritzuk" is
// grounded in the text and the title; and when the firewall does reject a record's principal, the
// roles relative to him ("the son of Ivan and Maria") name nobody: Maria is not made Ivan's mother.
import assert from 'node:assert/strict';
import { Analyst } from '../../../src/agents/analyst/analyst';
import { DeterministicExtractor } from '../../../src/agents/analyst/extract';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import type { ExtractionResult, RecordExtractor } from '../../../src/engine/agents';
import type { SourceRecord } from '../../../src/model';
import { archiveSource } from '../../helpers/archive-source';
import { testAnalyst } from '../../helpers/analyst';

const OBITUARY = `---
title: Obituary of William Hritzuk, Canora Courier, 1951
recordType: obituary
date: 15 MAR 1951
place: Canora, Saskatchewan, Canada
repository: Canora Courier, 15 March 1951, p. 4
sourceType: original
persons: []
---
William (Wasyl) Hritzuk, one of the first settlers north of Canora, passed away on Saturday, March 3,
1951, at the age of 74 years. He was born in Galicia, the son of Ivan and Maria Hritzuk.`;

const persons = (graph: KnowledgeGraph, out: { touched: string[] }) =>
  out.touched.map((id) => graph.get(id)).filter((p) => p !== undefined);
const parentsOf = (graph: KnowledgeGraph, out: { touched: string[] }, given: string) => {
  const p = persons(graph, out).find((x) => x.names.some((n) => n.given === given));
  return (p?.relationships ?? [])
    .filter((r) => r.type === 'parent')
    .map((r) => graph.get(r.person)?.names[0]?.given)
    .sort();
};

describe('the principal of a free-text record, grounded or rejected', () => {
  it('grounds "William (Wasyl) Hritzuk" and makes Ivan and Maria his parents', async () => {
    const { graph, analyst } = testAnalyst();
    const out = await analyst.analyse(archiveSource(OBITUARY), 1);
    assert.deepEqual(
      out.log.filter((e) => e.actionType === 'firewall_rejection'),
      [],
    );
    assert.deepEqual(parentsOf(graph, out, 'William'), ['Ivan', 'Maria']);
    assert.deepEqual(parentsOf(graph, out, 'Ivan'), [], 'Ivan is nobody’s child here');
  });

  it('when the principal is rejected, his father and mother are linked to no one else', async () => {
    // An extractor whose principal cites words the record does not hold (a model's invention).
    const inventing: RecordExtractor = {
      kind: 'llm',
      async extract(record: SourceRecord): Promise<ExtractionResult> {
        const real = await new DeterministicExtractor().extract(record);
        const [principal, ...rest] = real.personas;
        return {
          ...real,
          personas: [{ ...principal, snippets: { ...principal.snippets, name: 'Wilhelm Hritzuk of Lviv' } }, ...rest],
        };
      },
    };
    const graph = new KnowledgeGraph([], undefined);
    let n = 0;
    const analyst = new Analyst({
      graph,
      extractor: inventing,
      now: () => new Date('2026-01-01T00:00:00Z'),
      newPersonId: () => `P-${++n}`,
      existingConflict: () => undefined,
      notSame: new Set(),
    });
    const out = await analyst.analyse(archiveSource(OBITUARY), 1);
    assert.equal(out.log.filter((e) => e.actionType === 'firewall_rejection').length, 1);
    assert.equal(out.extraction.anchorRejected, true);
    assert.deepEqual(parentsOf(graph, out, 'Ivan'), [], 'Maria is not made the mother of Ivan');
    assert.ok(out.touched.length >= 2, 'the relatives are still read');
    for (const p of persons(graph, out))
      assert.equal(p.relationships.length, 0, `${p.names[0]?.given} is linked to nobody`);
  });
});
