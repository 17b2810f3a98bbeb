/**
 * The line format of imported trees (`trees/<name>.jsonl`, docs/decisions/0003-compact-tree.md).
 *
 * Format 1 (until issue 16): one Person JSON per line, every default written (8× the GEDCOM).
 * Format 2: a header line (`{"ancestryTree":2,...}`: the id prefixes and GEDCOM file the lines
 * abbreviate), then one person per line in a compact form: short keys, defaults left out, an
 * event's date/place/age/value and their shared citations in one group, ids relative to the
 * header's prefixes. Every shortening applies only where the long value is exactly what the
 * reader derives back; otherwise that part is written in full, and a person the compact form
 * cannot hold at all is written as a format-1 line. A reader therefore reads both formats, and a
 * format-2 file may hold format-1 lines.
 *
 * What a line decodes to goes through the Person schema like a format-1 line, so readers validate
 * and report problems as before (fields named as in the person, by line).
 */
import { z } from 'zod';
import { evidenceTypeOf, Person, PERSON_KEYS, safeParseBounded, type SureParse } from '../model';
import { NO_QUAY, QUAY_CLASS } from '../interchange/gedcom/tags';

export const TREE_FORMAT = 2;

/** What a tree's header tells its lines: id prefixes by marker, the GEDCOM file sidecars name. */
export interface TreeContext {
  /** '~' persons, '^' families, '$' sources: an id written "~I12" is ids['~'] + "I12". */
  ids: Partial<Record<Marker, string>>;
  gedcom?: string;
}
type Marker = '~' | '^' | '$';
const MARKERS: Marker[] = ['~', '^', '$'];

/** The context of a file without a header (format 1): nothing is abbreviated. */
export const PLAIN: TreeContext = { ids: {} };

const Header = z.object({
  ancestryTree: z.number().int(),
  ids: z.partialRecord(z.enum(['~', '^', '$']), z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/)).default({}),
  gedcom: z.string().optional(),
});

/** A line that is not a person the format can decode: its message names the compact key. */
export class TreeLineError extends Error {}

/** The context a tree written from these persons abbreviates by: taken from the first one. */
export function contextFor(first: unknown): TreeContext {
  const p = first as { id?: unknown; gedcom?: { file?: unknown } } | undefined;
  const ids: TreeContext['ids'] = {};
  if (typeof p?.id === 'string' && ID.test(p.id)) {
    // The importer names persons P-<file key>-<xref>, families F-…, sources S-…
    const cut = p.id.lastIndexOf('-');
    if (cut > 0) {
      const prefix = p.id.slice(0, cut + 1);
      ids['~'] = prefix;
      if (prefix.startsWith('P-') && prefix.length > 2) {
        ids['^'] = `F${prefix.slice(1)}`;
        ids.$ = `S${prefix.slice(1)}`;
      }
    }
  }
  const file = p?.gedcom && typeof p.gedcom === 'object' ? p.gedcom.file : undefined;
  return typeof file === 'string' ? { ids, gedcom: file } : { ids };
}

export function headerLine(ctx: TreeContext): string {
  return JSON.stringify({
    ancestryTree: TREE_FORMAT,
    ids: ctx.ids,
    ...(ctx.gedcom !== undefined ? { gedcom: ctx.gedcom } : {}),
  });
}

/** The context of a header line, or undefined if the line is not one. Throws for a header it cannot read. */
export function readHeader(json: unknown): TreeContext | undefined {
  if (!isObject(json) || !('ancestryTree' in json)) return undefined;
  const h = Header.safeParse(json);
  if (!h.success)
    throw new TreeLineError(
      `tree header: ${h.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  if (h.data.ancestryTree > TREE_FORMAT)
    throw new TreeLineError(`tree format ${h.data.ancestryTree} is newer than this version reads (${TREE_FORMAT})`);
  return h.data.gedcom !== undefined ? { ids: h.data.ids, gedcom: h.data.gedcom } : { ids: h.data.ids };
}

// ---------------------------------------------------------------- encoding

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** Thrown inside the encoder when a part cannot be shortened exactly: the person is written in full. */
const FULL = new (class NotCompact extends Error {})('written in full');

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(o: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
}

/** An id as written: relative to the person's own id ('.'), to a header prefix, or in full. */
function shortId(id: unknown, ctx: TreeContext, own?: string): string {
  if (typeof id !== 'string' || !ID.test(id)) throw FULL;
  if (own !== undefined && id.startsWith(`${own}.`)) return id.slice(own.length);
  for (const m of MARKERS) {
    const p = ctx.ids[m];
    if (p && id.length > p.length && id.startsWith(p)) return m + id.slice(p.length);
  }
  return id;
}

function longId(s: unknown, ctx: TreeContext, where: string, own?: string): string {
  if (typeof s !== 'string' || !s) throw new TreeLineError(`${where}: expected an id`);
  const c = s[0];
  if (c === '.') {
    if (own === undefined) throw new TreeLineError(`${where}: "${s}" is relative to a person id`);
    return own + s;
  }
  if (c === '~' || c === '^' || c === '$') {
    const p = ctx.ids[c];
    if (p === undefined) throw new TreeLineError(`${where}: the tree header has no prefix for "${c}"`);
    return p + s.slice(1);
  }
  return s;
}

/** GEDCOM xref the importer's id implies ("P-<key>-I12" → "@I12@"), if the id has the person prefix. */
function impliedXref(id: string, ctx: TreeContext): string | undefined {
  const p = ctx.ids['~'];
  return ctx.gedcom !== undefined && p && id.startsWith(p) && id.length > p.length
    ? `@${id.slice(p.length)}@`
    : undefined;
}

/**
 * Keys whose value the reader derives (in this order, at the start of the object) are left out;
 * a derivable key the object does not have is written as null (the reader then leaves it out).
 */
function withoutDerived(o: Record<string, unknown>, derived: [string, string | undefined][]): Record<string, unknown> {
  const keys = Object.keys(o);
  const out: Record<string, unknown> = {};
  let at = 0;
  let prefix = true;
  const dropped = new Set<string>();
  for (const [k, v] of derived) {
    if (v === undefined) continue;
    if (prefix && keys[at] === k && o[k] === v) {
      at += 1;
      dropped.add(k);
      continue;
    }
    prefix = false;
    if (!(k in o)) out[k] = null;
    else if (o[k] === null) throw FULL;
  }
  for (const k of keys) if (!dropped.has(k)) out[k] = o[k];
  return out;
}

function withDerived(o: Record<string, unknown>, derived: [string, string | undefined][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rule = new Set<string>();
  for (const [k, v] of derived) {
    if (v === undefined) continue;
    rule.add(k);
    if (!(k in o)) out[k] = v;
  }
  for (const k of Object.keys(o)) if (!(rule.has(k) && o[k] === null)) out[k] = o[k];
  return out;
}

const NAME_KEYS = new Set(['given', 'surname', 'type']);
const REL_KEYS = new Set(['type', 'person', 'status', 'confidence', 'evidence', 'pedigree']);
const REL_LETTER: Record<string, string> = { parent: 'p', child: 'c', spouse: 's' };
const REL_TYPE: Record<string, string> = { p: 'parent', c: 'child', s: 'spouse' };
const ASSERTION_KEYS = new Set([
  'id',
  'field',
  'value',
  'status',
  'confidence',
  'event',
  'evidence',
  'assertedAt',
  'note',
  'generalised',
]);
const CLAIM_KEYS = new Set([
  'source',
  'snippet',
  'tier',
  'evidenceType',
  'sourceClass',
  'information',
  'evidence',
  'confidence',
  'method',
  'page',
]);
const SUFFIX_KEY: Record<string, string> = { date: 'd', place: 'p', age: 'a', value: 'v' };
const KEY_SUFFIX: Record<string, string> = { d: 'date', p: 'place', a: 'age', v: 'value' };
/** Assertion keys a group carries once for all its members, by their short key. */
const SHARED: [string, string][] = [
  ['assertedAt', 'at'],
  ['note', 'nt'],
  ['generalised', 'gz'],
];
const FIELD = /^([a-z_]+)\.(date|place|value|age)$/;
const TAIL = /^[A-Za-z0-9_.-]*$/;
/** GEDCOM QUAY classes in the order a claim's class number names them (-1: no QUAY). */
const CLASSES = [QUAY_CLASS['0'], QUAY_CLASS['1'], QUAY_CLASS['2'], QUAY_CLASS['3']];
const KNOWN = new Set(PERSON_KEYS);

type Claim = Record<string, unknown>;

function classOf(c: Claim): number | undefined {
  const matches = (k: { sourceClass: string; information: string; evidence: string; confidence: number }) =>
    c.sourceClass === k.sourceClass &&
    c.information === k.information &&
    c.evidence === k.evidence &&
    c.confidence === k.confidence &&
    c.evidenceType === evidenceTypeOf(k.sourceClass as never, k.information as never);
  if (matches(NO_QUAY)) return -1;
  const q = CLASSES.findIndex(matches);
  return q < 0 ? undefined : q;
}

/** A GEDCOM citation as [source, class, page|null, snippet if not the page]; any other claim in full. */
function shortClaim(c: unknown, ctx: TreeContext): unknown {
  if (!isObject(c) || !onlyKeys(c, CLAIM_KEYS)) throw FULL;
  if (c.tier !== 0 || c.method !== 'gedcom' || typeof c.snippet !== 'string') return c;
  if ('page' in c && typeof c.page !== 'string') return c;
  const q = classOf(c);
  if (q === undefined) return c;
  const out: unknown[] = [shortId(c.source, ctx), q];
  if (typeof c.page === 'string') {
    out.push(c.page);
    if (c.snippet !== c.page) out.push(c.snippet);
  } else out.push(null, c.snippet);
  return out;
}

function longClaim(c: unknown, ctx: TreeContext, where: string): unknown {
  if (!Array.isArray(c)) return c;
  const [src, q, page, snippet] = c as unknown[];
  const k = q === -1 ? NO_QUAY : typeof q === 'number' ? CLASSES[q] : undefined;
  if (!k) throw new TreeLineError(`${where}: citation class ${JSON.stringify(q)} is not -1..3`);
  if (page !== null && typeof page !== 'string') throw new TreeLineError(`${where}: page is not text`);
  return {
    source: longId(src, ctx, where),
    snippet: snippet ?? page,
    tier: 0,
    evidenceType: evidenceTypeOf(k.sourceClass, k.information),
    sourceClass: k.sourceClass,
    information: k.information,
    evidence: k.evidence,
    confidence: k.confidence,
    method: 'gedcom',
    ...(page !== null ? { page } : {}),
  };
}

interface Head {
  name: string;
  suffix: string;
  event: string;
  tail: string;
}

/** How an assertion joins an event group, or undefined if it is written in full. */
function headOf(a: unknown): Head | undefined {
  if (!isObject(a) || !onlyKeys(a, ASSERTION_KEYS)) return undefined;
  if (typeof a.field !== 'string' || typeof a.value !== 'string' || typeof a.event !== 'string') return undefined;
  if (typeof a.status !== 'string' || typeof a.confidence !== 'number' || typeof a.id !== 'string') return undefined;
  if (a.evidence !== undefined && !Array.isArray(a.evidence)) return undefined;
  const m = FIELD.exec(a.field);
  if (!m) return undefined;
  const stem = `${a.event}.${m[2]}`;
  if (!a.id.startsWith(stem) || !TAIL.test(a.id.slice(stem.length))) return undefined;
  return { name: m[1], suffix: m[2], event: a.event, tail: a.id.slice(stem.length) };
}

function sameShared(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a.status !== b.status || a.confidence !== b.confidence) return false;
  for (const [k] of SHARED) if (a[k] !== b[k]) return false;
  const [ea, eb] = [a.evidence ?? [], b.evidence ?? []];
  return ea === eb || JSON.stringify(ea) === JSON.stringify(eb);
}

/** The number of an own event id "<own>.e<n>" (the next one expected is n + 1), else undefined. */
function eventNumber(event: string, own: string): number | undefined {
  if (!event.startsWith(`${own}.e`)) return undefined;
  const tail = event.slice(own.length + 2);
  const n = Number(tail);
  return Number.isSafeInteger(n) && n > 0 && String(n) === tail ? n : undefined;
}

function derivedConfidence(evidence: unknown[]): number {
  if (!evidence.length) return NO_QUAY.confidence;
  let c = -Infinity;
  for (const e of evidence) {
    const v = isObject(e) ? e.confidence : undefined;
    if (typeof v !== 'number') return NaN;
    if (v > c) c = v;
  }
  return c;
}

function shortAssertions(list: unknown[], own: string, ctx: TreeContext): unknown[] {
  const out: unknown[] = [];
  let next = 1;
  for (let i = 0; i < list.length;) {
    const a = list[i];
    const head = headOf(a);
    if (!head) {
      // In full: its keys are the long ones, so it has no "t".
      if (!isObject(a) || 't' in a) throw FULL;
      out.push(a);
      i += 1;
      continue;
    }
    const first = a as Record<string, unknown>;
    const members = [first];
    const suffixes = new Set([head.suffix]);
    let j = i + 1;
    for (; j < list.length; j++) {
      const h = headOf(list[j]);
      const b = list[j] as Record<string, unknown>;
      if (!h || h.event !== head.event || h.name !== head.name || h.tail !== head.tail || suffixes.has(h.suffix)) break;
      if (!sameShared(first, b)) break;
      suffixes.add(h.suffix);
      members.push(b);
    }
    const g: Record<string, unknown> = { t: head.name };
    let e = head.event === `${own}.e${next}` ? '' : shortId(head.event, ctx, own);
    if (head.tail) e += `|${head.tail}`;
    if (e) g.e = e;
    next = (eventNumber(head.event, own) ?? next - 1) + 1;
    for (const m of members) g[SUFFIX_KEY[FIELD.exec(m.field as string)![2]]] = m.value;
    if (first.status !== 'accepted') g.st = first.status;
    const evidence = (first.evidence ?? []) as unknown[];
    if (evidence.length) g.s = evidence.map((c) => shortClaim(c, ctx));
    if (first.confidence !== derivedConfidence(evidence)) g.c = first.confidence;
    for (const [k, short] of SHARED) if (first[k] !== undefined) g[short] = first[k];
    out.push(g);
    i = j;
  }
  return out;
}

function shortRelationship(r: unknown, ctx: TreeContext): unknown {
  if (!isObject(r) || !onlyKeys(r, REL_KEYS)) throw FULL;
  const letter = typeof r.type === 'string' ? REL_LETTER[r.type] : undefined;
  const plain =
    letter &&
    (r.status === undefined || r.status === 'accepted') &&
    (r.confidence === undefined || r.confidence === 1) &&
    (r.evidence === undefined || (Array.isArray(r.evidence) && !r.evidence.length)) &&
    (r.pedigree === undefined || (typeof r.pedigree === 'string' && /^[a-z]+$/.test(r.pedigree)));
  if (!plain) return r;
  return `${letter}${shortId(r.person, ctx)}${r.pedigree ? `/${r.pedigree as string}` : ''}`;
}

function longRelationship(r: unknown, ctx: TreeContext, where: string): unknown {
  if (typeof r !== 'string') return r;
  const type = REL_TYPE[r[0]];
  if (!type) throw new TreeLineError(`${where}: "${r}" starts with no relationship letter (p, c, s)`);
  const [id, pedigree] = r.slice(1).split('/');
  return {
    type,
    person: longId(id, ctx, where),
    status: 'accepted',
    confidence: 1,
    evidence: [],
    ...(pedigree !== undefined ? { pedigree } : {}),
  };
}

function compact(p: Record<string, unknown>, ctx: TreeContext): Record<string, unknown> {
  const id = p.id;
  if (typeof id !== 'string' || !Array.isArray(p.names)) throw FULL;
  const out: Record<string, unknown> = { i: shortId(id, ctx) };
  out.n = p.names.map((n) => {
    if (!isObject(n)) throw FULL;
    const plain =
      typeof n.given === 'string' && typeof n.surname === 'string' && n.type === 'birth' && onlyKeys(n, NAME_KEYS);
    return plain ? [n.given, n.surname] : n;
  });
  if (p.sex !== undefined && p.sex !== 'U') out.s = p.sex;
  if (p.living !== undefined) out.l = p.living;
  if (p.assertions !== undefined) {
    if (!Array.isArray(p.assertions)) throw FULL;
    if (p.assertions.length) out.e = shortAssertions(p.assertions, id, ctx);
  }
  if (p.relationships !== undefined) {
    if (!Array.isArray(p.relationships)) throw FULL;
    if (p.relationships.length) out.r = p.relationships.map((r) => shortRelationship(r, ctx));
  }
  const xref = impliedXref(id, ctx);
  const ext = p.externalIds ?? {};
  if (!isObject(ext)) throw FULL;
  const x = withoutDerived(ext, [['gedcomXref', xref]]);
  if (Object.keys(x).length) out.x = x;
  if (p.confidence !== undefined) out.c = p.confidence;
  if (p.createdAt !== undefined) out.ca = p.createdAt;
  if (p.updatedAt !== undefined) out.ua = p.updatedAt;
  const unknown = Object.keys(p).filter((k) => !KNOWN.has(k));
  const sidecarRule = ctx.gedcom !== undefined;
  if ('gedcom' in p) {
    // The sidecar keeps its place only as the first key of its kind.
    if (unknown[0] !== 'gedcom' || !isObject(p.gedcom)) throw FULL;
    if (sidecarRule) {
      const g = withoutDerived(p.gedcom, [
        ['file', ctx.gedcom],
        ['xref', xref],
      ]);
      if (Object.keys(g).length) out.g = g;
    } else out.g = p.gedcom;
  } else if (sidecarRule) out.g = null;
  const rest = unknown.filter((k) => k !== 'gedcom');
  if (rest.length) out['+'] = Object.fromEntries(rest.map((k) => [k, p[k]]));
  return out;
}

/** One person as a tree line (compact where it can be, in full otherwise). */
export function encodePerson(p: Person, ctx: TreeContext): string {
  try {
    return JSON.stringify(compact(p, ctx));
  } catch (e) {
    if (e === FULL) return JSON.stringify(p);
    throw e;
  }
}

// ---------------------------------------------------------------- decoding

function longAssertions(list: unknown, own: string, ctx: TreeContext): unknown[] {
  if (!Array.isArray(list)) throw new TreeLineError('e: expected a list of events');
  const out: unknown[] = [];
  let next = 1;
  list.forEach((g, gi) => {
    const where = `e[${gi}]`;
    if (!isObject(g) || !('t' in g)) {
      out.push(g);
      return;
    }
    if (typeof g.t !== 'string') throw new TreeLineError(`${where}.t: expected an event name`);
    let event = `${own}.e${next}`;
    let tail = '';
    if (g.e !== undefined) {
      if (typeof g.e !== 'string') throw new TreeLineError(`${where}.e: expected an event id`);
      const bar = g.e.indexOf('|');
      const ev = bar < 0 ? g.e : g.e.slice(0, bar);
      if (bar >= 0) tail = g.e.slice(bar + 1);
      if (ev) event = longId(ev, ctx, `${where}.e`, own);
    }
    next = (eventNumber(event, own) ?? next - 1) + 1;
    const evidence = g.s === undefined ? [] : g.s;
    if (!Array.isArray(evidence)) throw new TreeLineError(`${where}.s: expected a list of citations`);
    const claims = evidence.map((c, ci) => longClaim(c, ctx, `${where}.s[${ci}]`));
    const confidence = g.c !== undefined ? g.c : derivedConfidence(claims);
    const shared: Record<string, unknown> = {};
    for (const [k, short] of SHARED) if (g[short] !== undefined) shared[k] = g[short];
    let members = 0;
    for (const key of Object.keys(g)) {
      const suffix = KEY_SUFFIX[key];
      if (!suffix) continue;
      members += 1;
      out.push({
        id: `${event}.${suffix}${tail}`,
        field: `${g.t}.${suffix}`,
        value: g[key],
        status: g.st ?? 'accepted',
        confidence,
        event,
        evidence: claims,
        ...shared,
      });
    }
    if (!members) throw new TreeLineError(`${where}: an event with no date, place, age or value`);
  });
  return out;
}

/** A compact line's JSON as the person it stands for (not yet validated); a full line as it is. */
export function expandPerson(json: unknown, ctx: TreeContext): unknown {
  if (!isObject(json) || !('i' in json) || 'id' in json) return json;
  const id = longId(json.i, ctx, 'i');
  const out: Record<string, unknown> = { id };
  if (!Array.isArray(json.n)) throw new TreeLineError('n: expected a list of names');
  out.names = (json.n as unknown[]).map((n: unknown) =>
    Array.isArray(n) ? { given: n[0] as unknown, surname: n[1] as unknown, type: 'birth' } : n,
  );
  if (json.s !== undefined) out.sex = json.s;
  if (json.l !== undefined) out.living = json.l;
  if (json.e !== undefined) out.assertions = longAssertions(json.e, id, ctx);
  if (json.r !== undefined) {
    if (!Array.isArray(json.r)) throw new TreeLineError('r: expected a list of relationships');
    out.relationships = json.r.map((r, i) => longRelationship(r, ctx, `r[${i}]`));
  }
  const xref = impliedXref(id, ctx);
  const x = json.x ?? {};
  if (!isObject(x)) throw new TreeLineError('x: expected an object of external ids');
  out.externalIds = withDerived(x, [['gedcomXref', xref]]);
  if (json.c !== undefined) out.confidence = json.c;
  if (json.ca !== undefined) out.createdAt = json.ca;
  if (json.ua !== undefined) out.updatedAt = json.ua;
  if (ctx.gedcom !== undefined) {
    if (json.g !== null) {
      const g = json.g ?? {};
      if (!isObject(g)) throw new TreeLineError('g: expected the GEDCOM sidecar object');
      out.gedcom = withDerived(g, [
        ['file', ctx.gedcom],
        ['xref', xref],
      ]);
    }
  } else if (json.g !== undefined) out.gedcom = json.g;
  if (json['+'] !== undefined) {
    if (!isObject(json['+'])) throw new TreeLineError('+: expected an object of further keys');
    Object.assign(out, json['+']);
  }
  return out;
}

// ---------------------------------------------------------------- reading lines

export type TreeLineAs<T> =
  | { kind: 'blank' }
  | { kind: 'header'; context: TreeContext }
  | { kind: 'person'; person: T }
  | { kind: 'invalid'; issues: { field?: string; message: string }[] };
export type TreeLine = TreeLineAs<Person>;

/**
 * One line of a tree file, read and validated: the header (line 1 only), a person (either format),
 * or what is wrong with it.
 */
export function readTreeLine(text: string, line: number, ctx: TreeContext): TreeLine {
  return readTreeLineAs(text, line, ctx, Person);
}

/**
 * readTreeLine with another schema for the person: a reader that uses a few fields of every person
 * of a large tree (the duplicate search) validates those, not every citation of every event.
 * `sure`: a faster reader of the persons the schema certainly accepts (safeParseBounded).
 */
export function readTreeLineAs<T>(
  text: string,
  line: number,
  ctx: TreeContext,
  schema: z.ZodType<T>,
  sure?: SureParse<T>,
): TreeLineAs<T> {
  if (!text.trim()) return { kind: 'blank' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { kind: 'invalid', issues: [{ message: `not JSON: ${(e as Error).message}` }] };
  }
  let person: unknown;
  try {
    const header = line === 1 ? readHeader(json) : undefined;
    if (header) return { kind: 'header', context: header };
    person = expandPerson(json, ctx);
  } catch (e) {
    if (!(e instanceof TreeLineError)) throw e;
    return { kind: 'invalid', issues: [{ message: e.message }] };
  }
  const p = safeParseBounded(schema, person, sure);
  if (p.success) return { kind: 'person', person: p.data };
  return { kind: 'invalid', issues: p.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) };
}

/** The person id of a tree line without validating it (undefined for a header or an unreadable line). */
export function idOfLine(text: string, ctx: TreeContext): string | undefined {
  if (!text.trim()) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (!isObject(json)) return undefined;
    if (typeof json.id === 'string') return json.id;
    return 'i' in json ? longId(json.i, ctx, 'i') : undefined;
  } catch {
    return undefined;
  }
}

/** The context of a tree file's text (its header's, or PLAIN for format 1). */
export function contextOfText(text: string): TreeContext {
  const nl = text.indexOf('\n');
  const first = nl < 0 ? text : text.slice(0, nl);
  if (!first.includes('"ancestryTree"')) return PLAIN;
  try {
    return readHeader(JSON.parse(first)) ?? PLAIN;
  } catch {
    return PLAIN;
  }
}
