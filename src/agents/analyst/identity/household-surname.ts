/**
 * A register or a household lists a couple's children by their given names only ("Children of the
 * parties: Susan 10, Peter 7, Ellen 3"; a communion book's "Matti", "Maria" under the head of the
 * farm): a genealogist files each under the father's surname, or an unmarried mother's, as the
 * record's own family implies. The persona stays as written; the person it names is read with that
 * surname, for matching and for the person file's name, and the log says why. Without a parent the
 * record names with a surname (an estate inventory's "Primus", "Dinah") the given name stays alone.
 */
import type { ExtractionResult, GroundedPersona } from '../../../engine/agents';
import { splitPersonaName } from '../../../model/names';

export interface InferredSurname {
  surname: string;
  /** The parent whose surname it is, as the record names them. */
  parent: string;
  why: string;
  /** Her husband's surname, not her family's: a married name. */
  married?: boolean;
}

function surnameOf(gp: GroundedPersona | undefined): string {
  return gp ? splitPersonaName(gp.persona.name).surname.trim() : '';
}

/** The surname each given-name-only child of a structured record takes from its family, by index. */
export function householdSurnames(
  personas: readonly GroundedPersona[],
  extraction: Pick<ExtractionResult, 'relations'>,
): Map<number, InferredSurname> {
  const out = new Map<number, InferredSurname>();
  const byKey = new Map(personas.map((gp) => [gp.key ?? gp.persona.key, gp] as const));
  const relations = extraction.relations ?? [];
  const head = personas.find((gp) => /^(?:head|principal)$/.test(gp.persona.role ?? '') && gp.persona.sex === 'M');
  personas.forEach((gp, i) => {
    const { given, surname } = splitPersonaName(gp.persona.name);
    if (surname.trim() || !given.trim() || gp.method !== 'structured') return;
    const key = gp.key ?? gp.persona.key;
    const parent = (type: 'father' | 'mother') =>
      relations.filter((r) => r.type === type && r.to === key).map((r) => byKey.get(r.from))[0];
    const father = parent('father');
    const mother = parent('mother');
    const stated = relations.some((r) => r.to === key || r.from === key);
    // A wife or mother written by her given name alone ("Maria", grandmother on a register page) is
    // her husband's: the spouse the record states, else the father of the child it makes her mother of.
    const husband =
      gp.persona.sex === 'F' || /^(?:mother|spouse|wife)$/.test(gp.persona.role ?? '')
        ? (relations
            .filter((r) => r.type === 'spouse' && (r.from === key || r.to === key))
            .map((r) => byKey.get(r.from === key ? r.to : r.from))
            .find((h) => h && h.persona.sex !== 'F' && surnameOf(h)) ??
          relations
            .filter((r) => r.type === 'mother' && r.from === key)
            .flatMap((r) => relations.filter((f) => f.type === 'father' && f.to === r.to).map((f) => byKey.get(f.from)))
            .find((h) => h && surnameOf(h)))
        : undefined;
    if (husband && !relations.some((r) => (r.type === 'father' || r.type === 'mother') && r.to === key)) {
      const name = husband.persona.name.replace(/\//g, '');
      out.set(i, {
        surname: surnameOf(husband),
        parent: name,
        why: `"${given}" is written without a surname, as the wife of ${name} in this record: read under his surname, ${given} ${surnameOf(husband)}`,
        married: true,
      });
      return;
    }
    const from =
      father && surnameOf(father)
        ? father
        : !father &&
            mother &&
            surnameOf(mother) &&
            !relations.some(
              (r) => r.type === 'spouse' && [r.from, r.to].includes(mother.key ?? mother.persona.key ?? ''),
            )
          ? mother
          : !stated && gp.persona.role === 'child' && head && surnameOf(head)
            ? head
            : undefined;
    if (!from) return;
    const name = from.persona.name.replace(/\//g, '');
    out.set(i, {
      surname: surnameOf(from),
      parent: name,
      why: `"${given}" is written without a surname, as ${from === mother ? 'the child of its unmarried mother' : 'a child of'} ${name} in this record: read as ${given} ${surnameOf(from)}`,
    });
  });
  return out;
}

/** The personas with their inferred surnames written in ("Susan" → "Susan /Freeman/"). */
export function withHouseholdSurnames(
  personas: readonly GroundedPersona[],
  inferred: ReadonlyMap<number, InferredSurname>,
): GroundedPersona[] {
  return personas.map((gp, i) => {
    const s = inferred.get(i);
    return s ? { ...gp, persona: { ...gp.persona, name: `${gp.persona.name.trim()} /${s.surname}/` } } : gp;
  });
}
