/**
 * Welsh surnames made from a patronymic (issue #14): "John ap Rhys", John son of Rhys, became John
 * Price; ap Richard Pritchard, ap Hywel Powell, ab Owen Bowen. Until the 19th century a Welsh child
 * was baptised by the father's name ("John mab Rhys Evan"), so the baptism of a John Price is the
 * baptism of a John whose father was a Rhys, under no surname at all.
 *
 * Provenance: the standard derivations in T. J. Morgan and Prys Morgan, "Welsh Surnames" (1985), and
 * the National Library of Wales's guidance on patronymic naming; only the well-attested ap/ab forms,
 * each with the father's names it comes from (in Welsh and English spellings, folded).
 */
import { foldName } from './fold';

const FROM_FATHER: Record<string, string[]> = {
  price: ['rhys', 'rees', 'rice', 'reece'],
  pryce: ['rhys', 'rees', 'rice', 'reece'],
  preece: ['rhys', 'rees', 'rice', 'reece'],
  prys: ['rhys', 'rees', 'rice', 'reece'],
  pritchard: ['richard', 'rhisiart'],
  prichard: ['richard', 'rhisiart'],
  powell: ['hywel', 'howel', 'howell'],
  parry: ['harry', 'henry'],
  probert: ['robert'],
  probin: ['robin', 'robert'],
  pugh: ['hugh', 'huw'],
  bowen: ['owen', 'owain'],
  bevan: ['evan', 'ifan', 'ieuan'],
  beavan: ['evan', 'ifan', 'ieuan'],
  bellis: ['ellis', 'elis'],
  prosser: ['rosser'],
  prothero: ['rhydderch', 'roderick'],
  pumphrey: ['humphrey', 'wmffre'],
  penry: ['henry'],
  upjohn: ['john'],
  bithell: ['ithel'],
  bedward: ['edward', 'iorwerth'],
  bennion: ['einion', 'enion'],
};

/** The father's given names a Welsh ap-surname comes from ("price" → rhys …); empty for others. */
export function apSurnameFathers(surname: string): readonly string[] {
  return FROM_FATHER[foldName(surname).replace(/[^a-z]/g, '')] ?? [];
}

/** Whether `surname` is the ap-form of the father's given name ("Price" and "Rhys Evan"). */
export function apSurnameOf(surname: string, fatherName: string): boolean {
  const first = foldName(fatherName).split(/\s+/)[0] ?? '';
  return Boolean(first) && apSurnameFathers(surname).includes(first);
}
