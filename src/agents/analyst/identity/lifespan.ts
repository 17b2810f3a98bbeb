/**
 * A life has one end (issue #14, father and son of one name; an infant and the later sibling given
 * his name). A genealogist separates namesakes by it:
 *
 * - a person dies once: two deaths years apart are two persons;
 * - no one marries, heads a household or has a child born after their death (a father may die
 *   before his child is born, so a year is allowed);
 * - a person dead by a date is not the one recorded alive later;
 * - no one is in a record made before they were born.
 */
import type { Person, Persona } from '../../../model';
import { displayName } from '../../../model';
import { parseGDate, yearRange } from '../../../model/gdate';
import type { KnowledgeGraph } from '../graph';
import { dateFeature, type DateFeature } from '../resolve';
import { escapeRegExp } from '../../../model/regexp';

/** Years two records of one death may disagree by (a gravestone cut later, an informant's slip). */
export const DEATH_TOLERANCE = 5;
/** Years after a death a record may still name the person as acting (a posthumous child's father). */
const AFTER_DEATH = 1;

/**
 * Records that give a living person's age when they give one: a register or a legal act made on its
 * date. Not those where an age may be an age at death (a newspaper notice, a family register page,
 * a family tree, a Bible).
 */
const AGES_OF_THE_LIVING = new Set([
  'birth',
  'baptism',
  'marriage',
  'death',
  'burial',
  'census',
  'will',
  'probate',
  'deed',
  'land',
  'tax',
  'court',
  'immigration',
  'naturalization',
  'passport',
  'military',
  'church-membership',
  'directory',
  'school',
]);
/** Roles of persons acting in a record on its date. */
const ACTING = new Set<Persona['role']>([
  'informant',
  'witness',
  'godparent',
  'sponsor',
  'officiant',
  'executor',
  'grantor',
  'grantee',
]);
/** Whose death a death or burial register records: their age is their age at death. */
const ENDED = new Set<Persona['role']>(['principal', 'deceased']);

/**
 * The record itself calls the persona dead by its date: his wife is written his "widow" or "relict"
 * ("Sarah A. Reese, formerly widow of William H. Hollis"; "Ann, relict of the late John Day"). A
 * schedule of veterans and widows, a directory or a census lists the widow with her late husband's
 * name and service: he is named there, not recorded alive.
 */
export function namedAsDead(text: string | undefined, name: string): boolean {
  const plain = name.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  if (!text || !plain) return false;
  const words = plain.split(' ').map(escapeRegExp);
  const pattern = new RegExp(
    String.raw`\b(?:widow|relict)\s+of\s+(?:the\s+late\s+)?` + words.join(String.raw`\s+`) + String.raw`\b`,
    'i',
  );
  return pattern.test(text.replace(/\s+/g, ' '));
}

/** The persona is shown alive on the record's date, by its role in that record type or by an age written for it. */
function aliveInRecord(recordType: string, persona: Persona, text?: string): boolean {
  const role = persona.role;
  if (namedAsDead(text, persona.name)) return false;
  if (recordType === 'census') return role !== 'informant' && role !== 'mentioned';
  if (recordType === 'marriage' && (role === 'groom' || role === 'bride' || role === 'principal')) return true;
  if ((recordType === 'birth' || recordType === 'baptism') && (role === 'father' || role === 'mother')) return true;
  // Who acts in a register or a legal act does so on its date, in person: the informant of a death,
  // a witness, a godparent, the officiant, an executor, the parties to a deed ("J. J. Zbinden",
  // informant of his father's death in 1897, is not the infant Johann Jakob buried in 1862).
  if (ACTING.has(role) && AGES_OF_THE_LIVING.has(recordType)) return true;
  // An age written beside a relative's name is a living person's age: a death register's issue
  // ("Hugh, 8 years"; a child already dead is written "dec."), an informant's, a witness's.
  const ended = (recordType === 'death' || recordType === 'burial') && ENDED.has(role);
  return persona.age !== undefined && String(persona.age).trim() !== '' && AGES_OF_THE_LIVING.has(recordType) && !ended;
}

export interface LifeInRecord {
  persona: Persona;
  death?: DateFeature;
  source: { recordType: string; date?: string; text?: string };
}

function label(p: Person): string {
  return `${displayName(p)} (${p.id})`;
}

function twoDeaths(pr: LifeInRecord, p: Person, death: DateFeature | undefined): string | undefined {
  const a = pr.death;
  if (a?.min === undefined || a.max === undefined || death?.min === undefined || death.max === undefined)
    return undefined;
  const gap = a.max < death.min ? death.min - a.max : death.max < a.min ? a.min - death.max : 0;
  if (gap <= DEATH_TOLERANCE) return undefined;
  return `died ${a.text} by this record, ${gap} years from the death of ${label(p)} (${death.text}): a person dies once, so this is a namesake`;
}

/** The latest year the person is surely recorded alive and acting: a marriage, a census, a child's birth. */
function lastAlive(g: KnowledgeGraph, p: Person): { year: number; what: string } | undefined {
  let best: { year: number; what: string } | undefined;
  const consider = (year: number | undefined, what: string) => {
    if (year !== undefined && (!best || year > best.year)) best = { year, what };
  };
  for (const a of p.assertions) {
    if (a.status === 'rejected' || !a.evidence.length) continue;
    if (a.field !== 'marriage.date' && a.field !== 'residence.date') continue;
    consider(yearRange(a.value).min, `${a.field === 'marriage.date' ? 'married' : 'recorded living'} ${a.value}`);
  }
  for (const r of p.relationships) {
    if (r.type !== 'child' || r.status === 'rejected') continue;
    const b = g.features(r.person)?.birth;
    const c = g.get(r.person);
    if (b?.min !== undefined && c) consider(b.min - AFTER_DEATH, `the parent of ${displayName(c)}, born ${b.text}`);
  }
  return best;
}

function deadBeforeLife(g: KnowledgeGraph, pr: LifeInRecord, p: Person): string | undefined {
  const d = pr.death;
  if (d?.max === undefined) return undefined;
  const alive = lastAlive(g, p);
  if (!alive || alive.year <= d.max + AFTER_DEATH) return undefined;
  return `died ${d.text} by this record, while ${label(p)} is ${alive.what}: no one is recorded alive after their death, so this is a namesake`;
}

/** Roles a will gives the living it provides for (a bequest to the dead lapses). */
const PROVIDED_FOR = new Set<Persona['role']>(['legatee', 'heir']);
/** Years a will may be proved after it was written, while a legatee named in it has died meanwhile. */
const WILL_TO_PROBATE = 10;

function aliveAfterDeath(pr: LifeInRecord, p: Person, death: DateFeature | undefined): string | undefined {
  if (death?.max === undefined) return undefined;
  // "I give to my son Jacob two hundred pounds" (1822) is not the Jacob who died an infant in 1792.
  const legatee =
    PROVIDED_FOR.has(pr.persona.role) && (pr.source.recordType === 'will' || pr.source.recordType === 'probate');
  if (!legatee && !aliveInRecord(pr.source.recordType, pr.persona, pr.source.text)) return undefined;
  const when = pr.source.date ? yearRange(pr.source.date) : undefined;
  const slack = legatee ? WILL_TO_PROBATE : AFTER_DEATH;
  if (when?.min === undefined || when.min <= death.max + slack) return undefined;
  const aged = pr.persona.age !== undefined ? `, aged ${pr.persona.age},` : '';
  return `recorded alive as ${pr.persona.role}${aged} in ${pr.source.date}, after the death of ${label(p)} (${death.text}): this is a namesake`;
}

/**
 * The persona died (or was buried) before the person was born, both written on records of their own:
 * an infant buried and the brother later given his name.
 */
function diedBeforeBirth(pr: LifeInRecord, p: Person, birth: DateFeature | undefined): string | undefined {
  const d = pr.death;
  if (d?.max === undefined || birth?.min === undefined || !birth.stated) return undefined;
  const died = d.ymd ?? dateFeature(d.text)?.ymd;
  const born = birth.ymd ?? dateFeature(birth.text)?.ymd;
  const before = died && born ? died < born : d.max < birth.min;
  if (!before) return undefined;
  return `died ${d.text} by this record, before ${label(p)} was born (${birth.text}): a child named after one who died is another child`;
}

/** Years a stated birth may be late against a record that already names the person. */
const BIRTH_SLACK = 1;

/** Records that show everyone they name present on their date: not a will, a deed or a court's account. */
const NAMES_OTHERS = new Set(['will', 'probate', 'deed', 'land', 'court', 'church-membership']);
const PRESENT_ON_DATE = new Set([...AGES_OF_THE_LIVING].filter((t) => !NAMES_OTHERS.has(t)));

/**
 * The persona is in a record made before the person was born (a passenger list of 1845 naming an
 * infant Heinrich; the brother given his name was baptised in 1847): not the same child. Only a
 * stated birth, a record dated to one year, and a gap of more than a year count.
 */
function recordedBeforeBirth(pr: LifeInRecord, p: Person, birth: DateFeature | undefined): string | undefined {
  if (!pr.source.date || birth?.min === undefined || !birth.stated || !PRESENT_ON_DATE.has(pr.source.recordType))
    return undefined;
  // A birth worked out from an age ("CAL 1812" from a census) or written about is no stated birth.
  if (parseGDate(birth.text).kind !== 'exact') return undefined;
  const when = dateFeature(pr.source.date);
  if (when?.max === undefined || when.max - (when.min ?? when.max) > 0) return undefined;
  // A year's slack: a birth date stated by an informant may be a year late (a conflict to weigh, not a namesake).
  if (when.max >= birth.min - BIRTH_SLACK) return undefined;
  return `named in this ${pr.source.recordType} record of ${pr.source.date}, before ${label(p)} was born (${birth.text}): another person`;
}

/** Why the persona cannot be person `p` by the ends of their lives (undefined when nothing tells). */
export function lifespanContradiction(g: KnowledgeGraph, pr: LifeInRecord, p: Person): string | undefined {
  const f = g.features(p.id);
  const death = f?.death;
  return (
    twoDeaths(pr, p, death) ??
    diedBeforeBirth(pr, p, f?.birth) ??
    recordedBeforeBirth(pr, p, f?.birth) ??
    deadBeforeLife(g, pr, p) ??
    aliveAfterDeath(pr, p, death)
  );
}
