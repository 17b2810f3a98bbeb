/**
 * A grandparent is a parent of one of the child's parents (issue #14, held-out cases). A baptism or
 * a civil birth that names "paternal grandparents: Tomás Hernández and Petra Gómez; maternal:
 * Francisco Ruiz and Josefa Navarro" states, as indirect evidence, who the father's and the mother's
 * parents are. The archive format (v2) can only say `grandchild`; which side is read as a
 * genealogist reads it:
 *
 * - the record's words: the nearest "paternal" or "maternal" written before the grandparent's name
 *   (paternos/maternos, paterni, paternels, paternal, väterlicherseits, farfar/morfar …);
 * - else the surname: a grandparent bearing the father's surname and not the mother's is the
 *   father's parent (surnames pass from father to child; a Spanish second surname is the mother's);
 * - else the grandparent's spouse named in the record, whose side is known.
 *
 * The two readings must agree; when nothing tells, no parent is inferred (the grandchild link stays
 * a clue). The inferred link is the record's family for identity (the maternal grandfather of an
 * 1895 birth is the bride's father of the 1892 marriage) and an indirect relationship.
 */
import type { StatedRelation } from '../../../engine/agents';
import type { Persona } from '../../../model';
import { foldName, splitPersonaName } from '../../../model/names';

export interface GrandparentLink {
  /** Key of the grandparent, a parent of … */
  grandparent: string;
  /** … the key of the child's father or mother. */
  parent: string;
  /** The grandchild relationship it was read from (its snippet is the evidence). */
  relation: StatedRelation;
  why: string;
}

type Side = 'father' | 'mother';

const PATERNAL =
  /\b(patern\w*|vaterlicherseits|vaderszijde|fars?\s*sida|farfar|farmor|farforaldr\w*|dziadk\w* ojczy\w*)/g;
const MATERNAL =
  /\b(matern\w*|mutterlicherseits|moederszijde|mors?\s*sida|morfar|mormor|morforaldr\w*|dziadk\w* macierzy\w*)/g;
/** How far before a name its "paternal" may be written ("Abuelos paternos: el finado Juan Hernández"). */
const WINDOW = 160;

function folded(text: string): string {
  return foldName(text).replace(/\s+/g, ' ');
}

function sideByWords(texts: readonly string[], name: string): Side | undefined {
  const n = folded(name.replace(/\//g, ' '));
  if (!n) return undefined;
  const sides = new Set<Side>();
  for (const t of texts) {
    let at = t.indexOf(n);
    while (at >= 0) {
      const before = t.slice(Math.max(0, at - WINDOW), at);
      const last = (re: RegExp) => Math.max(-1, ...[...before.matchAll(re)].map((m) => m.index));
      const p = last(PATERNAL);
      const m = last(MATERNAL);
      if (p > m) sides.add('father');
      else if (m > p) sides.add('mother');
      at = t.indexOf(n, at + n.length);
    }
  }
  return sides.size === 1 ? [...sides][0] : undefined;
}

function surnameTokens(name: string): string[] {
  return folded(splitPersonaName(name).surname)
    .split(/[\s'-]+/)
    .filter((t) => t.length > 1);
}

function sideBySurname(gp: Persona, father: Persona | undefined, mother: Persona | undefined): Side | undefined {
  if (!father || !mother) return undefined;
  const own = surnameTokens(gp.name)[0];
  if (!own) return undefined;
  const f = surnameTokens(father.name).includes(own);
  const m = surnameTokens(mother.name).includes(own);
  return f && !m ? 'father' : m && !f ? 'mother' : undefined;
}

/**
 * The parent links the record's grandchild statements imply: each grandparent to the child's father
 * or mother (both named in the record), where the record's words, the surnames or a spouse tell the side.
 */
export function grandparentLinks(
  personas: readonly Persona[],
  keys: readonly (string | undefined)[],
  relations: readonly StatedRelation[],
  texts: readonly (string | undefined)[],
): GrandparentLink[] {
  const at = (key: string) => keys.indexOf(key);
  const bodies = texts.filter((t): t is string => Boolean(t)).map(folded);
  const sexOf = (key: string): 'M' | 'F' | undefined => {
    const p = personas[at(key)];
    if (!p) return undefined;
    if (p.sex === 'M' || p.sex === 'F') return p.sex;
    return p.role === 'father' ? 'M' : p.role === 'mother' ? 'F' : undefined;
  };
  const parentsOf = (child: string): { father?: string; mother?: string } => {
    const out: { father?: string; mother?: string } = {};
    for (const r of relations) {
      const parent =
        (r.type === 'father' || r.type === 'mother' || r.type === 'parent') && r.to === child
          ? r.from
          : r.type === 'child' && r.from === child
            ? r.to
            : undefined;
      if (!parent) continue;
      const sex = r.type === 'father' ? 'M' : r.type === 'mother' ? 'F' : sexOf(parent);
      if (sex === 'M') out.father ??= parent;
      else if (sex === 'F') out.mother ??= parent;
    }
    return out;
  };
  const spouseOf = (key: string) =>
    relations
      .filter((r) => r.type === 'spouse' && (r.from === key || r.to === key))
      .map((r) => (r.from === key ? r.to : r.from));

  const found: { r: StatedRelation; gp: string; child: string; side?: Side; how?: string }[] = [];
  for (const r of relations) {
    if (r.type !== 'grandchild' || at(r.from) < 0 || at(r.to) < 0) continue;
    const gp = personas[at(r.to)];
    const { father, mother } = parentsOf(r.from);
    const words = sideByWords(bodies, gp.name);
    const surname = sideBySurname(
      gp,
      father ? personas[at(father)] : undefined,
      mother ? personas[at(mother)] : undefined,
    );
    if (words && surname && words !== surname) {
      found.push({ r, gp: r.to, child: r.from });
      continue;
    }
    const side = words ?? surname;
    found.push({
      r,
      gp: r.to,
      child: r.from,
      side,
      how: words
        ? `the record names ${gp.name.replace(/\//g, '')} among the ${side === 'father' ? 'paternal' : 'maternal'} grandparents`
        : surname
          ? `${gp.name.replace(/\//g, '')} bears the surname of the ${side} and not of the ${side === 'father' ? 'mother' : 'father'}`
          : undefined,
    });
  }
  // A grandparent whose spouse in the record is known to be on one side is on that side too.
  for (const x of found) {
    if (x.side) continue;
    const partner = found.find((y) => y.side && y.child === x.child && spouseOf(x.gp).includes(y.gp));
    if (partner) {
      x.side = partner.side;
      x.how = `the record names ${personas[at(x.gp)].name.replace(/\//g, '')} as the spouse of ${personas[at(partner.gp)].name.replace(/\//g, '')}, a ${partner.side === 'father' ? 'paternal' : 'maternal'} grandparent`;
    }
  }
  const out: GrandparentLink[] = [];
  for (const x of found) {
    if (!x.side || !x.how) continue;
    const parent = parentsOf(x.child)[x.side];
    if (!parent || parent === x.gp) continue;
    const child = personas[at(x.child)].name.replace(/\//g, '');
    out.push({
      grandparent: x.gp,
      parent,
      relation: x.r,
      why: `${personas[at(x.gp)].name.replace(/\//g, '')} is named a grandparent of ${child}, and ${x.how}: a parent of ${child}'s ${x.side}, ${personas[at(parent)].name.replace(/\//g, '')}`,
    });
  }
  return out;
}

/** The links as relations the record's family reads (grandparent is a parent of the child's parent). */
export function asParentRelations(links: readonly GrandparentLink[]): StatedRelation[] {
  return links.map((l) => ({ from: l.grandparent, to: l.parent, type: 'parent', snippet: l.relation.snippet }));
}
