/**
 * A nephew is not a son (issue #14, held-out cases): a Leuven death act of 1886 names its informant
 * "Jan Baptist Peeters, 32, nephew of the deceased"; the deceased's own son is a Jan Baptist Peeters
 * too, two years older. The record says which one it is: a person the record calls the deceased's
 * (or principal's) nephew, cousin, grandson, brother or uncle is not their child, nor their parent.
 *
 * The words are read in the languages of the records we meet (Dutch "neef", German "Neffe",
 * French "neveu", Latin "nepos" …); "nipote" and "neef" mean nephew or grandchild / cousin: none a child.
 */
import type { Person, Persona, SourceRecord } from '../../../model';
import { displayName, factValue } from '../../../model';
import { yearRange } from '../../../model/gdate';
import { parseAge } from '../../../model/age';
import { namesAlike, splitPersonaName } from '../../../model/names';

const COLLATERAL = new RegExp(
  [
    String.raw`\b(?:nephew|niece|cousin|uncle|aunt|grand(?:son|daughter|child|father|mother)|brother|sister)\b`,
    String.raw`\b(?:neef|nicht|oom|tante|kleinzoon|kleindochter|broer|zuster|zus)\b`,
    String.raw`\b(?:neffe|nichte|vetter|onkel|enkel|enkelin|bruder|schwester)\b`,
    String.raw`\b(?:neveu|nièce|niece|cousine|oncle|petit-fils|petite-fille|frère|frere|sœur|soeur)\b`,
    String.raw`\b(?:sobrin[oa]|t[ií][oa]|niet[oa]|herman[oa]|nipote|cugin[oa]|zi[oa]|fratello|sorella|sobrinh[oa]|irmão|irmã)\b`,
    String.raw`\b(?:nepos|neptis|consobrin(?:us|a)|avunculus|patruus|frater|soror)\b`,
    String.raw`\b(?:bratanek|siostrzeniec|kuzyn(?:ka)?|wuj|stryj|ciotka|wnu(?:k|czka)|brat|siostra)\b`,
  ].join('|'),
  'iu',
);

/** Whom a relationship written in a record is counted from: its principal, the deceased, the head. */
const ANCHOR_ROLES: readonly Persona['role'][] = ['principal', 'deceased', 'head', 'testator'];

function alike(a: string, b: { given: string; surname: string }): boolean {
  const x = splitPersonaName(a);
  const g = (s: string) => s.split(/\s+/)[0] ?? '';
  return (
    Boolean(g(x.given) && g(b.given)) &&
    namesAlike(g(x.given), g(b.given)) &&
    (!x.surname || !b.surname || namesAlike(x.surname, b.surname))
  );
}

/**
 * Why the persona, stated as a nephew, cousin, grandson, brother or uncle of the record's principal,
 * cannot be `p`: p is that principal's child or parent (by name). Undefined otherwise.
 */
export function collateralNotChild(
  persona: Persona,
  source: Pick<SourceRecord, 'persons' | 'date'>,
  p: Person,
  get: (id: string) => Person | undefined,
): string | undefined {
  const rel = persona.relationship ?? '';
  if (!rel || !COLLATERAL.test(rel)) return undefined;
  const anchor = ANCHOR_ROLES.map((r) => source.persons.find((x) => x.role === r)).find(Boolean);
  if (!anchor || anchor === persona || anchor.name === persona.name) return undefined;
  // The principal's name borne by another in the record (a grandson baptised after his grandfather,
  // who stands there too): which of them a relative named alike is, the names do not tell.
  const a = splitPersonaName(anchor.name);
  if (source.persons.some((x) => x !== anchor && x !== persona && alike(x.name, a))) return undefined;
  // Children are named after grandparents: the Luigi whose aunt a godmother is may be the grandson of
  // the Luigi she is the daughter of. A relative named alike counts only if born when the principal was.
  const born = anchorBirth(anchor, source.date);
  for (const r of p.relationships) {
    if ((r.type !== 'parent' && r.type !== 'child') || r.status === 'rejected') continue;
    const q = get(r.person);
    const qBorn = q ? yearRange(factValue(q, 'birth.date') ?? '').min : undefined;
    if (born !== undefined && qBorn !== undefined && Math.abs(born - qBorn) > 10) continue;
    if (q && q.names.some((n) => alike(anchor.name, n)))
      return `the record calls this ${persona.name.replace(/\//g, '').trim()} "${rel}" of ${anchor.name.replace(/\//g, '').trim()}, while ${displayName(p)} (${p.id}) is ${r.type === 'parent' ? 'the child' : 'the parent'} of ${displayName(q)}: a nephew, cousin or brother is not a son, so this is a namesake`;
  }
  return undefined;
}

/** The principal's birth year, from a birth date or an age on the record's date. */
function anchorBirth(anchor: Persona, recordDate: string | undefined): number | undefined {
  if (anchor.birthDate) return yearRange(anchor.birthDate).min;
  const age = parseAge(anchor.age);
  const when = recordDate ? yearRange(recordDate).min : undefined;
  return age?.years !== undefined && when !== undefined ? when - age.years : undefined;
}
