/**
 * royal92.ged (3,010 persons, PROVENANCE.md) with duplicates injected here: each duplicate is the
 * same person entered a second time the way trees get them — a spelling slip, a nickname, a dropped
 * middle name, a vaguer date, a shorter place, and only some of the family links. Also synthetic
 * twins (same parents and birth, another given name) and the real same-name father/son pairs, which
 * must never be merged.
 *
 * Some injected duplicates keep nothing but a given name and at most bare years: no surname (royal92
 * writes none for most royals), no place, no family link, no day-exact date — "Charles, born 1884".
 * No one can tell such a record from the other Charleses of that decade, so they are listed in
 * `evidencePoor` and the bench reports F1 both over all duplicates and without these. They stay in
 * the data set (their candidates are still scored, and a wrong merge with them still counts).
 *
 * A twin's name is drawn until it is not the sibling's first name, a variant or near-spelling of
 * it, another of the sibling's names, or the first name of another child of the couple: with only
 * "not the same string", seed 4 made a brother "Caroline" for Carol II and seed 7 a second living
 * "Charles" among the Stuart children — no family does that, and no one could tell them from a
 * duplicate.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { decodeGedcom } from '../src/interchange/gedcom/decode';
import { parseGedcom, childValue, child, childrenOf, type GedNode } from '../src/interchange/gedcom/parse';
import { Person } from '../src/model';
import { nicknameMatch } from '../src/model/names';
import { jaroWinkler } from '../src/agents/analyst/resolve/metrics';

export interface RoyalSet {
  persons: Person[];
  /** injected duplicate id → original id */
  injected: Map<string, string>;
  /** twin id → sibling id (must stay separate) */
  twins: Map<string, string>;
  /** real same-given-name parent/child pairs in royal92 (must stay separate) */
  parentChildSameName: [string, string][];
  /** injected duplicates with only a given name and bare years (see the header) */
  evidencePoor: Set<string>;
}

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

let seq = 0;
const fact = (field: string, value?: string) =>
  value ? [{ id: `A-r${++seq}`, field, value, status: 'accepted' as const, confidence: 0.8, evidence: [] }] : [];
const idOf = (xref: string) => xref.replace(/@/g, '');

/** A minimal INDI/FAM mapping (names, sex, birth/christening/death/burial, family links). */
export function loadRoyal92(root: string): Person[] {
  return loadGedcomPersons(join(root, 'gedcom/royal92.ged'));
}

/** The same minimal mapping for any GEDCOM file (the held-out bench runs it on several real trees). */
export function loadGedcomPersons(file: string): Person[] {
  const name = basename(file);
  const text = decodeGedcom(readFileSync(file), name).text;
  const doc = parseGedcom(text, { file: name });
  const rels = new Map<string, { type: 'parent' | 'child' | 'spouse'; person: string }[]>();
  const link = (a: string, type: 'parent' | 'child' | 'spouse', b: string) => {
    if (a === b) return;
    const list = rels.get(a) ?? [];
    if (!list.some((r) => r.person === b && r.type === type)) list.push({ type, person: b });
    rels.set(a, list);
  };
  for (const fam of doc.records.filter((r) => r.tag === 'FAM')) {
    const husb = child(fam, 'HUSB')?.pointer;
    const wife = child(fam, 'WIFE')?.pointer;
    const kids = childrenOf(fam, 'CHIL')
      .map((c) => c.pointer)
      .filter((x): x is string => Boolean(x));
    if (husb && wife) {
      link(idOf(husb), 'spouse', idOf(wife));
      link(idOf(wife), 'spouse', idOf(husb));
    }
    for (const k of kids)
      for (const p of [husb, wife]) {
        // A child of two families (adopted, step-): the first family's parents only, as a person has two.
        const parents = (rels.get(idOf(k)) ?? []).filter((r) => r.type === 'parent').length;
        if (!p || parents >= 2) continue;
        link(idOf(k), 'parent', idOf(p));
        link(idOf(p), 'child', idOf(k));
      }
  }
  const persons: Person[] = [];
  for (const indi of doc.records.filter((r) => r.tag === 'INDI' && r.xref)) {
    const id = idOf(indi.xref!);
    const name = childValue(indi, 'NAME') ?? '';
    const m = /^(.*?)\/([^/]*)\/(.*)$/.exec(name);
    const given = (m ? `${m[1]} ${m[3]}` : name).replace(/\s+/g, ' ').trim();
    const surname = m ? m[2].trim() : '';
    const ev = (tag: string, ev: string): ReturnType<typeof fact> => {
      const n: GedNode | undefined = child(indi, tag);
      return [...fact(`${ev}.date`, childValue(n, 'DATE')), ...fact(`${ev}.place`, childValue(n, 'PLAC'))];
    };
    const sex = childValue(indi, 'SEX');
    persons.push(
      Person.parse({
        id,
        names: [{ given: given || '', surname }],
        sex: sex === 'M' || sex === 'F' ? sex : 'U',
        assertions: [
          ...ev('BIRT', 'birth'),
          ...ev('CHR', 'christening'),
          ...ev('DEAT', 'death'),
          ...ev('BURI', 'burial'),
        ],
        relationships: rels.get(id) ?? [],
        externalIds: { gedcomXref: indi.xref! },
      }),
    );
  }
  return persons;
}

const VARIANTS: Record<string, string> = {
  william: 'Wilhelm',
  henry: 'Heinrich',
  charles: 'Karl',
  john: 'Johann',
  louis: 'Ludwig',
  frederick: 'Friedrich',
  george: 'Georg',
  mary: 'Marie',
  elizabeth: 'Elisabeth',
  catherine: 'Katharina',
  margaret: 'Margarethe',
  anne: 'Anna',
  edward: 'Eduard',
  francis: 'Franz',
  philip: 'Philipp',
  james: 'Jacques',
  peter: 'Pierre',
  joseph: 'Josef',
  charlotte: 'Lotte',
  sophia: 'Sophie',
  alexander: 'Alex',
  maria: 'Mary',
  ludwig: 'Louis',
  friedrich: 'Frederick',
  karl: 'Charles',
  wilhelm: 'William',
  heinrich: 'Henry',
};

function typo(s: string, r: () => number): string {
  if (s.length < 4) return s;
  const i = 1 + Math.floor(r() * (s.length - 2));
  return r() < 0.5 ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, i) + s.slice(i + 1);
}

function value(p: Person, field: string): string | undefined {
  return p.assertions.find((a) => a.field === field)?.value;
}

export function buildRoyalSet(
  root: string,
  opts: { duplicates?: number; twins?: number; seed?: number; persons?: Person[] } = {},
): RoyalSet {
  const r = rng(opts.seed ?? 7);
  // `persons`: another tree than royal92 (already loaded with loadGedcomPersons).
  const base = opts.persons ?? loadRoyal92(root);
  const byId = new Map(base.map((p) => [p.id, structuredClone(p)]));
  const injected = new Map<string, string>();
  const evidencePoor = new Set<string>();
  const twins = new Map<string, string>();
  const addRel = (id: string, rel: { type: 'parent' | 'child' | 'spouse'; person: string }) => {
    const p = byId.get(id);
    if (p) p.relationships.push({ ...rel, status: 'accepted', confidence: 1, evidence: [] });
  };
  // Duplicates: persons with a known birth date, as genealogists' duplicates usually carry one.
  const dated = base.filter((p) => value(p, 'birth.date') && p.names[0].given);
  const want = Math.min(opts.duplicates ?? 300, dated.length);
  const chosen = new Set<string>();
  while (chosen.size < want) chosen.add(dated[Math.floor(r() * dated.length)].id);
  for (const id of chosen) {
    const o = base.find((p) => p.id === id)!;
    const dupId = `${id}-dup`;
    const [first, ...rest] = o.names[0].given.split(' ');
    let given = o.names[0].given;
    const x = r();
    if (x < 0.3) {
      // the given name is kept as it is
    } else if (x < 0.45 && VARIANTS[first.toLowerCase()]) given = [VARIANTS[first.toLowerCase()], ...rest].join(' ');
    else if (x < 0.7) given = [typo(first, r), ...rest].join(' ');
    else if (x < 0.8 && rest.length) given = `${first[0]}. ${rest.join(' ')}`;
    else given = first;
    let surname = o.names[0].surname;
    const y = r();
    if (y < 0.2) surname = typo(surname, r);
    else if (y < 0.3) surname = '';
    const birth = value(o, 'birth.date')!;
    const year = /(\d{3,4})\s*$/.exec(birth)?.[1];
    const z = r();
    const dupBirth =
      z < 0.4
        ? birth
        : z < 0.6
          ? year
          : z < 0.75
            ? year
              ? `ABT ${year}`
              : birth
            : z < 0.85 && year
              ? birth.replace(year, String(Number(year) + (r() < 0.5 ? 1 : -1)))
              : undefined;
    const bp = value(o, 'birth.place');
    const w = r();
    const dupPlace = !bp ? undefined : w < 0.4 ? bp : w < 0.7 ? bp.split(',').slice(-2).join(',') : undefined;
    const death = r() < 0.5 ? value(o, 'death.date') : undefined;
    const mode = r();
    const rels: Person['relationships'] = [];
    if (mode < 0.5) {
      for (const rel of o.relationships.filter((q) => q.type === 'parent')) {
        rels.push({ ...rel });
        addRel(rel.person, { type: 'child', person: dupId });
      }
    } else if (mode < 0.8) {
      for (const rel of o.relationships.filter((q) => q.type === 'spouse')) {
        rels.push({ ...rel });
        addRel(rel.person, { type: 'spouse', person: dupId });
      }
    }
    byId.set(
      dupId,
      Person.parse({
        id: dupId,
        names: [{ given, surname }],
        sex: o.sex,
        assertions: [...fact('birth.date', dupBirth), ...fact('birth.place', dupPlace), ...fact('death.date', death)],
        relationships: rels,
      }),
    );
    injected.set(dupId, id);
    const dayExact = (d?: string) => Boolean(d && /\d{1,2}\s+[A-Z]{3}\s+\d{3,4}/.test(d));
    if (!surname.trim() && !dupPlace && !rels.length && !dayExact(dupBirth) && !dayExact(death))
      evidencePoor.add(dupId);
  }
  // Twins: a child with an exact birth date and two parents gets a sibling born the same day.
  const names = base.map((p) => p.names[0].given.split(' ')[0]).filter((n) => n && n.length > 2);
  const candidates = base.filter(
    (p) =>
      /^\d{1,2} [A-Z]{3} \d{4}$/.test(value(p, 'birth.date') ?? '') &&
      p.relationships.filter((q) => q.type === 'parent').length === 2,
  );
  const wantTwins = Math.min(opts.twins ?? 100, candidates.length);
  const twinOf = new Set<string>();
  while (twinOf.size < wantTwins) twinOf.add(candidates[Math.floor(r() * candidates.length)].id);
  for (const id of twinOf) {
    const o = base.find((p) => p.id === id)!;
    let given = o.names[0].given.split(' ')[0];
    // Parents give twins two names, not two forms of one name: not the sibling's first name, nor a
    // variant or near-spelling of it ("Carol" / "Caroline"), nor one of the sibling's other names.
    const siblings = new Set(
      o.relationships
        .filter((q) => q.type === 'parent')
        .flatMap((q) =>
          (byId.get(q.person)?.relationships ?? []).filter((c) => c.type === 'child').map((c) => c.person),
        ),
    );
    const own = [
      o.names[0].given,
      ...[...siblings].map((s) => base.find((p) => p.id === s)?.names[0].given.split(/[\s_]+/)[0] ?? ''),
    ]
      .join(' ')
      .toLowerCase()
      .split(/[\s_]+/)
      .filter(Boolean);
    const tooClose = (g: string) => {
      const x = g.toLowerCase();
      return own.some((t) => t === x || nicknameMatch(t, x) || jaroWinkler(t, x) >= 0.85);
    };
    while (tooClose(given)) given = names[Math.floor(r() * names.length)];
    const twinId = `${id}-twin`;
    const parents = o.relationships.filter((q) => q.type === 'parent');
    byId.set(
      twinId,
      Person.parse({
        id: twinId,
        names: [{ given, surname: o.names[0].surname }],
        sex: r() < 0.5 ? o.sex : o.sex === 'M' ? 'F' : 'M',
        assertions: [...fact('birth.date', value(o, 'birth.date')), ...fact('birth.place', value(o, 'birth.place'))],
        relationships: parents.map((q) => ({ ...q })),
      }),
    );
    for (const q of parents) addRel(q.person, { type: 'child', person: twinId });
    twins.set(twinId, id);
  }
  // Real parent/child pairs with the same first given name.
  const parentChildSameName: [string, string][] = [];
  for (const p of base) {
    const g = p.names[0].given.split(' ')[0].toLowerCase();
    if (!g) continue;
    for (const rel of p.relationships.filter((q) => q.type === 'child')) {
      const c = byId.get(rel.person);
      if (c && c.names[0].given.split(' ')[0].toLowerCase() === g) parentChildSameName.push([p.id, c.id]);
    }
  }
  return { persons: [...byId.values()], injected, twins, parentChildSameName, evidencePoor };
}
