/**
 * What says "another person" about two persons a merge proposal joins, read by the consolidation
 * rules of a research's end (sole-bearers.ts, named-family.ts). Each check is a namesake of the
 * evaluation cases:
 * - a relative of the one and a relative of the other bearing one name in different generations
 *   (the one's father and the other's son both Joseph: a father and son of one name, or a grandson);
 * - spouses that differ (both married, no spouse of the one named like a spouse of the other: a
 *   husband by his full name, a wife by her given name, as she may appear under either surname);
 * - fathers or mothers that differ by given name;
 * - a child born before the other could have fathered or borne one (twelve years after his birth);
 * - the one recorded before the other was born (a godmother of 1822 is not the daughter born 1825);
 * - birth or death dates that disagree (the resolver's own date features);
 * - nothing but the names, in records of no common country a generation apart.
 */
import { citedSources, type MergeCluster, type Person } from '../../../model';
import { ADULT_ROLES, MIN_ADULT_AGE } from '../../../model/age';
import { parseGDate } from '../../../model/gdate';
import { fold, splitName } from '../../../model/names';
import { compareGiven, compareSurname } from '../resolve/compare';
import { featuresOfPerson, nameFeature } from '../resolve/features';
import type { NameFeature, PersonFeatures } from '../resolve/feature-types';

/** Given names and surnames at least this alike are "one name" (a variant, a slip, an abbreviation). */
export const SAME_NAME = 0.9;
/** Youngest age at which a parent is believed (a child born earlier says the two are not one). */
const YOUNGEST_PARENT = 12;

const givenScore = (a: NameFeature, b: NameFeature) => compareGiven(a.given, b.given)?.score ?? 0;
const surnameScore = (a: NameFeature, b: NameFeature) => compareSurname(a, b)?.score ?? 0;

/** Two names are one when the given names and the surnames are each one name. */
export function nameAlike(a: readonly NameFeature[], b: readonly NameFeature[], sameLength = false): boolean {
  return a.some((x) =>
    b.some(
      (y) =>
        (!sameLength || x.given.length === y.given.length) &&
        givenScore(x, y) >= SAME_NAME &&
        surnameScore(x, y) >= SAME_NAME,
    ),
  );
}

/** Date features of the resolver below this say the two dates disagree. */
const DATES_DISAGREE = 0.5;
/** Records more years apart than this may be of two generations. */
const GENERATION_APART = 20;

export function givenAlike(a: readonly NameFeature[], b: readonly NameFeature[], at = SAME_NAME): boolean {
  return a.some((x) => b.some((y) => givenScore(x, y) >= at));
}

export const known = (s: Person['sex'] | undefined) => s === 'M' || s === 'F';

export interface Bearer {
  person: Person;
  features: PersonFeatures;
}

export type Kind = 'parent' | 'spouse' | 'child';

export function relativesOf(p: Person, kind: Kind, person: (id: string) => Person | undefined): Person[] {
  return p.relationships
    .filter((r) => r.type === kind && r.status !== 'rejected')
    .map((r) => person(r.person))
    .filter((x): x is Person => x !== undefined);
}

/** Why the two bearers' relatives say they are two persons, or undefined when nothing does. */
export function relativesSayOther(
  a: Bearer,
  b: Bearer,
  person: (id: string) => Person | undefined,
  featuresOf: (p: Person) => PersonFeatures,
): string | undefined {
  if (a.person.relationships.some((r) => r.person === b.person.id)) return 'related to each other';
  const rel = (x: Bearer, kind: Kind) => relativesOf(x.person, kind, person);
  const names = (p: Person) => featuresOf(p).names;
  // One name in two generations: the one's parent and the other's child (or spouse and child).
  const generations: [Kind, Kind][] = [
    ['parent', 'child'],
    ['child', 'parent'],
    ['spouse', 'child'],
    ['child', 'spouse'],
    ['parent', 'spouse'],
    ['spouse', 'parent'],
  ];
  for (const [ka, kb] of generations)
    for (const x of rel(a, ka))
      for (const y of rel(b, kb))
        if (x.id === y.id || nameAlike(names(x), names(y))) return `${ka} of the one is ${kb} of the other`;
  // Spouses that differ: a husband by his full name, a wife by her given name.
  const sa = rel(a, 'spouse');
  const sb = rel(b, 'spouse');
  if (sa.length && sb.length) {
    const alike = (x: Person, y: Person) =>
      x.id === y.id ||
      (x.sex === 'F' || y.sex === 'F' ? givenAlike(names(x), names(y), 0.8) : nameAlike(names(x), names(y)));
    if (!sa.some((x) => sb.some((y) => alike(x, y)))) return 'other spouses';
  }
  // Parents that differ by given name (a father's surname is the child's, or is written in the
  // record's own way: "Matti Juhonpoika" in Finland is "Matt Makela" in Michigan).
  for (const sex of ['M', 'F'] as const) {
    const pa = rel(a, 'parent').filter((p) => p.sex === sex);
    const pb = rel(b, 'parent').filter((p) => p.sex === sex);
    if (!pa.length || !pb.length) continue;
    const alike = (x: Person, y: Person) => x.id === y.id || givenAlike(names(x), names(y));
    if (!pa.some((x) => pb.some((y) => alike(x, y)))) return 'other parents';
  }
  // A child born before the other bearer was old enough to be a parent.
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const born = x.features.birth?.min;
    if (born === undefined) continue;
    for (const child of rel(y, 'child')) {
      const childBorn = featuresOf(child).birth?.max;
      if (childBorn !== undefined && childBorn < born + YOUNGEST_PARENT) return 'a child born too early';
    }
  }
  return undefined;
}

export interface Made {
  /** The record's year (a register kept over years: its last year, a child may be entered late). */
  year?: number;
  /** The last part of the record's place, folded, without a note in brackets ("austria (now slovenia)"). */
  country?: string;
  /** The person holds an adult's role in it (a godmother, a witness): born by its year less MIN_ADULT_AGE. */
  asAdult?: boolean;
}

/** What recordsOf reads of a record: when, where, and its personas' names and roles. */
export type MadeRecord = { date?: string; place?: string; persons?: readonly { name: string; role?: string }[] };

const personaName = (written: string) => {
  const { given, surname } = splitName(written);
  return nameFeature(given, surname);
};

/** Where and when each record citing the person was made. */
export function recordsOf(p: Person, source: (id: string) => MadeRecord | undefined): Made[] {
  const out: Made[] = [];
  const names = featuresOfPerson(p).names;
  for (const id of citedSources(p)) {
    const s = source(id);
    if (!s) continue;
    const d = s.date ? parseGDate(s.date) : undefined;
    const last = s.place
      ?.split(',')
      .pop()
      ?.replace(/\(.*?\)/g, '');
    // Every persona of the record bearing the person's name is in an adult's role: so is the person.
    const named = (s.persons ?? []).filter((x) => nameAlike([personaName(x.name)], names));
    const asAdult = named.length > 0 && named.every((x) => x.role !== undefined && ADULT_ROLES.has(x.role));
    out.push({
      year: (d?.latest ?? d?.earliest)?.year,
      country: last ? fold(last).trim() || undefined : undefined,
      ...(asAdult ? { asAdult } : {}),
    });
  }
  return out;
}

/**
 * The person is cited by a record made more than a year before the other was born, or holds an
 * adult's role in one made before the other was MIN_ADULT_AGE (the godmother of 1822 is not the
 * daughter born 1821–1826).
 */
export function recordedBeforeBirth(made: readonly Made[], other: PersonFeatures): boolean {
  const born = other.birth?.min;
  return (
    born !== undefined && made.some((m) => m.year !== undefined && m.year + 1 < born + (m.asAdult ? MIN_ADULT_AGE : 0))
  );
}

/**
 * Names alone do not cross an ocean and a generation: when nothing but the names agree, records of
 * the two made in no common country and more than a generation's span apart name two persons as
 * often as one (a melamed of Zambrów in 1885 and a brother-in-law in New York in 1907).
 */
export function namesAloneTooFar(c: MergeCluster, a: readonly Made[], b: readonly Made[]): boolean {
  const more = Object.entries(c.features ?? {}).some(
    ([k, f]) => !['givenName', 'surname', 'sex', 'residence'].includes(k) && f.score >= DATES_DISAGREE,
  );
  if (more) return false;
  const countries = new Set(a.map((m) => m.country).filter(Boolean));
  if (!countries.size || b.some((m) => m.country && countries.has(m.country))) return false;
  const years = (l: readonly Made[]) => l.map((m) => m.year).filter((y): y is number => y !== undefined);
  const ya = years(a);
  const yb = years(b);
  if (!ya.length || !yb.length) return false;
  const gap = Math.max(Math.min(...yb) - Math.max(...ya), Math.min(...ya) - Math.max(...yb));
  return gap > GENERATION_APART;
}

/** The resolver's date features of the proposal do not say the two dates disagree. */
export function datesAgree(c: MergeCluster): boolean {
  return (c.features?.birthDate?.score ?? 1) >= DATES_DISAGREE && (c.features?.deathDate?.score ?? 1) >= DATES_DISAGREE;
}

/** Features of persons, each computed once for a pass over the proposals. */
export function featureMemo(): (p: Person) => PersonFeatures {
  const features = new Map<string, PersonFeatures>();
  return (p) => {
    let f = features.get(p.id);
    if (!f) features.set(p.id, (f = featuresOfPerson(p)));
    return f;
  };
}

/** A given-name score below this is two names, not a variant, a slip or an abbreviation of one. */
const OTHER_GIVEN = 0.7;

/**
 * The proposal's own given-name feature says "different given names" (Helena and Anna, both wives
 * of a Peter Penner in one township): a family that matches does not make two names one.
 */
export function givenNamesDiffer(c: MergeCluster): boolean {
  const g = c.features?.givenName;
  return g !== undefined && g.score < OTHER_GIVEN;
}

/** An open two-person proposal of the run's own (not the Lead's) the resolver did not call two persons. */
export function openPairProposal(c: MergeCluster): boolean {
  return (
    c.status === 'proposed' && c.memberIds.length === 2 && c.proposedBy !== 'Lead' && c.recommendation !== 'separate'
  );
}
