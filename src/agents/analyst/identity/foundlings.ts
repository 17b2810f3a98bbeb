/**
 * A foundling (exposto, expósito, trovatello, enfant trouvé) is of unknown parents (issue #14). The
 * household that raised him often has a son of the same given name, and the foundling may take that
 * household's surname later: names, place and household alike, they are still two men. A record that
 * calls a persona a foundling contradicts a person whose parents records name, and a persona whose
 * record names its parents contradicts a person recorded as a foundling.
 */
import type { Person, Persona } from '../../../model';
import type { GroundedPersona } from '../../../engine/agents';
import type { RelKind } from '../graph';
import { displayName } from '../../../model';
import type { KnowledgeGraph } from '../graph';
import { foundlingWords } from '../register-roles';
import { fold, splitPersonaName } from '../../../model/names';

/** The persona's own words that may say what it is (not its name, not its role). */
const OWN_WORDS = ['relationship', 'note', 'notes', 'occupation', 'status', 'description', 'remarks', 'comment'];

/** The words of the persona that call it a foundling, if any ("exposto, de pais incógnitos"). */
export function foundlingPhrase(persona: Persona): string | undefined {
  const bag = persona as Record<string, unknown>;
  for (const k of OWN_WORDS) {
    const v = bag[k];
    if (typeof v === 'string' && foundlingWords(v)) return v;
  }
  return undefined;
}

/**
 * The words that call the record's principal a foundling: its own, else the record's title when the
 * title names the principal ("Baptismo de Manuel, exposto"); a title is about its principal only.
 */
export function anchorFoundlingPhrase(persona: Persona, title: string | undefined): string | undefined {
  const own = foundlingPhrase(persona);
  if (own || !title || !foundlingWords(title)) return own;
  const given = fold(splitPersonaName(persona.name).given).split(' ')[0];
  if (!given) return undefined;
  // "Baptismo de Manuel, exposto": the words next to the principal's name, not "Joaquim, filho de Manuel, exposto".
  const parts = title.split(/[,;(]/u);
  const at = parts.findIndex((x) => fold(x).split(' ').includes(given));
  if (at < 0) return undefined;
  const next = parts.slice(at, at + 2).find((x, j) => foundlingWords(x) && (j === 0 || !KIN_WORDS.test(fold(x))));
  return next && !KIN_WORDS.test(fold(parts[at])) ? title : undefined;
}

/** Words that make the phrase about someone else: "filho de Manuel, exposto" is the son of a foundling. */
const KIN_WORDS =
  /(?:^|\s)(?:filh[oa]s?|hij[oa]s?|figli[oa]?|fils|fille|son|daughter|child|children|marido|mulher|viuv[oa]|viud[oa]|husband|wife|widow|pai|padre|madre|mae|father|mother)(?:\s|$)/u;

/** Marks the person a foundling persona became (kept with the graph for the rest of the run). */
export function noteFoundling(
  g: KnowledgeGraph,
  personId: string,
  persona: Persona,
  sourceId: string,
  title?: string,
): void {
  const phrase = title === undefined ? foundlingPhrase(persona) : anchorFoundlingPhrase(persona, title);
  if (phrase && !g.foundlings.has(personId)) g.foundlings.set(personId, `"${phrase}" (${sourceId})`);
}

function parentsOf(g: KnowledgeGraph, p: Person): Person[] {
  return p.relationships
    .filter((r) => r.type === 'parent' && r.status !== 'rejected' && (!r.pedigree || r.pedigree === 'birth'))
    .map((r) => g.get(r.person))
    .filter((q): q is Person => Boolean(q));
}

/**
 * Why the persona cannot be person `p` on this ground (undefined when it can): a foundling against a
 * named couple's child, or a child of named parents against a foundling.
 */
export function foundlingContradiction(
  g: KnowledgeGraph,
  persona: Persona,
  parentsInRecord: readonly Persona[],
  p: Person,
): string | undefined {
  const phrase = foundlingPhrase(persona);
  if (phrase) {
    const parents = parentsOf(g, p);
    if (parents.length)
      return `a foundling of unknown parents ("${phrase}"), while ${displayName(p)} is the child of ${parents.map(displayName).join(' and ')}: a different person`;
    return undefined;
  }
  const marked = g.foundlings.get(p.id);
  if (marked && parentsInRecord.length)
    return `the child of ${parentsInRecord.map((x) => x.name.replace(/\//g, '').replace(/\s+/g, ' ').trim()).join(' and ')}, while ${displayName(p)} is a foundling of unknown parents, ${marked}: a different person`;
  return undefined;
}

type RoleRelation = { kind: RelKind; of: 'anchor' | 'bride' | 'groom' | 'anchorSpouse' } | undefined;

/**
 * A parent read from a role ("mother", "father of the groom") of a child the record itself calls a
 * foundling is none: the record says his parents are unknown, so whoever is named beside him in a
 * parent's role is the one who took him in, not his parent. A relationship the record states (v2)
 * is not read through here.
 */
export function foundlingsHaveNoParents(
  rel: RoleRelation,
  personas: readonly Pick<GroundedPersona, 'persona'>[],
  aIdx: number,
  title?: string,
): RoleRelation {
  if (rel?.kind !== 'parent') return rel;
  if (rel.of === 'anchor') {
    const anchor = personas[aIdx]?.persona;
    return anchor && anchorFoundlingPhrase(anchor, title) ? undefined : rel;
  }
  const child =
    rel.of === 'groom' || rel.of === 'bride' ? personas.find((x) => x.persona.role === rel.of)?.persona : undefined;
  return child && foundlingPhrase(child) ? undefined : rel;
}
