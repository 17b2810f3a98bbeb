/**
 * What the resolver compares: a person (from the case) or a persona (from one record) reduced to
 * normalised names with phonetic codes, date ranges, place hierarchies and relatives. Computed once
 * per person so that scoring a pair and building blocking keys stay cheap at 100k persons.
 */
import { censusRounding, parseAge } from '../../../model/age';
import { displayName, factValue, type Persona } from '../../../model';
import { parseGDate } from '../../../model/gdate';
import {
  isNordicPatronymic,
  canonicalGiven,
  daitchMokotoffCodes as dm,
  fold,
  generationOf,
  givenTokens,
  isRegnal,
  metaphoneCodes as meta,
  splitName,
  surnameForms,
  surnameRootKey,
} from '../../../model/names';
import type { DateFeature, NameFeature, PersonFeatures, RecordContext } from './feature-types';
import type { FeatureSource } from './feature-source';
import { intern } from './memo';
import { placeParts } from './places';

const COMPOUND = /^[\s_]*(\p{L}{2,}-\p{L}{2,})(?:[\s_]|$)/u;
/** The hyphenated first given name ("Louis-Philippe Joseph" → "louis philippe"), folded. */
function compoundOf(given: string): string | undefined {
  const m = COMPOUND.exec(given);
  return m ? fold(m[1]) : undefined;
}

const nameCache = new Map<string, NameFeature>();
/**
 * A name's features, shared by every person of that name (read only): a tree repeats its names
 * (100k persons of a generated tree carry a few hundred), so each is folded, split and coded once
 * and 100k persons do not each hold their own copy of the same arrays.
 */
export function nameFeature(given: string, surname: string, type = 'birth'): NameFeature {
  const k = `${given}\u0000${surname}\u0000${type}`;
  let f = nameCache.get(k);
  if (!f) {
    if (nameCache.size > 200_000) nameCache.clear();
    nameCache.set(k, (f = computeNameFeature(given, surname, type)));
  }
  return f;
}

/** The codes of a surname's first form, and of its last word too when a patronymic stands before it. */
function withFarm(code: (s: string) => string[], forms: string[], patronymic: boolean): string[] {
  const own = code(forms[0]);
  if (!patronymic || forms.length < 2) return own;
  return [...new Set([...own, ...code(forms[forms.length - 1])])];
}

function computeNameFeature(given: string, surname: string, type: string): NameFeature {
  let g = givenTokens(given);
  let s = surnameForms(surname);
  // Royal and noble style without a surname: "Caroline of Baden" — the territory works as a surname.
  const of = g.indexOf('of');
  if (!s.length && of > 0 && of < g.length - 1) {
    s = surnameForms(g.slice(of + 1).join(' '));
    g = g.slice(0, of);
  }
  // "Louis XIV", "Louis the Headstrong": the number and the epithet are not given names.
  const the = g.indexOf('the');
  const epithet = the > 0 && the < g.length - 1 ? g[the + 1] : undefined;
  if (the > 0) g = g.slice(0, the);
  const regnal = g.slice(1).find(isRegnal);
  if (regnal) g = g.filter((t, i) => i === 0 || !isRegnal(t));
  // Index the first full given name phonetically ("W. Frederick" → Frederick).
  const callName = g.find((t) => t.length > 1) ?? g[0];
  const gkey = g.join(' ');
  const skey = `${s.join(' ')}\u0000${type}`;
  const gid = intern(gkey);
  const patronymics = surname.split(/[\s/]+/).filter((w) => w && isNordicPatronymic(w));
  return {
    gkey,
    skey,
    gid,
    sid: intern(skey),
    // One given name: the list's key is that name's key.
    g0id: g.length <= 1 ? gid : intern(g[0]),
    slid: intern(s.join(' ')),
    regnal,
    ...(epithet ? { epithet } : {}),
    ...(compoundOf(given) ? { compound: compoundOf(given) } : {}),
    given: g,
    surnames: s,
    ...(patronymics.length ? { patronymics } : {}),
    ...(surnameRootKey(surname) ? { surnameRoot: surnameRootKey(surname) } : {}),
    type,
    givenMeta: callName && !/^\d+$/.test(callName) ? meta(canonicalGiven(callName)) : [],
    // A patronymic with a farm name ("Juhonpoika Mäkelä"): the farm name alone is how the bearer is
    // found elsewhere ("Matt Makela" in America), so its sound codes count too.
    surnameDm: s[0] ? withFarm(dm, s, patronymics.length > 0) : [],
    surnameMeta: s[0] ? withFarm(meta, s, patronymics.length > 0) : [],
  };
}

const placeCache = new Map<string, string[]>();
/**
 * A place as components, interned: persons born in one place share one (frozen) array, so the
 * place comparison memo meets them by identity without building a key per pair.
 */
export function placeOf(text: string | undefined): string[] {
  if (!text) return [];
  // By the text as written first (places repeat verbatim), then by the normalised parts.
  const known = placeCache.get(text);
  if (known) return known;
  const parts = placeParts(text);
  if (!parts.length) return parts;
  const k = `\u0000${parts.join(',')}`;
  let shared = placeCache.get(k);
  if (!shared) {
    if (placeCache.size > 200_000) placeCache.clear();
    placeCache.set(k, (shared = Object.freeze(parts) as string[]));
  }
  placeCache.set(text, shared);
  return shared;
}

/** A date text as a year range, with the exact day when there is one. */
const dateCache = new Map<string, DateFeature | null>();
/** A date text's feature, shared by every person with that text (read only), as nameFeature. */
export function dateFeature(text: string | undefined, stated = true): DateFeature | undefined {
  if (!text) return undefined;
  const k = stated ? text : `\u0000${text}`;
  let f = dateCache.get(k);
  if (f === undefined) {
    if (dateCache.size > 200_000) dateCache.clear();
    dateCache.set(k, (f = computeDateFeature(text, stated) ?? null));
  }
  return f ?? undefined;
}

function computeDateFeature(text: string, stated: boolean): DateFeature | undefined {
  if (!text.trim()) return undefined;
  const d = parseGDate(text);
  const e = d.earliest;
  const l = d.latest;
  if (!e && !l) return undefined;
  const f: DateFeature = { text, min: e?.year, max: l?.year ?? e?.year, stated };
  if (f.min === undefined) f.min = f.max;
  if (d.kind === 'exact' && e?.day && e.month)
    f.ymd = `${String(e.year).padStart(4, '0')}${String(e.month).padStart(2, '0')}${String(e.day).padStart(2, '0')}`;
  return f;
}

/** Widens a stated date by a window (baptism → birth up to `before` years earlier). */
function shifted(f: DateFeature | undefined, before: number, after: number): DateFeature | undefined {
  if (!f || f.min === undefined || f.max === undefined) return undefined;
  return { text: f.text, min: f.min - before, max: f.max + after, stated: false };
}

function firstValue(p: FeatureSource, fields: string[], withheld?: Set<string>): string | undefined {
  for (const f of fields) {
    const v = withheld?.has(f) ? undefined : factValue(p, f);
    if (v) return v;
  }
  return undefined;
}

/**
 * Fields of which every value is one the Censor generalised (a living person's decade or country):
 * those values are not what was recorded, so they count as unknown. Undefined when there are none
 * (a generalised value sits beside a full one only where someone added the full one later).
 */
function withheldFields(p: FeatureSource): Set<string> | undefined {
  let generalised: Set<string> | undefined;
  for (const a of p.assertions) if (a.generalised && a.status !== 'rejected') (generalised ??= new Set()).add(a.field);
  if (!generalised) return undefined;
  for (const a of p.assertions) if (!a.generalised && a.status !== 'rejected') generalised.delete(a.field);
  return generalised.size ? generalised : undefined;
}

/** How an explanation names a withheld field: "birth.date" → "birth date". */
function withheldLabel(field: string): string {
  return field.startsWith('residence.') ? 'residence' : field.replace('.', ' ').replace(/^chr /, 'christening ');
}

/** The folded name a relative is known by in another person's features (relativeNames). */
export function fullName(p: Pick<FeatureSource, 'names'>): string {
  const n = p.names[0];
  return n ? fold(`${n.given} ${n.surname}`) : '';
}

/**
 * Fills in the relatives' names of features built without a lookup (featuresOfPerson(p)), from the
 * names of everyone (`nameOf`: fullName by id): the same result as featuresOfPerson(p, lookup),
 * for a pass that reads each person once and does not keep them all.
 */
export function withRelativeNames(f: PersonFeatures, nameOf: (id: string) => string | undefined): PersonFeatures {
  const names = (ids: string[]) => {
    const out: string[] = [];
    for (const id of ids) {
      const n = nameOf(id);
      if (n) out.push(n);
    }
    return out;
  };
  f.relativeNames = { parent: names(f.parents), spouse: names(f.spouses), child: names(f.children) };
  const parentNameOf: Record<string, string> = {};
  for (const id of f.parents) {
    const n = nameOf(id);
    if (n) parentNameOf[id] = n;
  }
  f.parentNameOf = parentNameOf;
  return f;
}

/** Ids of the person's relatives of one kind (rejected links left out). */
function relatives(p: FeatureSource, type: string): string[] {
  const out: string[] = [];
  for (const r of p.relationships) if (r.type === type && r.status !== 'rejected') out.push(r.person);
  return out;
}

/** Folded full names of the relatives `lookup` knows. */
function namesOf(ids: string[], lookup?: (id: string) => FeatureSource | undefined): string[] {
  const out: string[] = [];
  if (!lookup) return out;
  for (const id of ids) {
    const rel = lookup(id);
    const name = rel ? fullName(rel) : '';
    if (name) out.push(name);
  }
  return out;
}

/** Identifiers that name a record in one file only (GEDCOM xrefs) say nothing across files. */
const FILE_LOCAL = /xref|^rin$|^refn$|^rfn$/;
function identifiersOf(externalIds: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(externalIds)) {
    const ns = k.toLowerCase().replace(/@.*$/, '');
    if (v && !FILE_LOCAL.test(ns)) out[ns] = v.trim().toLowerCase();
  }
  return out;
}

/**
 * Features of a person in the case. `lookup` (optional) resolves relatives' ids so their names can
 * be compared too; without it only relative ids are used.
 */
export function featuresOfPerson(p: FeatureSource, lookup?: (id: string) => FeatureSource | undefined): PersonFeatures {
  const names = p.names
    .map((n) => nameFeature(n.given, n.surname, n.type))
    .filter((n) => n.given.length || n.surnames.length);
  const withheld = withheldFields(p);
  const value = (field: string) => (withheld?.has(field) ? undefined : factValue(p, field));
  const birth =
    dateFeature(value('birth.date')) ??
    shifted(dateFeature(firstValue(p, ['baptism.date', 'christening.date', 'chr.date'], withheld)), 2, 0);
  const death =
    dateFeature(value('death.date')) ??
    shifted(dateFeature(firstValue(p, ['burial.date', 'cremation.date'], withheld)), 1, 0);
  const residences: string[][] = [];
  for (const a of p.assertions) {
    if (a.status === 'rejected' || a.generalised || !a.field.endsWith('.place')) continue;
    if (a.field === 'birth.place' || a.field === 'death.place') continue;
    const parts = placeOf(a.value);
    if (parts.length) residences.push(parts);
  }
  const parents = relatives(p, 'parent');
  const spouses = relatives(p, 'spouse');
  const children = relatives(p, 'child');
  const attributes: Record<string, string> = {};
  const occupation = value('occupation.value');
  if (occupation) attributes.occupation = fold(occupation);
  return {
    id: p.id,
    label: displayName(p),
    sex: p.sex,
    names,
    birth,
    death,
    birthPlace: placeOf(value('birth.place') ?? firstValue(p, ['baptism.place', 'christening.place'], withheld)),
    deathPlace: placeOf(value('death.place') ?? value('burial.place')),
    residences,
    parents,
    spouses,
    children,
    relativeNames: {
      parent: namesOf(parents, lookup),
      spouse: namesOf(spouses, lookup),
      child: namesOf(children, lookup),
    },
    parentNameOf: Object.fromEntries(parents.flatMap((id) => namesOf([id], lookup).map((n) => [id, n]))),
    identifiers: identifiersOf(p.externalIds),
    attributes,
    generation: generationOf(...p.names.flatMap((n) => [n.suffix, n.given])),
    ...(withheld ? { withheld: [...new Set([...withheld].map(withheldLabel))] } : {}),
  };
}

/** An age as written in a record ("30", "30y", "6 months", "abt 45") in whole years. */
export function ageInYears(age: number | string | undefined): number | undefined {
  if (age === undefined) return undefined;
  if (typeof age === 'number') return Number.isFinite(age) && age >= 0 && age < 130 ? Math.floor(age) : undefined;
  // Ages as written ("in his 80th year" is 79 completed years): model/age.ts reads them.
  const stated = parseAge(age);
  if (stated)
    return stated.max !== undefined && stated.max - stated.min <= 3 && stated.min < 130 ? stated.min : undefined;
  const s = age.toLowerCase();
  const m = /(\d+(?:\.\d+)?)\s*(y|yr|yrs|year|years|m|mo|mos|month|months|w|wk|weeks?|d|days?)?/.exec(s);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? 'y';
  if (unit.startsWith('y')) return n < 130 ? Math.floor(n) : undefined;
  return 0;
}

const PARENT_ROLES = new Set(['father', 'mother']);
const CHILD_ROLES = new Set(['principal', 'child']);

/**
 * Features of a persona found in a record. An age and the record's date give a birth-year range
 * (age 30 in 1880 → born 1849–1850); the record's place counts as a residence.
 */
export function featuresOfPersona(persona: Persona, record?: RecordContext): PersonFeatures {
  const parts = splitName(persona.name);
  const names = [nameFeature(parts.given, parts.surname)].filter((n) => n.given.length || n.surnames.length);
  let birth = dateFeature(persona.birthDate);
  const age = ageInYears(persona.age);
  if (!birth && age !== undefined && record?.date) {
    const when = dateFeature(record.date);
    if (when?.min !== undefined && when.max !== undefined) {
      const rounded = censusRounding(age, record);
      birth = {
        text: `age ${persona.age}${rounded ? ` (${age}–${age + rounded}: rounded down)` : ''} in ${record.date}`,
        min: when.min - age - rounded - 1,
        max: when.max - age,
        stated: false,
      };
    }
  }
  const residences = [persona.residence, record?.place].map(placeOf).filter((p) => p.length);
  const relativeNames = { parent: [] as string[], spouse: [] as string[], child: [] as string[] };
  const others = (record?.persons ?? []).filter((o) => o !== persona && o.name !== persona.name);
  const full = (o: Persona) => {
    const s = splitName(o.name);
    return fold(`${s.given} ${s.surname}`);
  };
  // Roles are the principal's: in an obituary naming the deceased's parents and children, the
  // father and mother are the children's grandparents, and the deceased is their parent.
  const withPrincipal = (record?.persons ?? []).some((o) => o.role === 'principal');
  const grandchild = (p: Persona) => p.role === 'child' && withPrincipal;
  for (const o of others) {
    if (grandchild(persona) && (o.role === 'principal' || o.role === 'spouse')) relativeNames.parent.push(full(o));
    else if (persona.role === 'principal' && grandchild(o)) relativeNames.child.push(full(o));
    else if (grandchild(persona) || (PARENT_ROLES.has(persona.role) && grandchild(o))) continue;
    else if (CHILD_ROLES.has(persona.role) && PARENT_ROLES.has(o.role)) relativeNames.parent.push(full(o));
    else if (PARENT_ROLES.has(persona.role) && CHILD_ROLES.has(o.role)) relativeNames.child.push(full(o));
    else if (PARENT_ROLES.has(persona.role) && PARENT_ROLES.has(o.role)) relativeNames.spouse.push(full(o));
    else if (o.role === 'spouse' && (persona.role === 'principal' || persona.role === 'head'))
      relativeNames.spouse.push(full(o));
    else if (persona.role === 'spouse' && (o.role === 'principal' || o.role === 'head'))
      relativeNames.spouse.push(full(o));
  }
  const attributes: Record<string, string> = {};
  if (persona.occupation) attributes.occupation = fold(persona.occupation);
  const identifiers: Record<string, string> = {};
  if (persona.externalId) identifiers.external = persona.externalId.trim().toLowerCase();
  const idBase =
    persona.externalId ?? `${record?.id ?? 'record'}:${fold(persona.name).replace(/ /g, '-')}:${persona.role}`;
  return {
    id: idBase,
    label: persona.name.replace(/\//g, '').replace(/\s+/g, ' ').trim(),
    sex: persona.sex ?? 'U',
    names,
    birth,
    death: dateFeature(persona.deathDate) ?? shifted(dateFeature(persona.burialDate), 1, 0),
    birthPlace: placeOf(persona.birthPlace),
    deathPlace: placeOf(persona.deathPlace ?? persona.burialPlace),
    residences,
    parents: [],
    spouses: [],
    children: [],
    relativeNames,
    identifiers,
    attributes,
    generation: generationOf(persona.name, parts.suffix),
  };
}
