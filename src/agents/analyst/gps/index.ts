/**
 * GPS checks: seed 003's verification checkpoint (every cited snippet is found in its captured
 * source), seed 000's checkGPSCoverage (a Primary and a Secondary source per person) and the case's
 * goals (parents, spouse, children, siblings, birth, death, marriage) answered with sufficient evidence.
 */
import type { CaseConfig, EvidenceClaim, Person, SourceRecord } from '../../../model';
import { displayName } from '../../../model';
import { snippetInSource } from '../extract/evidence-text';

export interface VerificationResult {
  checked: number;
  passed: boolean;
  failures: {
    person: string;
    what: string;
    source: string;
    snippet: string;
    problem: 'missing_source' | 'not_found';
  }[];
}

/** Seed 003 anti-hallucination check: every claim's snippet is in its captured source. */
export function verifyCitations(
  persons: Iterable<Person>,
  source: (id: string) => SourceRecord | undefined,
): VerificationResult {
  const failures: VerificationResult['failures'] = [];
  let checked = 0;
  const seen = new Map<string, boolean>();
  const check = (p: Person, what: string, e: EvidenceClaim) => {
    if (e.method === 'user' || e.method === 'gedcom') return;
    checked += 1;
    const key = `${e.source}\u0000${e.snippet}`;
    let ok = seen.get(key);
    const s = source(e.source);
    if (!s) {
      failures.push({ person: p.id, what, source: e.source, snippet: e.snippet, problem: 'missing_source' });
      return;
    }
    if (ok === undefined) seen.set(key, (ok = snippetInSource(e.snippet, s)));
    if (!ok) failures.push({ person: p.id, what, source: e.source, snippet: e.snippet, problem: 'not_found' });
  };
  for (const p of persons) {
    for (const a of p.assertions)
      if (a.status !== 'rejected') for (const e of a.evidence) check(p, `${a.field} = ${a.value}`, e);
    for (const r of p.relationships)
      if (r.status !== 'rejected') for (const e of r.evidence) check(p, `${r.type} ${r.person}`, e);
  }
  return { checked, passed: failures.length === 0, failures };
}

/** Z checkGPSCoverage: every person has a Primary and a (different) Secondary source. */
export function checkGPSCoverage(persons: Iterable<Person>): boolean {
  let any = false;
  for (const p of persons) {
    any = true;
    const claims = [...p.assertions.flatMap((a) => a.evidence), ...p.relationships.flatMap((r) => r.evidence)];
    const primary = new Set(claims.filter((e) => e.evidenceType === 'Primary').map((e) => e.source));
    const secondary = new Set(claims.filter((e) => e.evidenceType === 'Secondary').map((e) => e.source));
    const ok = [...primary].some((s1) => [...secondary].some((s2) => s1 !== s2));
    if (!ok) return false;
  }
  return any;
}

export type Goal = CaseConfig['goals'][number];

export interface GoalStatus {
  goal: Goal;
  met: boolean;
  /** Answered by accepted facts corroborated by at least two sources. */
  sufficient: boolean;
  detail: string;
}

function sourcesOf(claims: readonly EvidenceClaim[]): Set<string> {
  return new Set(claims.map((e) => e.source));
}

export function goalStatus(
  subject: Person,
  goals: readonly Goal[],
  get: (id: string) => Person | undefined,
): GoalStatus[] {
  // A relative whose person file could not be read is not in the graph: the link alone answers no
  // goal (the summary lists that file as not read), or a broken spouse file would still read "proven".
  const accepted = (type: 'parent' | 'spouse' | 'child') =>
    subject.relationships.filter((r) => r.type === type && r.status === 'accepted');
  const rels = (type: 'parent' | 'spouse' | 'child') => accepted(type).filter((r) => get(r.person) !== undefined);
  const unread = (type: 'parent' | 'spouse' | 'child') => {
    const n = accepted(type).length - rels(type).length;
    return n ? `${n} whose file could not be read` : '';
  };
  const named = (r: readonly Person['relationships'][number][], missing: string) =>
    [r.map((x) => displayName(get(x.person)!)).join(', ') || (missing ? '' : 'not found'), missing]
      .filter(Boolean)
      .join('; ');
  const fact = (field: string) =>
    subject.assertions
      .filter((a) => a.field === field && a.status === 'accepted')
      .sort((a, b) => b.confidence - a.confidence)[0];
  return goals.map((goal): GoalStatus => {
    switch (goal) {
      case 'parents': {
        const r = rels('parent');
        return {
          goal,
          met: r.length >= 2,
          sufficient: r.length >= 2 && r.every((x) => sourcesOf(x.evidence).size >= 2),
          detail: named(r, unread('parent')),
        };
      }
      case 'spouse':
      case 'children': {
        const r = rels(goal === 'spouse' ? 'spouse' : 'child');
        return {
          goal,
          met: r.length >= 1,
          sufficient: r.length >= 1 && r.every((x) => sourcesOf(x.evidence).size >= 2),
          detail: named(r, unread(goal === 'spouse' ? 'spouse' : 'child')),
        };
      }
      case 'siblings': {
        // The parents' other accepted children: a sibling is proven through the parent they share
        // with the subject, so each needs that link from two sources, and the parents must be known.
        const parents = rels('parent')
          .map((r) => get(r.person))
          .filter((p): p is Person => Boolean(p));
        const links = new Map<string, Person['relationships'][number]>();
        for (const parent of parents)
          for (const r of parent.relationships)
            if (r.type === 'child' && r.status === 'accepted' && r.person !== subject.id && get(r.person)) {
              const known = links.get(r.person);
              if (!known || sourcesOf(r.evidence).size > sourcesOf(known.evidence).size) links.set(r.person, r);
            }
        const r = [...links.values()];
        return {
          goal,
          met: r.length >= 1,
          sufficient: parents.length >= 1 && r.length >= 1 && r.every((x) => sourcesOf(x.evidence).size >= 2),
          detail: parents.length ? named(r, '') : 'no accepted parent yet',
        };
      }
      default: {
        const a = fact(`${goal}.date`);
        return {
          goal,
          met: Boolean(a),
          sufficient: Boolean(a) && sourcesOf(a.evidence).size >= 2,
          detail: a ? a.value : 'not found',
        };
      }
    }
  });
}
