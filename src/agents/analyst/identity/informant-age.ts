/**
 * An informant's age is not the person's birth (issue #14 item 2). A death certificate's "75 years"
 * comes from a daughter-in-law who did not know his parents: secondary information, the kind a
 * genealogist expects to be off by years. When everything else the record says identifies the man
 * (his name, where he lived and died, his birthplace, his trade, his family), the gap in the birth
 * year does not make him another man: he is the same person, and the two birth years become a
 * conflict to weigh, where the informant's value is outweighed by the baptism.
 *
 * Only secondary information is set aside this way, and only when the rest of the record reaches the
 * resolver's merge threshold by itself. A birth the record knows first-hand (a baptism, a birth
 * register, a person's own statement) keeps its full weight; and the hard facts (hard-facts.ts: an age
 * beyond the tolerance of the record type, another spouse, other parents) are judged before this.
 */
import { preferredAssertion, type Person, type Persona, type SourceRecord } from '../../../model';
import { informationClass } from '../mills';
import { yearRange } from '../../../model/gdate';
import { ageInYears, DEFAULT_THRESHOLDS, type PairScore, type PersonFeatures } from '../resolve';

/** The persona's birth (date or age) is secondary information in this record: someone else told it. */
export function birthFromInformant(source: SourceRecord, persona: Persona, principal: boolean): boolean {
  if (persona.birthDate === undefined && persona.age === undefined) return false;
  const info = persona.informationType ?? informationClass(source, 'birth.date', principal);
  return info === 'secondary';
}

/** The persona's features without its birth estimate (everything else as read). */
export function withoutBirth(f: PersonFeatures): PersonFeatures {
  return { ...f, birth: undefined };
}

/** Years between two birth estimates (0 when their ranges meet). */
function yearsApart(a: PersonFeatures['birth'], b: PersonFeatures['birth']): number | undefined {
  if (a?.min === undefined || a.max === undefined || b?.min === undefined || b.max === undefined) return undefined;
  return a.max < b.min ? b.min - a.max : b.max < a.min ? a.min - b.max : 0;
}

/**
 * How far an informant's age may be off: the older the person, the less those around him know his
 * birth (a death certificate's 75 may be six years out; a child's age at burial is rarely out by
 * more than a year). A tenth of the age, and a year for the birthday not yet reached.
 */
export function informantSlack(age: number | undefined): number {
  return age === undefined ? 0 : Math.floor(age / 10) + 1;
}

/**
 * The pair's score, the informant's birth year set aside when the rest of the record alone makes the
 * pair a merge, the birth year is all that held it back, and the gap is one an informant's age may
 * have (informantSlack). `score` compares persona features to the candidate; `age` is the persona's
 * age on the record's date when the birth came from an informant (undefined otherwise).
 */
export function scoreBesideInformantAge(
  score: (persona: PersonFeatures) => PairScore,
  feats: PersonFeatures,
  candidate: PersonFeatures,
  age: number | undefined,
): PairScore {
  const full = score(feats);
  if (age === undefined || !feats.birth || full.recommendation === 'merge') return full;
  const gap = yearsApart(feats.birth, candidate.birth);
  if (gap === undefined || gap > informantSlack(age)) return full;
  const rest = score(withoutBirth(feats));
  if (rest.hardNegative || rest.similarity < DEFAULT_THRESHOLDS.merge || rest.similarity <= full.similarity)
    return full;
  return {
    ...rest,
    rationale: `${rest.rationale} The birth (${feats.birth.text}) is an informant's (secondary information), ${gap} year(s) from ${candidate.label}'s (${candidate.birth?.text}), within what an informant's age of ${age} may be off: set aside in identifying the person, since everything else agrees, and weighed as a conflicting value.`,
  };
}

/** The persona's age on the record's date when its birth came from an informant, else undefined. */
export function informantAge(
  source: SourceRecord,
  persona: Persona,
  principal: boolean,
  birth: PersonFeatures['birth'],
): number | undefined {
  if (!birthFromInformant(source, persona, principal)) return undefined;
  const stated = ageInYears(persona.age);
  if (stated !== undefined) return stated;
  const when = source.date ? yearRange(source.date) : undefined;
  if (when?.max === undefined || birth?.min === undefined) return undefined;
  return Math.max(0, when.max - birth.min);
}

/**
 * The other side of scoreBesideInformantAge: a person whose birth rests only on what someone else
 * told at the death (a son's "70 years" on the death certificate): every citation of the birth is
 * also one of the death, all secondary information, none a compiler's tree. A baptism's "about 13"
 * three years off is then within what that informant may have got wrong, as loose as informantSlack
 * says; the person's file keeps its value, and the two meet as a conflict to weigh.
 */
export function withInformantBirthLoosened(person: Person | undefined, f: PersonFeatures): PersonFeatures {
  const b = f.birth;
  const deathYear = f.death?.max;
  if (!person || b?.min === undefined || b.max === undefined || deathYear === undefined) return f;
  const birth = preferredAssertion(person, 'birth.date');
  // A record of the death (original or derivative), not a compiler's tree that gives both dates.
  if (
    !birth?.evidence.length ||
    birth.evidence.some((e) => e.information !== 'secondary' || e.sourceClass === 'authored')
  )
    return f;
  const deathSources = new Set(
    ['death.date', 'burial.date'].flatMap((field) =>
      person.assertions
        .filter((a) => a.field === field && a.status !== 'rejected')
        .flatMap((a) => a.evidence.map((e) => e.source)),
    ),
  );
  if (!birth.evidence.every((e) => deathSources.has(e.source))) return f;
  const slack = informantSlack(Math.max(0, deathYear - b.min));
  if (slack <= 1) return f;
  return { ...f, birth: { text: b.text, min: b.min - slack, max: b.max + slack, stated: false } };
}
