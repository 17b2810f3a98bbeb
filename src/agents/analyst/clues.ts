/**
 * Z AnalystGenerateHypotheses with seed 000's clue rules: a new name → "Find vital records for
 * {name}"; a new place → "Search records in {place}"; a date range → "Search {year} census"; an
 * implied relationship → "Verify {relationship}". Priorities are calculatePriority(e, graph). Only
 * the Analyst makes clues, and a clue is never a fact (isFact = false).
 */
import type { ClueHypothesis, Person, SearchQuery } from '../../model';
import { displayName, factValue } from '../../model';
import { yearRange } from '../../model/gdate';
import { stableId } from '../../engine/ids';
import { formatQuery, NEW_NAME_CLUE, parseQuery } from '../../model';
import { calculatePriority } from '../../engine/priority';
import type { KnowledgeGraph } from './graph';
import type { IntegrationResult } from './integration-result';
import { isNordicPatronymic } from '../../model/names';

/** Clues are made for persons this close to the subject: the research stays on the family in question. */
export const CLUE_DEPTH = 2;
const CENSUS_YEARS = [1850, 1860, 1870, 1880, 1900, 1910, 1920, 1930, 1940, 1950];

export interface ClueDraft {
  type: ClueHypothesis['type'];
  statement: string;
  targetPersons: string[];
  query: SearchQuery;
  priority: number;
  evidence: string[];
}

export function clueOf(d: ClueDraft, now: Date): ClueHypothesis {
  return {
    id: stableId('H', d.statement, formatQuery(d.query)),
    type: d.type,
    statement: d.statement,
    targetPersons: d.targetPersons,
    suggestedSources: d.query.sources ?? [],
    suggestedQueries: [formatQuery(d.query)],
    priority: Number(Math.max(0, Math.min(1, d.priority)).toFixed(4)),
    status: 'pending',
    generatedBy: 'Analyst',
    evidence: d.evidence,
    isFact: false,
    createdAt: now.toISOString(),
  };
}

export function birthYearOf(p: Person): number | undefined {
  const v = factValue(p, 'birth.date') ?? factValue(p, 'baptism.date');
  if (!v) return undefined;
  const r = yearRange(v);
  return r.min !== undefined && r.max !== undefined ? Math.round((r.min + r.max) / 2) : undefined;
}

function deathYearOf(p: Person): number | undefined {
  const v = factValue(p, 'death.date') ?? factValue(p, 'burial.date');
  return v ? yearRange(v).max : undefined;
}

export function personQuery(p: Person, extra: Partial<SearchQuery> = {}): SearchQuery {
  const n = p.names.find((x) => x.type === 'birth') ?? p.names[0];
  const q: SearchQuery = { given: n?.given || undefined, surname: n?.surname || undefined, ...extra };
  const by = birthYearOf(p);
  if (by !== undefined && q.birthYear === undefined) q.birthYear = by;
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
}

/** The next census year in a person's lifetime not yet covered by a residence from a census. */
export function nextCensusYear(p: Person): number | undefined {
  const born = birthYearOf(p);
  if (born === undefined) return undefined;
  const died = deathYearOf(p) ?? born + 90;
  const covered = new Set(p.assertions.filter((a) => a.field === 'residence.date').map((a) => yearRange(a.value).min));
  if (!covered.size) return undefined;
  return CENSUS_YEARS.find((y) => y > born && y <= died && !covered.has(y));
}

/** Surnames compared as written, case and surrounding spaces aside. */
const fold = (x: string) => x.trim().toLowerCase();

function onlyCites(n: Person['names'][number], sourceId: string): boolean {
  return (n.citations ?? []).length > 0 && (n.citations ?? []).every((c) => c === sourceId);
}

export function generateClues(
  g: KnowledgeGraph,
  source: { id: string },
  r: IntegrationResult,
  extracted: { type: string; text: string; priority: number; suggestedQueries: string[] }[],
): ClueDraft[] {
  const out: ClueDraft[] = [];
  // Z: calculatePriority(e, knowledgeGraph) on the graph before this record was added.
  const prior = (entity: string) =>
    calculatePriority(Math.max(0, g.evidence.count(entity) - (r.added.get(entity) ?? 0)));
  const near = (id: string) => g.distanceFromSubject(id) <= CLUE_DEPTH;
  for (const id of r.created) {
    const p = g.get(id);
    if (!p || !near(id)) continue;
    const name = displayName(p);
    out.push({
      type: 'vital_records',
      statement: `Find vital records for ${name}`,
      targetPersons: [id],
      query: personQuery(p),
      priority: prior(name),
      evidence: [source.id],
    });
    // A wife known only under her husband's surname: her birth is under another, so look by her given name.
    if (p.names.length && p.names.every((n) => n.type === 'married'))
      out.push({
        type: 'vital_records',
        statement: `Find the birth or baptism of ${name} (her surname before marriage is unknown)`,
        targetPersons: [id],
        query: personQuery(p, { surname: undefined, recordTypes: ['birth', 'baptism'] }),
        priority: prior(name),
        evidence: [source.id],
      });
    // The record gives them a second surname too ("known to his landsleit as Morris Kagan").
    const first = p.names[0];
    for (const n of p.names.slice(1)) {
      if (!n.surname || !first || fold(n.surname) === fold(first.surname) || n.type === 'married') continue;
      const other = `${n.given} ${n.surname}`.trim();
      out.push({
        type: 'vital_records',
        statement: `${NEW_NAME_CLUE} ${other} (known as ${name})`,
        targetPersons: [id],
        query: personQuery(p, { given: n.given || undefined, surname: n.surname }),
        priority: prior(other),
        evidence: [source.id],
      });
    }
  }
  // A known person first seen here under another surname (a married name, a "dit" name, a respelling
  // the record joined to them): seed 000's "new name" rule, so the records under that name are read too.
  const created = new Set(r.created);
  for (const id of r.touched) {
    const p = g.get(id);
    if (!p || created.has(id) || !near(id)) continue;
    const known = p.names.filter((n) => !onlyCites(n, source.id));
    const older = new Set(known.map((n) => fold(n.surname)));
    if (!older.size) continue;
    for (const n of p.names) {
      if (!n.surname || older.has(fold(n.surname)) || !onlyCites(n, source.id)) continue;
      const name = `${n.given} ${n.surname}`.trim();
      out.push({
        type: 'vital_records',
        statement: `${NEW_NAME_CLUE} ${name} (known as ${`${known[0].given} ${known[0].surname}`.trim()})`,
        targetPersons: [id],
        query: personQuery(p, { given: n.given || undefined, surname: n.surname }),
        priority: prior(name),
        evidence: [source.id],
      });
    }
  }
  out.push(...farmNameClues(g, source, r, prior, near));
  const subject = g.subjectId ? g.get(g.subjectId) : undefined;
  // Every surname the subject is known by: the records of the old country are under the old one
  // (Kagan in Kelmy, Kahn in New York), the first name on file being whichever was found first.
  const surnames: string[] = [];
  for (const n of subject?.names ?? [])
    if (n.surname && !surnames.some((x) => fold(x) === fold(n.surname))) surnames.push(n.surname);
  surnames.splice(3);
  for (const place of r.places) {
    if (place.split(',').length < 2 || !surnames.length) continue;
    const holders = [...r.touched].filter((id) => g.distanceFromSubject(id) <= 1);
    if (!holders.length) continue;
    surnames.forEach((surname, n) =>
      out.push({
        type: 'place_search',
        statement: n === 0 ? `Search records in ${place}` : `Search records in ${place} under ${surname}`,
        targetPersons: holders,
        query: { surname, place },
        priority: prior(place),
        evidence: [source.id],
      }),
    );
  }
  for (const id of r.touched) {
    const p = g.get(id);
    if (!p || g.distanceFromSubject(id) > 1) continue;
    const year = nextCensusYear(p);
    if (year === undefined) continue;
    const name = displayName(p);
    out.push({
      type: 'census_search',
      statement: `Search ${year} census for ${name}`,
      targetPersons: [id],
      query: personQuery(p, { recordTypes: ['census'], text: String(year) }),
      priority: prior(name),
      evidence: [source.id],
    });
  }
  for (const imp of r.implied) {
    const b = g.get(imp.b);
    if (!b || !near(imp.b)) continue;
    out.push({
      type: 'verify_relationship',
      statement: `Verify relationship: ${imp.text}`,
      targetPersons: [...new Set([imp.a, imp.b])],
      query: personQuery(b, { recordTypes: ['birth', 'baptism', 'marriage', 'death'] }),
      priority: prior(displayName(b)),
      evidence: [source.id],
    });
  }
  for (const h of extracted) {
    const q = h.suggestedQueries[0];
    if (!q) continue;
    out.push({
      type: h.type === 'parental_discovery' ? 'parental_discovery' : 'other',
      statement: h.text,
      targetPersons: [],
      query: parseQuery(q),
      priority: h.priority,
      evidence: [source.id],
    });
  }
  return out;
}

/** The words of a surname that are not Nordic patronymics ("Koivisto" of "Juhonpoika Koivisto"). */
function farmPart(surname: string): string | undefined {
  const words = surname.trim().split(/\s+/).filter(Boolean);
  if (!words.some((w) => isNordicPatronymic(w))) return undefined;
  const farm = words.filter((w) => !isNordicPatronymic(w));
  return farm.length && farm.length < words.length ? farm.join(' ') : undefined;
}

/**
 * A child a Nordic register names by a patronymic alone ("Juho /Matinpoika/") in the household of a
 * parent written with patronymic and farm ("Matti /Juhonpoika Koivisto/"): the household is filed
 * under the farm, and the child, once away from it (an emigrant above all: "Johan Koivisto" on a
 * passenger list), is often found under that farm name. Search the child under it.
 */
function farmNameClues(
  g: KnowledgeGraph,
  source: { id: string },
  r: IntegrationResult,
  prior: (entity: string) => number,
  near: (id: string) => boolean,
): ClueDraft[] {
  const out: ClueDraft[] = [];
  for (const id of r.touched) {
    const p = g.get(id);
    if (!p || !near(id)) continue;
    const own = p.names.find(
      (n) =>
        (n.citations ?? []).includes(source.id) && n.given && n.surname.trim().split(/\s+/).every(isNordicPatronymic),
    );
    if (!own) continue;
    const farms = new Set<string>();
    for (const rel of p.relationships) {
      if (rel.type !== 'parent' || rel.status === 'rejected') continue;
      for (const n of g.get(rel.person)?.names ?? []) {
        const farm = (n.citations ?? []).includes(source.id) ? farmPart(n.surname) : undefined;
        if (farm && !p.names.some((m) => fold(m.surname) === fold(farm))) farms.add(farm);
      }
    }
    for (const farm of farms) {
      const name = `${own.given} ${farm}`;
      out.push({
        type: 'vital_records',
        statement: `${NEW_NAME_CLUE} ${name} (${displayName(p)}, of the ${farm} household in this record)`,
        targetPersons: [id],
        query: personQuery(p, { given: own.given, surname: farm }),
        priority: prior(name),
        evidence: [source.id],
      });
    }
  }
  return out;
}
