/**
 * The chart's family source over an open case (person files and the tree index): a person is read
 * only when the chart's window reaches them, so a 100k-person tree charts as fast as a small one.
 * Runs in the People worker (no vscode here). Living persons are redacted unless the case has
 * consent; the chart draws conclusions, so only accepted relationships are links.
 */
import { isLiving } from '../../agents/censor/living';
import type { FileCaseStore } from '../../case';
import { displayName, factValue, type Person } from '../../model';
import type { ChartEvent, Generations, PedigreeView } from '../../protocol/pedigree';
import { buildPedigree, type FamilyMember, type FamilySource } from '../../protocol/pedigree-tree';

export interface ChartPrivacy {
  thresholdYears: number;
  consent: boolean;
}

type Links = { parent: Set<string>; child: Set<string>; spouse: Set<string> };

/** Links stated only on the other side, by person files (they are few, decision 0001). */
function inverseLinks(store: FileCaseStore): Map<string, Links> {
  const out = new Map<string, Links>();
  const inverse = { parent: 'child', child: 'parent', spouse: 'spouse' } as const;
  for (const f of store.filePersons())
    for (const r of f.relationships) {
      if (r.status !== 'accepted' || r.person === f.id) continue;
      let links = out.get(r.person);
      if (!links) out.set(r.person, (links = { parent: new Set(), child: new Set(), spouse: new Set() }));
      links[inverse[r.type]].add(f.id);
    }
  return out;
}

function event(p: Person, name: string, fallback: string): ChartEvent | undefined {
  for (const e of [name, fallback]) {
    const date = factValue(p, `${e}.date`);
    const place = factValue(p, `${e}.place`);
    if (date || place) return { ...(date ? { date } : {}), ...(place ? { place } : {}) };
  }
  return undefined;
}

/** A person as the chart shows them (redacted when living), with their accepted links. */
export function chartMember(
  p: Person,
  privacy: ChartPrivacy,
  now: Date,
  openConflicts: (id: string) => number,
  extra?: Links,
): FamilyMember {
  const living = !privacy.consent && isLiving(p, now, privacy.thresholdYears);
  const links: Links = { parent: new Set(), child: new Set(), spouse: new Set() };
  for (const r of p.relationships) if (r.status === 'accepted' && r.person !== p.id) links[r.type].add(r.person);
  if (extra) for (const k of ['parent', 'child', 'spouse'] as const) for (const id of extra[k]) links[k].add(id);
  const sources = new Set<string>();
  let staged = 0;
  for (const a of p.assertions) {
    if (a.status === 'staged') staged += 1;
    if (a.status !== 'rejected') for (const e of a.evidence) sources.add(e.source);
  }
  for (const r of p.relationships) if (r.status !== 'rejected') for (const e of r.evidence) sources.add(e.source);
  const base = {
    id: p.id,
    sex: p.sex,
    living,
    sources: sources.size,
    conflicts: openConflicts(p.id),
    staged,
    parents: [...links.parent],
    spouses: [...links.spouse],
    children: [...links.child],
  };
  if (living) return { ...base, name: `Living ${p.names[0]?.surname ?? ''}`.trim() };
  const birth = event(p, 'birth', 'baptism');
  const death = event(p, 'death', 'burial');
  return { ...base, name: displayName(p), ...(birth ? { birth } : {}), ...(death ? { death } : {}) };
}

/** The family source of an open case, as of `now`. */
export function storeFamilySource(store: FileCaseStore, privacy: ChartPrivacy, now: Date): FamilySource {
  const inverse = inverseLinks(store);
  const conflicts = new Map<string, number>();
  for (const c of store.conflicts())
    if (c.status === 'open') conflicts.set(c.person, (conflicts.get(c.person) ?? 0) + 1);
  return {
    member(id) {
      const p = store.person(id);
      return p ? chartMember(p, privacy, now, (x) => conflicts.get(x) ?? 0, inverse.get(id)) : undefined;
    },
  };
}

/** The chart of `rootId` in an open case (undefined: no such person). */
export function chartOf(
  store: FileCaseStore,
  rootId: string,
  generations: Generations,
  privacy: ChartPrivacy,
  now: Date,
): PedigreeView | undefined {
  return buildPedigree(storeFamilySource(store, privacy, now), rootId, generations);
}
