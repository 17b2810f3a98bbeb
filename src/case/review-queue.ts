/**
 * The review queue (seed 004's human in the loop): the staged facts and relationships of a case,
 * escalated and weakest first, and the user's decisions on them (accept, reject with a reason,
 * edit the value). A decision is written into the person file (`reviewed`, so the engine never
 * re-decides it and the evidence it rests on does not propose the fact again) and logged in the
 * research log as the user's (agent User). Staged findings live in person files: research writes
 * them there, and imported trees hold the tree's own conclusions.
 */
import { isLiving, redactPerson, redactText, type CensorContext } from '../agents/censor';
import {
  displayName,
  type Assertion,
  type EvidenceClaim,
  type NewLogEntry,
  type Person,
  type Relationship,
  type UserReview,
} from '../model';
import { parseGDate } from '../model/gdate';
import type { FileCaseStore } from './store';

export interface ReviewSource {
  id: string;
  title?: string;
  snippet: string;
  evidence: EvidenceClaim['evidence'];
  information: EvidenceClaim['information'];
  confidence: number;
}

export interface ReviewItem {
  /** An assertion id, or `<child>:parent:<parent>` / `<a>:spouse:<b>` for a relationship. */
  id: string;
  kind: 'fact' | 'relationship';
  person: { id: string; name: string };
  /** The fact's field ("birth.date"), or the relationship ("parent", "spouse"). */
  field: string;
  /** The value, or the related person's name and id. */
  value: string;
  confidence: number;
  status: Assertion['status'];
  /** Why a person has to decide (the Validator gave up refining it); absent when not escalated. */
  escalated?: string[];
  reviewed?: UserReview;
  sources: ReviewSource[];
  file: string;
}

export class ReviewError extends Error {}

/** How a living person is named where their details are withheld (as `ancestry persons` does). */
function shownName(p: Person, living: boolean, consent: boolean): string {
  return living && !consent ? `Living ${p.names[0]?.surname ?? ''}`.trim() : displayName(p);
}

interface View {
  ctx: CensorContext;
  living(p: Person): boolean;
  /** The person as the Censor lets them be shown. */
  censored(p: Person): Person;
  name(id: string): string;
}

function view(store: FileCaseStore): View {
  const ctx = store.censorContext();
  const cache = new Map<string, boolean>();
  const living = (p: Person) => {
    let l = cache.get(p.id);
    if (l === undefined) cache.set(p.id, (l = isLiving(p, ctx.now, ctx.thresholdYears)));
    return l;
  };
  return {
    ctx,
    living,
    censored: (p) => redactPerson(p, ctx, living(p)).person,
    name: (id) => {
      const p = store.person(id);
      return p ? `${shownName(p, living(p), ctx.consent)} (${id})` : id;
    },
  };
}

function sourcesOf(store: FileCaseStore, v: View, evidence: readonly EvidenceClaim[], living: boolean): ReviewSource[] {
  const about = living ? { ...v.ctx, aboutLiving: true } : v.ctx;
  const seen = new Set<string>();
  const out: ReviewSource[] = [];
  for (const e of evidence) {
    const key = `${e.source}\u0000${e.snippet}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: e.source,
      title: store.source(e.source)?.title,
      snippet: redactText(e.snippet, about).text,
      evidence: e.evidence,
      information: e.information,
      confidence: e.confidence,
    });
  }
  return out;
}

const INVERSE = { parent: 'child', child: 'parent', spouse: 'spouse' } as const;

/** One id per relationship, whichever side states it: the child's `parent` link, or the spouses in id order. */
function relationshipId(personId: string, r: Pick<Relationship, 'type' | 'person'>): string {
  if (r.type === 'child') return `${r.person}:parent:${personId}`;
  if (r.type === 'spouse' && r.person < personId) return `${r.person}:spouse:${personId}`;
  return `${personId}:${r.type}:${r.person}`;
}

function parseRelationshipId(id: string): { from: string; type: 'parent' | 'spouse'; to: string } | undefined {
  const m = /^([^:\s]+):(parent|spouse):([^:\s]+)$/.exec(id);
  return m ? { from: m[1], type: m[2] as 'parent' | 'spouse', to: m[3] } : undefined;
}

const needsReview = (x: { status: string; evidence: readonly EvidenceClaim[] }) =>
  x.status === 'staged' && x.evidence.length > 0;

/** Escalated first, then the weakest, then by person and field: what most needs a person's eye. */
function byUrgency(a: ReviewItem, b: ReviewItem): number {
  return (
    Number(Boolean(b.escalated)) - Number(Boolean(a.escalated)) ||
    a.confidence - b.confidence ||
    a.person.name.localeCompare(b.person.name) ||
    a.field.localeCompare(b.field) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The staged facts and relationships with evidence (a staged value the user typed into case.yaml has
 * none: it is their own starting point, not a finding). `all`: the user's past decisions too.
 */
export function reviewQueue(store: FileCaseStore, opts: { all?: boolean } = {}): ReviewItem[] {
  const v = view(store);
  const items: ReviewItem[] = [];
  const rels = new Map<string, ReviewItem>();
  const wanted = (x: { status: string; evidence: readonly EvidenceClaim[]; reviewed?: UserReview }) =>
    needsReview(x) || (opts.all === true && x.reviewed !== undefined);
  for (const raw of store.filePersons()) {
    const living = v.living(raw);
    const p = v.censored(raw);
    const person = { id: p.id, name: shownName(p, living, v.ctx.consent) };
    const file = store.personFile(p.id) ?? '';
    for (const a of p.assertions) {
      if (!wanted(a)) continue;
      items.push({
        id: a.id,
        kind: 'fact',
        person,
        field: a.field,
        value: a.value,
        confidence: a.confidence,
        status: a.status,
        ...(a.escalated ? { escalated: a.escalated.reasons } : {}),
        ...(a.reviewed ? { reviewed: a.reviewed } : {}),
        sources: sourcesOf(store, v, a.evidence, living),
        file,
      });
    }
    for (const r of p.relationships) {
      if (!wanted(r)) continue;
      const id = relationshipId(p.id, r);
      const sources = sourcesOf(store, v, r.evidence, living);
      const known = rels.get(id);
      if (known) {
        // The other side of the same link: one item, the evidence of both.
        for (const s of sources)
          if (!known.sources.some((x) => x.id === s.id && x.snippet === s.snippet)) known.sources.push(s);
        known.confidence = Math.max(known.confidence, r.confidence);
        continue;
      }
      const { from, type, to } = parseRelationshipId(id)!;
      const item: ReviewItem = {
        id,
        kind: 'relationship',
        person: from === p.id ? person : { id: from, name: v.name(from).replace(/ \([^)]*\)$/, '') },
        field: type,
        value: v.name(to),
        confidence: r.confidence,
        status: r.status,
        ...(r.reviewed ? { reviewed: r.reviewed } : {}),
        ...(r.escalated ? { escalated: r.escalated.reasons } : {}),
        sources,
        file: store.personFile(from) ?? file,
      };
      rels.set(id, item);
      items.push(item);
    }
  }
  return items.sort(byUrgency);
}

export type ReviewAction =
  | { action: 'accept'; reason?: string }
  | { action: 'reject'; reason: string }
  | { action: 'edit'; value: string; reason?: string };

export interface ReviewOutcome {
  id: string;
  person: string;
  field: string;
  decision: UserReview['decision'];
  /** The value as the file now holds it (a living person's generalised by the Censor). */
  value: string;
  was?: string;
}

/** An edited value must be a value of its field: a date reads as a date, sex is M, F or U. */
function checkValue(id: string, field: string, value: string): void {
  if (!value.trim()) throw new ReviewError(`${id}: --value is empty`);
  if (field.endsWith('.date')) {
    const d = parseGDate(value.trim());
    if (d.kind === 'phrase' || d.kind === 'empty' || !d.earliest)
      throw new ReviewError(
        `${id}: "${value}" is not a date for ${field} (write it as a GEDCOM date: 14 MAR 1842, ABT 1842, BET 1840 AND 1845)`,
      );
  }
  if (field === 'sex' && !['M', 'F', 'U'].includes(value.trim().toUpperCase()))
    throw new ReviewError(`${id}: "${value}" is not a value for sex (M, F or U)`);
}

/** Only what waits for review, or what the user decided before (a decision can be changed). */
function reviewable(id: string, x: { status: string; evidence: readonly EvidenceClaim[]; reviewed?: UserReview }) {
  if (x.reviewed || needsReview(x)) return;
  throw new ReviewError(
    x.evidence.length
      ? `${id} is ${x.status}, not staged: only staged facts are reviewed ("ancestry review <case>" lists them)`
      : `${id} has no evidence (a value entered by hand): edit the person file or case.yaml instead`,
  );
}

interface Planned {
  id: string;
  personIds: string[];
  apply(persons: Map<string, Person>, review: UserReview): void;
  field: string;
  person: string;
  was: string;
}

function plan(store: FileCaseStore, id: string, d: ReviewAction): Planned {
  const rel = parseRelationshipId(id);
  if (rel) {
    if (d.action === 'edit')
      throw new ReviewError(
        `${id}: a relationship is accepted or rejected, not edited (reject it and link the right person)`,
      );
    const from = store.person(rel.from);
    const to = store.person(rel.to);
    if (!from) throw new ReviewError(`${id}: no person ${rel.from} in the case`);
    if (!to) throw new ReviewError(`${id}: no person ${rel.to} in the case`);
    const here = from.relationships.find((r) => r.type === rel.type && r.person === rel.to);
    const there = to.relationships.find((r) => r.type === INVERSE[rel.type] && r.person === rel.from);
    if (!here && !there) throw new ReviewError(`${id}: ${rel.from} has no ${rel.type} link to ${rel.to}`);
    const stated = [here, there].filter((x): x is Relationship => x !== undefined);
    if (!stated.some((x) => x.reviewed || needsReview(x))) reviewable(id, stated[0]);
    return {
      id,
      field: rel.type,
      person: rel.from,
      was: stated[0].status,
      personIds: [rel.from, rel.to].filter((pid) => store.filePersons().some((p) => p.id === pid)),
      apply(persons, review) {
        const status = d.action === 'accept' ? ('accepted' as const) : ('rejected' as const);
        for (const [pid, other, type] of [
          [rel.from, rel.to, rel.type],
          [rel.to, rel.from, INVERSE[rel.type]],
        ] as const) {
          const p = persons.get(pid);
          if (!p) continue;
          persons.set(pid, {
            ...p,
            relationships: p.relationships.map((r) =>
              r.type === type && r.person === other ? { ...r, status, reviewed: review } : r,
            ),
          });
        }
      },
    };
  }
  const person = store.filePersons().find((p) => p.assertions.some((a) => a.id === id));
  if (!person) throw new ReviewError(`no staged fact "${id}" in this case ("ancestry review <case>" lists the ids)`);
  const a = person.assertions.find((x) => x.id === id)!;
  reviewable(id, a);
  if (d.action === 'edit') checkValue(id, a.field, d.value);
  return {
    id,
    field: a.field,
    person: person.id,
    was: a.value,
    personIds: [person.id],
    apply(persons, review) {
      const p = persons.get(person.id)!;
      persons.set(person.id, {
        ...p,
        assertions: p.assertions.map((x) => {
          if (x.id !== id) return x;
          if (d.action === 'edit')
            // Still cited to the same evidence; the value is the user's reading of it.
            return {
              ...x,
              value: d.value.trim().replace(/\s+/g, ' '),
              status: 'accepted' as const,
              reviewed: { ...review, was: x.value },
            };
          return {
            ...x,
            status: d.action === 'accept' ? ('accepted' as const) : ('rejected' as const),
            reviewed: review,
          };
        }),
      });
    },
  };
}

const DECISION = { accept: 'accepted', reject: 'rejected', edit: 'edited' } as const;

/**
 * Applies one decision to one or more items, all or nothing: every id is checked before anything
 * is written (an unknown id names itself), and the person files and the log lines land as one
 * transaction. The caller holds the case's write lock.
 */
export async function decideReview(
  store: FileCaseStore,
  ids: readonly string[],
  d: ReviewAction,
  now: Date,
): Promise<ReviewOutcome[]> {
  if (!ids.length) throw new ReviewError('no id given ("ancestry review <case>" lists the ids)');
  if (d.action === 'reject' && !d.reason.trim())
    throw new ReviewError('reject needs a reason: it is kept with the decision and in the research log');
  if (d.action === 'edit' && ids.length > 1)
    throw new ReviewError(`edit takes one id (got ${ids.length}): each edited value is its own decision`);
  const unique = [...new Set(ids)];
  const planned = unique.map((id) => plan(store, id, d));
  const reason = d.reason?.trim() || undefined;
  const review: UserReview = { decision: DECISION[d.action], at: now.toISOString(), ...(reason ? { reason } : {}) };
  const persons = new Map<string, Person>();
  for (const p of planned) for (const pid of p.personIds) if (!persons.has(pid)) persons.set(pid, store.person(pid)!);
  for (const p of planned) p.apply(persons, review);
  // One transaction: the files and the log lines land together. A failure before the commit
  // leaves nothing written (the held writes die with this store; hosts open a fresh one per action).
  store.begin();
  for (const p of persons.values()) await store.writePerson({ ...p, updatedAt: now.toISOString() });
  // What the log says is what the files hold: a living person's values as the Censor wrote them.
  const outcomes = planned.map((p): ReviewOutcome => {
    const written = store.person(p.person);
    const a = written?.assertions.find((x) => x.id === p.id);
    const value = a ? a.value : d.action === 'accept' ? 'accepted' : 'rejected';
    return {
      id: p.id,
      person: p.person,
      field: p.field,
      decision: review.decision,
      value,
      ...(d.action === 'edit' ? { was: a?.reviewed?.was ?? p.was } : {}),
    };
  });
  await store.appendLog(
    outcomes.map((o): NewLogEntry => ({
      agent: 'User',
      actionType: 'decision',
      decisionType: 'user_review',
      optionsConsidered: o.was !== undefined ? [o.was, o.value] : ['accept', 'reject', 'edit'],
      chosenOption: `${o.decision} ${o.id}`,
      rationale: reason ?? 'no reason given',
      context: `${o.person} ${o.field}${o.was !== undefined ? `: "${o.was}" → "${o.value}"` : valueText(o)}`,
    })),
  );
  await store.commit();
  return outcomes;
}

/** " = value" for a fact; a relationship's context is its id. */
function valueText(o: ReviewOutcome): string {
  return o.field.includes('.') || o.field === 'sex' ? ` = ${o.value}` : ` (${o.id})`;
}
