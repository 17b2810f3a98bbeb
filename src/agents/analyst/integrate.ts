/**
 * The Analyst on one captured record: personas matched to known persons (resolver, with the
 * record's family context), facts turned into assertions with Mills-classified evidence, and
 * relationships read from roles. Never scans all persons: candidates come from the blocking index
 * and from the relatives of persons already matched in the same record.
 */
import type { Person, Persona, PersonName, SourceRecord } from '../../model';
import { displayName } from '../../model';
import type { ExtractionResult, GroundedPersona, PairAdjudicator } from '../../engine/agents';
import { stableId } from '../../engine/ids';
import {
  DEFAULT_THRESHOLDS,
  dateFeature,
  featuresOfPersona,
  scorePair,
  type PairScore,
  type PersonFeatures,
} from './resolve';
import { foldName, namesAlike, nicknameMatch, splitPersonaName } from '../../model/names';
import { yearRange } from '../../model/gdate';
import { evidenceClaim } from './mills';
import type { KnowledgeGraph, RelKind } from './graph';
import { SnippetFinder } from './extract/snippets';
import { adjudicatorOpinion } from './merge/model-opinion';
import { indexLine, recordLines, snippetInSource } from './extract/evidence-text';
import { hardContradiction, parentUnlike, recordRelatives } from './identity/hard-facts';
import {
  generationAgainst,
  pickByFamily,
  recordFamilies,
  relativesOf,
  TIE,
  withFamilyNames,
  familyPool,
  householdPool,
  familyGivenAlike,
  birthsAgree,
  wifeUnderHusbandsName,
} from './identity/family-context';
import { mentionReason } from './identity/mentions';
import { householdSurnames, withHouseholdSurnames } from './identity/household-surname';
import { birthFromAge, parseAge } from '../../model/age';
import { applyEvents, applyRelations, keyedPersons, statedToAnchor } from './statements';
import { addAssertion } from './assertions';
import type { IntegrationResult, MatchDecision, UnresolvedMention } from './integration-result';
import { withEventDates } from './identity/event-dates';
import { registeredVitals, withRegisterEvent } from './identity/register-entries';
import { asParentRelations, grandparentLinks } from './identity/grandparents';
import { isAssociateRole, keptCompany, otherKnownSpouse, unrelatedMention } from './identity/associates';
import { pickUnmarried } from './identity/marriage-choice';
import { spouseOfKnownPartner } from './identity/known-partner';
import { familyGroupAssignment, type RecordTie } from './identity/family-group';
import { sameArrival } from './identity/same-arrival';
import { namesakesByEvidence, sameWrittenName, toldNothingBut } from './identity/namesakes-in-record';
import { pickByMiddleInitial } from './identity/middle-initial';
import { familyFavoursRival } from './identity/family-rival';
import { husbandToAwait } from './identity/wife-after-husband';
import { statedAliases, statedNameChange } from './identity/name-change';
import { informantAge, scoreBesideInformantAge, withInformantBirthLoosened } from './identity/informant-age';
import { foundlingWords, notKinship } from './register-roles';
import { foundlingsHaveNoParents, noteFoundling } from './identity/foundlings';

export interface IntegrationContext {
  graph: KnowledgeGraph;
  now: Date;
  newPersonId(): string;
  adjudicator?: PairAdjudicator;
  /** pairKey(a, b) of "not the same person" decisions: never matched. */
  notSame: ReadonlySet<string>;
  signal?: AbortSignal;
  /** The person the search that found this record was looking for: a persona like them is them. */
  target?: string;
}

const MATCH_REVIEW_ACCEPT = 0.75;
/** The least similarity at which a persona is taken for the person a search was looking for. */
const TARGET_FLOOR = 0.5;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function roleSex(p: Persona): Persona['sex'] {
  if (p.sex) return p.sex;
  const rel = `${p.role} ${p.relationship ?? ''}`.toLowerCase();
  if (/\b(father|husband|son|brother|groom)\b/.test(rel)) return 'M';
  if (/\b(mother|wife|daughter|sister|bride|widow)\b/.test(rel)) return 'F';
  return undefined;
}

/** Neither is male where the other is female (an unknown sex fits either). */
function sexesFit(a: string | undefined, b: string | undefined): boolean {
  return !(a === 'M' && b === 'F') && !(a === 'F' && b === 'M');
}

/** How persona `x` relates to the anchor, read from its role and the relationship as written. */
export function relationToAnchor(
  x: Persona,
): { kind: RelKind; of: 'anchor' | 'bride' | 'groom' | 'anchorSpouse' } | undefined {
  const rel = (x.relationship ?? '').toLowerCase();
  if (x.role === 'spouse') return { kind: 'spouse', of: 'anchor' };
  // v2 marriage roles: the other of the couple is the anchor's spouse.
  if (x.role === 'bride' || x.role === 'groom') return { kind: 'spouse', of: 'anchor' };
  // A godparent, a wet nurse, a foster parent is named with the child but is none of its kin, and a
  // foundling in the house that raises him is none of its children, whatever the role (issue #14).
  if (notKinship(x.relationship) || foundlingWords(x.relationship)) return undefined;
  // "father of the bride": the role says parent, the words say whose.
  if (x.role === 'father' || x.role === 'mother')
    return { kind: 'parent', of: /\bbride\b/.test(rel) ? 'bride' : /\bgroom\b/.test(rel) ? 'groom' : 'anchor' };
  if (x.role === 'child') return { kind: 'child', of: 'anchor' };
  if (!rel || x.role === 'witness') return undefined;
  if (/\bgrand|\bgreat|\bcousin|\bnephew|\bniece|\buncle|\baunt|\bbrother|\bsister/.test(rel)) return undefined;
  if (/-in-law/.test(rel))
    return /\b(father|mother)-in-law/.test(rel) ? { kind: 'parent', of: 'anchorSpouse' } : undefined;
  if (/\b(father|mother|parent)\b/.test(rel))
    return { kind: 'parent', of: /\bbride\b/.test(rel) ? 'bride' : /\bgroom\b/.test(rel) ? 'groom' : 'anchor' };
  if (/\b(wife|husband|spouse|widow|widower)\b/.test(rel)) return { kind: 'spouse', of: 'anchor' };
  if (/\b(son|daughter|child|stepson|stepdaughter)\b/.test(rel)) return { kind: 'child', of: 'anchor' };
  return undefined;
}

/** Whom the record is about: its principal, else (v1) the head, else (v2) the deceased, testator, groom, bride, grantor. */
const ANCHOR_ROLES = ['principal', 'head', 'deceased', 'testator', 'groom', 'bride', 'grantor'] as const;

export function anchorIndex(personas: readonly GroundedPersona[]): number {
  for (const role of ANCHOR_ROLES) {
    const i = personas.findIndex((g) => g.persona.role === role);
    if (i >= 0) return i;
  }
  return 0;
}

function nameOf(persona: Persona, type: PersonName['type'], sourceId: string): PersonName {
  const { given, surname } = splitPersonaName(persona.name);
  return { given, surname, type, citations: [sourceId] };
}

function addName(p: Person, name: PersonName): Person {
  const key = (n: PersonName) => foldName(`${n.given} ${n.surname}`);
  const i = p.names.findIndex((n) => key(n) === key(name));
  if (i >= 0) {
    const n = p.names[i];
    const cites = [...new Set([...(n.citations ?? []), ...(name.citations ?? [])])];
    if (cites.length === (n.citations ?? []).length) return p;
    const names = [...p.names];
    names[i] = { ...n, citations: cites };
    return { ...p, names };
  }
  // A woman first seen under her married name: the first other surname is taken as her birth name.
  const onlyMarried = p.names.length > 0 && p.names.every((n) => n.type === 'married');
  if (onlyMarried && name.type === 'aka') return { ...p, names: [{ ...name, type: 'birth' }, ...p.names] };
  return { ...p, names: [...p.names, name] };
}

/**
 * A bride's name in her own marriage record is the name she married under: her birth name. It
 * corrects an earlier guess (a census listing her under her husband's surname, first seen) that took
 * the husband's surname for her birth name; that name becomes a married name, and the birth name
 * comes first, as genealogists name women. Another birth name with another surname is left alone
 * (two maiden names disagree: this one is kept as an alias for review).
 */
function withBirthName(p: Person, name: PersonName, husbandSurname: string): Person {
  const key = (n: PersonName) => foldName(`${n.given} ${n.surname}`);
  const husband = foldName(husbandSurname);
  // No husband's surname to tell a married name by: the register's name is still her birth name, unless she has one.
  if (!husband) return addName(p, { ...name, type: p.names.some((n) => n.type === 'birth') ? 'aka' : 'birth' });
  if (p.names.some((n) => n.type === 'birth' && foldName(n.surname) !== husband && key(n) !== key(name)))
    return addName(p, { ...name, type: 'aka' });
  const names = p.names.map((n) =>
    n.type === 'birth' && foldName(n.surname) === husband ? { ...n, type: 'married' as const } : n,
  );
  const i = names.findIndex((n) => key(n) === key(name));
  const same = i >= 0 ? names.splice(i, 1)[0] : undefined;
  const birth: PersonName = same
    ? { ...same, type: 'birth', citations: [...new Set([...(same.citations ?? []), ...(name.citations ?? [])])] }
    : name;
  return { ...p, names: [birth, ...names] };
}

/** A wife named with her husband's surname in the record (gravestone, census): a married name. */
function marriedNameInRecord(
  persona: Persona,
  anchor: Persona | undefined,
  rel: ReturnType<typeof relationToAnchor>,
): boolean {
  if (!anchor || rel?.kind !== 'spouse' || roleSex(persona) !== 'F') return false;
  const a = splitPersonaName(anchor.name).surname;
  const b = splitPersonaName(persona.name).surname;
  return Boolean(a) && foldName(a) === foldName(b);
}

/** The date an age was given at: the persona's death or burial event in the record, else the record's date. */
function ageDate(record: SourceRecord, extraction: ExtractionResult, gp: GroundedPersona): string | undefined {
  const key = gp.key ?? gp.persona.key;
  const own = key
    ? (extraction.events ?? []).find((e) => e.date && e.persons.includes(key) && /^(death|burial)$/i.test(e.type))
    : undefined;
  return own?.date ?? record.date;
}

/** Facts of the record's own event for its principal (baptism date, death place, census residence …). */
function eventFacts(
  record: SourceRecord,
  role: 'anchor' | 'spouse' | 'other',
): { field: string; value: string | undefined; from: 'date' | 'place' }[] {
  const d = record.date;
  const pl = record.place;
  switch (record.recordType) {
    case 'baptism':
      return role === 'anchor'
        ? [
            { field: 'baptism.date', value: d, from: 'date' },
            { field: 'baptism.place', value: pl, from: 'place' },
          ]
        : [];
    case 'birth':
      return role === 'anchor'
        ? [
            { field: 'birth.date', value: d, from: 'date' },
            { field: 'birth.place', value: pl, from: 'place' },
          ]
        : [];
    case 'marriage':
      return role !== 'other'
        ? [
            { field: 'marriage.date', value: d, from: 'date' },
            { field: 'marriage.place', value: pl, from: 'place' },
          ]
        : [];
    // A burial register's entry is dated by the burial (a death record's date may be its registration's).
    case 'burial':
      return role === 'anchor'
        ? [
            { field: 'burial.date', value: d, from: 'date' },
            { field: 'burial.place', value: pl, from: 'place' },
          ]
        : [];
    case 'immigration':
      return role === 'anchor' && /passenger|arriv|ship/i.test(record.title)
        ? [
            { field: 'immigration.date', value: d, from: 'date' },
            { field: 'immigration.place', value: pl, from: 'place' },
          ]
        : [];
    case 'census':
      return [
        { field: 'residence.date', value: d, from: 'date' },
        { field: 'residence.place', value: pl, from: 'place' },
      ];
    // v2: a directory or tax list places its principal there at its date; a naturalization is the principal's.
    case 'directory':
    case 'tax':
      return role === 'anchor'
        ? [
            { field: 'residence.date', value: d, from: 'date' },
            { field: 'residence.place', value: pl, from: 'place' },
          ]
        : [];
    case 'naturalization':
      return role === 'anchor'
        ? [
            { field: 'naturalization.date', value: d, from: 'date' },
            { field: 'naturalization.place', value: pl, from: 'place' },
          ]
        : [];
    default:
      return [];
  }
}

function givenAlike(a: string, b: string): boolean {
  const x = foldName(a).split(/\s+/)[0] ?? '';
  const y = foldName(b).split(/\s+/)[0] ?? '';
  return Boolean(x && y) && (nicknameMatch(x, y) || namesAlike(x, y));
}

/**
 * The anchor persona's candidate is corroborated when a relative the record names (father, mother,
 * spouse, child) is already linked to the candidate in that role under an alike given name.
 */
function corroborated(
  g: KnowledgeGraph,
  candidateId: string,
  personas: readonly GroundedPersona[],
  relation: readonly (ReturnType<typeof relationToAnchor> | undefined)[],
  aIdx: number,
): boolean {
  return backers(g, candidateId, personas, relation, aIdx).length > 0;
}

/** The relatives named in this record (by index) that a candidate already has in the same role. */
function backers(
  g: KnowledgeGraph,
  candidateId: string,
  personas: readonly GroundedPersona[],
  relation: readonly (ReturnType<typeof relationToAnchor> | undefined)[],
  aIdx: number,
): number[] {
  const cand = g.get(candidateId);
  if (!cand) return [];
  return personas.flatMap((gp, j) => {
    const rel = relation[j];
    if (j === aIdx || !rel || rel.of !== 'anchor') return [];
    const given = splitPersonaName(gp.persona.name).given;
    const linked = cand.relationships.some(
      (r) =>
        r.type === rel.kind &&
        r.status !== 'rejected' &&
        (g.get(r.person)?.names ?? []).some((n) => givenAlike(n.given, given)),
    );
    return linked ? [j] : [];
  });
}

/**
 * A record whose family points at two persons ("son of John and Hannah" — one Joseph's parents — "married
 * Elizabeth, daughter of Caleb Pennock" — the other Joseph's wife): a county history that conflates two
 * cousins. Its family context corroborates neither; the words that point elsewhere, or undefined.
 */
function familySplit(
  g: KnowledgeGraph,
  chosenId: string,
  otherIds: readonly string[],
  personas: readonly GroundedPersona[],
  relation: readonly (ReturnType<typeof relationToAnchor> | undefined)[],
  aIdx: number,
): string | undefined {
  const mine = new Set(backers(g, chosenId, personas, relation, aIdx));
  for (const id of otherIds) {
    if (id === chosenId) continue;
    const theirs = backers(g, id, personas, relation, aIdx).filter((j) => !mine.has(j));
    if (theirs.length)
      return `The family this record gives is split: ${theirs.map((j) => `"${personas[j].persona.name}"`).join(', ')} is already linked to ${displayName(g.get(id)!)} (${id}), not to this candidate; left for review.`;
  }
  return undefined;
}

export async function integrateRecord(
  ctx: IntegrationContext,
  source: SourceRecord,
  extraction: ExtractionResult,
): Promise<IntegrationResult> {
  const g = ctx.graph;
  // A child written by its given name only is read under its family's surname (household-surname.ts).
  const inferredSurnames = householdSurnames(extraction.personas, extraction);
  const personas = withHouseholdSurnames(extraction.personas, inferredSurnames);
  const surnameNote = (i: number) => {
    const s = inferredSurnames.get(i);
    return s ? `${s.why}. ` : '';
  };
  const result: IntegrationResult = {
    personIds: [],
    matches: [],
    created: [],
    touched: new Set(),
    reviews: [],
    implied: [],
    refused: [],
    places: [],
    added: new Map(),
    namesakes: [],
    mentions: [],
  };
  const countEvidence = (entity: string) => {
    g.evidence.add(entity, 1);
    result.added.set(entity, (result.added.get(entity) ?? 0) + 1);
  };
  if (!personas.length) return result;
  const finder = new SnippetFinder(source);
  const aIdx = anchorIndex(personas);
  const order = [aIdx, ...personas.map((_, i) => i).filter((i) => i !== aIdx)];
  const used = new Set<string>();
  const recordPersonas = personas.map((x) => x.persona);
  const already = g.citing(source.id);

  // A relationship the record states (v2) decides; a persona it states nothing about is read by its role.
  const stated = extraction.relations ?? [];
  const keyOf = (i: number) => personas[i].key ?? personas[i].persona.key;
  const statedFor = personas.map((_, i) => i !== aIdx && statedToAnchor(stated, keyOf(i), keyOf(aIdx)).stated);
  const relation = personas.map((x, i) => {
    // The persona the roles are relative to was rejected: "father" is nobody's father here.
    if (i === aIdx || extraction.anchorRejected) return undefined;
    const s = statedToAnchor(stated, keyOf(i), keyOf(aIdx));
    if (!s.stated) return foundlingsHaveNoParents(relationToAnchor(x.persona), personas, aIdx, source.title);
    return s.kind ? { kind: s.kind, of: 'anchor' as const } : undefined;
  });
  const spouseIdx = personas.findIndex((x, i) => i !== aIdx && relation[i]?.kind === 'spouse');

  const featsOf = personas.map((gp, i) =>
    featuresOfPersona(
      { ...gp.persona, sex: roleSex(gp.persona) },
      {
        date: source.date,
        place: source.place,
        recordType: source.recordType,
        persons: recordPersonas,
        id: `${source.id}#${i}`,
      },
    ),
  );
  // An event of the record naming persona i (on `date`, when given).
  const ownEvent = (i: number, type: string, date?: string) =>
    (extraction.events ?? []).some(
      (e) =>
        e.type.toLowerCase() === type &&
        (date === undefined || e.date === date) &&
        e.persons.includes(keyOf(i) ?? '\u0000'),
    );
  // A register page dates each child's birth and burial by events naming its key: the persona's own dates;
  // a version 1 birth or baptism register's own event dates its principal.
  const registerEvents = withRegisterEvent(source, extraction.events, keyOf(aIdx), personas[aIdx]?.persona.role);
  withEventDates(
    featsOf,
    personas.map((gp) => gp.key ?? gp.persona.key),
    registerEvents,
  );
  // A death or burial register's own deceased died by its date (within a year of a burial): one who
  // died in 1867 is not the weaver buried in 1852 (lifespan.ts then keeps them apart).
  const ended = featsOf[aIdx];
  if (
    ended &&
    !ended.death &&
    source.date &&
    (source.recordType === 'death' || source.recordType === 'burial') &&
    ['deceased', 'principal'].includes(personas[aIdx].persona.role)
  ) {
    const d = dateFeature(source.date);
    if (d?.min !== undefined && d.max !== undefined)
      ended.death = source.recordType === 'burial' ? { ...d, min: d.min - 1, stated: false } : d;
  }
  // Names without identity never make a person; a known person may still resolve them (item 4).
  const mention = personas.map((gp) => mentionReason(gp, source));
  // A hard fact against a person (another birth country, another wife at the time …) keeps a namesake apart (item 3).
  // A mention names no one, so it contradicts no one: only named relatives are compared.
  const named = new Set(recordPersonas.filter((_, i) => !mention[i]));
  // The record's family of each persona: its roles and the relationships it states (v2), in any language.
  // A grandparent the record names is a parent of the child's father or mother, where the record tells which.
  const grandparents = grandparentLinks(
    recordPersonas,
    personas.map((_, i) => keyOf(i)),
    stated,
    [source.text, source.translation],
  );
  const family = recordFamilies(
    recordPersonas,
    personas.map((gp) => gp.key ?? gp.persona.key),
    recordRelatives(recordPersonas, relation, aIdx, roleSex),
    [...stated, ...asParentRelations(grandparents)],
  );
  // The resolver weighs relatives named alike: the record's whole family, not only its roles, counts.
  // Relatives read from free text (a pattern, a model) are too unsure to weigh in identity: an indexed record's only.
  const indexed = (j: number) => personas[j].method === 'structured';
  const statesFamily = (i: number) => stated.some((r) => r.from === keyOf(i) || r.to === keyOf(i));
  withFamilyNames(featsOf, family, recordPersonas, (j) => !mention[j] && indexed(j), indexed, statesFamily);
  const relativesInRecord = family.map((f) => {
    const r = relativesOf(recordPersonas, f);
    return { spouses: r.spouses.filter((x) => named.has(x)), parents: r.parents.filter((x) => named.has(x)) };
  });
  // The record's parent of its anchor is neither the anchor nor the anchor's child, its child not the
  // anchor's parent, once the anchor is placed: "Philippe", father of the testator Jean Renouf, is not
  // Jean's son Philippe, whatever the names and years say (a man is not his own grandfather).
  const ownKinOfAnchor = (i: number, id: string): string | undefined => {
    const anchorId = result.personIds[aIdx];
    const rel = relation[i];
    if (i === aIdx || !anchorId || rel?.of !== 'anchor' || (rel.kind !== 'parent' && rel.kind !== 'child'))
      return undefined;
    const anchor = g.get(anchorId);
    const p = g.get(id);
    if (!anchor || !p) return undefined;
    const inverse = rel.kind === 'parent' ? 'child' : 'parent';
    const linked = (x: Person, type: string, to: string) =>
      x.relationships.some((r) => r.type === type && r.person === to && r.status !== 'rejected');
    if (id !== anchorId && !linked(anchor, inverse, id) && !linked(p, rel.kind, anchorId)) return undefined;
    const them = displayName(anchor);
    return id === anchorId
      ? `the ${rel.kind} of ${them} in this record, so not ${them}`
      : `the ${rel.kind} of ${them} in this record, while ${displayName(p)} (${p.id}) is ${them}'s ${inverse}: no one is both, so this is a namesake`;
  };
  // Why persona i cannot be person id (no side effect): contradiction() below also notes it as a namesake.
  const contradicts = (i: number, id: string): string | undefined =>
    hardContradiction(
      g,
      id,
      {
        persona: personas[i].persona,
        sex: roleSex(personas[i].persona),
        birth: featsOf[i].birth,
        death: featsOf[i].death,
        relatives: relativesInRecord[i],
        source,
        vitals: registeredVitals(registerEvents, keyOf(i), source.recordType),
      },
      g.features(id)?.birth,
    ) ??
    ownKinOfAnchor(i, id) ??
    generationAgainst(g, id, i, family, featsOf, recordPersonas, source);
  const contradiction = (i: number, id: string): string | undefined => {
    const why = contradicts(i, id);
    if (why && !result.namesakes.some((n) => n.person === id && n.persona === personas[i].persona.name))
      result.namesakes.push({ persona: personas[i].persona.name, person: id, reason: why });
    return why;
  };
  const informantAges = personas.map((gp, i) => informantAge(source, gp.persona, i === aIdx, featsOf[i].birth));
  // The searched-for person is the persona most like them (if any is like them at all).
  // A person's birth year from an informant's age at the death is as loose as that informant (informant-age.ts).
  const candidateFeatures = (f: PersonFeatures): PersonFeatures => withInformantBirthLoosened(g.get(f.id), f);
  const targetRead = ctx.target && !already.some((p) => p.id === ctx.target) ? g.features(ctx.target) : undefined;
  const targetFeats = targetRead && candidateFeatures(targetRead);
  let targetPick: { i: number; s: PairScore } | undefined;
  const targetAlike: { i: number; s: PairScore }[] = [];
  if (targetFeats) {
    personas.forEach((_, i) => {
      const s = scoreBesideInformantAge(
        (x) => scorePair(x, targetFeats, { frequencies: g.index.frequencies, family: g.index }),
        featsOf[i],
        targetFeats,
        informantAges[i],
      );
      if (
        !mention[i] &&
        s.recommendation !== 'separate' &&
        s.similarity >= TARGET_FLOOR &&
        !contradiction(i, targetFeats.id) &&
        !parentUnlike(g, relativesInRecord[i].parents, g.get(targetFeats.id)!)
      ) {
        targetAlike.push({ i, s });
        if (!targetPick || s.similarity > targetPick.s.similarity) targetPick = { i, s };
      }
    });
  }
  // Two of the sought person's name in one record, one written with his middle initial and one without:
  // the initial is the mark the record tells them apart by (identity/middle-initial.ts).
  if (targetPick && targetFeats) {
    const j = pickByMiddleInitial(
      targetPick.i,
      targetAlike.map((x) => x.i),
      (i) => featsOf[i].names,
      targetFeats.names,
    );
    if (j !== undefined) targetPick = targetAlike.find((x) => x.i === j);
  }
  // Two personas written with one name, the record's principal and a godparent or witness (a convert
  // who took his godfather's full name marries with the godfather as witness): the witness is there for
  // the principal, who is the one a search for the person found, however the witness's place fits.
  if (targetPick && targetPick.i !== aIdx) {
    const anchor = targetAlike.find((x) => x.i === aIdx);
    if (
      anchor &&
      isAssociateRole(recordPersonas[targetPick.i].role) &&
      sameWrittenName(recordPersonas[aIdx].name, recordPersonas[targetPick.i].name)
    )
      targetPick = anchor;
  }
  // A bride or groom like the one sought, who is already married to another, while an unmarried
  // namesake is as alike: the aim of the search does not decide; the resolver's tie rules do.
  const spouseGiven = (i: number) =>
    relativesInRecord[i].spouses.map((x) => splitPersonaName(x.name).given).filter(Boolean);
  const recordYear = source.date ? yearRange(source.date).min : undefined;
  if (targetPick && targetFeats && source.recordType === 'marriage') {
    const { i } = targetPick;
    const rivals = g.index
      .candidates(featsOf[i])
      .filter(
        (f) =>
          f.id !== targetFeats.id &&
          Boolean(g.get(f.id)) &&
          scorePair(featsOf[i], f, { frequencies: g.index.frequencies, family: g.index }).similarity >= TARGET_FLOOR &&
          !contradiction(i, f.id),
      )
      .map((f) => f.id);
    // Only when that unmarried namesake is a rival: the sought person free to marry stays the pick.
    const free = rivals.length ? pickUnmarried(g, [targetFeats.id, ...rivals], spouseGiven(i), recordYear) : undefined;
    if (free && free.id !== targetFeats.id) targetPick = undefined;
  }

  // A namesake the record's family ties to (its wife and son are his) outscores the sought person:
  // the search's aim does not decide; the resolver compares them all (identity/family-rival.ts).
  if (targetPick && targetFeats) {
    const { i } = targetPick;
    const rivals = g.index
      .candidates(featsOf[i])
      .filter((f) => f.id !== targetFeats.id && Boolean(g.get(f.id)) && !contradiction(i, f.id))
      .map((f) => {
        const c = candidateFeatures(f);
        return scoreBesideInformantAge(
          (x) => scorePair(x, c, { frequencies: g.index.frequencies, family: g.index }),
          featsOf[i],
          c,
          informantAges[i],
        );
      });
    if (familyFavoursRival(targetPick.s, rivals)) targetPick = undefined;
  }

  // The sought person, when the record's persona most like them is another of its personas, is kept for that one.
  const reservedFor = (id: string, i: number) => Boolean(targetPick && id === ctx.target && targetPick.i !== i);
  // A family the record lists as a whole (a household without surnames in an estate inventory) is
  // matched as a whole: the one known family in which every stated tie holds (identity/family-group.ts).
  const ties: RecordTie[] = family.flatMap((f, i) => [
    ...f.spouses.filter((j) => j > i).map((j) => ({ a: i, b: j, kind: 'spouse' as const })),
    ...f.children.map((j) => ({ a: i, b: j, kind: 'parent' as const })),
  ]);
  const groupPick = familyGroupAssignment(
    ties.filter((t) => !mention[t.a] && !mention[t.b]),
    (i) =>
      g.index
        .candidates(featsOf[i])
        .filter((f) => g.get(f.id) && !used.has(f.id))
        .filter((f) => {
          const s = scorePair(featsOf[i], f, { frequencies: g.index.frequencies, family: g.index });
          return (
            !s.hardNegative &&
            s.recommendation !== 'separate' &&
            s.similarity >= DEFAULT_THRESHOLDS.review &&
            !contradicts(i, f.id)
          );
        })
        .map((f) => f.id),
    (x, y, kind) =>
      (g.get(x)?.relationships ?? []).some(
        (r) => r.person === y && r.status !== 'rejected' && r.type === (kind === 'spouse' ? 'spouse' : 'child'),
      ),
  );
  // A persona the record gives nothing but a name, beside another persona of that name ("Thomas Wroe,
  // potter … and his grandson Pte Thomas Wroe"): two men of one name, and nothing to say which is whom.
  const bareNamesake = (i: number): boolean =>
    toldNothingBut(recordPersonas[i], featsOf[i], family[i]) &&
    recordPersonas.some((p, j) => j !== i && sameWrittenName(p.name, recordPersonas[i].name));
  // Of namesakes in the record, the one it tells more about is matched first.
  const matchOrder = namesakesByEvidence(
    order,
    recordPersonas.map((p) => p.name),
    featsOf.map((f) => Boolean(f.birth)),
  );
  // A wife is known by her husband (her surname changes with each marriage): unless a parent already
  // known identifies her, he is matched before her (identity/wife-after-husband.ts).
  const awaited = new Set<number>();
  for (const i of matchOrder) {
    if (!awaited.has(i)) {
      const h = husbandToAwait(
        i,
        family,
        (j) => roleSex(personas[j].persona),
        aIdx,
        (j) => result.personIds[j] !== undefined,
        (j) => !result.created.includes(result.personIds[j]!),
      );
      const at = h === undefined ? -1 : matchOrder.indexOf(h, matchOrder.indexOf(i));
      if (at >= 0) {
        awaited.add(i);
        matchOrder.splice(at + 1, 0, i);
        continue;
      }
    }
    const gp = personas[i];
    const persona: Persona = { ...gp.persona, sex: roleSex(gp.persona) };
    const feats = featsOf[i];
    // 1. Re-analysis after a crash: the person already citing this source under this name.
    const folded = foldName(persona.name.replace(/\//g, ''));
    const prior = already.find(
      (p) =>
        !used.has(p.id) &&
        p.names.some((n) => foldName(`${n.given} ${n.surname}`) === folded && (n.citations ?? []).includes(source.id)),
    );
    if (prior) {
      used.add(prior.id);
      result.personIds[i] = prior.id;
      noteFoundling(g, prior.id, gp.persona, source.id, i === aIdx ? source.title : undefined);
      result.matches.push({
        persona: persona.name,
        key: gp.key ?? gp.persona.key,
        person: prior.id,
        created: false,
        how: 'source',
        rationale: `already linked to ${source.id}`,
        options: [],
      });
      continue;
    }
    // 2. Family context: a relative of a person already matched in this record.
    const rel = relation[i];
    const contextPool: string[] = [];
    if (rel && i !== aIdx) {
      const anchorId = result.personIds[aIdx];
      const target =
        rel.of === 'anchor'
          ? anchorId
          : rel.of === 'anchorSpouse' && spouseIdx >= 0
            ? result.personIds[spouseIdx]
            : undefined;
      const tp = target ? g.get(target) : undefined;
      if (tp)
        for (const r of tp.relationships)
          if (r.type === rel.kind && r.status !== 'rejected') contextPool.push(r.person);
    }
    // The family the record states (any wording), and for a household listed without relationships, the head's relatives.
    if (i !== aIdx)
      for (const id of familyPool(g, family[i], result.personIds)) if (!contextPool.includes(id)) contextPool.push(id);
    const inHousehold =
      i !== aIdx &&
      source.recordType === 'census' &&
      !rel &&
      !family[i].parents.length &&
      !family[i].spouses.length &&
      !family[i].children.length &&
      persona.role !== 'witness' &&
      persona.role !== 'informant';
    // A page listing several households: the persona's own is under the last head listed before it; a
    // head of another household is the first head's neighbour on the page, often their kin.
    let head = i;
    while (head > 0 && personas[head].persona.role !== 'head') head--;
    const ownHead = head !== i && personas[head].persona.role === 'head';
    const headId = ownHead ? result.personIds[head] : result.personIds[aIdx];
    const household = inHousehold && headId ? householdPool(g, headId).filter((id) => !contextPool.includes(id)) : [];
    // Name frequencies weigh common names less; the index answers "does this couple have another child so named".
    // An informant's birth year is set aside when everything else identifies the person (informant-age.ts).
    const score = (f: PersonFeatures): PairScore => {
      const c = candidateFeatures(f);
      return scoreBesideInformantAge(
        (x) => scorePair(x, c, { frequencies: g.index.frequencies, family: g.index }),
        feats,
        c,
        informantAges[i],
      );
    };
    let chosen: { id: string; s: PairScore; how: MatchDecision['how'] } | undefined;
    const options: MatchDecision['options'] = [];
    if (targetPick?.i === i && ctx.target && !used.has(ctx.target))
      chosen = { id: ctx.target, s: targetPick.s, how: 'context' };
    for (const id of chosen ? [] : [...contextPool, ...household]) {
      const f = g.features(id);
      if (!f || used.has(id)) continue;
      const s = score(f);
      const against = contradiction(i, id);
      options.push({
        person: id,
        similarity: s.similarity,
        recommendation: against ? `separate: ${against}` : s.recommendation,
      });
      if (against) continue;
      // A relative already known in the same role (the child's mother): a woman's maiden and married
      // surnames differ, so a matching given name and no hard contradiction is enough here.
      const givenAlike = feats.names.some((n) =>
        f.names.some(
          (m) =>
            n.given[0] &&
            m.given[0] &&
            (nicknameMatch(n.given[0], m.given[0]) || n.givenMeta.some((k) => m.givenMeta.includes(k))),
        ),
      );
      // Any given name of one side against the first of the other: "Geo." is Johann Georg.
      const named = givenAlike || familyGivenAlike(persona.name, g.get(id)!);
      const sexOk = sexesFit(feats.sex, f.sex);
      // A household member is only likely a relative: the resolver must find the pair worth a look too.
      const ok =
        !s.hardNegative &&
        sexOk &&
        (household.includes(id)
          ? named &&
            (s.similarity >= DEFAULT_THRESHOLDS.review ||
              birthsAgree(feats.birth, f.birth) ||
              wifeUnderHusbandsName(g, headId, id, persona.name))
          : s.similarity >= 0.5 || named);
      if (ok && (!chosen || s.similarity > chosen.s.similarity))
        chosen = {
          id,
          s: household.includes(id)
            ? {
                ...s,
                rationale: `${s.rationale} Family context: listed ${persona.role === 'head' ? 'on the page beside' : 'in the household of'} ${displayName(g.get(headId!)!)}, whose known relative this is.`,
              }
            : s,
          how: 'context',
        };
    }
    // 2b. A passenger list of the very day the person is recorded arriving: an immigrant renamed.
    if (!chosen && !mention[i] && i === aIdx && source.recordType === 'immigration') {
      const ids = g.index
        .candidates(feats)
        .map((f) => f.id)
        .filter((id) => !used.has(id) && !contradiction(i, id));
      const hit = sameArrival(
        g,
        ids,
        { surname: splitPersonaName(persona.name).surname, birth: feats.birth },
        source.date,
      );
      const s = hit ? score(g.features(hit.id)!) : undefined;
      if (hit && s && !s.hardNegative)
        chosen = { id: hit.id, s: { ...s, rationale: `${s.rationale} ${hit.why}` }, how: 'context' };
    }
    // 3. The resolver over blocked candidates; not for a bare namesake (identity/namesakes-in-record.ts).
    if (!chosen && !mention[i] && !bareNamesake(i)) {
      let best: { id: string; s: PairScore } | undefined;
      const alike: { id: string; s: PairScore }[] = [];
      for (const f of g.index.candidates(feats)) {
        if (used.has(f.id) || !g.get(f.id) || reservedFor(f.id, i)) continue;
        const s = score(f);
        const against =
          s.recommendation === 'separate' || s.similarity < DEFAULT_THRESHOLDS.review
            ? undefined
            : contradiction(i, f.id);
        options.push({
          person: f.id,
          similarity: s.similarity,
          recommendation: against ? `separate: ${against}` : s.recommendation,
        });
        if (s.recommendation === 'separate' || against) continue;
        alike.push({ id: f.id, s });
        if (!best || s.similarity > best.s.similarity) best = { id: f.id, s };
      }
      // A bride or groom: of plausible namesakes, the one not already married to another (when only one is not).
      const free =
        source.recordType === 'marriage' && best
          ? pickUnmarried(
              g,
              alike.filter((x) => x.s.similarity >= TARGET_FLOOR).map((x) => x.id),
              spouseGiven(i),
              recordYear,
            )
          : undefined;
      const freeOne = free && free.id !== best?.id ? alike.find((x) => x.id === free.id) : undefined;
      if (freeOne && free)
        best = { id: freeOne.id, s: { ...freeOne.s, rationale: `${freeOne.s.rationale} ${free.why}` } };
      // Equally alike candidates (two Elijah Barneses, no age in this record): the family decides, or no one does.
      const tied = best ? alike.filter((x) => best!.s.similarity - x.s.similarity < TIE) : [];
      if (best && tied.length > 1) {
        const relatives = (['parents', 'spouses', 'children'] as const).flatMap((k) =>
          family[i][k]
            .map((j) => result.personIds[j])
            .filter((id): id is string => Boolean(id))
            .map((id) => ({
              id,
              kind: k === 'parents' ? ('parent' as const) : k === 'spouses' ? ('spouse' as const) : ('child' as const),
            })),
        );
        const pick = pickByFamily(
          g,
          tied.map((x) => x.id),
          relatives,
          source.id,
        );
        // A marriage's bride or groom: of namesakes alike, the one not already married to another.
        const unmarried =
          !pick && source.recordType === 'marriage'
            ? pickUnmarried(
                g,
                tied.map((x) => x.id),
                spouseGiven(i),
                recordYear,
              )
            : undefined;
        const won = (pick ?? unmarried) && tied.find((x) => x.id === (pick ?? unmarried)!.id);
        best = won
          ? { id: won.id, s: { ...won.s, rationale: `${won.s.rationale} ${(pick ?? unmarried)!.why}` } }
          : {
              ...best,
              s: {
                ...best.s,
                recommendation: 'review',
                similarity: Math.min(best.s.similarity, MATCH_REVIEW_ACCEPT - 0.01),
                rationale: `${best.s.rationale} Tied with ${tied.length - 1} other candidate(s) and no family context tells them apart: left for review.`,
              },
            };
      }
      if (best && ctx.notSame.has(pairKey(best.id, feats.id))) best = undefined;
      // Names and places alone hardly tell two namesakes apart: of candidates left for review, the one
      // a relative named here is already linked to ("Joseph son of John": the Joseph whose father John
      // is known) is taken over one whose family is unknown or other.
      if (best?.s.recommendation === 'review' && i === aIdx && !corroborated(g, best.id, personas, relation, aIdx)) {
        const backed = alike.filter(
          (x) =>
            x.id !== best!.id &&
            x.s.similarity >= TARGET_FLOOR &&
            !ctx.notSame.has(pairKey(x.id, feats.id)) &&
            corroborated(g, x.id, personas, relation, aIdx),
        );
        if (backed.length === 1) best = backed[0];
      }
      const split =
        best?.s.recommendation === 'review' && i === aIdx
          ? familySplit(
              g,
              best.id,
              options.flatMap((o) => ('similarity' in o && o.similarity >= TARGET_FLOOR ? [o.person] : [])),
              personas,
              relation,
              aIdx,
            )
          : undefined;
      if (best && split) best = { ...best, s: { ...best.s, rationale: `${best.s.rationale} ${split}` } };
      if (
        best?.s.recommendation === 'review' &&
        i === aIdx &&
        !split &&
        corroborated(g, best.id, personas, relation, aIdx)
      ) {
        chosen = {
          id: best.id,
          s: {
            ...best.s,
            rationale: `${best.s.rationale} Corroborated by family context: a relative named in this record is already linked to this person in the same role.`,
          },
          how: 'context',
        };
      }
      // A witness, sponsor or priest named alike, in the company they kept before: the same associate.
      if (
        !chosen &&
        best?.s.recommendation === 'review' &&
        best.s.similarity >= TARGET_FLOOR &&
        tied.length <= 1 &&
        (isAssociateRole(persona.role) || unrelatedMention(i, recordPersonas, family[i])) &&
        !otherKnownSpouse(
          g,
          best.id,
          family[i].spouses.map((j) => recordPersonas[j].name),
        )
      ) {
        const company = keptCompany(g, best.id, result.personIds, source.id);
        if (company)
          chosen = { id: best.id, s: { ...best.s, rationale: `${best.s.rationale} ${company}` }, how: 'context' };
      }
      const inGroup = groupPick.get(i);
      if (!chosen && inGroup && best?.s.recommendation !== 'merge' && !used.has(inGroup)) {
        const s = score(g.features(inGroup)!);
        chosen = {
          id: inGroup,
          s: {
            ...s,
            rationale: `${s.rationale} Family group: the record's household (${[...groupPick.keys()].map((j) => recordPersonas[j].name.replace(/\//g, '').trim()).join(', ')}) fits one known family as a whole, every stated tie holding.`,
          },
          how: 'context',
        };
      }
      // No one like the anchor, but the husband or wife the record names is found with confidence:
      // his one known wife of her given name is she (identity/known-partner.ts).
      if (!chosen && i === aIdx && (!best || best.s.similarity < DEFAULT_THRESHOLDS.review)) {
        const strong = family[i].spouses.flatMap((j) =>
          g.index
            .candidates(featsOf[j])
            .filter((f) => !used.has(f.id) && g.get(f.id))
            .filter((f) => {
              const s = scorePair(featsOf[j], f, { frequencies: g.index.frequencies, family: g.index });
              return !s.hardNegative && s.recommendation !== 'separate' && s.similarity >= MATCH_REVIEW_ACCEPT;
            })
            .map((f) => f.id),
        );
        const hit = spouseOfKnownPartner(
          (id) => g.get(id),
          [...new Set(strong)],
          splitPersonaName(persona.name).given,
          (id) =>
            !used.has(id) &&
            sexesFit(feats.sex, g.get(id)?.sex) &&
            !contradiction(i, id) &&
            !score(g.features(id)!).hardNegative,
        );
        if (hit) {
          const s = score(g.features(hit.spouse.id)!);
          chosen = { id: hit.spouse.id, s: { ...s, rationale: `${s.rationale} ${hit.why}` }, how: 'context' };
        }
      }
      if (chosen) {
        // matched through the record's family context
      } else if (best?.s.recommendation === 'merge') chosen = { ...best, how: 'resolver' };
      else if (best?.s.recommendation === 'review') {
        // The deterministic floor (issue 14): the resolver's own threshold decides; a model adjudicator
        // only gives the reviewer a labelled opinion on the pairs left for review.
        let opinion = '';
        // A parent named here unlike the person's own (parentUnlike) leaves the pair to a reviewer.
        const unlikeParent = parentUnlike(g, relativesInRecord[i].parents, g.get(best.id)!);
        if (best.s.similarity >= MATCH_REVIEW_ACCEPT && !unlikeParent) chosen = { ...best, how: 'resolver' };
        else if (ctx.adjudicator) {
          const other = g.get(best.id)!;
          opinion = adjudicatorOpinion(
            await ctx.adjudicator.adjudicate(
              { ...persona, source: source.id },
              { id: other.id, name: displayName(other) },
              best.s.features,
              ctx.signal,
            ),
            ctx.adjudicator.kind,
          );
        }
        if (!chosen) {
          result.reviews.push({
            id: stableId('M', source.id, String(i), best.id),
            canonicalId: best.id,
            memberIds: [best.id, `${source.id}#${i}`].map((x) => x.replace(/#/g, '.')),
            similarity: Number(best.s.similarity.toFixed(4)),
            features: best.s.features,
            rationale: `${best.s.rationale}${unlikeParent ? ` Left for review: ${unlikeParent}.` : ''}${opinion}`,
            whyNotMerge: best.s.whyNotMerge,
            recommendation: 'review',
            status: 'proposed',
            reversible: true,
          });
        }
      }
    }
    let personId: string;
    if (!chosen && mention[i]) {
      // No known person fits the mention: it stays with its source, unresolved.
      const rel = relation[i];
      const anchorId = rel?.of === 'anchor' && i !== aIdx ? result.personIds[aIdx] : undefined;
      const snippet = gp.snippets.relationship ?? gp.snippets.role ?? gp.snippets.name ?? persona.name;
      const m: UnresolvedMention = {
        source: source.id,
        name: persona.name.replace(/\//g, '').replace(/\s+/g, ' ').trim(),
        reason: mention[i],
        snippet,
      };
      if (anchorId && rel) {
        m.relatedTo = anchorId;
        m.kind = rel.kind;
        m.claim = evidenceClaim(source, rel.kind, snippet, {
          principal: true,
          direct: true,
          method: gp.method,
          extractorConfidence: gp.confidence,
        });
      }
      result.mentions.push(m);
      continue;
    }
    if (chosen) {
      personId = chosen.id;
      result.matches.push({
        persona: persona.name,
        key: gp.key ?? gp.persona.key,
        person: personId,
        created: false,
        similarity: chosen.s.similarity,
        how: chosen.how,
        rationale: surnameNote(i) + chosen.s.rationale,
        options,
      });
    } else {
      personId = ctx.newPersonId();
      const nowIso = ctx.now.toISOString();
      g.put({
        id: personId,
        names: [
          nameOf(
            persona,
            inferredSurnames.get(i)?.married === true ||
              marriedNameInRecord(persona, personas[aIdx]?.persona, relation[i])
              ? 'married'
              : 'birth',
            source.id,
          ),
        ],
        sex: persona.sex ?? 'U',
        assertions: [],
        relationships: [],
        externalIds: {},
        createdAt: nowIso,
        updatedAt: nowIso,
      });
      result.created.push(personId);
      result.matches.push({
        persona: persona.name,
        key: gp.key ?? gp.persona.key,
        person: personId,
        created: true,
        how: 'new',
        rationale:
          surnameNote(i) +
          (options.length
            ? `no candidate close enough (best ${Math.max(...options.map((o) => o.similarity)).toFixed(2)})`
            : 'no candidate shares a blocking key'),
        options,
      });
    }
    used.add(personId);
    result.personIds[i] = personId;
    noteFoundling(g, personId, gp.persona, source.id, i === aIdx ? source.title : undefined);
    if (result.reviews.length && result.reviews[result.reviews.length - 1].memberIds[1] === `${source.id}.${i}`) {
      const r = result.reviews[result.reviews.length - 1];
      r.memberIds = [r.canonicalId, personId];
    }
  }

  // Facts.
  for (const i of order) {
    const id = result.personIds[i];
    if (!id) continue;
    const gp = personas[i];
    const persona = gp.persona;
    const principal = i === aIdx;
    let p = g.get(id)!;
    const method = gp.method;
    const claim = (fact: string, snippetKey: string, value: string, direct = true) => {
      let snippet = gp.snippets[snippetKey] ?? finder.find(persona, snippetKey, value);
      // Free text has no index lines: a fact without its own snippet cites the words that name the persona.
      if (!snippetInSource(snippet, source)) snippet = gp.snippets.role ?? gp.snippets.name ?? snippet;
      return evidenceClaim(source, fact, snippet, {
        principal,
        direct,
        method,
        extractorConfidence: gp.confidence,
        information: gp.informationType,
      });
    };
    // Names: a new spelling is an alias; a surname taken at marriage is a married name.
    const isMarriedName =
      persona.sex !== 'M' &&
      p.names.length > 0 &&
      !p.names.some((n) => foldName(n.surname) === foldName(splitPersonaName(persona.name).surname)) &&
      p.relationships.some(
        (r) =>
          r.type === 'spouse' &&
          g.get(r.person)?.names.some((n) => foldName(n.surname) === foldName(splitPersonaName(persona.name).surname)),
      );
    const marriedInRecord =
      isMarriedName ||
      inferredSurnames.get(i)?.married === true ||
      marriedNameInRecord(persona, personas[aIdx]?.persona, relation[i]);
    const bride =
      !mention[i] &&
      !marriedInRecord &&
      source.recordType === 'marriage' &&
      i !== aIdx &&
      relation[i]?.kind === 'spouse' &&
      roleSex(persona) === 'F' &&
      roleSex(personas[aIdx].persona) !== 'F' &&
      !/widow/i.test(`${persona.role} ${persona.relationship ?? ''}`);
    // A resolved mention adds no name: its surname was never written.
    if (mention[i]) {
      // Only a name the person already bears gains the citation (the son "Robert" of a known Robert Hoffman).
      const named = nameOf(persona, 'aka', source.id);
      if (p.names.some((n) => foldName(`${n.given} ${n.surname}`) === foldName(`${named.given} ${named.surname}`)))
        p = addName(p, named);
    } else if (bride)
      p = withBirthName(p, nameOf(persona, 'birth', source.id), splitPersonaName(personas[aIdx].persona.name).surname);
    else p = addName(p, nameOf(persona, marriedInRecord ? 'married' : 'aka', source.id));
    if (typeof persona.marriedName === 'string')
      p = addName(p, { ...splitPersonaName(persona.marriedName), type: 'married', citations: [source.id] });
    // The record states the name its principal takes from now on (a naturalization's name change).
    const renamed = principal && !mention[i] ? statedNameChange(source.text, persona.name) : undefined;
    if (renamed)
      p = addName(p, { given: renamed.given, surname: renamed.surname, type: 'aka', citations: [source.id] });
    // A second name written right after this persona's own ("Juan Buenaventura (antes Juan de la Cruz)").
    if (!mention[i])
      for (const alias of statedAliases([source.text, source.translation], persona.name))
        p = addName(p, { given: alias.given, surname: alias.surname, type: 'aka', citations: [source.id] });
    const sex = roleSex(persona);
    if (sex === 'M' || sex === 'F') {
      p = addAssertion(p, 'sex', sex, claim('sex', persona.sex ? 'sex' : 'role', sex), ctx.now);
      if (p.sex === 'U') p = { ...p, sex };
    }
    const birthEvent = `${id}-birth`;
    if (persona.birthDate)
      p = addAssertion(
        p,
        'birth.date',
        persona.birthDate,
        claim('birth.date', 'birthDate', persona.birthDate),
        ctx.now,
        birthEvent,
      );
    else if (persona.age !== undefined) {
      // The age as written ("in his 80th year" = 79), at the date of the event it was given for.
      const age = gp.age ?? parseAge(persona.age);
      const born = age ? birthFromAge(age, ageDate(source, extraction, gp)) : undefined;
      if (born)
        p = addAssertion(
          p,
          'birth.date',
          born.date,
          claim('birth.date', 'age', String(persona.age), false),
          ctx.now,
          birthEvent,
        );
    }
    if (persona.birthPlace)
      p = addAssertion(
        p,
        'birth.place',
        persona.birthPlace,
        claim('birth.place', 'birthPlace', persona.birthPlace),
        ctx.now,
        birthEvent,
      );
    if (persona.deathDate)
      p = addAssertion(
        p,
        'death.date',
        persona.deathDate,
        claim('death.date', 'deathDate', persona.deathDate),
        ctx.now,
        `${id}-death`,
      );
    if (persona.deathPlace)
      p = addAssertion(
        p,
        'death.place',
        persona.deathPlace,
        claim('death.place', 'deathPlace', persona.deathPlace),
        ctx.now,
        `${id}-death`,
      );
    if (persona.burialDate)
      p = addAssertion(
        p,
        'burial.date',
        persona.burialDate,
        claim('burial.date', 'burialDate', persona.burialDate),
        ctx.now,
        `${id}-burial`,
      );
    if (persona.burialPlace)
      p = addAssertion(
        p,
        'burial.place',
        persona.burialPlace,
        claim('burial.place', 'burialPlace', persona.burialPlace),
        ctx.now,
        `${id}-burial`,
      );
    // A death register's date is its death's only when the record gives the death no date of its own
    // (an event "died 13 JAN", registered on the 14th, is the death's day).
    if (principal && source.recordType === 'death' && !persona.deathDate && source.date && !ownEvent(i, 'death'))
      p = addAssertion(
        p,
        'death.date',
        source.date,
        evidenceClaim(source, 'death.date', registerDateSnippet(finder, persona, source.date), {
          principal,
          direct: true,
          method,
        }),
        ctx.now,
        `${id}-death`,
      );
    const occEvent = stableId('E', source.id, id, 'occupation');
    if (persona.occupation)
      p = addAssertion(
        p,
        'occupation.value',
        persona.occupation,
        claim('occupation.value', 'occupation', persona.occupation),
        ctx.now,
        occEvent,
      );
    if (persona.residence)
      p = addAssertion(
        p,
        'residence.place',
        persona.residence,
        claim('residence.place', 'residence', persona.residence),
        ctx.now,
        stableId('E', source.id, id, 'residence'),
      );
    const role = principal
      ? 'anchor'
      : relation[i]?.kind === 'spouse' && source.recordType === 'marriage'
        ? 'spouse'
        : 'other';
    const couple =
      source.recordType === 'marriage' && spouseIdx >= 0
        ? [result.personIds[aIdx], result.personIds[spouseIdx]].filter(Boolean).sort().join('+')
        : '';
    for (const f of eventFacts(source, role)) {
      if (!f.value) continue;
      if (f.field.startsWith('residence') && persona.residence) continue;
      // The persona's own burial date or place, or a burial event naming it, says it better than the record's.
      if (f.field === 'burial.date' && (persona.burialDate || ownEvent(i, 'burial'))) continue;
      // A gravestone dated by the death it records ("died 22 Adar II 5698"): its date is no burial's.
      if (f.field === 'burial.date' && (persona.deathDate === f.value || ownEvent(i, 'death', f.value))) continue;
      if (f.field === 'burial.place' && (persona.burialPlace || ownEvent(i, 'burial'))) continue;
      const event = f.field.startsWith('marriage')
        ? stableId('E', 'marriage', couple || source.id)
        : f.field.startsWith('residence')
          ? stableId('E', source.id, id, 'residence')
          : `${id}-${f.field.split('.')[0]}`;
      const text = finder.find(persona, f.from, f.value);
      const snippet = text.startsWith(`${persona.name}:`)
        ? recordLines(source).find((l) => l.startsWith(`${f.from}:`))!
        : text;
      p = addAssertion(
        p,
        f.field,
        f.value,
        evidenceClaim(source, f.field, snippet, { principal: principal || role === 'spouse', direct: true, method }),
        ctx.now,
        event,
      );
    }
    if (typeof persona.marriageDate === 'string' && relation[i]?.kind === 'spouse') {
      const anchorId = result.personIds[aIdx];
      const ev = stableId('E', 'marriage', [anchorId, id].sort().join('+'));
      const c = claim('marriage.date', 'marriageDate', persona.marriageDate);
      p = addAssertion(p, 'marriage.date', persona.marriageDate, c, ctx.now, ev);
      if (anchorId) g.put(addAssertion(g.get(anchorId)!, 'marriage.date', persona.marriageDate, c, ctx.now, ev));
    }
    for (const a of p.assertions)
      if (a.field.endsWith('.place') && a.evidence.some((e) => e.source === source.id)) {
        countEvidence(a.value);
        const k = a.value.toLowerCase();
        if (!g.placesSeen.has(k)) {
          g.placesSeen.add(k);
          result.places.push(a.value);
        }
      }
    g.put({ ...p, updatedAt: ctx.now.toISOString() });
    g.noteSource(source.id, id);
    countEvidence(displayName(p));
    result.touched.add(id);
  }

  // Relationships from roles.
  const anchorId = result.personIds[aIdx];
  for (const i of order) {
    // A relationship the record states is linked below (applyRelations), with its own words and information type.
    if (i === aIdx || statedFor[i]) continue;
    const id = result.personIds[i];
    const rel = relation[i];
    if (!id || !rel) continue;
    const gp = personas[i];
    const snippet =
      gp.snippets.relationship ??
      gp.snippets.role ??
      gp.snippets.name ??
      finder.find(gp.persona, 'name', gp.persona.name);
    let target: string | undefined = anchorId;
    if (rel.of === 'anchorSpouse') target = spouseIdx >= 0 ? result.personIds[spouseIdx] : undefined;
    if (rel.of === 'bride' || rel.of === 'groom') {
      const want = rel.of === 'bride' ? 'F' : 'M';
      const k = [aIdx, spouseIdx].find((j) => j >= 0 && roleSex(personas[j].persona) === want);
      target = k !== undefined ? result.personIds[k] : undefined;
    }
    if (!target) continue;
    const direct = rel.of !== 'anchorSpouse';
    const c = evidenceClaim(source, rel.kind, snippet, {
      principal: true,
      direct,
      method: gp.method,
      extractorConfidence: gp.confidence,
    });
    // kind is what persona i is to the target, so the target gets relationship `kind` → i.
    const refused = g.relate(target, rel.kind, id, [c], 'staged', c.confidence);
    if (refused)
      result.refused.push(`${displayName(g.get(target)!)} ${rel.kind} ${displayName(g.get(id)!)}: ${refused}`);
    else result.touched.add(target).add(id);
  }
  // Archive v2: the record's events and the relationships it states between its persons.
  const byKey = keyedPersons(personas, result.personIds);
  applyEvents({ graph: g, now: ctx.now }, source, extraction, byKey, result);
  applyRelations({ graph: g, now: ctx.now }, source, extraction, byKey, result, grandparents);
  // Implied: a household's children are the head's spouse's children too; a child's two named parents are a couple.
  const idxOf = (pred: (i: number) => boolean) => personas.map((_, i) => i).filter((i) => i !== aIdx && pred(i));
  const spouses = idxOf((i) => relation[i]?.kind === 'spouse' && relation[i]?.of === 'anchor');
  const children = idxOf((i) => relation[i]?.kind === 'child' && relation[i]?.of === 'anchor');
  const parents = idxOf((i) => relation[i]?.kind === 'parent' && relation[i]?.of === 'anchor');
  const implied = (a: number, kind: RelKind, b: number, why: string) => {
    const ida = result.personIds[a];
    const idb = result.personIds[b];
    if (!ida || !idb) return;
    const gp = personas[b];
    const snippet =
      gp.snippets.relationship ??
      gp.snippets.role ??
      gp.snippets.name ??
      finder.find(gp.persona, 'name', gp.persona.name);
    const c = evidenceClaim(source, kind, snippet, {
      principal: true,
      direct: false,
      method: gp.method,
      extractorConfidence: gp.confidence,
    });
    const refused = g.relate(ida, kind, idb, [c], 'staged', c.confidence);
    if (!refused) {
      result.touched.add(ida).add(idb);
      result.implied.push({ a: ida, b: idb, text: why });
    }
  };
  // A household (an indexed record) only: a notice listing a man's widow and his children does not say she is their mother.
  if (spouses.length === 1 && source.persons.length > 0)
    for (const c of children)
      implied(
        spouses[0],
        'child',
        c,
        `${personas[c].persona.name} is listed as a child in the household of ${personas[aIdx].persona.name} and ${personas[spouses[0]].persona.name}`,
      );
  if (parents.length === 2)
    implied(
      parents[0],
      'spouse',
      parents[1],
      `${personas[parents[0]].persona.name} and ${personas[parents[1]].persona.name} are named together as the parents of ${personas[aIdx].persona.name}`,
    );
  // Free-text spouse of a married daughter ("Anna, wife of Henry Miller").
  for (const i of order) {
    const sp = personas[i].persona.spouseName;
    const id = result.personIds[i];
    if (typeof sp !== 'string' || !id) continue;
    result.implied.push({ a: id, b: id, text: `${personas[i].persona.name} is named as the wife of ${sp}` });
  }
  // Household members without a stated relationship: a clue, never a fact.
  for (const i of order) {
    if (
      i === aIdx ||
      relation[i] ||
      !result.personIds[i] ||
      !anchorId ||
      personas[i].persona.role === 'witness' ||
      personas[i].persona.role === 'informant'
    )
      continue;
    if (source.recordType === 'census')
      result.implied.push({
        a: anchorId,
        b: result.personIds[i],
        text: `${personas[i].persona.name} lives in the household of ${personas[aIdx].persona.name} (${source.title}) without a stated relationship`,
      });
  }
  return result;
}

/**
 * The snippet of a death register's own date read as its deceased's death: the line of the text that
 * names them with it, else the record's date line ('date: 14 JAN 1911'). SnippetFinder falls back to
 * a persona index line ('Name: date 14 JAN 1911'), which is no line of the source: a persona has no
 * 'date' field, so the verification checkpoint could not find it.
 */
function registerDateSnippet(finder: SnippetFinder, persona: Persona, date: string): string {
  const found = finder.find(persona, 'date', date);
  return found === indexLine(persona, 'date', date) ? `date: ${date}` : found;
}
