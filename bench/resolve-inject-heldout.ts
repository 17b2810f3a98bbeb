/**
 * The held-out duplicate injector (issue #15 item 3): written apart from the tuning injector of
 * resolve-royal.ts, with other kinds and rates of damage, so figures on it say how the resolver does
 * on duplicates made in ways it was not tuned on. Its seeds (HELDOUT_SEEDS) are never used to tune
 * and their pairs are never listed (resolve-heldout.ts --details lists dev seeds only): tune on
 * resolve-royal.ts's seeds (and, for this injector's kinds of damage, on HELDOUT_DEV_SEEDS), then
 * report these.
 *
 * A duplicate here is the person entered again from another source:
 * - names: given names reordered or only the middle one (the name the person went by), clerks'
 *   abbreviations (Wm., Chas., Thos.), phonetic spellings (ph/f, y/i, doubled letters), a title
 *   added, capitals, a woman under her husband's surname;
 * - dates: "ABT year", "BEF year+k", "AFT year-1", "BET y-2 AND y+2", the christening a few days
 *   later instead of the birth, or no birth at all (a death or burial date instead);
 * - places: the town dropped (only the county/country), the country dropped, or no place;
 * - relatives: none at all, one parent only, the spouse only, the children only, or all of them;
 * - sex sometimes unknown.
 * It also adds hard negatives of its own that must stay apart: a later sibling given a dead child's
 * name (necronym, same parents, born 2-6 years later) and a son named after his father (Jr.).
 */
import { Person } from '../src/model';

export interface HeldOutSet {
  persons: Person[];
  /** injected duplicate id → original id */
  injected: Map<string, string>;
  /** injected namesakes (necronym siblings, Jr. sons) → the person they are named after */
  namesakes: Map<string, string>;
}

/**
 * Seeds of the held-out injector that are reported, never tuned on or listed. 1001-1005 were the
 * held-out seeds until the eleventh session, whose closing notes list categories of their false
 * merges: read, so no longer held out. They are this injector's dev seeds now (HELDOUT_DEV_SEEDS).
 */
export const HELDOUT_SEEDS = [1006, 1007, 1008, 1009, 1010];
/** Seeds of the held-out injector whose wrong merges and misses may be read (dev). */
export const HELDOUT_DEV_SEEDS = [1001, 1002, 1003, 1004, 1005];

/** A 32-bit LCG in integer arithmetic (another generator than the tuning injector's). */
function rng(seed: number) {
  let s = (seed * 2654435761) >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ABBREVIATIONS: Record<string, string> = {
  william: 'Wm.',
  charles: 'Chas.',
  george: 'Geo.',
  thomas: 'Thos.',
  james: 'Jas.',
  john: 'Jno.',
  elizabeth: 'Eliz.',
  margaret: 'Margt.',
  samuel: 'Saml.',
  benjamin: 'Benj.',
  richard: 'Richd.',
  robert: 'Robt.',
  edward: 'Edwd.',
  joseph: 'Jos.',
  alexander: 'Alexr.',
  frederick: 'Fredk.',
};
const TITLES = ['Sir', 'Lady', 'Prince', 'Princess', 'Dr.', 'Rev.', 'Mr.', 'Mrs.'];

/** A spelling as a clerk might hear it: one phonetic change, else one letter doubled or undoubled. */
function phonetic(s: string, r: () => number): string {
  const rules: [RegExp, string][] = [
    [/ph/i, 'f'],
    [/y/i, 'i'],
    [/i(?=[^aeiou])/i, 'y'],
    [/ck/i, 'k'],
    [/th/i, 't'],
    [/([lnrst])\1/i, '$1'],
    [/ou/i, 'ow'],
    [/ei/i, 'ie'],
    [/c(?=[aou])/i, 'k'],
    [/e$/i, ''],
  ];
  const start = Math.floor(r() * rules.length);
  for (let k = 0; k < rules.length; k++) {
    const [re, to] = rules[(start + k) % rules.length];
    if (re.test(s.slice(1))) {
      const out = s[0] + s.slice(1).replace(re, to);
      if (out.length >= 3) return out;
    }
  }
  const i = 1 + Math.floor(r() * Math.max(1, s.length - 1));
  return /[a-z]/i.test(s[i] ?? '') ? s.slice(0, i) + s[i] + s.slice(i) : s + 'e';
}

const value = (p: Person, field: string) => p.assertions.find((a) => a.field === field)?.value;
const yearOf = (d?: string) => (d ? /(\d{3,4})\s*$/.exec(d)?.[1] : undefined);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A few days later, as a christening follows a birth (day-exact dates only). */
function daysLater(date: string, days: number): string | undefined {
  const m = /^(\d{1,2}) ([A-Z]{3}) (\d{3,4})$/.exec(date.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[3]), MONTHS.indexOf(m[2]), Number(m[1]) + days));
  if (Number.isNaN(d.getTime()) || MONTHS.indexOf(m[2]) < 0) return undefined;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

let seq = 0;
const fact = (field: string, v?: string) =>
  v ? [{ id: `A-h${++seq}`, field, value: v, status: 'accepted' as const, confidence: 0.7, evidence: [] }] : [];

export function injectHeldOut(
  base: Person[],
  opts: { seed: number; duplicates?: number; namesakes?: number },
): HeldOutSet {
  const r = rng(opts.seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)];
  const byId = new Map(base.map((p) => [p.id, structuredClone(p)]));
  const orig = new Map(base.map((p) => [p.id, p]));
  const injected = new Map<string, string>();
  const namesakes = new Map<string, string>();
  const link = (id: string, type: 'parent' | 'child' | 'spouse', person: string) =>
    byId.get(id)?.relationships.push({ type, person, status: 'accepted', confidence: 1, evidence: [] });

  // Duplicates of persons with a name and at least one dated event (birth, christening or death).
  const eligible = base.filter(
    (p) =>
      p.names[0]?.given.trim() && (value(p, 'birth.date') || value(p, 'christening.date') || value(p, 'death.date')),
  );
  const want = Math.min(opts.duplicates ?? 150, eligible.length);
  const chosen = new Set<string>();
  while (chosen.size < want) chosen.add(pick(eligible).id);
  for (const id of chosen) {
    const o = orig.get(id)!;
    const dupId = `${id}-h`;
    const tokens = o.names[0].given.split(/\s+/).filter(Boolean);
    let given = o.names[0].given;
    const x = r();
    const abbr = ABBREVIATIONS[tokens[0].toLowerCase()];
    if (x < 0.25) given = o.names[0].given;
    else if (x < 0.37 && tokens.length > 1)
      given = r() < 0.5 ? [tokens[1], tokens[0], ...tokens.slice(2)].join(' ') : tokens[1];
    else if (x < 0.47 && abbr) given = [abbr, ...tokens.slice(1)].join(' ');
    else if (x < 0.62) given = [phonetic(tokens[0], r), ...tokens.slice(1)].join(' ');
    else if (x < 0.72) given = `${pick(TITLES)} ${given}`;
    else if (x < 0.8) given = given.toUpperCase();
    else given = tokens.length > 1 ? `${tokens[0]} ${tokens[1][0]}.` : tokens[0];
    let surname = o.names[0].surname;
    const spouses = o.relationships.filter((q) => q.type === 'spouse');
    const y = r();
    if (y < 0.6) surname = o.names[0].surname;
    else if (y < 0.72 && surname.length > 3) surname = phonetic(surname, r);
    else if (y < 0.82 && o.sex === 'F' && spouses.length) surname = orig.get(spouses[0].person)?.names[0].surname ?? '';
    else if (y < 0.9) surname = surname.toUpperCase();
    else surname = '';

    const birth = value(o, 'birth.date');
    const year = yearOf(birth);
    const assertions: Person['assertions'] = [];
    const z = r();
    if (birth && year) {
      const y0 = Number(year);
      if (z < 0.22) assertions.push(...fact('birth.date', birth));
      else if (z < 0.42) assertions.push(...fact('birth.date', `ABT ${y0 + (r() < 0.3 ? (r() < 0.5 ? 1 : -1) : 0)}`));
      else if (z < 0.56) assertions.push(...fact('birth.date', `BEF ${y0 + 1 + Math.floor(r() * 3)}`));
      else if (z < 0.64) assertions.push(...fact('birth.date', `AFT ${y0 - 1}`));
      else if (z < 0.74) assertions.push(...fact('birth.date', `BET ${y0 - 2} AND ${y0 + 2}`));
      else if (z < 0.86) {
        const chr = value(o, 'christening.date') ?? daysLater(birth, 3 + Math.floor(r() * 25));
        assertions.push(...fact(chr ? 'christening.date' : 'birth.date', chr ?? `ABT ${year}`));
      }
      // else: no birth at all
    } else if (value(o, 'christening.date') && r() < 0.7)
      assertions.push(...fact('christening.date', value(o, 'christening.date')));
    const death = value(o, 'death.date');
    const w = r();
    if (death) {
      const dy = yearOf(death);
      if (w < 0.45) assertions.push(...fact('death.date', death));
      else if (w < 0.6 && dy) assertions.push(...fact('death.date', `ABT ${dy}`));
      else if (w < 0.75) assertions.push(...fact('burial.date', daysLater(death, 2 + Math.floor(r() * 5)) ?? death));
    }
    if (!assertions.some((a) => a.field.endsWith('.date'))) {
      // Keep one dated event: a record with no date at all is not what this injector measures.
      const any = birth ?? value(o, 'christening.date') ?? death;
      const field = birth ? 'birth.date' : value(o, 'christening.date') ? 'christening.date' : 'death.date';
      const y1 = yearOf(any);
      if (any) assertions.push(...fact(field, y1 && r() < 0.5 ? `ABT ${y1}` : any));
    }
    const bp = value(o, 'birth.place');
    const v = r();
    if (bp) {
      const parts = bp
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const place =
        v < 0.35
          ? bp
          : v < 0.6 && parts.length > 1
            ? parts.slice(1).join(', ')
            : v < 0.75 && parts.length > 1
              ? parts.slice(0, -1).join(', ')
              : undefined;
      assertions.push(...fact('birth.place', place));
    }
    const dp = value(o, 'death.place');
    if (dp && r() < 0.4) assertions.push(...fact('death.place', dp));

    const rels: Person['relationships'] = [];
    const add = (type: 'parent' | 'child' | 'spouse') => {
      for (const q of o.relationships.filter((q) => q.type === type)) {
        rels.push({ ...q });
        // A child keeps its two parents: the duplicate names the child, the child does not name it.
        if (type !== 'child') link(q.person, type === 'parent' ? 'child' : 'spouse', dupId);
      }
    };
    const m = r();
    if (m < 0.35) {
      // relatives dropped
    } else if (m < 0.55) {
      const ps = o.relationships.filter((q) => q.type === 'parent');
      if (ps.length) {
        const q = pick(ps);
        rels.push({ ...q });
        link(q.person, 'child', dupId);
      }
    } else if (m < 0.75) add('spouse');
    else if (m < 0.9) add('child');
    else {
      add('parent');
      add('spouse');
    }
    byId.set(
      dupId,
      Person.parse({
        id: dupId,
        names: [{ given, surname }],
        sex: r() < 0.1 ? 'U' : o.sex,
        assertions,
        relationships: rels,
      }),
    );
    injected.set(dupId, id);
  }

  // Hard negatives: necronym siblings and sons named after their father.
  const dayExact = (d?: string) => Boolean(d && /^\d{1,2} [A-Z]{3} \d{3,4}$/.test(d.trim()));
  // A necronym follows a child who died young: only children with no death or one within 5 years.
  const diedYoung = (p: Person) => {
    const d = yearOf(value(p, 'death.date'));
    return !d || Number(d) - Number(yearOf(value(p, 'birth.date'))) <= 5;
  };
  const children = base.filter(
    (p) =>
      p.names[0]?.given.trim() &&
      dayExact(value(p, 'birth.date')) &&
      diedYoung(p) &&
      p.relationships.some((q) => q.type === 'parent'),
  );
  const fathers = base.filter(
    (p) =>
      p.sex === 'M' &&
      p.names[0]?.given.trim() &&
      yearOf(value(p, 'birth.date')) &&
      p.relationships.some((q) => q.type === 'spouse'),
  );
  const wantNames = opts.namesakes ?? 40;
  const named = new Set<string>();
  for (let i = 0; i < wantNames * 4 && named.size < wantNames; i++) {
    const necronym = r() < 0.6;
    const o = necronym ? (children.length ? pick(children) : undefined) : fathers.length ? pick(fathers) : undefined;
    if (!o || named.has(o.id)) continue;
    named.add(o.id);
    const id = `${o.id}-n`;
    const y0 = Number(yearOf(value(o, 'birth.date')));
    const rels: Person['relationships'] = [];
    let birth: string;
    if (necronym) {
      const died = Number(yearOf(value(o, 'death.date')) ?? y0);
      birth = `${1 + Math.floor(r() * 28)} ${pick(MONTHS)} ${Math.max(y0 + 2, died + 1) + Math.floor(r() * 4)}`;
      for (const q of o.relationships.filter((q) => q.type === 'parent')) {
        rels.push({ ...q });
        link(q.person, 'child', id);
      }
    } else {
      birth = `${1 + Math.floor(r() * 28)} ${pick(MONTHS)} ${y0 + 22 + Math.floor(r() * 15)}`;
      rels.push({ type: 'parent', person: o.id, status: 'accepted', confidence: 1, evidence: [] });
      link(o.id, 'child', id);
      const wife = o.relationships.find((q) => q.type === 'spouse');
      if (wife) {
        rels.push({ type: 'parent', person: wife.person, status: 'accepted', confidence: 1, evidence: [] });
        link(wife.person, 'child', id);
      }
    }
    byId.set(
      id,
      Person.parse({
        id,
        names: [{ given: o.names[0].given, surname: o.names[0].surname }],
        sex: o.sex,
        assertions: [...fact('birth.date', birth), ...fact('birth.place', value(o, 'birth.place'))],
        relationships: rels,
      }),
    );
    namesakes.set(id, o.id);
  }
  return { persons: [...byId.values()], injected, namesakes };
}
