/**
 * Which record to read first when a search for a person brings several (issue #14, held-out cases).
 * The person sought may be known only by the user's hint (a name, "born about 1750"); two girls of
 * that name born two years apart both fit it. A genealogist weighs the candidates side by side and
 * starts from the one that fits best, not from whichever the search listed first: the record whose
 * persona is most like the person is read first, so the hint goes to the closer namesake and the
 * other is then compared against a person with evidence.
 */
import type { SourceRecord } from '../../../model';
import type { KnowledgeGraph } from '../graph';
import { scorePair } from '../resolve';
import { featuresOfPersona } from '../resolve/features';
import { withEventDates } from './event-dates';

/** How like the person the record's most alike persona is (0 when the record lists no personas). */
export function fitToPerson(g: KnowledgeGraph, source: SourceRecord, personId: string): number {
  const target = g.features(personId);
  const personas = source.persons ?? [];
  if (!target || !personas.length) return 0;
  const feats = personas.map((p, i) =>
    featuresOfPersona(p, {
      date: source.date,
      place: source.place,
      recordType: source.recordType,
      persons: personas,
      id: `${source.id}#${i}`,
    }),
  );
  withEventDates(
    feats,
    personas.map((p) => p.key),
    source.events,
  );
  let best = 0;
  for (const f of feats) {
    const s = scorePair(f, target, { frequencies: g.index.frequencies, family: g.index });
    if (s.recommendation !== 'separate' && s.similarity > best) best = s.similarity;
  }
  return best;
}

/** The records, those whose persona fits the person best first; equal fits keep the search's order. */
export function orderByFit(g: KnowledgeGraph, sources: readonly SourceRecord[], personId: string): SourceRecord[] {
  const fit = new Map(sources.map((s) => [s.id, fitToPerson(g, s, personId)]));
  return [...sources].sort((a, b) => fit.get(b.id)! - fit.get(a.id)!);
}
