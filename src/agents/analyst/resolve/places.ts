/**
 * Place comparison with hierarchy: "Springfield, Illinois" and "Springfield, Sangamon, Illinois, USA"
 * name the same place at two precisions; "Springfield, Illinois" and "Springfield, Massachusetts" do not.
 */
import { lazy } from './compare';
import { jaroWinkler } from './metrics';
import { fold } from '../../../model/names';

const US_STATES: Record<string, string> = {
  al: 'alabama',
  ak: 'alaska',
  az: 'arizona',
  ar: 'arkansas',
  ca: 'california',
  co: 'colorado',
  ct: 'connecticut',
  de: 'delaware',
  fl: 'florida',
  ga: 'georgia',
  hi: 'hawaii',
  id: 'idaho',
  il: 'illinois',
  ill: 'illinois',
  in: 'indiana',
  ia: 'iowa',
  ks: 'kansas',
  ky: 'kentucky',
  la: 'louisiana',
  me: 'maine',
  md: 'maryland',
  ma: 'massachusetts',
  mass: 'massachusetts',
  mi: 'michigan',
  mich: 'michigan',
  mn: 'minnesota',
  ms: 'mississippi',
  mo: 'missouri',
  mt: 'montana',
  ne: 'nebraska',
  nv: 'nevada',
  nh: 'new hampshire',
  nj: 'new jersey',
  nm: 'new mexico',
  ny: 'new york',
  nc: 'north carolina',
  nd: 'north dakota',
  oh: 'ohio',
  ok: 'oklahoma',
  or: 'oregon',
  pa: 'pennsylvania',
  penn: 'pennsylvania',
  ri: 'rhode island',
  sc: 'south carolina',
  sd: 'south dakota',
  tn: 'tennessee',
  tenn: 'tennessee',
  tx: 'texas',
  ut: 'utah',
  vt: 'vermont',
  va: 'virginia',
  wa: 'washington',
  wv: 'west virginia',
  wi: 'wisconsin',
  wis: 'wisconsin',
  wy: 'wyoming',
};
const COUNTRIES: Record<string, string> = {
  usa: 'usa',
  us: 'usa',
  'united states': 'usa',
  'united states of america': 'usa',
  america: 'usa',
  uk: 'uk',
  'united kingdom': 'uk',
  'great britain': 'uk',
  gb: 'uk',
  britain: 'uk',
  deutschland: 'germany',
  germany: 'germany',
  allemagne: 'germany',
  france: 'france',
  nederland: 'netherlands',
  netherlands: 'netherlands',
  holland: 'netherlands',
};
/** Words that add nothing to identify a place ("county", "parish", "co."). */
const NOISE = new Set(['county', 'co', 'parish', 'township', 'twp', 'city', 'of', 'the', 'kreis', 'province', 'prov']);

/** A place as normalised components, most specific first ("springfield", "sangamon", "illinois", "usa"). */
export function placeParts(place: string | undefined): string[] {
  if (!place) return [];
  const parts: string[] = [];
  for (const raw of place.split(',')) {
    let f = fold(raw);
    if (!f) continue;
    f = f
      .split(' ')
      .filter((w) => !NOISE.has(w))
      .join(' ');
    if (!f) continue;
    f = US_STATES[f] ?? COUNTRIES[f] ?? f;
    parts.push(f);
  }
  return parts;
}

/** The numbers of a place part ("14 balallan", "lot 9"): a house, a croft or a lot. */
function numbersOf(part: string): string {
  return (part.match(/\d+/g) ?? []).join(' ');
}

function same(a: string, b: string): boolean {
  if (a === b) return true;
  // "14 Balallan" and "9 Balallan" are two crofts of one township, however alike they are spelt.
  const na = numbersOf(a);
  const nb = numbersOf(b);
  if (na && nb && na !== nb) return false;
  return a.length > 3 && b.length > 3 && jaroWinkler(a, b) >= 0.93;
}

/** Index of `part` within `parts` (fuzzy), or -1. */
function find(parts: string[], part: string): number {
  for (let i = 0; i < parts.length; i++) if (same(parts[i], part)) return i;
  return -1;
}

export interface PlaceComparison {
  score: number;
  reason: string;
}

/**
 * 1 when one place is the other at a different precision; lower when they only share a region; low
 * when their most specific common level disagrees. Word-level overlap rescues free-form addresses.
 */
export function comparePlaces(a: string[], b: string[]): PlaceComparison | undefined {
  if (!a.length || !b.length) return undefined;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // Hierarchy: every component of the shorter place appears, in order, in the longer one.
  let pos = -1;
  let inOrder = true;
  for (const part of short) {
    const i = find(long.slice(pos + 1), part);
    if (i < 0) {
      inOrder = false;
      break;
    }
    pos += i + 1;
  }
  if (inOrder) {
    const exact = short.length === long.length;
    return lazy(1, () =>
      exact
        ? `same place (${short.join(', ')})`
        : `same place at different precision (${short.join(', ')} within ${long.join(', ')})`,
    );
  }
  const specificMatch = same(a[0], b[0]);
  // Shared components in any order (addresses, or hierarchies written differently).
  const shared = short.filter((p) => find(long, p) >= 0);
  const frac = shared.length / short.length;
  if (specificMatch) {
    const top = same(a[a.length - 1], b[b.length - 1]);
    const score = top ? 0.6 + 0.35 * frac : Math.min(0.7, 0.5 + 0.3 * frac);
    return lazy(
      score,
      () =>
        `same locality "${a[0]}", ${shared.length} of ${short.length} levels agree (${a.join(', ')} vs ${b.join(', ')})`,
    );
  }
  if (frac >= 0.6 && short.length >= 3)
    return lazy(
      0.45 + 0.35 * frac,
      () => `${shared.length} of ${short.length} place levels agree (${a.join(', ')} vs ${b.join(', ')})`,
    );
  const tokensA = new Set(a.join(' ').split(' '));
  const tokensB = new Set(b.join(' ').split(' '));
  let common = 0;
  for (const t of tokensA) if (t.length > 1 && tokensB.has(t)) common++;
  const overlap = common / Math.max(1, Math.min(tokensA.size, tokensB.size));
  if (overlap >= 0.6) return lazy(0.5 + 0.4 * overlap, () => `places share most words (${Math.round(overlap * 100)}%)`);
  if (shared.length) return lazy(0.35, () => `only the region matches (${shared.join(', ')})`);
  return lazy(0.05, () => `different places (${a.join(', ')} vs ${b.join(', ')})`);
}
