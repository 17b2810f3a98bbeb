/**
 * What an extraction names that is no person or no kin (issue #14), removed before it reaches the
 * graph, whichever extractor read the record: a devotional name (the Virgin, a saint as godparent)
 * makes no person and no relationship; a relationship stated as parent and child between a child and
 * its godparent, wet nurse or foster parent is no parent's.
 */
import type { ExtractionResult, GroundedPersona } from '../../engine/agents';
import { isDevotionalName, notKinship } from './register-roles';

const SPIRITUAL_ROLES = new Set(['godparent', 'sponsor']);

/** Whether the persona is named as a godparent, a godparent's proxy, a wet nurse or a foster parent. */
export function sponsorOrFoster(gp: Pick<GroundedPersona, 'persona'>): boolean {
  return SPIRITUAL_ROLES.has(gp.persona.role) || notKinship(gp.persona.relationship);
}

/**
 * Drops devotional personas and the stated parent/child edges of a sponsor or foster parent, in place.
 * Returns the devotional names dropped (for the log).
 */
export function withoutNonPersons(extraction: ExtractionResult): string[] {
  const dropped: string[] = [];
  const keep: GroundedPersona[] = [];
  for (const gp of extraction.personas) {
    if (isDevotionalName(gp.persona.name)) dropped.push(gp.persona.name);
    else keep.push(gp);
  }
  extraction.personas = keep;
  const keyOf = (gp: GroundedPersona) => gp.key ?? gp.persona.key;
  const notKin = new Set(
    keep
      .filter(sponsorOrFoster)
      .map(keyOf)
      .filter((k): k is string => Boolean(k)),
  );
  if (extraction.relations && notKin.size)
    extraction.relations = extraction.relations.filter((r) => {
      if (r.type === 'father' || r.type === 'mother' || r.type === 'parent') return !notKin.has(r.from);
      if (r.type === 'child') return !notKin.has(r.to);
      return true;
    });
  return dropped;
}
