/**
 * The knowledge graph in memory (Z knowledgeGraph : UUID ⇸ Person) with the indexes the Analyst
 * needs so that no step scans all persons: a blocking index for matching, persons by cited source,
 * evidence counts by name and place (calculatePriority), and each person's distance from the subject.
 */
import type { EvidenceClaim, Person, Relationship } from '../../model';
import { displayName } from '../../model';
import { CandidateIndex, featuresOfPerson, type PersonFeatures } from './resolve';
import { EvidenceCounter } from '../../engine/priority';

export type RelKind = Relationship['type'];
const INVERSE: Record<RelKind, RelKind> = { parent: 'child', child: 'parent', spouse: 'spouse' };

export class KnowledgeGraph {
  readonly persons = new Map<string, Person>();
  readonly index = new CandidateIndex();
  readonly evidence = new EvidenceCounter();
  private readonly bySource = new Map<string, Set<string>>();
  private readonly distance = new Map<string, number>();
  readonly dirty = new Set<string>();
  readonly placesSeen = new Set<string>();
  /** Persons a record calls a foundling (of unknown parents), with its words: identity/foundlings.ts. */
  readonly foundlings = new Map<string, string>();
  subjectId?: string;

  constructor(persons: Iterable<Person> = [], subjectId?: string) {
    for (const p of persons) this.load(p);
    if (subjectId) this.setSubject(subjectId);
  }

  get size(): number {
    return this.persons.size;
  }

  get(id: string): Person | undefined {
    return this.persons.get(id);
  }

  /** Adds a person read from the case (not dirty). */
  load(p: Person): void {
    this.persons.set(p.id, p);
    this.reindex(p);
    for (const a of p.assertions) {
      for (const e of a.evidence) this.noteSource(e.source, p.id);
      if (a.field.endsWith('.place')) this.placesSeen.add(a.value.toLowerCase());
    }
    for (const r of p.relationships) for (const e of r.evidence) this.noteSource(e.source, p.id);
    // Counted as the analysis counts (one per record that names the person, one per record and place
    // assertion), so a resumed run prioritises clues exactly as the uninterrupted run did.
    const cited = new Set<string>();
    for (const n of p.names) for (const c of n.citations ?? []) cited.add(c);
    for (const a of p.assertions) for (const e of a.evidence) cited.add(e.source);
    this.evidence.add(displayName(p), cited.size);
    for (const a of p.assertions)
      if (a.field.endsWith('.place')) this.evidence.add(a.value, new Set(a.evidence.map((e) => e.source)).size);
  }

  setSubject(id: string): void {
    this.subjectId = id;
    this.distance.clear();
    // One breadth-first pass at start; afterwards distances are kept incrementally by relate().
    const queue = [id];
    this.distance.set(id, 0);
    while (queue.length) {
      const cur = queue.shift()!;
      const d = this.distance.get(cur)!;
      for (const r of this.persons.get(cur)?.relationships ?? []) {
        if (r.status === 'rejected' || this.distance.has(r.person)) continue;
        this.distance.set(r.person, d + 1);
        queue.push(r.person);
      }
    }
  }

  /** Degrees of relationship from the subject (Infinity when unconnected). */
  distanceFromSubject(id: string): number {
    return this.distance.get(id) ?? Infinity;
  }

  features(id: string): PersonFeatures | undefined {
    return this.index.get(id);
  }

  /** Persons who cite a captured source: makes re-analysing a source (after a crash) idempotent. */
  citing(sourceId: string): Person[] {
    return [...(this.bySource.get(sourceId) ?? [])]
      .map((id) => this.persons.get(id))
      .filter((p): p is Person => Boolean(p));
  }

  noteSource(sourceId: string, personId: string): void {
    let s = this.bySource.get(sourceId);
    if (!s) this.bySource.set(sourceId, (s = new Set()));
    s.add(personId);
  }

  put(p: Person): void {
    this.persons.set(p.id, p);
    this.dirty.add(p.id);
    this.reindex(p);
  }

  private reindex(p: Person): void {
    this.index.add(featuresOfPerson(p, (id) => this.persons.get(id)));
  }

  /**
   * Adds `other` as `kind` of `a` and the inverse on `other`, merging evidence when the link exists.
   * Refuses a link to oneself (invariant 1) and a third parent (#parents ≤ 2); returns why not.
   */
  relate(
    aId: string,
    kind: RelKind,
    otherId: string,
    evidence: EvidenceClaim[],
    status: Relationship['status'],
    confidence: number,
  ): string | undefined {
    if (aId === otherId) return 'a person cannot be their own relative';
    const a = this.persons.get(aId);
    const b = this.persons.get(otherId);
    if (!a || !b) return 'unknown person';
    const child = kind === 'parent' ? a : kind === 'child' ? b : undefined;
    const parent = kind === 'parent' ? b : kind === 'child' ? a : undefined;
    if (child && parent) {
      const parents = new Set(
        child.relationships.filter((r) => r.type === 'parent' && r.status !== 'rejected').map((r) => r.person),
      );
      if (!parents.has(parent.id) && parents.size >= 2) return `${displayName(child)} already has two parents`;
    }
    if (a.relationships.some((r) => r.person === otherId && r.type !== kind && r.status !== 'rejected'))
      return `${displayName(b)} is already linked to ${displayName(a)} in another way`;
    this.put(linkOne(a, kind, otherId, evidence, status, confidence));
    this.put(linkOne(this.persons.get(otherId)!, INVERSE[kind], aId, evidence, status, confidence));
    for (const e of evidence) {
      this.noteSource(e.source, aId);
      this.noteSource(e.source, otherId);
    }
    const da = this.distance.get(aId);
    const db = this.distance.get(otherId);
    if (da !== undefined && (db === undefined || db > da + 1)) this.distance.set(otherId, da + 1);
    if (db !== undefined && (da === undefined || da > db + 1)) this.distance.set(aId, db + 1);
    return undefined;
  }
}

function sameClaim(x: EvidenceClaim, y: EvidenceClaim): boolean {
  return x.source === y.source && x.snippet === y.snippet;
}

function linkOne(
  p: Person,
  kind: RelKind,
  other: string,
  evidence: EvidenceClaim[],
  status: Relationship['status'],
  confidence: number,
): Person {
  const rels = [...p.relationships];
  const i = rels.findIndex((r) => r.person === other && r.type === kind);
  if (i < 0) {
    rels.push({ type: kind, person: other, status, confidence, evidence });
  } else {
    const r = rels[i];
    const merged = [...r.evidence, ...evidence.filter((e) => !r.evidence.some((x) => sameClaim(x, e)))];
    // A user's decision (rejected, reviewed, or accepted without our evidence) is never overridden.
    const keep = r.status === 'rejected' || r.reviewed !== undefined || r.evidence.some((e) => e.method === 'user');
    rels[i] = {
      ...r,
      evidence: merged,
      confidence: keep ? r.confidence : Math.max(r.confidence, confidence),
      status: keep ? r.status : status === 'accepted' || r.status === 'accepted' ? 'accepted' : r.status,
    };
  }
  return { ...p, relationships: rels };
}
