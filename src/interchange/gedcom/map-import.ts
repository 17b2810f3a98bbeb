/**
 * A parsed GEDCOM file → case model (pure: no I/O, testable without a case store).
 *
 * - INDI → Person: NAME/GIVN/SURN/NPFX/NSFX/NICK/TYPE/_MARNM → names; SEX; each event or attribute
 *   → assertions `<event>.date|place|age|value` grouped by one `event` id; REFN/RIN/AFN/EXID/_UID…
 *   → externalIds (plus `gedcomXref`).
 * - FAM → relationships (spouse, parent/child with PEDI) and family events on both spouses under
 *   one shared event id; the family itself (xref, member order, its own extra lines) is kept in the
 *   sidecar of one member so an export rebuilds the same FAM record.
 * - SOUR records → RawRecords to capture; each citation → an EvidenceClaim (method 'gedcom') whose
 *   snippet is the cited DATA/TEXT, else PAGE, else the source title — and the captured text is
 *   built to contain every cited string, so the snippet is verifiable against the capture.
 * - Everything else (NOTE, OBJE, CHAN, vendor _TAGS, event sub-lines) is kept verbatim as RawNodes
 *   in the person's `gedcom` sidecar; shared NOTE/OBJE records are inlined where they are used.
 * - Records no person can hold (HEAD, SUBM, custom level-0 records, empty families, unreferenced
 *   notes) are embedded verbatim in one "GEDCOM file" source, from which export restores them.
 */
import { createHash } from 'node:crypto';
import {
  evidenceTypeOf,
  type Assertion,
  type EvidenceClaim,
  type Person,
  type PersonName,
  type RawRecord,
  type Relationship,
} from '../../model';
import { child, childValue, childrenOf, type GedcomDoc, type GedNode, type GedWarning } from './parse';
import { gedNodeLines, toRaw, type RawNode } from './raw';
import { ATTRIBUTE_TAGS, FAM_EVENTS, ID_TAGS, INDI_EVENTS, NO_QUAY, QUAY_CLASS } from './tags';

export const EMBED_MARKER = '--- GEDCOM lines as imported ---';

export interface CitationExtra {
  source: string;
  page?: string;
  children: RawNode[];
}

export interface EventSidecar {
  /** PLAC sub-lines (FORM, MAP, FONE …). */
  place?: RawNode[];
  /** Event sub-lines the model has no field for (TYPE, CAUS, ADDR, NOTE, _TAGS …). */
  extra?: RawNode[];
  /** Citation sub-lines beyond PAGE/QUAY/DATA.TEXT. */
  citations?: CitationExtra[];
}

export interface FamilySidecar {
  id: string;
  xref: string;
  husb?: string;
  wife?: string;
  children: { id: string; pedi?: string; extra?: RawNode[] }[];
  /** Sub-lines of the HUSB/WIFE lines (5.5.1 vendors put _TAGS there). */
  links?: Partial<Record<'HUSB' | 'WIFE', RawNode[]>>;
  /** Event ids of the family events (their assertions live on the spouses). */
  events: string[];
  eventTags: Record<string, string>;
  eventSidecars?: Record<string, EventSidecar>;
  externalIds?: Record<string, string>;
  extra?: RawNode[];
}

/** The `gedcom` key of an imported Person (the model keeps unknown keys). */
export interface PersonSidecar {
  file: string;
  xref: string;
  sexRaw?: string;
  noName?: true;
  /** Per name, its sub-lines other than GIVN/SURN/NPFX/NSFX/NICK/TYPE (which the model holds). */
  names?: (RawNode[] | null)[];
  /** Indexes of names derived from a _MARNM line (exported through that line, not as NAME). */
  derivedNames?: number[];
  events?: Record<string, EventSidecar>;
  /** Event id → the original tag when the field alone does not say it (EVEN/FACT variants). */
  eventTags?: Record<string, string>;
  extra?: RawNode[];
  /** Sub-lines of FAMC/FAMS links (NOTE, STAT …), keyed "FAMC <family id>". */
  links?: Record<string, RawNode[]>;
  families?: FamilySidecar[];
  /**
   * FAMC/FAMS lines to a family that does not list this person (as CHIL, HUSB or WIFE): a link of
   * this side only, which the model holds no relationship for; export writes it back as it was.
   */
  oneSided?: { tag: 'FAMC' | 'FAMS'; family: string; pedi?: string }[];
  /** "FAMC <family id>" / "FAMS <family id>" for families that list this person without a link back. */
  unlinked?: string[];
  /** Lines of a living person not imported (privacy): the export's loss report counts them. */
  withheld?: number;
}

export interface MappedSource {
  /** The source's id in the case, cited by the persons: `S-<file key>-<xref>` (a stub or inline text: its own). */
  key: string;
  xref?: string;
  record: RawRecord;
  /** The "GEDCOM file" source holding records no person can hold. */
  fileSource?: true;
}

export interface ImportStats {
  individuals: number;
  families: number;
  events: number;
  sources: number;
  citations: number;
  notes: number;
  media: number;
  customTags: number;
  emptyFamilies: number;
}

export interface MappedImport {
  persons: Person[];
  sources: MappedSource[];
  stats: ImportStats;
  warnings: GedWarning[];
  version: string;
}

/** What the mapper has once every person is built. */
export type MappedRest = Omit<MappedImport, 'persons'>;

/**
 * A mapping read one person at a time, so a big import can write each person as it is built and
 * keep none of them (docs/decisions/0001-imported-trees.md).
 */
export interface MappedStream {
  version: string;
  /** INDI records in the file: how many persons `persons` yields. */
  individuals: number;
  /** The persons in file order, each built when it is reached; iterable once. */
  persons: Iterable<Person>;
  /**
   * Sources, stats and warnings. Only once `persons` has been read to the end: a source's text
   * lists every way the file cites it.
   */
  finish(): MappedRest;
}

export interface MapOptions {
  /** File name shown in titles and warnings. */
  file: string;
  /** Short key that makes ids of this import unique in a case (derived from the file's bytes). */
  key: string;
  /** Living persons keep no free text or unmapped lines unless the user consented. */
  isLiving?: (p: Person) => boolean;
  /** Release each INDI record's syntax tree from `doc` once mapped (the caller is done with doc). */
  consume?: boolean;
}

/**
 * Vendor tags that are events (Gramps's and FTM's _DEG, _MILT …: a date or a place, and only the
 * sub-lines of an event), not free text: kept as facts of their own field (`_deg.date`), so a
 * living person's are generalised like any event rather than dropped as text. Record stamps
 * (_CREA, _UPD …) and 7.0 structures a 5.5.1 export wrote as extensions (_NO, _SDATE) are not events.
 */
const VENDOR_EVENT_CHILDREN = /^(DATE|PLAC|AGE|SOUR|TYPE|CAUS|ADDR|NOTE|OBJE|AGNC)$/;
const NOT_VENDOR_EVENTS = new Set([
  '_CREA',
  '_CHAN',
  '_NO',
  '_SDATE',
  '_DATE',
  '_UPD',
  '_TODO',
  '_CREATED',
  '_CHANGED',
  '_TIMESTAMP',
]);
function isVendorEvent(n: GedNode): boolean {
  if (n.tag.charCodeAt(0) !== 95 /* _ */ || n.pointer || !/^_[A-Za-z0-9_]+$/.test(n.tag)) return false;
  if (NOT_VENDOR_EVENTS.has(n.tag.toUpperCase())) return false;
  let dated = false;
  for (const c of n.children) {
    const t = c.tag.toUpperCase();
    if (!VENDOR_EVENT_CHILDREN.test(t)) return false;
    if (t === 'PLAC' || t === 'DATE') dated = true;
  }
  return dated;
}

/**
 * Family Tree Maker writes an occupation, religion or degree in the PLAC of a line without a value
 * ("1 OCCU / 2 PLAC Retail Manager"); Gramps and others read it as the value for files from FTW.
 */
const FTW_VALUE_IN_PLAC = new Set(['OCCU', 'RELI', '_DEG']);

/** Stands in for a consumed record in `doc.records`. */
const CONSUMED: GedNode = { tag: '', line: 0, children: [] };

export function importKeyOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 6);
}

/** An xref as the tail of an id: "@I 1@" → "I_1" (letters, digits, '_', '.', '-'; at most 40). */
export function sanitize(xref: string): string {
  const s = xref
    .replace(/^@|@$/g, '')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .replace(/^[^A-Za-z0-9]+/, '');
  return (s || 'X').slice(0, 40);
}

const NAME_TYPES: Record<string, PersonName['type']> = {
  birth: 'birth',
  maiden: 'birth',
  married: 'married',
  aka: 'aka',
  alias: 'aka',
  immigrant: 'immigrant',
  religious: 'religious',
  nickname: 'nickname',
  professional: 'aka',
  other: 'aka',
};

function parseNameValue(v: string): { given: string; surname: string; suffix?: string } {
  const m = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(v);
  if (!m) return { given: v.trim().replace(/\s+/g, ' '), surname: '' };
  const suffix = m[3].trim();
  return { given: m[1].trim().replace(/\s+/g, ' '), surname: m[2].trim(), ...(suffix ? { suffix } : {}) };
}

function countCustom(n: GedNode): number {
  let k = n.tag.startsWith('_') ? 1 : 0;
  for (const c of n.children) k += countCustom(c);
  return k;
}

export function streamGedcom(doc: GedcomDoc, opts: MapOptions): MappedStream {
  // The mapper's own; the parser's come first in the result, read once every record is expanded.
  const warnings: GedWarning[] = [];
  const warnCounts = new Map<string, number>();
  const warn = (kind: string, line: number | undefined, message: string) => {
    const n = (warnCounts.get(kind) ?? 0) + 1;
    warnCounts.set(kind, n);
    if (n <= 5)
      warnings.push({ line, message: line ? `${opts.file}:${line}: ${message}` : `${opts.file}: ${message}` });
  };
  const stats: ImportStats = {
    individuals: 0,
    families: 0,
    events: 0,
    sources: 0,
    citations: 0,
    notes: 0,
    media: 0,
    customTags: 0,
    emptyFamilies: 0,
  };

  // ---- index ----
  const byXref = new Map<string, GedNode>();
  // Records other records point into (notes, media, sources, repositories …); persons and
  // families are resolved through the id maps below, so their syntax trees can be released early.
  for (const r of doc.records)
    if (r.xref && !byXref.has(r.xref) && r.tag !== 'INDI' && r.tag !== 'FAM') byXref.set(r.xref, r);
  const personId = new Map<string, string>();
  const familyId = new Map<string, string>();
  const sourceKey = new Map<string, string>();
  // Ids are the case's own (a source is captured under its key), so two xrefs that sanitize alike
  // ("@S 1@", "@S_1@") or a record named like the file source must still get two ids.
  const taken = new Set<string>([`S-${opts.key}-file`]);
  const uniqueId = (base: string): string => {
    let id = base;
    for (let i = 2; taken.has(id); i++) id = `${base}.${i}`;
    taken.add(id);
    return id;
  };
  for (const r of doc.records) {
    if (!r.xref) continue;
    const t = r.tag.toUpperCase();
    const [ids, prefix] =
      t === 'INDI' ? [personId, 'P'] : t === 'FAM' ? [familyId, 'F'] : t === 'SOUR' ? [sourceKey, 'S'] : [];
    // A second record with the same xref (a damaged file) shares the first one's id.
    if (ids && !ids.has(r.xref)) ids.set(r.xref, uniqueId(`${prefix}-${opts.key}-${sanitize(r.xref)}`));
  }
  const usedRecords = new Set<string>();
  const sourceTitle = (xref: string) =>
    childValue(byXref.get(xref), 'TITL') ?? childValue(byXref.get(xref), 'ABBR') ?? `Source ${xref}`;

  // ---- citations and sources ----
  const cited = new Map<string, Set<string>>();
  const inlineSources = new Map<string, { key: string; text: string; line: number }>();
  const stubSources = new Map<string, string>();
  const cite = (key: string, s: string | undefined) => {
    if (!s) return;
    let set = cited.get(key);
    if (!set) cited.set(key, (set = new Set()));
    set.add(s);
  };

  /** Resolves a citation's source to its id (record, inline text, or a stub for a dangling pointer). */
  const citationSource = (c: GedNode): { key: string; title: string } => {
    // 7.0's citation of no source record (SOUR @VOID@, its words in PAGE): 5.5.1's inline source.
    if (c.pointer === '@VOID@') return inlineSource((childValue(c, 'PAGE') ?? '').trim(), c.line);
    if (c.pointer) {
      const k = sourceKey.get(c.pointer);
      if (k) return { key: k, title: sourceTitle(c.pointer) };
      let stub = stubSources.get(c.pointer);
      if (!stub) {
        stub = uniqueId(`S-${opts.key}-${sanitize(c.pointer)}`);
        stubSources.set(c.pointer, stub);
        warn(
          'dangling-sour',
          c.line,
          `citation points to ${c.pointer}, which is not a SOUR record; kept with a placeholder source`,
        );
      }
      return { key: stub, title: `Missing source ${c.pointer}` };
    }
    return inlineSource((c.value ?? '').trim(), c.line);
  };
  const inlineSource = (value: string, line: number): { key: string; title: string } => {
    const text = value || '(empty source citation)';
    let inline = inlineSources.get(text);
    if (!inline) {
      const h = createHash('sha256').update(text).digest('hex').slice(0, 8);
      inline = { key: uniqueId(`S-${opts.key}-t${h}`), text, line };
      inlineSources.set(text, inline);
    }
    return { key: inline.key, title: text.split('\n')[0].slice(0, 120) };
  };

  const claimOf = (c: GedNode): { claim: EvidenceClaim; extra?: CitationExtra } => {
    stats.citations++;
    const { key, title } = citationSource(c);
    const page = childValue(c, 'PAGE');
    const quay = childValue(c, 'QUAY');
    const texts: string[] = [];
    for (const d of childrenOf(c, 'DATA'))
      for (const t of childrenOf(d, 'TEXT')) if (t.value?.trim()) texts.push(t.value.trim());
    for (const t of childrenOf(c, 'TEXT')) if (t.value?.trim()) texts.push(t.value.trim());
    const cls = (quay && QUAY_CLASS[quay as keyof typeof QUAY_CLASS]) || NO_QUAY;
    const snippet = texts[0] ?? page ?? title;
    cite(key, page);
    for (const t of texts) cite(key, t);
    if (snippet === title) cite(key, title);
    const claim: EvidenceClaim = {
      source: key,
      snippet,
      tier: 0,
      evidenceType: evidenceTypeOf(cls.sourceClass, cls.information),
      sourceClass: cls.sourceClass,
      information: cls.information,
      evidence: cls.evidence,
      confidence: cls.confidence,
      method: 'gedcom',
      ...(page ? { page } : {}),
    };
    const rest = c.children.filter((x) => {
      const t = x.tag.toUpperCase();
      if (t === 'PAGE' || t === 'QUAY' || t === 'TEXT') return false;
      if (t === 'DATA') return x.children.some((d) => d.tag.toUpperCase() !== 'TEXT');
      return true;
    });
    if (!rest.length) return { claim };
    const children = rest.map((x) => {
      const r = rawOf(x);
      if (x.tag.toUpperCase() === 'DATA') r.children = (r.children ?? []).filter((d) => d.tag.toUpperCase() !== 'TEXT');
      return r;
    });
    return { claim, extra: { source: key, ...(page ? { page } : {}), children } };
  };

  // ---- raw nodes (NOTE/OBJE records inlined, pointers typed) ----
  const typedPointer = (xref: string): string | undefined => {
    if (xref === '@VOID@') return undefined;
    const p = personId.get(xref);
    if (p) return `P:${p}`;
    const f = familyId.get(xref);
    if (f) return `F:${f}`;
    const s = sourceKey.get(xref);
    if (s) return `S:${s}`;
    return undefined;
  };
  const inlining = new Set<string>();
  const inlineShared = (n: GedNode): GedNode => {
    const t = n.tag.toUpperCase();
    if (n.pointer && (t === 'NOTE' || t === 'SNOTE' || t === 'OBJE')) {
      const rec = byXref.get(n.pointer);
      const rt = rec?.tag.toUpperCase();
      if (rec && (rt === t || ((t === 'SNOTE' || t === 'NOTE') && (rt === 'SNOTE' || rt === 'NOTE')))) {
        usedRecords.add(n.pointer);
        // A note that cites a source that carries the same note (GEDCOM 7 allows cycles): stop there.
        if (inlining.has(n.pointer))
          return { tag: t === 'SNOTE' ? 'NOTE' : t, value: rec.value, line: n.line, children: [] };
        inlining.add(n.pointer);
        const own = n.children.map(inlineShared);
        const recChildren = rec.children
          .filter((c) => !['CHAN', 'CREA', 'REFN', 'RIN', 'UID', '_UID'].includes(c.tag.toUpperCase()))
          .map(inlineShared);
        inlining.delete(n.pointer);
        return { tag: t === 'SNOTE' ? 'NOTE' : t, value: rec.value, line: n.line, children: [...recChildren, ...own] };
      }
      if (!rec) warn('dangling', n.line, `${n.tag} points to ${n.pointer}, which is not in the file; kept as text`);
    }
    if (n.pointer && typedPointer(n.pointer) === undefined && n.pointer !== '@VOID@' && !byXref.has(n.pointer)) {
      warn('dangling', n.line, `${n.tag} points to ${n.pointer}, which is not in the file; kept as text`);
    }
    return n.children.length ? { ...n, children: n.children.map(inlineShared) } : n;
  };
  const rawOf = (n: GedNode): RawNode => {
    const t = n.tag.toUpperCase();
    if (t === 'NOTE' || t === 'SNOTE') stats.notes++;
    if (t === 'OBJE') stats.media++;
    if (t === 'SOUR') stats.citations++;
    // A verbatim citation of a record (not 7.0's @VOID@: its text stays verbatim, as 5.5.1's inline text does).
    if (t === 'SOUR' && n.pointer && n.pointer !== '@VOID@') cite(citationSource(n).key, childValue(n, 'PAGE'));
    return toRaw(inlineShared(n), typedPointer);
  };

  // ---- events ----
  const eventAssertions = (
    node: GedNode,
    field: string,
    eventId: string,
    attribute: boolean,
    valueInPlace = false,
  ): { assertions: Assertion[]; sidecar?: EventSidecar } => {
    stats.events++;
    // One pass over the sub-lines: the first DATE/PLAC/AGE with a value feed the model.
    let dateNode: GedNode | undefined;
    let placeNode: GedNode | undefined;
    let ageNode: GedNode | undefined;
    for (const c of node.children) {
      const t = c.tag;
      if (t === 'DATE' || t === 'date') dateNode ??= c;
      else if (t === 'PLAC' || t === 'plac') placeNode ??= c;
      else if (t === 'AGE' || t === 'age') ageNode ??= c;
    }
    const date = dateNode?.value?.trim() || undefined;
    let place = placeNode?.value?.trim() || undefined;
    // An AGE with sub-lines (7.0 PHRASE) stays verbatim only, so export writes it once.
    const age = ageNode && !ageNode.children.length ? ageNode.value?.trim() || undefined : undefined;
    let value = node.value?.trim();
    if (valueInPlace && !value && place && !placeNode!.children.length) {
      value = place;
      place = undefined;
    } else valueInPlace = false;
    let evidence: EvidenceClaim[] = NO_EVIDENCE;
    let citeExtras: CitationExtra[] | undefined;
    let extra: RawNode[] | undefined;
    for (const c of node.children) {
      if (c === dateNode && date) {
        // A DATE with sub-lines (7.0 TIME/PHRASE): value in the model, sub-lines kept.
        if (c.children.length) (extra ??= []).push({ tag: '@DATE', children: c.children.map(rawOf) });
        continue;
      }
      if (c === placeNode && (place || valueInPlace)) continue;
      if (c === ageNode && age && !c.children.length) continue;
      if (c.tag.toUpperCase() === 'SOUR') {
        const { claim, extra: ce } = claimOf(c);
        if (evidence === NO_EVIDENCE) evidence = [];
        evidence.push(claim);
        if (ce) (citeExtras ??= []).push(ce);
        continue;
      }
      (extra ??= []).push(rawOf(c));
    }
    let confidence: number = NO_QUAY.confidence;
    if (evidence.length) {
      confidence = 0;
      for (const e of evidence) if (e.confidence > confidence) confidence = e.confidence;
    }
    const assertions: Assertion[] = [];
    if (date) assertions.push(assertionOf(eventId, field, 'date', date, confidence, evidence));
    if (place) assertions.push(assertionOf(eventId, field, 'place', place, confidence, evidence));
    if (age) assertions.push(assertionOf(eventId, field, 'age', age, confidence, evidence));
    if (value && (attribute || value.toUpperCase() !== 'Y'))
      assertions.push(assertionOf(eventId, field, 'value', value, confidence, evidence));
    if (!assertions.length) assertions.push(assertionOf(eventId, field, 'value', value || 'Y', confidence, evidence));
    if (!extra && !citeExtras && !placeNode?.children.length) return { assertions };
    const sidecar: EventSidecar = {};
    if (placeNode && place && placeNode.children.length) sidecar.place = placeNode.children.map(rawOf);
    if (extra) sidecar.extra = extra;
    if (citeExtras) sidecar.citations = citeExtras;
    return { assertions, sidecar: Object.keys(sidecar).length ? sidecar : undefined };
  };

  const ftw = ['FTW', 'FTM'].includes((childValue(doc.head, 'SOUR') ?? '').trim().toUpperCase());

  // ---- families first ----
  // A person is handed on (and written) as soon as it is built, so whatever its families give it
  // (relationships, family events, the family record itself) is gathered before any person is.
  const records = doc.records;
  // FAMC pedigree from the child's side, read for the families below.
  const pediOf = new Map<string, string>();
  // Each INDI has its own person id: the parser renames a repeated xref, and uniqueId does the rest.
  let individuals = 0;
  for (let ri = 0; ri < records.length; ri++) {
    if (records[ri].tag.toUpperCase() !== 'INDI') continue;
    individuals++;
    let r = records[ri];
    // A deferred record is parsed when its person is built (its syntax tree is then short-lived),
    // unless it has a PEDI line the families below need: that one is parsed now and kept parsed.
    const unparsed = doc.deferredText(r);
    if (unparsed !== undefined && !/PEDI/i.test(unparsed)) continue;
    r = records[ri] = doc.expand(r);
    if (!r.xref) continue;
    for (const fc of childrenOf(r, 'FAMC')) {
      const p = childValue(fc, 'PEDI');
      if (fc.pointer && p) pediOf.set(`${r.xref}|${fc.pointer}`, p);
    }
  }
  const emptyFamilies: GedNode[] = [];
  const parentCount = new Map<string, number>();
  let extraParents = 0;
  // What each person gets from its families, by person id, taken when the person is built: the
  // families it is in (its relationships and family events are made from them then, so they are
  // short-lived, not 340k objects held from here to the end of a 100k import) and the family
  // records it carries.
  const linksOf = new Map<string, FamilyLinks[]>();
  const familiesOf = new Map<string, FamilySidecar[]>();
  const linkTo = (id: string, links: FamilyLinks) => {
    let all = linksOf.get(id);
    if (!all) linksOf.set(id, (all = []));
    if (all[all.length - 1] !== links) all.push(links);
  };
  for (const r of records) {
    if (r.tag.toUpperCase() !== 'FAM') continue;
    stats.families++;
    stats.customTags += countCustom(r);
    const xref = r.xref ?? `@ANONF${r.line}@`;
    const fid = familyId.get(xref) ?? uniqueId(`F-${opts.key}-L${r.line}`);
    const member = (n: GedNode | undefined): string | undefined => {
      if (!n?.pointer) return undefined;
      const id = personId.get(n.pointer);
      if (!id) warn('dangling-member', n.line, `${n.tag} points to ${n.pointer}, which is not an INDI record; dropped`);
      return id;
    };
    const husbNode = child(r, 'HUSB');
    const wifeNode = child(r, 'WIFE');
    const husb = member(husbNode);
    const wife = member(wifeNode);
    const fam: FamilySidecar = { id: fid, xref, children: [], events: [], eventTags: {} };
    if (husb) fam.husb = husb;
    if (wife) fam.wife = wife;
    const extra: RawNode[] = [];
    const familyEventAssertions: Assertion[] = [];
    let eventN = 0;
    for (const c of r.children) {
      const t = c.tag.toUpperCase();
      if ((t === 'HUSB' && c === husbNode) || (t === 'WIFE' && c === wifeNode)) {
        if (c.children.length) (fam.links ??= {})[t] = c.children.map(rawOf);
        continue;
      }
      if (t === 'CHIL') {
        const cid = member(c);
        if (!cid) continue;
        const pedi = (c.pointer && pediOf.get(`${c.pointer}|${xref}`)) || undefined;
        fam.children.push({
          id: cid,
          ...(pedi ? { pedi } : {}),
          ...(c.children.length ? { extra: c.children.map(rawOf) } : {}),
        });
        continue;
      }
      if (FAM_EVENTS[t] || (t === 'NO' && noEvent(c, FAM_EVENTS))) {
        eventN++;
        const eventId = `${fid}.e${eventN}`;
        // 7.0 "NO DIV" (no sub-lines) is the model's "DIV N", as 5.5.1 says it.
        const node = t === 'NO' ? { ...c, tag: c.value!.trim(), value: 'N' } : c;
        const tag = node.tag.toUpperCase();
        const { assertions: as, sidecar } = eventAssertions(node, FAM_EVENTS[tag], eventId, ATTRIBUTE_TAGS.has(tag));
        fam.events.push(eventId);
        fam.eventTags[eventId] = node.tag;
        if (sidecar) (fam.eventSidecars ??= {})[eventId] = sidecar;
        familyEventAssertions.push(...as);
        continue;
      }
      if (ID_TAGS.has(t) && c.value?.trim() && !c.children.some((x) => x.tag.toUpperCase() !== 'TYPE')) {
        const type = childValue(c, 'TYPE');
        const ids = (fam.externalIds ??= {});
        let k = type ? `${c.tag}:${type}` : c.tag;
        for (let i = 2; ids[k] !== undefined; i++) k = `${type ? `${c.tag}:${type}` : c.tag}.${i}`;
        ids[k] = c.value.trim();
        continue;
      }
      extra.push(rawOf(c));
    }
    if (extra.length) fam.extra = extra;
    const owner = husb ?? wife ?? fam.children[0]?.id;
    if (!owner) {
      stats.emptyFamilies++;
      emptyFamilies.push(r);
      warn('empty-fam', r.line, `family ${xref} has no members; kept in the file's source record`);
      continue;
    }
    // Family events are facts of both spouses; a family without spouses keeps them on its record only.
    if (!husb && !wife && familyEventAssertions.length) {
      fam.extra = [
        ...(fam.extra ?? []),
        ...r.children
          .filter((c) => FAM_EVENTS[c.tag.toUpperCase()] || (c.tag.toUpperCase() === 'NO' && noEvent(c, FAM_EVENTS)))
          .map(rawOf),
      ];
    }
    // What is kept until the members are built is a copy (structuredClone makes it in the runtime,
    // outside every object literal), not the objects the event and line mappers made. V8 would
    // otherwise see those mappers' objects survive here, allocate all of them in the old generation
    // from then on (allocation-site pretenuring), and every scavenge would keep the new strings the
    // dead old objects point to: at 100k persons about 0.4 s of scavenges and 150 MB promoted.
    const family = structuredClone(fam);
    let families = familiesOf.get(owner);
    if (!families) familiesOf.set(owner, (families = []));
    families.push(family);
    const links: FamilyLinks = {
      id: fid,
      children: family.children,
      assertions: structuredClone(familyEventAssertions),
    };
    if (husb) links.husb = husb;
    if (wife) links.wife = wife;
    fam.children.forEach((ch, i) => {
      const parents = (husb && husb !== ch.id ? 1 : 0) + (wife && wife !== ch.id ? 1 : 0);
      const have = parentCount.get(ch.id) ?? 0;
      if (have + parents > 2) {
        // The model allows two accepted parents; further ones (adoptive, step) stay in the family record.
        extraParents++;
        (links.beyondTwo ??= new Set()).add(i);
        return;
      }
      parentCount.set(ch.id, have + parents);
    });
    if (husb) linkTo(husb, links);
    if (wife) linkTo(wife, links);
    for (const ch of fam.children) linkTo(ch.id, links);
  }
  if (extraParents)
    warn(
      'extra-parents',
      undefined,
      `${extraParents} child link(s) beyond two parents kept only in the family records (the model holds two parents per person)`,
    );

  // ---- persons, one at a time ----
  let stripped = 0;
  let allRead = false;
  function* personsInOrder(): Generator<Person> {
    for (let ri = 0; ri < records.length; ri++) {
      if (records[ri].tag.toUpperCase() !== 'INDI') continue;
      const r = doc.expand(records[ri]);
      // With `consume` the syntax tree goes as soon as the person is built (big files).
      if (opts.consume) records[ri] = CONSUMED;
      const xref = r.xref ?? `@ANON${r.line}@`;
      const id = personId.get(xref) ?? uniqueId(`P-${opts.key}-L${r.line}`);
      if (!r.xref) warn('noxref', r.line, 'INDI record without a cross-reference id');
      stats.individuals++;
      stats.customTags += countCustom(r);
      const side: PersonSidecar = { file: opts.file, xref };
      const names: PersonName[] = [];
      const nameExtras: (RawNode[] | null)[] = [];
      let sex: Person['sex'] = 'U';
      const assertions: Assertion[] = [];
      const externalIds: Record<string, string> = { gedcomXref: xref };
      const extra: RawNode[] = [];
      let eventN = 0;
      const famLinks = linksOf.get(id);
      // Family ids this record links to with FAMC / FAMS (for the one-sided links both ways).
      let famc: string[] | undefined;
      let fams: string[] | undefined;
      for (const c of r.children) {
        const t = c.tag.toUpperCase();
        if (t === 'NAME') {
          const base = parseNameValue(c.value ?? '');
          const name: PersonName = { given: base.given, surname: base.surname, type: 'birth' };
          if (base.suffix) name.suffix = base.suffix;
          const nx: RawNode[] = [];
          const married: PersonName[] = [];
          for (const s of c.children) {
            const st = s.tag.toUpperCase();
            const v = s.value?.trim();
            if (st === 'GIVN' && v) name.given = v;
            else if (st === 'SURN' && v) name.surname = v;
            else if (st === 'NPFX' && v) name.prefix = v;
            else if (st === 'NSFX' && v) name.suffix = v;
            else if (st === 'NICK' && v) name.nickname = v;
            else if (st === 'TYPE' && v && NAME_TYPES[v.toLowerCase()]) name.type = NAME_TYPES[v.toLowerCase()]!;
            else if (st === '_MARNM' && v) {
              const m = parseNameValue(v.includes('/') ? v : `${name.given} /${v}/`);
              married.push({ given: m.given, surname: m.surname, type: 'married' });
              nx.push(rawOf(s));
            } else {
              // A name's source pointer is also a model citation; inline source text stays verbatim only.
              if (st === 'SOUR' && s.pointer && s.pointer !== '@VOID@')
                name.citations = [...(name.citations ?? []), citationSource(s).key];
              nx.push(rawOf(s));
            }
          }
          names.push(name);
          nameExtras.push(nx.length ? nx : null);
          for (const m of married) {
            // A _MARNM name is recorded in the model too; export restores it from the verbatim line.
            names.push(m);
            nameExtras.push(null);
            (side.derivedNames ??= []).push(names.length - 1);
          }
        } else if (t === 'SEX') {
          const v = (c.value ?? '').trim().toUpperCase();
          sex =
            v === 'M' || v.startsWith('MALE') ? 'M' : v === 'F' || v.startsWith('FEMALE') ? 'F' : v === 'X' ? 'X' : 'U';
          if (v !== sex || c.children.length) side.sexRaw = c.value ?? '';
          if (c.children.length) extra.push(rawOf(c));
        } else if (INDI_EVENTS[t] || (t === 'NO' && noEvent(c, INDI_EVENTS)) || isVendorEvent(c)) {
          eventN++;
          const eventId = `${id}.e${eventN}`;
          // 7.0 "NO DIV" (no children): the 5.5.1 "DIV N" of the model; a vendor event is its own field.
          const tag = t === 'NO' ? c.value!.trim().toUpperCase() : t;
          const field = INDI_EVENTS[tag] ?? t.toLowerCase();
          const node = t === 'NO' ? { ...c, tag, value: 'N' } : c;
          const { assertions: as, sidecar } = eventAssertions(
            node,
            field,
            eventId,
            ATTRIBUTE_TAGS.has(tag),
            ftw && FTW_VALUE_IN_PLAC.has(tag),
          );
          assertions.push(...as);
          if (sidecar) (side.events ??= {})[eventId] = sidecar;
          if (node.tag !== tag || !INDI_EVENTS[tag]) (side.eventTags ??= {})[eventId] = node.tag;
        } else if (ID_TAGS.has(t) && c.value?.trim() && !c.children.some((x) => x.tag.toUpperCase() !== 'TYPE')) {
          const type = childValue(c, 'TYPE');
          let k = type ? `${c.tag}:${type}` : c.tag;
          for (let i = 2; externalIds[k] !== undefined; i++) k = `${type ? `${c.tag}:${type}` : c.tag}.${i}`;
          externalIds[k] = c.value.trim();
        } else if (t === 'FAMC' || t === 'FAMS') {
          const fid = c.pointer ? familyId.get(c.pointer) : undefined;
          if (c.pointer && !fid)
            warn('dangling-fam', c.line, `${c.tag} points to ${c.pointer}, which is not a FAM record; link dropped`);
          if (!fid) continue;
          const rest = c.children.filter((x) => x.tag.toUpperCase() !== 'PEDI');
          if (rest.length) (side.links ??= {})[`${t} ${fid}`] = rest.map(rawOf);
          (t === 'FAMC' ? (famc ??= []) : (fams ??= [])).push(fid);
          const listed = famLinks?.some(
            (l) =>
              l.id === fid && (t === 'FAMC' ? l.children.some((ch) => ch.id === id) : l.husb === id || l.wife === id),
          );
          if (!listed) {
            const pedi = t === 'FAMC' ? childValue(c, 'PEDI') : undefined;
            (side.oneSided ??= []).push({ tag: t, family: fid, ...(pedi ? { pedi } : {}) });
          }
        } else {
          extra.push(rawOf(c));
        }
      }
      if (!names.length) {
        names.push({ given: '', surname: '', type: 'birth' });
        side.noName = true;
      }
      if (nameExtras.some((x) => x)) side.names = nameExtras;
      if (extra.length) side.extra = extra;
      for (const l of famLinks ?? []) {
        if (l.children.some((ch) => ch.id === id) && !famc?.includes(l.id)) (side.unlinked ??= []).push(`FAMC ${l.id}`);
        if ((l.husb === id || l.wife === id) && !fams?.includes(l.id)) (side.unlinked ??= []).push(`FAMS ${l.id}`);
      }
      const relationships: Relationship[] = [];
      const links = famLinks;
      if (links) fromFamilies(id, links, relationships, assertions);
      const families = familiesOf.get(id);
      if (families) side.families = families;
      linksOf.delete(id);
      familiesOf.delete(id);
      const person = { id, names, sex, assertions, relationships, externalIds, gedcom: side } as Person;
      // Living persons keep no free text: decided here, where the person is whole. Their
      // associations are relationships, which the Censor keeps: the link and its role stay.
      if (opts.isLiving?.(person) && (side.extra || side.events || side.names || side.links)) {
        const kept = side.extra?.filter((n) => n.tag.toUpperCase() === 'ASSO' && n.pointer).map(roleOnly) ?? [];
        const all = [
          side.extra,
          ...Object.values(side.events ?? {}).flatMap((e) => [e.extra, e.place]),
          ...(side.names ?? []),
        ];
        const lines =
          all.reduce((k, ns) => k + countLines(ns ?? []), 0) + countLines(Object.values(side.links ?? {}).flat());
        const withheld = lines - countLines(kept);
        delete side.extra;
        delete side.events;
        delete side.names;
        delete side.links;
        if (kept.length) side.extra = kept;
        if (withheld > 0) side.withheld = withheld;
        stripped++;
      }
      yield person;
    }
    allRead = true;
  }

  const finish = (): MappedRest => {
    if (!allRead) throw new Error('mapGedcom: finish() was called before every person was read');
    if (stripped)
      warn(
        'living',
        undefined,
        `${stripped} living person(s): notes and unmapped lines were not imported (privacy; set consent in case.yaml to keep them)`,
      );

    // ---- sources ----
    const sources: MappedSource[] = [];
    const repoName = (n: GedNode): string | undefined => {
      const repo = child(n, 'REPO');
      if (!repo) return undefined;
      if (repo.pointer) {
        usedRecords.add(repo.pointer);
        return childValue(byXref.get(repo.pointer), 'NAME') ?? repo.pointer;
      }
      return repo.value?.trim() || undefined;
    };
    const citedBlock = (key: string): string[] => {
      const set = cited.get(key);
      return set?.size ? ['', 'Cited as:', ...[...set].map((s) => `- ${s}`)] : [];
    };
    for (const r of records) {
      if (r.tag.toUpperCase() !== 'SOUR' || !r.xref) continue;
      const key = sourceKey.get(r.xref)!;
      if (sources.some((s) => s.key === key)) continue;
      stats.sources++;
      stats.customTags += countCustom(r);
      const title = sourceTitle(r.xref);
      const auth = childValue(r, 'AUTH');
      const publ = childValue(r, 'PUBL');
      const text = childValue(r, 'TEXT');
      const embedded = gedNodeLines(inlineShared(r));
      const repo = child(r, 'REPO');
      if (repo?.pointer && byXref.get(repo.pointer)) embedded.push(...gedNodeLines(byXref.get(repo.pointer)!));
      const body = [
        title,
        auth ? `Author: ${auth}` : '',
        publ ? `Publication: ${publ}` : '',
        text ? `\n${text}` : '',
        ...citedBlock(key),
        '',
        EMBED_MARKER,
        ...embedded,
      ]
        .filter((l, i) => l !== '' || i > 0)
        .join('\n');
      sources.push({
        key,
        xref: r.xref,
        record: {
          title: title.slice(0, 300),
          recordType: 'other',
          repository: repoName(r) ?? `GEDCOM file ${opts.file}`,
          sourceType: 'derivative',
          sourceId: 'gedcom',
          tier: 0,
          persons: [],
          text: body,
          externalId: r.xref,
        },
      });
    }
    for (const [text, inline] of inlineSources) {
      stats.sources++;
      sources.push({
        key: inline.key,
        record: {
          title: text.split('\n')[0].slice(0, 120),
          recordType: 'other',
          repository: `GEDCOM file ${opts.file}`,
          sourceType: 'derivative',
          sourceId: 'gedcom',
          tier: 0,
          persons: [],
          text: [text, ...citedBlock(inline.key)].join('\n'),
          externalId: `inline:${inline.key}`,
        },
      });
    }
    for (const [xref, key] of stubSources) {
      stats.sources++;
      sources.push({
        key,
        xref,
        record: {
          title: `Missing source ${xref}`,
          recordType: 'other',
          repository: `GEDCOM file ${opts.file}`,
          sourceType: 'derivative',
          sourceId: 'gedcom',
          tier: 0,
          persons: [],
          text: [
            `Missing source ${xref}`,
            `The file cites ${xref} but has no such SOUR record.`,
            ...citedBlock(key),
          ].join('\n'),
          externalId: xref,
        },
      });
    }

    // ---- the file itself: header and records no person can hold ----
    const leftovers = records.filter((r) => {
      if (r === CONSUMED) return false;
      const t = r.tag.toUpperCase();
      if (t === 'INDI' || t === 'SOUR' || t === 'FAM') return false;
      if ((t === 'NOTE' || t === 'SNOTE' || t === 'OBJE' || t === 'REPO') && r.xref && usedRecords.has(r.xref))
        return false;
      return true;
    });
    for (const r of leftovers) {
      const t = r.tag.toUpperCase();
      if (t === 'NOTE' || t === 'SNOTE') stats.notes++;
      if (t === 'OBJE') stats.media++;
      stats.customTags += countCustom(r);
    }
    const headLines = doc.head ? gedNodeLines(doc.head) : [];
    const fileLines = [...headLines, ...[...leftovers, ...emptyFamilies].flatMap((r) => gedNodeLines(inlineShared(r)))];
    const program = childValue(doc.head, 'SOUR') ?? 'unknown program';
    sources.push({
      key: `S-${opts.key}-file`,
      fileSource: true,
      record: {
        title: `GEDCOM file ${opts.file}`,
        recordType: 'tree',
        repository: `${program} export`,
        sourceType: 'authored',
        sourceId: 'gedcom',
        tier: 0,
        persons: [],
        text: [
          `GEDCOM file ${opts.file} (GEDCOM ${doc.version}, from ${program}): ${stats.individuals} individuals, ${stats.families} families, ${stats.sources} sources.`,
          '',
          EMBED_MARKER,
          ...fileLines,
        ].join('\n'),
        externalId: `file:${opts.key}`,
      },
    });
    return { sources, stats, warnings: [...doc.warnings, ...warnings], version: doc.version };
  };
  return { version: doc.version, individuals, persons: personsInOrder(), finish };
}

/** The whole import at once (small files, tests): every person in one array. */
export function mapGedcom(doc: GedcomDoc, opts: MapOptions): MappedImport {
  const stream = streamGedcom(doc, opts);
  const persons = [...stream.persons];
  return { persons, ...stream.finish() };
}

/** A family as its members see it, from the FAM pass until its last member is built. */
interface FamilyLinks {
  /** The family's id. */
  id: string;
  husb?: string;
  wife?: string;
  children: FamilySidecar['children'];
  /** Indexes of children beyond their second parent (kept in the family record only). */
  beyondTwo?: Set<number>;
  /** The family's events, each copied onto both spouses. */
  assertions: Assertion[];
}

/**
 * What a person's families give it, in file order: per family its spouse, then its children (or,
 * for a child, its parents), then the family events for a spouse. A relationship already given by
 * an earlier family is not given twice.
 */
function fromFamilies(
  id: string,
  families: FamilyLinks[],
  relationships: Relationship[],
  assertions: Assertion[],
): void {
  const relate = (type: Relationship['type'], other: string, pedigree?: Relationship['pedigree']) => {
    if (other === id || relationships.some((r) => r.type === type && r.person === other)) return;
    const rel: Relationship = { type, person: other, status: 'accepted', confidence: 1, evidence: [] };
    if (pedigree) rel.pedigree = pedigree;
    relationships.push(rel);
  };
  for (const f of families) {
    if (f.husb && f.wife) {
      if (id === f.husb) relate('spouse', f.wife);
      if (id === f.wife) relate('spouse', f.husb);
    }
    f.children.forEach((ch, i) => {
      if (f.beyondTwo?.has(i)) return;
      const pedigree = pedigreeOf(ch.pedi);
      for (const p of [f.husb, f.wife]) {
        if (!p || p === ch.id) continue;
        if (id === ch.id) relate('parent', p, pedigree);
        if (id === p) relate('child', ch.id, pedigree);
      }
    });
    for (const sp of [f.husb, f.wife]) {
      if (sp !== id) continue;
      for (const a of f.assertions) assertions.push({ ...a, id: `${a.id}.${sp === f.husb ? 'h' : 'w'}` });
    }
  }
}

/** A raw line and its sub-lines: how many lines. */
function countLines(nodes: RawNode[]): number {
  let k = 0;
  for (const n of nodes) k += 1 + countLines(n.children ?? []);
  return k;
}

/** An ASSO line with only what says the relationship (RELA, ROLE and its PHRASE): no notes, no sources. */
function roleOnly(n: RawNode): RawNode {
  const role = (n.children ?? []).filter((c) => /^(RELA|ROLE|PHRASE)$/i.test(c.tag));
  return {
    tag: n.tag,
    ...(n.value !== undefined ? { value: n.value } : {}),
    ...(n.pointer !== undefined ? { pointer: n.pointer } : {}),
    ...(role.length ? { children: role } : {}),
  };
}

/** A 7.0 "NO <event>" line without sub-lines: the event said not to have happened. */
function noEvent(n: GedNode, events: Record<string, string>): boolean {
  const v = n.value?.trim().toUpperCase();
  return !n.children.length && v !== undefined && v in events;
}

/** Shared by every uncited assertion (the model's evidence list; never mutated). */
const NO_EVIDENCE: EvidenceClaim[] = [];

/** "birth" + "date" → "birth.date", one string per field and suffix rather than one per assertion. */
const FIELDS = new Map<string, Record<string, string>>();
function fieldName(field: string, suffix: string): string {
  let bySuffix = FIELDS.get(field);
  if (!bySuffix) FIELDS.set(field, (bySuffix = {}));
  return (bySuffix[suffix] ??= `${field}.${suffix}`);
}

function assertionOf(
  eventId: string,
  field: string,
  suffix: string,
  value: string,
  confidence: number,
  evidence: EvidenceClaim[],
): Assertion {
  return {
    id: `${eventId}.${suffix}`,
    field: fieldName(field, suffix),
    value,
    status: 'accepted',
    confidence,
    event: eventId,
    evidence,
  };
}

function pedigreeOf(pedi: string | undefined): Relationship['pedigree'] {
  if (!pedi) return undefined;
  const p = pedi.trim().toLowerCase();
  if (p === 'birth' || p === 'adopted' || p === 'foster') return p;
  if (p === 'step') return 'step';
  return 'unknown';
}
