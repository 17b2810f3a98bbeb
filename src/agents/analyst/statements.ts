/**
 * What a record states between its persons (archive format v2), turned into the case: each event's
 * date and place become facts of the persons it names (never a birth unless it is a birth), and each
 * stated relationship becomes a relationship between the matched persons. "My daughter Anna wife of
 * Henry Miller" is two stated edges (child, spouse); a son-in-law or a sibling alone is linked only
 * through a relative the record also names, as indirect evidence.
 */
import type { InformationClass, SourceRecord } from '../../model';
import type { ExtractionResult, GroundedPersona, StatedRelation } from '../../engine/agents';
import { stableId } from '../../engine/ids';
import { displayName } from '../../model';
import type { KnowledgeGraph, RelKind } from './graph';
import { evidenceClaim } from './mills';
import { addAssertion } from './assertions';
import type { IntegrationResult } from './integration-result';
import type { GrandparentLink } from './identity/grandparents';

/** A record's date written in its calendar: a Julian record's dates keep their calendar (GEDCOM escape). */
export function dateAsWritten(date: string, record: Pick<SourceRecord, 'calendar'>): string {
  if (record.calendar === 'julian' && !/^\s*(@#D|JULIAN\b|GREGORIAN\b)/i.test(date)) return `@#DJULIAN@ ${date}`;
  return date;
}

/** A fact field's event part: "church-membership" → "church_membership" (fields are [a-z_]). */
function eventField(type: string): string {
  const t = type
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  return t === 'christening' ? 'baptism' : t || 'event';
}

const VITAL = new Set(['birth', 'baptism', 'death', 'burial']);
/**
 * Roles of those present at another's vital event: the godmother named in a baptism's persons was
 * not baptised that day (her "baptism 14 AUG 1852" made her a child of that year and kept her apart
 * from the witness of 1851 she is).
 */
const PRESENT_AT = new Set(['sponsor', 'godparent', 'witness', 'officiant', 'informant', 'father', 'mother']);

interface Ctx {
  graph: KnowledgeGraph;
  now: Date;
}

/** Persona key → person id, for the personas this record matched. */
export function keyedPersons(
  personas: readonly GroundedPersona[],
  personIds: readonly (string | undefined)[],
): Map<string, { id: string; gp: GroundedPersona }> {
  const out = new Map<string, { id: string; gp: GroundedPersona }>();
  personas.forEach((gp, i) => {
    const id = personIds[i];
    const key = gp.key ?? gp.persona.key;
    if (id && key && !out.has(key)) out.set(key, { id, gp });
  });
  return out;
}

/** Facts from the record's events (v2 `events`). */
export function applyEvents(
  ctx: Ctx,
  source: SourceRecord,
  extraction: ExtractionResult,
  byKey: ReturnType<typeof keyedPersons>,
  result: IntegrationResult,
): void {
  const g = ctx.graph;
  for (const ev of extraction.events ?? []) {
    const field = eventField(ev.type);
    const members = ev.persons
      .map((k) => byKey.get(k))
      .filter((x): x is { id: string; gp: GroundedPersona } => Boolean(x));
    const ids = [...new Set(members.map((m) => m.id))].sort();
    const present = (m: { gp: GroundedPersona }) => PRESENT_AT.has(m.gp.persona.role);
    const own = VITAL.has(field) && members.some((m) => !present(m)) ? members.filter((m) => !present(m)) : members;
    for (const { id, gp } of own) {
      // Birth and death are each person's own; a marriage is the couple's; anything else is this record's.
      const eventId = VITAL.has(field)
        ? `${id}-${field}`
        : field === 'marriage'
          ? stableId('E', 'marriage', ids.join('+') || source.id)
          : stableId('E', source.id, id, field);
      const information: InformationClass | undefined = ev.informationType ?? gp.informationType;
      const claim = (fact: string) =>
        evidenceClaim(source, fact, ev.snippet, {
          principal: true,
          direct: true,
          method: gp.method,
          extractorConfidence: gp.confidence,
          information,
        });
      let p = g.get(id);
      if (!p) continue;
      if (ev.date)
        p = addAssertion(p, `${field}.date`, dateAsWritten(ev.date, source), claim(`${field}.date`), ctx.now, eventId);
      if (ev.place) p = addAssertion(p, `${field}.place`, ev.place, claim(`${field}.place`), ctx.now, eventId);
      g.put({ ...p, updatedAt: ctx.now.toISOString() });
      result.touched.add(id);
    }
  }
}

/** What a stated relationship is as a graph edge: `target` gets `kind` → `other`. */
function edgeOf(r: StatedRelation): { kind: RelKind; target: 'from' | 'to' } | undefined {
  switch (r.type) {
    case 'father':
    case 'mother':
    case 'parent':
      return { kind: 'parent', target: 'to' }; // from is a parent of to
    case 'child':
      return { kind: 'child', target: 'to' }; // from is a child of to
    case 'spouse':
      return { kind: 'spouse', target: 'to' };
    default:
      return undefined;
  }
}

/**
 * What the persona keyed `key` is to the anchor keyed `anchorKey`, by the relationships the record
 * states (v2). `stated` is false when the record states nothing about that persona: only then may its
 * role stand in for a relationship. A record that says who is whose (a marriage naming both fathers,
 * a census page of two households) must not have its roles read as "related to the anchor" as well.
 */
export function statedToAnchor(
  relations: readonly StatedRelation[],
  key: string | undefined,
  anchorKey: string | undefined,
): { stated: boolean; kind?: RelKind } {
  if (!key || !relations.some((r) => r.from === key || r.to === key)) return { stated: false };
  for (const r of relations) {
    const edge = edgeOf(r);
    if (!edge || !anchorKey) continue;
    if (r.from === key && r.to === anchorKey) return { stated: true, kind: edge.kind };
    if (r.from === anchorKey && r.to === key)
      return { stated: true, kind: edge.kind === 'parent' ? 'child' : edge.kind === 'child' ? 'parent' : edge.kind };
  }
  return { stated: true };
}

const MALE = /^(father|brother|son-in-law)$/;
const FEMALE = /^(mother|sister|daughter-in-law)$/;

/** Relationships from the record's stated relationships (v2 `relationships`). */
export function applyRelations(
  ctx: Ctx,
  source: SourceRecord,
  extraction: ExtractionResult,
  byKey: ReturnType<typeof keyedPersons>,
  result: IntegrationResult,
  grandparents: readonly GrandparentLink[] = [],
): void {
  const g = ctx.graph;
  const relations = extraction.relations ?? [];
  const link = (
    targetId: string,
    kind: RelKind,
    otherId: string,
    gp: GroundedPersona,
    snippet: string,
    direct: boolean,
    why?: string,
  ) => {
    const c = evidenceClaim(source, kind, snippet, {
      principal: true,
      direct,
      method: gp.method,
      extractorConfidence: gp.confidence,
      information: gp.informationType,
    });
    const refused = g.relate(targetId, kind, otherId, [c], 'staged', c.confidence);
    if (refused)
      result.refused.push(`${displayName(g.get(targetId)!)} ${kind} ${displayName(g.get(otherId)!)}: ${refused}`);
    else {
      result.touched.add(targetId).add(otherId);
      if (why) result.implied.push({ a: targetId, b: otherId, text: why });
    }
  };
  for (const r of relations) {
    const from = byKey.get(r.from);
    const to = byKey.get(r.to);
    if (!from || !to) continue;
    // The record tells the sex of a father, a sister, a son-in-law …
    const sex = MALE.test(r.type) ? 'M' : FEMALE.test(r.type) ? 'F' : undefined;
    const fp = g.get(from.id);
    if (sex && fp && fp.sex === 'U') g.put({ ...fp, sex });
    const edge = edgeOf(r);
    if (edge) {
      link(to.id, edge.kind, from.id, from.gp, r.snippet, true);
      continue;
    }
    // Indirect: a son-in-law is the spouse of the one child of `to` the record names without a spouse;
    // a sibling shares the parents the record names for the other.
    const childrenOf = (key: string) =>
      relations
        .filter((x) => (x.type === 'child' && x.to === key) || (edgeOf(x)?.kind === 'parent' && x.from === key))
        .map((x) => (x.type === 'child' ? x.from : x.to));
    const hasSpouse = (key: string) => relations.some((x) => x.type === 'spouse' && (x.from === key || x.to === key));
    if (r.type === 'son-in-law' || r.type === 'daughter-in-law') {
      const candidates = childrenOf(r.to).filter(
        (k) =>
          k !== r.from && !hasSpouse(k) && g.get(byKey.get(k)?.id ?? '')?.sex !== (r.type === 'son-in-law' ? 'M' : 'F'),
      );
      const only = candidates.length === 1 ? byKey.get(candidates[0]) : undefined;
      if (only)
        link(
          only.id,
          'spouse',
          from.id,
          from.gp,
          r.snippet,
          false,
          `${from.gp.persona.name} is named ${r.type} of ${to.gp.persona.name}, whose only child named here without a spouse is ${only.gp.persona.name}`,
        );
      else
        result.implied.push({
          a: to.id,
          b: from.id,
          text: `${from.gp.persona.name} is named ${r.type} of ${to.gp.persona.name} in ${source.title}: the spouse of one of their children`,
        });
    } else if (r.type === 'sibling' || r.type === 'brother' || r.type === 'sister') {
      const parentsOf = (key: string) =>
        relations
          .filter((x) => (edgeOf(x)?.kind === 'parent' && x.to === key) || (x.type === 'child' && x.from === key))
          .map((x) => (x.type === 'child' ? x.to : x.from));
      for (const [a, b] of [
        [r.from, r.to],
        [r.to, r.from],
      ] as const) {
        const mine = new Set(parentsOf(a));
        for (const pk of parentsOf(b)) {
          const parent = byKey.get(pk);
          const child = byKey.get(a);
          if (!mine.has(pk) && parent && child)
            link(
              parent.id,
              'child',
              child.id,
              from.gp,
              r.snippet,
              false,
              `${child.gp.persona.name} is named ${r.type} of ${byKey.get(b)!.gp.persona.name}, a child of ${parent.gp.persona.name}`,
            );
        }
      }
      if (!parentsOf(r.from).length && !parentsOf(r.to).length)
        result.implied.push({
          a: to.id,
          b: from.id,
          text: `${from.gp.persona.name} is named ${r.type} of ${to.gp.persona.name} in ${source.title}`,
        });
    } else if (r.type === 'grandchild') {
      // The side the record tells (grandparents.ts): a parent of the child's father or mother, indirect evidence.
      const side = grandparents.find((x) => x.relation === r);
      const parent = side ? byKey.get(side.parent) : undefined;
      if (side && parent) {
        link(parent.id, 'parent', to.id, to.gp, r.snippet, false, side.why);
        continue;
      }
      result.implied.push({
        a: to.id,
        b: from.id,
        text: `${from.gp.persona.name} is named grandchild of ${to.gp.persona.name} in ${source.title}`,
      });
    }
    // heir and other: a role in the record, not kinship.
  }
}
