/**
 * Hard facts that tell namesakes apart (issue #14 item 3). A persona that contradicts a person on one
 * of these is a different person, however alike the names, ages and towns: a genealogist never
 * attaches it, not even for review. Each rule answers with the sentence a proof argument would use.
 *
 * - born in another country (historical regions and empires count as every country they were part of);
 * - married to someone else at a time the person is known married to their own spouse;
 * - other parents (both parents named on both sides, neither in common);
 * - called the principal's nephew, cousin, grandson or brother while a child of the principal (collateral-kin.ts);
 * - a foundling of unknown parents against a named couple's child (foundlings.ts);
 * - an age outside the tolerance of the record type (an informant's age at death is looser than a census);
 * - in two places on the same day (or in two censuses of the same year in different places);
 * - a life has one end (lifespan.ts): two deaths, or recorded alive after the death.
 */
import type { Person, Persona, SourceRecord } from '../../../model';
import { displayName } from '../../../model';
import { yearRange } from '../../../model/gdate';
import { foldName, namesAlike, splitPersonaName } from '../../../model/names';
import type { KnowledgeGraph, RelKind } from '../graph';
import { comparePlaces, placeParts } from '../resolve/places';
import { countriesOf } from '../places/regions';
import type { DateFeature } from '../resolve';
import { lifespanContradiction } from './lifespan';
import { registeredTwice } from './register-entries';
import { foundlingContradiction } from './foundlings';
import { otherFatherByPatronymic } from './patronymic';
import { collateralNotChild } from './collateral-kin';

/** Countries written as such (folded). England, Scotland and Wales stay apart: a birthplace names the nation. */
const COUNTRIES = new Set([
  'usa',
  'canada',
  'mexico',
  'germany',
  'france',
  'netherlands',
  'belgium',
  'luxembourg',
  'switzerland',
  'austria',
  'hungary',
  'italy',
  'spain',
  'portugal',
  'poland',
  'russia',
  'ukraine',
  'belarus',
  'lithuania',
  'latvia',
  'estonia',
  'finland',
  'sweden',
  'norway',
  'denmark',
  'iceland',
  'ireland',
  'england',
  'scotland',
  'wales',
  'czechia',
  'czech republic',
  'slovakia',
  'croatia',
  'slovenia',
  'serbia',
  'romania',
  'bulgaria',
  'greece',
  'turkey',
  'china',
  'japan',
  'india',
  'australia',
  'new zealand',
  'cuba',
]);

/**
 * Countries that were one state when the records were written, so a birthplace given as one may be
 * written as the other: Prussia's east is Poland now, Congress Poland was Russian, Galicia and
 * Bohemia Austrian, Norway under the Swedish crown, Ireland in the United Kingdom (written "UK").
 */
const EMPIRES: string[][] = [
  ['germany', 'poland', 'russia', 'lithuania'],
  ['russia', 'poland', 'lithuania', 'latvia', 'estonia', 'finland', 'ukraine', 'belarus'],
  [
    'austria',
    'hungary',
    'czechia',
    'czech republic',
    'slovakia',
    'poland',
    'ukraine',
    'croatia',
    'slovenia',
    'italy',
    'romania',
    'serbia',
  ],
  ['sweden', 'norway'],
  ['denmark', 'iceland', 'norway'],
  ['netherlands', 'belgium', 'luxembourg'],
  // "UK" may stand for any of its nations; England, Scotland, Wales and Ireland are not one another.
  ['uk', 'england'],
  ['uk', 'scotland'],
  ['uk', 'wales'],
  ['uk', 'ireland'],
];

/** Regions the shared table gives a single modern country but that genealogists meet under another. */
const REGION_EXTRA: Record<string, string[]> = {
  prussia: ['germany', 'poland', 'russia', 'lithuania'],
  preussen: ['germany', 'poland', 'russia', 'lithuania'],
  england: ['england'],
  scotland: ['scotland'],
  wales: ['wales'],
  'northern ireland': ['ireland'],
};

/** The countries a place may lie in, or undefined when its last component names no known country or region. */
export function countriesOfPlace(place: string | undefined): string[] | undefined {
  const parts = placeParts(place);
  const last = parts[parts.length - 1];
  if (!last) return undefined;
  if (REGION_EXTRA[last]) return REGION_EXTRA[last];
  if (COUNTRIES.has(last) || last === 'uk') return [last];
  return countriesOf(last);
}

function expand(countries: string[]): Set<string> {
  const out = new Set(countries);
  for (const c of countries) for (const e of EMPIRES) if (e.includes(c)) for (const x of e) out.add(x);
  return out;
}

/** True when no country of one place can be a country of the other (empires considered). */
export function differentCountries(a: string | undefined, b: string | undefined): boolean {
  const x = countriesOfPlace(a);
  const y = countriesOfPlace(b);
  if (!x || !y) return false;
  const ex = expand(x);
  return !y.some((c) => ex.has(c));
}

/** Given names that may be one person's: equal, a variant, an abbreviation ("Joh."), an initial or alike in sound. */
export function givenNamesAlike(a: string, b: string): boolean {
  // "Chaja-Sora" is called "Chaje", "Jean-Baptiste" "Jean": a hyphen joins two given names.
  const x = foldName(a)
    .split(/[\s-]+/)
    .filter(Boolean);
  const y = foldName(b)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (!x.length || !y.length) return false;
  if (namesAlike(x[0], y[0])) return true;
  // Any later given name of one side against the first of the other: "Anna Maria" is called "Maria".
  // A bare middle initial is not such a name: "John W. Reese" is not "William", whose first name is
  // spelt out as another; the initial only says a second name began with W. (A lone initial written
  // first, "W. Hollis", is still compared above: it stands for the name he was called by.)
  const named = (s: string) => s.replace(/\./g, '').length > 1;
  return (
    x.slice(1).some((s) => named(s) && namesAlike(s, y[0])) || y.slice(1).some((t) => named(t) && namesAlike(x[0], t))
  );
}

function personGiven(p: Person): string[] {
  return p.names.map((n) => n.given).filter(Boolean);
}

/** The given names of a person's known fathers (parents recorded as male). */
function fathersGiven(g: KnowledgeGraph, p: Person): string[] {
  return p.relationships
    .filter((r) => r.type === 'parent' && r.status !== 'rejected')
    .map((r) => g.get(r.person))
    .filter((q): q is Person => q?.sex === 'M')
    .flatMap((q) => personGiven(q).slice(0, 1));
}

function personSex(p: Person): 'M' | 'F' | undefined {
  return p.sex === 'M' || p.sex === 'F' ? p.sex : undefined;
}

/** A persona's relatives named in the same record, by kind (the record's roles read from the anchor). */
export interface RecordRelatives {
  spouses: Persona[];
  parents: Persona[];
}

export interface PersonaInRecord {
  persona: Persona;
  /** The persona's sex as its role tells it. */
  sex?: 'M' | 'F' | 'U' | 'X';
  /** Birth estimate of the persona (from a stated date or an age and the record's date). */
  birth?: DateFeature;
  /** Death estimate of the persona (its death or burial in this record). */
  death?: DateFeature;
  relatives: RecordRelatives;
  source: SourceRecord;
  /** The birth and baptism this record registers for the persona (its own entry, not a later telling). */
  vitals?: readonly { type: 'birth' | 'baptism'; date: string }[];
}

/** Record types whose ages and birth dates come from an informant after the fact: a wider tolerance. */
const LATE_INFORMANT = new Set(['death', 'burial', 'obituary', 'probate', 'will', 'gravestone']);

/** Years an age or birth date of this record type may be off and still be the same person's. */
export function ageTolerance(recordType: string): number {
  return LATE_INFORMANT.has(recordType) ? 10 : 5;
}

function yearsOf(date: string | undefined): { min: number; max: number } | undefined {
  if (!date) return undefined;
  const r = yearRange(date);
  return r.min !== undefined && r.max !== undefined ? { min: r.min, max: r.max } : undefined;
}

function birthCountry(pr: PersonaInRecord, p: Person): string | undefined {
  const place = pr.persona.birthPlace;
  if (!place || !countriesOfPlace(place)) return undefined;
  // Evidenced values first: the user's starting hint is only named when nothing else is known.
  const known = p.assertions
    .filter(
      (a) =>
        a.status !== 'rejected' &&
        (a.field === 'birth.place' || a.field === 'baptism.place' || a.field === 'christening.place'),
    )
    .sort((x, y) => Number(y.evidence.length > 0) - Number(x.evidence.length > 0))
    .map((a) => a.value);
  const comparable = known.filter((v) => countriesOfPlace(v));
  if (!comparable.length || !comparable.every((v) => differentCountries(place, v))) return undefined;
  return `born in ${place}, while ${displayName(p)} was born in ${comparable[0]}: the namesake born elsewhere is a different ${pr.sex === 'F' ? 'woman' : pr.sex === 'M' ? 'man' : 'person'}`;
}

/**
 * Years in which `p` is recorded as married to `q`: the records that name them as a couple (their
 * marriage, a census household) and a marriage event both their files carry.
 */
function marriedYears(p: Person, q: Person): number[] {
  const rel = p.relationships.find((r) => r.type === 'spouse' && r.person === q.id && r.status !== 'rejected');
  if (!rel) return [];
  const sources = new Set(rel.evidence.map((e) => e.source));
  const shared = new Set(q.assertions.filter((a) => a.field === 'marriage.date' && a.event).map((a) => a.event));
  const years: number[] = [];
  for (const a of p.assertions) {
    if (a.status === 'rejected' || (a.field !== 'marriage.date' && a.field !== 'residence.date')) continue;
    const together =
      a.evidence.some((e) => sources.has(e.source)) ||
      (a.field === 'marriage.date' && a.event !== undefined && shared.has(a.event));
    const y = together ? yearsOf(a.value) : undefined;
    if (y) years.push(y.min, y.max);
  }
  return years;
}

function otherSpouse(g: KnowledgeGraph, pr: PersonaInRecord, p: Person): string | undefined {
  if (!pr.relatives.spouses.length) return undefined;
  const when = yearsOf(pr.source.date);
  if (!when) return undefined;
  const named = pr.relatives.spouses.map((s) => splitPersonaName(s.name).given).filter(Boolean);
  if (!named.length) return undefined;
  const spouses = p.relationships
    .filter((r) => r.type === 'spouse' && r.status !== 'rejected')
    .map((r) => g.get(r.person))
    .filter((q): q is Person => Boolean(q));
  // The same spouse under a variant of her name: nothing contradicts.
  if (spouses.some((q) => personGiven(q).some((gq) => named.some((n) => givenNamesAlike(gq, n))))) return undefined;
  for (const q of spouses) {
    const years = marriedYears(p, q);
    if (!years.length) continue;
    const from = Math.min(...years);
    const to = Math.max(...years);
    if (when.max < from || when.min > to) continue;
    const span = from === to ? `in ${from}` : `from ${from} to ${to}`;
    return `married to ${named.join(' and ')} in ${pr.source.date}, while ${displayName(p)} is recorded married to ${displayName(q)} ${span}: one man cannot have two wives at once, so this is a namesake`
      .replace('one man', personSex(p) === 'F' ? 'one woman' : 'one man')
      .replace('two wives', personSex(p) === 'F' ? 'two husbands' : 'two wives');
  }
  return undefined;
}

/** The person's parents on file (not rejected links). */
function knownParents(g: KnowledgeGraph, p: Person): Person[] {
  return p.relationships
    .filter((r) => r.type === 'parent' && r.status !== 'rejected')
    .map((r) => g.get(r.person))
    .filter((q): q is Person => Boolean(q));
}

/** A record's parent's sex: as written, or from the role "father" or "mother". */
function parentSex(rp: Persona): Persona['sex'] {
  return rp.sex ?? (rp.role === 'father' ? 'M' : rp.role === 'mother' ? 'F' : undefined);
}

function otherParents(g: KnowledgeGraph, pr: PersonaInRecord, p: Person): string | undefined {
  if (!pr.relatives.parents.length) return undefined;
  const known = knownParents(g, p);
  if (!known.length) return undefined;
  let compared = 0;
  for (const rp of pr.relatives.parents) {
    const given = splitPersonaName(rp.name).given;
    if (!given) continue;
    const sex = parentSex(rp);
    const same = known.filter((q) => !sex || !personSex(q) || personSex(q) === sex);
    if (!same.length) continue;
    compared++;
    // One parent in common is enough to leave the question open (a stepmother, an informant's slip).
    if (same.some((q) => personGiven(q).some((gq) => givenNamesAlike(gq, given)))) return undefined;
  }
  // Both parents named on both sides and neither agreeing: one differing parent alone may be a
  // translated name (Wojciech / Albert) or a stepparent, not proof of another person (parentUnlike).
  if (compared < 2) return undefined;
  return `a child of ${pr.relatives.parents.map((x) => x.name.replace(/\//g, '')).join(' and ')}, while ${displayName(p)} is the child of ${known.map(displayName).join(' and ')}: different parents, a different person`;
}

/**
 * A mother the record names whose given name is unlike the person's known mother's, to the initial
 * (Gertrude against Maria): no proof of another person (a stepmother, a slip), but no ground for
 * taking the persona as the person on a search's word or a score short of "merge" either: the pair is
 * left for review. Names in two scripts (Ιωάννης, John) are a transliteration at best: their initials
 * say nothing.
 */
export function parentUnlike(g: KnowledgeGraph, parents: readonly Persona[], p: Person): string | undefined {
  const known = knownParents(g, p);
  const initial = (s: string) => foldName(s).charAt(0);
  const latin = (s: string) => /^[\p{Script=Latin}\s.'’-]+$/u.test(s);
  for (const rp of parents) {
    const given = splitPersonaName(rp.name).given;
    const sex = parentSex(rp);
    // A mother only: the man a record names as a child's father may be a stepfather or the mother's
    // partner (a Barnardo boy's "father" John Mitchell); a mother is the one who bore him.
    if (!given || sex !== 'F' || !latin(given)) continue;
    const same = known.filter((q) => personSex(q) === sex && personGiven(q).length);
    if (!same.length) continue;
    if (
      same.some((q) =>
        personGiven(q).some((gq) => !latin(gq) || givenNamesAlike(gq, given) || initial(gq) === initial(given)),
      )
    )
      continue;
    return `the mother named here, ${rp.name.replace(/\//g, '')}, is not ${same.map(displayName).join(' or ')}`;
  }
  return undefined;
}

function ageOutside(pr: PersonaInRecord, p: Person, birthOfPerson: DateFeature | undefined): string | undefined {
  const a = pr.birth;
  const b = birthOfPerson;
  if (!a || !b || a.min === undefined || a.max === undefined || b.min === undefined || b.max === undefined)
    return undefined;
  // Both sides may be estimates: the tolerance of the record in hand, plus a year for an estimate on the other side.
  // Two births written to the day (a register, a baptism), not told by a late informant: not estimates,
  // so a year (a dual date, a slip of the pen) is all they may differ by.
  const exact = Boolean(a.ymd && b.ymd && a.stated && b.stated && !LATE_INFORMANT.has(pr.source.recordType));
  const tol = exact ? 1 : ageTolerance(pr.source.recordType) + (b.stated ? 0 : 1);
  const gap = a.max < b.min ? b.min - a.max : b.max < a.min ? a.min - b.max : 0;
  if (gap <= tol) return undefined;
  return `born ${a.text} by this ${pr.source.recordType} record, ${gap} years from ${displayName(p)}'s birth (${b.text}), beyond the ${tol} years a ${pr.source.recordType} record may be off`;
}

/** Exact days and census years (a census counts a person once, at one place). */
function sameMoment(recordType: string, date: string, field: string, value: string): boolean {
  const d = date.trim().toUpperCase();
  const v = value.trim().toUpperCase();
  if (d !== v) return false;
  if (/^\d{1,2} [A-Z]{3} \d{3,4}$/.test(d)) return true;
  return recordType === 'census' && field === 'residence.date';
}

/**
 * Records whose place is where the persons in them were on its date. An obituary's or a newspaper's
 * place is where it was printed, a will's or a deed's where it was proved or recorded: the man an
 * obituary of 13 March names was buried elsewhere that day.
 */
const PRESENCE_RECORDS = new Set([
  'census',
  'baptism',
  'birth',
  'marriage',
  'death',
  'burial',
  'immigration',
  'directory',
]);

function twoPlaces(pr: PersonaInRecord, p: Person): string | undefined {
  const { date, place, id, recordType } = pr.source;
  if (!date || !place || !PRESENCE_RECORDS.has(recordType)) return undefined;
  const here = placeParts(place);
  const byEvent = new Map<string, { date?: string; field?: string; place?: string; source?: string }>();
  for (const a of p.assertions) {
    if (a.status === 'rejected' || !a.event || a.evidence.some((e) => e.source === id)) continue;
    const e = byEvent.get(a.event) ?? {};
    if (a.field.endsWith('.date')) {
      e.date = a.value;
      e.field = a.field;
      e.source = a.evidence[0]?.source;
    } else if (a.field.endsWith('.place')) e.place = a.value;
    byEvent.set(a.event, e);
  }
  for (const e of byEvent.values()) {
    // Where the dead lie says nothing of where a record names them the same day.
    if (!e.date || !e.place || !e.field || e.field.startsWith('burial.')) continue;
    if (!sameMoment(recordType, date, e.field, e.date)) continue;
    const c = comparePlaces(here, placeParts(e.place));
    // Only the region or country in common ("only the region matches", 0.35) is two places.
    if (c && c.score > 0.4) continue;
    return `in ${place} on ${date}, while ${displayName(p)} was in ${e.place} at the same time (${e.source ?? 'another record'}): no one is in two places at once`;
  }
  return undefined;
}

/**
 * Why the persona cannot be person `personId` (undefined when no hard fact contradicts).
 * `birthOfPerson`: the person's birth estimate as the resolver sees it.
 */
export function hardContradiction(
  g: KnowledgeGraph,
  personId: string,
  pr: PersonaInRecord,
  birthOfPerson: DateFeature | undefined,
): string | undefined {
  const p = g.get(personId);
  if (!p) return undefined;
  return (
    birthCountry(pr, p) ??
    registeredTwice(pr.vitals ?? [], p, pr.source.id) ??
    otherSpouse(g, pr, p) ??
    otherParents(g, pr, p) ??
    collateralNotChild(pr.persona, pr.source, p, (id) => g.get(id)) ??
    otherFatherByPatronymic(pr.persona.name, p, (q) => fathersGiven(g, q), `${displayName(p)} (${p.id})`) ??
    foundlingContradiction(g, pr.persona, pr.relatives.parents, p) ??
    ageOutside(pr, p, birthOfPerson) ??
    twoPlaces(pr, p) ??
    lifespanContradiction(g, pr, p)
  );
}

/** The relatives each persona has in its record, read from the roles (anchor, its parents and spouse). */
export function recordRelatives(
  personas: readonly Persona[],
  relation: readonly ({ kind: RelKind; of: 'anchor' | 'bride' | 'groom' | 'anchorSpouse' } | undefined)[],
  aIdx: number,
  sexOf: (p: Persona) => Persona['sex'],
): RecordRelatives[] {
  const idx = (pred: (j: number) => boolean) => personas.map((_, j) => j).filter((j) => j !== aIdx && pred(j));
  const anchorSex = sexOf(personas[aIdx]);
  const parentOf = (who: 'anchor' | 'spouse', sex: Persona['sex']) =>
    idx((j) => {
      const r = relation[j];
      if (r?.kind !== 'parent') return false;
      if (who === 'anchor')
        return r.of === 'anchor' || (r.of === 'groom' && sex === 'M') || (r.of === 'bride' && sex === 'F');
      return r.of === 'anchorSpouse' || (r.of === 'groom' && sex === 'M') || (r.of === 'bride' && sex === 'F');
    });
  const spousesOfAnchor = idx((j) => relation[j]?.kind === 'spouse' && relation[j]?.of === 'anchor');
  const parentsOfAnchor = parentOf('anchor', anchorSex);
  return personas.map((p, i) => {
    if (i === aIdx)
      return { spouses: spousesOfAnchor.map((j) => personas[j]), parents: parentsOfAnchor.map((j) => personas[j]) };
    const r = relation[i];
    if (r?.kind === 'parent' && r.of === 'anchor')
      return { spouses: parentsOfAnchor.filter((j) => j !== i).map((j) => personas[j]), parents: [] };
    if (r?.kind === 'spouse' && r.of === 'anchor')
      return {
        spouses: [personas[aIdx]],
        parents: spousesOfAnchor.length === 1 ? parentOf('spouse', sexOf(p)).map((j) => personas[j]) : [],
      };
    if (r?.kind === 'child' && r.of === 'anchor')
      return {
        spouses: [],
        parents: [personas[aIdx], ...(spousesOfAnchor.length === 1 ? [personas[spousesOfAnchor[0]]] : [])],
      };
    return { spouses: [], parents: [] };
  });
}
