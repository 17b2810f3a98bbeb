/**
 * One person as a genealogist reads them (`ancestry show`): names, each fact with its preferred
 * value, status and the alternatives, the sources cited, and the family. A living person comes out
 * as the Censor writes them (dates to decades, places to state/country, "Living <surname>"),
 * unless the case has consent. The person is found by id, else by name (word prefixes, then the
 * fuzzy letters-in-order match of Go to Person), as `ancestry persons` and the People view find them.
 */
import { isLiving, redactPerson, redactText, type CensorContext } from '../agents/censor';
import { displayName, type Assertion, type Person, type UserReview } from '../model';
import { yearRange } from '../model/gdate';
import { findPersons, personSummary, type PersonSummary } from './person-catalog';
import type { FileCaseStore } from './store';

export interface ShownRelative {
  id: string;
  name: string;
  years: string;
  status: string;
  confidence: number;
}

export interface ShownValue {
  value: string;
  status: Assertion['status'];
  confidence: number;
  sources: string[];
  reviewed?: UserReview;
}

export interface ShownFact {
  field: string;
  /** The accepted value (else the best staged one); absent when every value is rejected. */
  preferred?: ShownValue;
  alternatives: ShownValue[];
  /** An open or tentative conflict on this field. */
  conflict?: { id: string; status: string };
}

export interface ShownSource {
  id: string;
  title: string;
  repository?: string;
  tier?: number;
  /** The fields (and relationships) this source is cited for, with the snippet cited. */
  cited: { for: string; snippet: string }[];
}

export interface PersonView {
  id: string;
  name: string;
  sex: Person['sex'];
  living: boolean;
  /** True when the Censor withheld details (living, no consent). */
  redacted: boolean;
  names: { name: string; type: string }[];
  facts: ShownFact[];
  family: { parents: ShownRelative[]; spouses: ShownRelative[]; children: ShownRelative[] };
  sources: ShownSource[];
  file: string;
}

export type PersonLookup = { found: PersonSummary } | { candidates: PersonSummary[] } | { candidates: []; none: true };

/** A name as shown: a living person's given names are withheld without consent. */
function shownName(p: Pick<Person, 'names'>, living: boolean, consent: boolean): string {
  return living && !consent ? `Living ${p.names[0]?.surname ?? ''}`.trim() : displayName(p);
}

/**
 * By id, else by name: word prefixes first, then fuzzy. One match is the person; several are
 * candidates for the caller to list. Living persons match by surname only without consent (their
 * given names are not shown, so they are not searched either), as in Go to Person.
 */
export function lookupPerson(store: FileCaseStore, text: string, limit = 10): PersonLookup {
  const q = text.trim();
  const byId = q ? personSummary(store, q) : undefined;
  if (byId) return { found: byId };
  if (!q) return { candidates: [], none: true };
  const consent = store.config().privacy.consent;
  const first = q.split(/\s+/)[0].toLowerCase();
  const allowed = (s: PersonSummary) => consent || !s.living || s.surname.toLowerCase().includes(first);
  for (const query of [{ name: q }, { fuzzy: q }]) {
    const rows = findPersons(store, query, limit + 1).filter(allowed);
    // An exact full name among several prefix matches ("John Smith" beside "John Smithson") is the one meant.
    const exact = rows.filter((r) => r.name.toLowerCase() === q.toLowerCase());
    if (exact.length === 1) return { found: exact[0] };
    if (rows.length === 1) return { found: rows[0] };
    if (rows.length > 1) return { candidates: rows.slice(0, limit) };
  }
  return { candidates: [], none: true };
}

const EVENT_ORDER = [
  'sex',
  'birth',
  'baptism',
  'christening',
  'immigration',
  'naturalization',
  'marriage',
  'residence',
  'occupation',
  'census',
  'death',
  'burial',
  'probate',
];

function fieldRank(field: string): number {
  const i = EVENT_ORDER.indexOf(field.split('.')[0]);
  return i < 0 ? EVENT_ORDER.length : i;
}

const STATUS_RANK: Record<Assertion['status'], number> = { accepted: 0, staged: 1, disputed: 2, rejected: 3 };

function years(p: Person | undefined, living: boolean, consent: boolean): string {
  if (!p || (living && !consent)) return '';
  const y = (field: string, alt: string) => {
    const a = p.assertions.find((x) => (x.field === field || x.field === alt) && x.status === 'accepted');
    return a ? (yearRange(a.value).min ?? '') : '';
  };
  const b = y('birth.date', 'baptism.date');
  const d = y('death.date', 'burial.date');
  return b === '' && d === '' ? '' : `${b}–${d}`;
}

export function personView(store: FileCaseStore, id: string): PersonView | undefined {
  const raw = store.person(id);
  if (!raw) return undefined;
  const ctx: CensorContext = store.censorContext();
  const living = isLiving(raw, ctx.now, ctx.thresholdYears);
  const p = redactPerson(raw, ctx, living).person;
  const redacted = living && !ctx.consent;
  const about = living ? { ...ctx, aboutLiving: true } : ctx;
  const censorText = (t: string) => redactText(t, about).text;

  const byField = new Map<string, Assertion[]>();
  for (const a of p.assertions) byField.set(a.field, [...(byField.get(a.field) ?? []), a]);
  const conflicts = store.conflicts().filter((c) => c.person === p.id);
  const value = (a: Assertion): ShownValue => ({
    value: a.value,
    status: a.status,
    confidence: a.confidence,
    sources: [...new Set(a.evidence.map((e) => e.source))],
    ...(a.reviewed ? { reviewed: a.reviewed } : {}),
  });
  const facts: ShownFact[] = [...byField.entries()]
    .sort(([a], [b]) => fieldRank(a) - fieldRank(b) || a.localeCompare(b))
    .map(([field, all]) => {
      const ranked = [...all].sort(
        (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || b.confidence - a.confidence,
      );
      // A conflict's preferred value (the engine's weighing or the user's resolution) wins.
      const conflict = conflicts.find((c) => c.field === field);
      const chosen = conflict && ranked.find((a) => a.value === conflict.preferred && a.status !== 'rejected');
      const best = chosen ?? (ranked[0].status === 'rejected' ? undefined : ranked[0]);
      const open = conflict && conflict.status !== 'resolved' ? conflict : undefined;
      return {
        field,
        ...(best ? { preferred: value(best) } : {}),
        alternatives: ranked.filter((a) => a !== best).map(value),
        ...(open ? { conflict: { id: open.id, status: open.status } } : {}),
      };
    });

  // Family: the person's own links, and (person files) links only the other side states.
  const links = new Map<string, { type: 'parent' | 'spouse' | 'child'; status: string; confidence: number }>();
  for (const r of p.relationships)
    links.set(`${r.type}:${r.person}`, { type: r.type, status: r.status, confidence: r.confidence });
  const inverse = { parent: 'child', child: 'parent', spouse: 'spouse' } as const;
  for (const f of store.filePersons())
    for (const r of f.relationships)
      if (r.person === p.id && f.id !== p.id && !links.has(`${inverse[r.type]}:${f.id}`))
        links.set(`${inverse[r.type]}:${f.id}`, { type: inverse[r.type], status: r.status, confidence: r.confidence });
  const family: PersonView['family'] = { parents: [], spouses: [], children: [] };
  const group = { parent: family.parents, spouse: family.spouses, child: family.children };
  for (const [key, l] of links) {
    if (l.status === 'rejected') continue;
    const otherId = key.slice(key.indexOf(':') + 1);
    const other = store.person(otherId);
    const otherLiving = other ? isLiving(other, ctx.now, ctx.thresholdYears) : false;
    group[l.type].push({
      id: otherId,
      name: other ? shownName(other, otherLiving, ctx.consent) : '(not in the case)',
      years: years(other, otherLiving, ctx.consent),
      status: l.status,
      confidence: l.confidence,
    });
  }
  for (const g of Object.values(group)) g.sort((a, b) => a.years.localeCompare(b.years) || a.id.localeCompare(b.id));

  const sources = new Map<string, ShownSource>();
  const cite = (sourceId: string, what: string, snippet: string) => {
    let s = sources.get(sourceId);
    if (!s) {
      const rec = store.source(sourceId);
      s = {
        id: sourceId,
        title: rec?.title ?? '(not captured in sources/)',
        ...(rec ? { repository: rec.repository, tier: rec.tier } : {}),
        cited: [],
      };
      sources.set(sourceId, s);
    }
    const shown = censorText(snippet);
    if (!s.cited.some((c) => c.for === what && c.snippet === shown)) s.cited.push({ for: what, snippet: shown });
  };
  for (const a of p.assertions)
    if (a.status !== 'rejected') for (const e of a.evidence) cite(e.source, a.field, e.snippet);
  for (const r of p.relationships)
    if (r.status !== 'rejected') for (const e of r.evidence) cite(e.source, r.type, e.snippet);

  return {
    id: p.id,
    name: shownName(p, living, ctx.consent),
    sex: p.sex,
    living,
    redacted,
    names: redacted
      ? [{ name: shownName(p, living, ctx.consent), type: 'birth' }]
      : p.names.map((n) => ({ name: displayName({ names: [n] }), type: n.type })),
    facts,
    family,
    sources: [...sources.values()].sort((a, b) => a.id.localeCompare(b.id)),
    file: store.personFile(p.id) ?? '',
  };
}

/** The view as text, laid out for reading in a terminal. */
export function formatPersonView(v: PersonView): string {
  const sex = ({ M: 'male', F: 'female' } as Record<string, string>)[v.sex] ?? `sex ${v.sex}`;
  const out = [`${v.name} (${v.id}), ${sex}${v.living ? ', living' : ''}  ${v.file}`];
  if (v.redacted) out.push('  Living: dates shown as decades and places as state/country (privacy.consent is off).');
  const aka = v.names.slice(1);
  if (aka.length) out.push(`  Also recorded as: ${aka.map((n) => `${n.name} (${n.type})`).join('; ')}`);
  out.push('', 'Facts');
  if (!v.facts.length) out.push('  none recorded');
  const val = (x: ShownValue) =>
    `${x.value}  ${x.status}${x.reviewed ? ` by you${x.reviewed.reason ? ` (${x.reviewed.reason})` : ''}` : ''}, ${x.confidence.toFixed(2)}${x.sources.length ? `  [${x.sources.slice(0, 4).join(', ')}${x.sources.length > 4 ? ` +${x.sources.length - 4}` : ''}]` : ''}`;
  for (const f of v.facts) {
    out.push(
      `  ${f.field.padEnd(18)} ${f.preferred ? val(f.preferred) : '(every value rejected)'}${f.conflict ? `  conflict ${f.conflict.id} ${f.conflict.status}` : ''}`,
    );
    for (const a of f.alternatives) out.push(`  ${''.padEnd(18)}   also: ${val(a)}`);
  }
  out.push('', 'Family');
  const rel = (label: string, rows: ShownRelative[]) =>
    out.push(
      `  ${label.padEnd(9)} ${
        rows.length
          ? rows
              .map(
                (r) =>
                  `${r.name} (${r.id})${r.years ? ` ${r.years}` : ''}${r.status === 'accepted' ? '' : ` [${r.status} ${r.confidence.toFixed(2)}]`}`,
              )
              .join('; ')
          : 'none recorded'
      }`,
    );
  rel('Parents', v.family.parents);
  rel('Spouses', v.family.spouses);
  rel('Children', v.family.children);
  out.push('', `Sources (${v.sources.length})`);
  for (const s of v.sources) {
    out.push(`  ${s.id}  ${s.title}${s.repository ? `, ${s.repository}` : ''}`);
    for (const c of s.cited.slice(0, 3)) out.push(`      ${c.for}: "${c.snippet}"`);
    if (s.cited.length > 3) out.push(`      … and ${s.cited.length - 3} more citation(s)`);
  }
  return out.join('\n');
}
