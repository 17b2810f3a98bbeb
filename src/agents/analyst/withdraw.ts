/**
 * The claims a person's facts take from one captured source, withdrawn (the source was superseded
 * by a newer capture of the same record, src/case/supersession.ts): its evidence leaves every fact
 * and relationship the engine owns; a fact or relationship only it supported goes; one with other
 * evidence stays and is weighed again on that. A person's decision (`reviewed`, a rejection, the
 * user's own evidence) is never touched: it is kept as decided, and counted so the log says so.
 */
import type { Assertion, EvidenceClaim, Person, Relationship } from '../../model';

export interface Withdrawn {
  person: Person;
  /** Facts and relationships that went: only the withdrawn source supported them ("birth.date = 11 AUG 1804"). */
  removed: string[];
  /** Facts and relationships that lost its evidence and stay on their other evidence. */
  reduced: string[];
  /** Facts and relationships citing it that a person decided: kept as they are. */
  kept: string[];
}

type Claimed = { evidence: EvidenceClaim[]; status: string; reviewed?: unknown };

function decidedByPerson(x: Claimed): boolean {
  return x.reviewed !== undefined || x.status === 'rejected' || x.evidence.some((e) => e.method === 'user');
}

const assertionLabel = (a: Assertion) => `${a.field} = ${a.value}`;
const relationshipLabel = (r: Relationship) => `${r.type} ${r.person}`;

/** `p` without the claims of `sourceId` (the same object when it cites none). */
export function withdrawSource(p: Person, sourceId: string): Withdrawn {
  const out: Withdrawn = { person: p, removed: [], reduced: [], kept: [] };
  let changed = false;
  const cites = (x: Claimed) => x.evidence.some((e) => e.source === sourceId);
  const filter = <T extends Claimed>(xs: readonly T[], label: (x: T) => string): T[] => {
    const kept: T[] = [];
    for (const x of xs) {
      if (!cites(x)) kept.push(x);
      else if (decidedByPerson(x)) {
        out.kept.push(label(x));
        kept.push(x);
      } else {
        changed = true;
        const evidence = x.evidence.filter((e) => e.source !== sourceId);
        if (evidence.length) {
          out.reduced.push(label(x));
          kept.push({ ...x, evidence });
        } else out.removed.push(label(x));
      }
    }
    return kept;
  };
  const assertions = filter(p.assertions, assertionLabel);
  const relationships = filter(p.relationships, relationshipLabel);
  // A name the record gave keeps its other citations; one only it cited is still the person's name.
  const names = p.names.map((n) => {
    const citations = n.citations?.filter((c) => c !== sourceId);
    if (!n.citations || !citations?.length || citations.length === n.citations.length) return n;
    changed = true;
    return { ...n, citations };
  });
  if (changed) out.person = { ...p, names, assertions, relationships };
  return out;
}

/** A person's fact or relationship still resting on `sourceId` that a withdrawal would change. */
export function stillCites(p: Person, sourceId: string): boolean {
  return [...p.assertions, ...p.relationships].some(
    (x) => !decidedByPerson(x) && x.evidence.some((e) => e.source === sourceId),
  );
}
