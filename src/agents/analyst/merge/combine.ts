/**
 * The canonical person of an accepted merge: everything every member said, nothing dropped.
 * Names, assertions (same field + value + event → one assertion with the evidence of both),
 * relationships (re-targeted to the canonical id), external ids and notes are united; each piece
 * taken from an absorbed member says where it came from.
 */
import {
  factValue,
  type Assertion,
  type EvidenceClaim,
  type Person,
  type PersonName,
  type Relationship,
} from '../../../model';
import { fold } from '../../../model/names';

/**
 * The user's choice per field when accepting a merge: field → the member whose value the merged
 * person keeps ("birth.date" → "P-b"). Every other value of that field stays in the file, rejected
 * with the user's decision, so nothing is lost and the conflict does not come back.
 */
export type KeepChoices = Record<string, string>;

/** The value a member holds for `field` (sex is the person's own key, not an assertion). */
export function keptValue(p: Person, field: string): string | undefined {
  if (field === 'sex') return p.sex !== 'U' ? p.sex : undefined;
  return factValue(p, field);
}

export interface MergedFrom {
  id: string;
  cluster: string;
  names: string[];
}

function nameKey(n: PersonName): string {
  return `${fold(n.given)}|${fold(n.surname)}|${n.type}|${fold(n.suffix ?? '')}`;
}

function evidenceKey(e: EvidenceClaim): string {
  return `${e.source}|${e.snippet}|${e.page ?? ''}`;
}

function assertionKey(a: Assertion): string {
  return `${a.field}|${a.value.trim()}|${a.event ?? ''}`;
}

export function combinePersons(
  canonical: Person,
  absorbed: Person[],
  clusterId: string,
  now: Date,
  keep: KeepChoices = {},
): Person {
  const memberIds = new Set([canonical.id, ...absorbed.map((p) => p.id)]);
  const names = canonical.names.map((n) => ({ ...n, ...(n.citations ? { citations: [...n.citations] } : {}) }));
  const byName = new Map(names.map((n) => [nameKey(n), n]));
  const assertions = canonical.assertions.map((a) => ({ ...a, evidence: [...a.evidence] }));
  const byKey = new Map(assertions.map((a) => [assertionKey(a), a]));
  const ids = new Set(assertions.map((a) => a.id));
  const externalIds = { ...canonical.externalIds };
  let sex = canonical.sex;
  let living = canonical.living;
  let confidence = canonical.confidence;
  for (const p of absorbed) {
    for (const n of p.names) {
      const held = byName.get(nameKey(n));
      if (held) {
        // The same name read in another record: its citation is kept (the name's evidence).
        for (const c of n.citations ?? []) if (!held.citations?.includes(c)) (held.citations ??= []).push(c);
        continue;
      }
      const added = { ...n, type: n.type === 'birth' && names.some((m) => m.type === 'birth') ? 'aka' : n.type };
      names.push(added);
      byName.set(nameKey(n), added);
    }
    for (const a of p.assertions) {
      const same = byKey.get(assertionKey(a));
      if (same) {
        const seen = new Set(same.evidence.map(evidenceKey));
        for (const e of a.evidence) if (!seen.has(evidenceKey(e))) same.evidence.push(e);
        same.confidence = Math.max(same.confidence, a.confidence);
        if (same.status !== 'accepted' && a.status === 'accepted') same.status = 'accepted';
        continue;
      }
      let id = a.id;
      while (ids.has(id)) id = `${a.id}.${p.id}`.slice(0, 80);
      ids.add(id);
      const note = `merged from ${p.id} (${clusterId})`;
      const copy: Assertion = { ...a, id, evidence: [...a.evidence], note: a.note ? `${a.note}; ${note}` : note };
      assertions.push(copy);
      byKey.set(assertionKey(copy), copy);
    }
    for (const [k, v] of Object.entries(p.externalIds)) {
      if (externalIds[k] === undefined || externalIds[k] === v) externalIds[k] = v;
      else externalIds[`${k}@${p.id}`] = v;
    }
    if (sex === 'U' && p.sex !== 'U') sex = p.sex;
    if (p.living) living = true;
    if (p.confidence !== undefined) confidence = Math.max(confidence ?? 0, p.confidence);
  }
  const members = [canonical, ...absorbed];
  for (const [field, from] of Object.entries(keep)) {
    const member = members.find((p) => p.id === from);
    const value = member && keptValue(member, field);
    if (value === undefined) continue;
    if (field === 'sex') {
      sex = value as Person['sex'];
      continue;
    }
    const at = now.toISOString();
    for (const a of assertions) {
      if (a.field !== field) continue;
      if (a.value.trim() === value.trim()) {
        if (a.status !== 'accepted') {
          a.status = 'accepted';
          a.reviewed = { decision: 'accepted', at, reason: `kept when merging ${clusterId} (the value of ${from})` };
        }
      } else if (a.status !== 'rejected') {
        a.status = 'rejected';
        a.reviewed = {
          decision: 'rejected',
          at,
          reason: `not kept when merging ${clusterId}: the user kept ${from}'s "${value}"`,
        };
      }
    }
  }
  const relationships = combineRelationships(members, memberIds);
  const previous = Array.isArray((canonical as Record<string, unknown>).mergedFrom)
    ? ((canonical as Record<string, unknown>).mergedFrom as MergedFrom[])
    : [];
  const mergedFrom: MergedFrom[] = [
    ...previous,
    ...absorbed.map((p) => ({
      id: p.id,
      cluster: clusterId,
      names: p.names.map((n) => `${n.given} ${n.surname}`.trim()),
    })),
  ];
  return {
    ...canonical,
    names,
    sex,
    ...(living !== undefined ? { living } : {}),
    assertions,
    relationships,
    externalIds,
    ...(confidence !== undefined ? { confidence } : {}),
    mergedFrom,
    updatedAt: now.toISOString(),
  };
}

/**
 * United relationships without self-links; a relative named by several members appears once. The
 * Z invariant allows two parents: further parents from absorbed members are kept but marked
 * rejected, so the file stays valid and the user sees (and can undo) the disagreement.
 */
function combineRelationships(members: Person[], memberIds: Set<string>): Relationship[] {
  const out: Relationship[] = [];
  const index = new Map<string, Relationship>();
  for (const p of members) {
    for (const r of p.relationships) {
      if (memberIds.has(r.person)) continue;
      const key = `${r.type}|${r.person}`;
      const have = index.get(key);
      if (have) {
        const seen = new Set(have.evidence.map(evidenceKey));
        for (const e of r.evidence) if (!seen.has(evidenceKey(e))) have.evidence.push(e);
        have.confidence = Math.max(have.confidence, r.confidence);
        continue;
      }
      const copy = { ...r, evidence: [...r.evidence] };
      index.set(key, copy);
      out.push(copy);
    }
  }
  const parents = out.filter((r) => r.type === 'parent' && r.status !== 'rejected');
  if (new Set(parents.map((r) => r.person)).size > 2) {
    const keep = new Set(
      members[0].relationships.filter((r) => r.type === 'parent' && r.status !== 'rejected').map((r) => r.person),
    );
    for (const r of parents) {
      if (keep.size < 2 && !keep.has(r.person)) keep.add(r.person);
      if (!keep.has(r.person)) r.status = 'rejected';
    }
  }
  return out;
}

/** A relative's links re-pointed from absorbed ids to the canonical one (duplicates united). */
export function repointRelationships(p: Person, absorbedIds: Set<string>, canonicalId: string): Person | undefined {
  if (!p.relationships.some((r) => absorbedIds.has(r.person))) return undefined;
  const out: Relationship[] = [];
  const index = new Map<string, Relationship>();
  for (const r of p.relationships) {
    const person = absorbedIds.has(r.person) ? canonicalId : r.person;
    if (person === p.id) continue;
    const key = `${r.type}|${person}`;
    const have = index.get(key);
    if (have) {
      const seen = new Set(have.evidence.map(evidenceKey));
      for (const e of r.evidence) if (!seen.has(evidenceKey(e))) have.evidence.push(e);
      continue;
    }
    const copy = { ...r, person, evidence: [...r.evidence] };
    index.set(key, copy);
    out.push(copy);
  }
  return { ...p, relationships: out };
}
