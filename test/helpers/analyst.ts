/**
 * The Analyst as its unit tests build it: a knowledge graph of the given persons, the deterministic
 * extractor, a fixed clock, person ids P-1, P-2, … in order, no known conflicts and no "not the
 * same person" decisions. And the case's subject with the user's starting facts staged, as setup
 * makes it from case.yaml. One builder for every test that feeds records to the Analyst.
 */
import { Analyst } from '../../src/agents/analyst/analyst';
import { DeterministicExtractor } from '../../src/agents/analyst/extract';
import { KnowledgeGraph } from '../../src/agents/analyst/graph';
import { Person } from '../../src/model';

export const TEST_NOW = new Date('2026-01-01T00:00:00Z');

export function testAnalyst(
  persons: Person[] = [],
  subjectId?: string,
  now: Date = TEST_NOW,
): { graph: KnowledgeGraph; analyst: Analyst } {
  const graph = new KnowledgeGraph(persons, subjectId);
  let n = 0;
  const analyst = new Analyst({
    graph,
    extractor: new DeterministicExtractor(),
    now: () => now,
    newPersonId: () => `P-${++n}`,
    existingConflict: () => undefined,
    notSame: new Set(),
  });
  return { graph, analyst };
}

/** The subject `P-subject` with the user's birth date (and place) staged as hints, no evidence. */
export function stagedSubject(s: { given: string; surname: string; born: string; place?: string }): Person {
  const hint = { status: 'staged', confidence: 0.5, evidence: [] } as const;
  return Person.parse({
    id: 'P-subject',
    names: [{ given: s.given, surname: s.surname }],
    assertions: [
      { id: 'A-hint', field: 'birth.date', value: s.born, ...hint },
      ...(s.place ? [{ id: 'A-hint-place', field: 'birth.place', value: s.place, ...hint }] : []),
    ],
  });
}
