/**
 * Case → GEDCOM 5.5.1 or 7.0 text, plus a loss report (what the target format could not carry).
 *
 * Persons come from the store (person files and imported trees). What an import kept verbatim in
 * the `gedcom` sidecar is written back; everything the research added is written from the model.
 * Merged duplicates collapse into their canonical person, living persons are redacted by the
 * Censor and marked RESN PRIVACY, conflicts and research notes become NOTEs.
 */
import {
  DATE_WITHHELD,
  isLiving,
  PLACE_WITHHELD,
  redactPerson,
  reducePlaceLevels,
  widenDate,
  type CensorContext,
} from '../../agents/censor';
import { censorTextField, IDENTIFIER_TAGS, FREE_TEXT_TAGS, privacyKind, withholdIdentifier } from './censor-fields';
import type { CaseStore } from '../../engine/ports';
import { conclusionsOnly } from '../conclusions';
import type { Assertion, Conflict, EvidenceClaim, Person, SourceRecord } from '../../model';
import { age7, asso551, conform7, media7 } from './conform7';
import { censorDecadeAsRange, dateTo5, dateTo7 } from './dates';
import { EMBED_MARKER, type EventSidecar, type FamilySidecar, type PersonSidecar } from './map-import';
import { parseGedcom, type GedNode } from './parse';
import { writeNode, writeRaw, type RawNode, type WriteOptions } from './raw';
import { ATTRIBUTE_TAGS, FAM_EVENTS, FAM_TAG_OF_FIELD, INDI_EVENTS, INDI_TAG_OF_FIELD, NO_QUAY, quayOf } from './tags';

export type GedcomVersion = '5.5.1' | '7.0' | '7.1';

export interface ExportOptions {
  version: GedcomVersion;
  now?: Date;
  /** Program version written in HEAD.SOUR.VERS. */
  programVersion?: string;
  /** Also export staged (unproven) facts and relationships, marked as staged. */
  includeStaged?: boolean;
}

export interface ExportResult {
  text: string;
  lossReport: string;
  counts: { individuals: number; families: number; sources: number; events: number };
}

/** Optional store extras (the file store has them; the port does not require them). */
interface StoreExtras {
  personBody?(id: string): string | undefined;
  censorContext?(): CensorContext;
}

const EXT_URI = 'https://ancestry-engine.invalid/gedcom/ext/';
/** A living person's date as the Censor writes it: whole decades. */
const DECADE_RANGE = /^BET \d{3}0 AND \d{3}9$/;

/** Tags GEDCOM 7.0 introduced: a 5.5.1 export turns them into custom tags (named in the loss report). */
const ONLY_IN_7 = new Set([
  'EXID',
  'UID',
  'TRAN',
  'CREA',
  'PHRASE',
  'SDATE',
  'SNOTE',
  'CROP',
  'TOP',
  'LEFT',
  'HEIGHT',
  'WIDTH',
  'INIL',
  'NO',
  'MIME',
  'SCHMA',
]);
/** LDS ordinances: 7.0 gives them no payload (5.5.1 files write "Y"). */
const LDS_ORDINANCES = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS']);
/** Structures 7.0 requires a TYPE under. */
const TYPE_REQUIRED = new Set(['IDNO', 'FACT', 'EVEN']);

/** Tags GEDCOM 5.5.1 had that 7.0 removed. */
const ONLY_IN_5: Record<string, string | null> = {
  RIN: null,
  AFN: null,
  RFN: null,
  _UID: 'UID',
  BLOB: null,
  ROMN: '_ROMN',
  FONE: '_FONE',
  SUBN: null,
  CONC: null,
};

class Loss {
  private items = new Map<string, { count: number; examples: Set<string> }>();
  /** What the Censor changed or withheld (its examples name records, never the values). */
  private privacy = new Map<string, { count: number; examples: Set<string> }>();
  add(what: string, example?: string): void {
    Loss.bump(this.items, what, example);
  }
  redacted(what: string, example?: string, n = 1): void {
    Loss.bump(this.privacy, what, example, n);
  }
  private static bump(
    m: Map<string, { count: number; examples: Set<string> }>,
    what: string,
    example?: string,
    n = 1,
  ): void {
    let e = m.get(what);
    if (!e) m.set(what, (e = { count: 0, examples: new Set() }));
    e.count += n;
    if (example && e.examples.size < 3) e.examples.add(example);
  }
  private static list(m: Map<string, { count: number; examples: Set<string> }>): string[] {
    return [...m]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([what, e]) => `- ${what}: ${e.count}${e.examples.size ? ` (e.g. ${[...e.examples].join('; ')})` : ''}`);
  }
  render(version: string, counts: ExportResult['counts'], intro: string[] = []): string {
    const lines = [
      `# GEDCOM ${version} export: loss report`,
      '',
      `Wrote ${counts.individuals} individuals, ${counts.families} families, ${counts.events} events, ${counts.sources} sources.`,
      '',
      ...intro,
    ];
    if (!this.items.size && !this.privacy.size)
      lines.push('Nothing was lost: the target format carries everything this case holds.');
    if (this.privacy.size)
      lines.push(
        'Withheld or generalised for privacy (living persons; `privacy.consent: true` in case.yaml lifts it):',
        '',
        ...Loss.list(this.privacy),
        '',
      );
    if (this.items.size) lines.push('What the target format could not carry as-is:', '', ...Loss.list(this.items));
    return `${lines.join('\n').trimEnd()}\n`;
  }
}

function sidecarOf(p: Person): PersonSidecar | undefined {
  const s = (p as Person & { gedcom?: unknown }).gedcom;
  return s && typeof s === 'object' && 'xref' in s ? (s as PersonSidecar) : undefined;
}

function isFileSource(s: SourceRecord): boolean {
  return s.sourceId === 'gedcom' && (s.externalId ?? '').startsWith('file:');
}

function embeddedRecords(text: string): GedNode[] {
  const i = text.indexOf(EMBED_MARKER);
  if (i < 0) return [];
  const lines = text.slice(i + EMBED_MARKER.length).replace(/^\n/, '');
  try {
    return parseGedcom(`0 HEAD\n1 GEDC\n2 VERS 7.0\n${lines}\n0 TRLR\n`, { file: 'embedded' }).records;
  } catch {
    return [];
  }
}

function ymd(d: Date): string {
  const m = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][d.getUTCMonth()];
  return `${d.getUTCDate()} ${m} ${d.getUTCFullYear()}`;
}

interface EventGroup {
  id: string;
  prefix: string;
  assertions: Assertion[];
}

/** Assertions → event instances: by `event` id, else by field prefix (a second value of the same suffix starts a new instance). */
function groupEvents(assertions: Assertion[]): EventGroup[] {
  const groups: EventGroup[] = [];
  const byId = new Map<string, EventGroup>();
  const open = new Map<string, EventGroup>();
  const ranked = [...assertions]
    .filter((a) => a.status !== 'rejected' && a.field !== 'sex')
    .sort((a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted'));
  for (const a of ranked) {
    const [prefix, suffix] = a.field.split('.') as [string, string];
    if (a.event) {
      let g = byId.get(a.event);
      if (!g) byId.set(a.event, (g = { id: a.event, prefix, assertions: [] }));
      if (!groups.includes(g)) groups.push(g);
      g.assertions.push(a);
      continue;
    }
    let g = open.get(prefix);
    if (!g || g.assertions.some((x) => x.field.endsWith(`.${suffix}`))) {
      g = { id: `${a.id}#`, prefix, assertions: [] };
      open.set(prefix, g);
      groups.push(g);
    }
    g.assertions.push(a);
  }
  // Keep the order the events were imported in (e1, e2 …); research additions follow.
  const order = (g: EventGroup) => {
    const m = /\.e(\d+)$/.exec(g.id);
    return m ? Number(m[1]) : 1e9;
  };
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => order(a.g) - order(b.g) || a.i - b.i)
    .map((x) => x.g);
}

export function exportGedcom(caseStore: CaseStore, opts: ExportOptions): ExportResult {
  // Conclusions only: accepted facts and relationships (staged ones on request, marked as staged).
  const store = conclusionsOnly(caseStore, { includeStaged: opts.includeStaged });
  const v7 = opts.version !== '5.5.1';
  const now = opts.now ?? new Date();
  const loss = new Loss();
  const wopts: WriteOptions = { dialect: v7 ? 7 : 5 };
  const extras = store as CaseStore & StoreExtras;
  const privacy = store.config().privacy;
  const ctx: CensorContext = extras.censorContext?.() ?? {
    now,
    thresholdYears: privacy.livingThresholdYears,
    consent: privacy.consent,
  };

  // ---- merges: members of accepted clusters collapse into the canonical person ----
  const redirect = new Map<string, string>();
  const mergedInto = new Map<string, string[]>();
  for (const c of store.merges().clusters) {
    if (c.status !== 'accepted') continue;
    for (const m of c.memberIds) {
      if (m === c.canonicalId) continue;
      redirect.set(m, c.canonicalId);
      mergedInto.set(c.canonicalId, [...(mergedInto.get(c.canonicalId) ?? []), m]);
    }
  }
  const canon = (id: string): string => {
    let x = id;
    for (let i = 0; i < 10 && redirect.has(x); i++) x = redirect.get(x)!;
    return x;
  };
  const all = store.persons();
  const persons = all.filter((p) => !redirect.has(p.id));
  const byId = new Map(persons.map((p) => [p.id, p]));

  // ---- xrefs ----
  // An imported record keeps its original xref (a user matches exported persons with the file's);
  // records the research added, and any whose xref another record already took, get new ones.
  const xrefs = new Xrefs(v7);
  const indiX = new Map<string, string>();
  // A citation the file gave as text (5.5.1's inline SOUR) goes back as text, not as a new record.
  const inlineText = new Map<string, string>();
  for (const s of store.sources())
    if (s.sourceId === 'gedcom' && s.externalId?.startsWith('inline:'))
      inlineText.set(s.id, s.text.split('\n\nCited as:\n')[0]);
  const sources = store.sources().filter((s) => !isFileSource(s) && !inlineText.has(s.id));
  const sourceById = new Map(sources.map((s) => [s.id, s]));
  const sourX = new Map<string, string>();
  const keepXref = (m: Map<string, string>, id: string, orig: string | undefined) => {
    const x = xrefs.keep(orig);
    if (x) m.set(id, x);
    else if (orig) loss.add('xrefs renumbered (not valid in this version, or taken by another record)', orig);
  };
  for (const p of persons) keepXref(indiX, p.id, sidecarOf(p)?.xref);
  for (const s of sources)
    if (s.sourceId === 'gedcom' && s.externalId?.startsWith('@')) keepXref(sourX, s.id, s.externalId);

  // ---- families: imported ones first, then relationships the research added ----
  const families: FamilySidecar[] = [];
  const famById = new Map<string, FamilySidecar>();
  const memberOk = (id: string | undefined) => (id && byId.has(canon(id)) ? canon(id) : undefined);
  for (const p of all) {
    for (const f of sidecarOf(p)?.families ?? []) {
      if (famById.has(f.id)) continue;
      const fam: FamilySidecar = { ...f, children: [] };
      const h = memberOk(f.husb);
      const w = memberOk(f.wife);
      if (h) fam.husb = h;
      else delete fam.husb;
      if (w) fam.wife = w;
      else delete fam.wife;
      for (const c of f.children) {
        const id = memberOk(c.id);
        if (id && !fam.children.some((x) => x.id === id)) fam.children.push({ ...c, id });
      }
      if (!fam.husb && !fam.wife && !fam.children.length) {
        loss.add('families whose members were removed from the case', f.xref);
        continue;
      }
      famById.set(f.id, fam);
      families.push(fam);
    }
  }
  const couple = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const couples = new Map<string, FamilySidecar>();
  for (const f of families) if (f.husb && f.wife) couples.set(couple(f.husb, f.wife), f);
  let synth = 0;
  const newFamily = (a?: string, b?: string): FamilySidecar => {
    const pa = a ? byId.get(a) : undefined;
    const swap = pa?.sex === 'F' || (b !== undefined && byId.get(b)?.sex === 'M' && pa?.sex !== 'M');
    const [husb, wife] = swap ? [b, a] : [a, b];
    const f: FamilySidecar = {
      id: `F-new-${++synth}`,
      xref: '',
      children: [],
      events: [],
      eventTags: {},
      ...(husb ? { husb } : {}),
      ...(wife ? { wife } : {}),
    };
    families.push(f);
    famById.set(f.id, f);
    if (husb && wife) couples.set(couple(husb, wife), f);
    return f;
  };
  for (const p of persons) {
    for (const r of p.relationships) {
      if (r.status === 'rejected') continue;
      const other = memberOk(r.person);
      if (!other || other === p.id) continue;
      if (r.type === 'spouse' && !couples.has(couple(p.id, other))) newFamily(p.id, other);
    }
  }
  // child id → the families that list it (a lookup, not a scan: trees have 100k persons).
  const familiesOfChild = new Map<string, FamilySidecar[]>();
  for (const f of families)
    for (const c of f.children) familiesOfChild.set(c.id, [...(familiesOfChild.get(c.id) ?? []), f]);
  const soleParentFamily = new Map<string, FamilySidecar>();
  for (const f of families)
    if ((f.husb && !f.wife) || (f.wife && !f.husb)) soleParentFamily.set((f.husb ?? f.wife)!, f);
  for (const p of persons) {
    const parents = [
      ...new Set(
        p.relationships
          .filter((r) => r.type === 'parent' && r.status !== 'rejected')
          .map((r) => memberOk(r.person))
          .filter((x): x is string => Boolean(x)),
      ),
    ];
    if (!parents.length) continue;
    // Only parent links no family already states need a new FAM (adoptive and birth families stay apart).
    const own = familiesOfChild.get(p.id) ?? [];
    const uncovered = parents.filter((x) => !own.some((f) => f.husb === x || f.wife === x));
    if (!uncovered.length) continue;
    const pedi = p.relationships.find((r) => r.type === 'parent' && r.pedigree)?.pedigree;
    let fam =
      uncovered.length === 2 ? couples.get(couple(uncovered[0], uncovered[1])) : soleParentFamily.get(uncovered[0]);
    if (!fam) {
      fam = newFamily(uncovered[0], uncovered[1]);
      if (uncovered.length === 1) soleParentFamily.set(uncovered[0], fam);
    }
    fam.children.push({ id: p.id, ...(pedi && pedi !== 'birth' ? { pedi } : {}) });
    familiesOfChild.set(p.id, [...own, fam]);
  }
  const famX = new Map<string, string>();
  for (const f of families) keepXref(famX, f.id, f.xref || undefined);
  for (const p of persons) if (!indiX.has(p.id)) indiX.set(p.id, xrefs.fresh('I'));
  for (const s of sources) if (!sourX.has(s.id)) sourX.set(s.id, xrefs.fresh('S'));
  for (const f of families) if (!famX.has(f.id)) famX.set(f.id, xrefs.fresh('F'));
  // Lines kept verbatim (REPO, NOTE and OBJE records, a source's own lines, the header, the
  // submitter) point to the original file's records: those pointers are mapped to this export's
  // xrefs. Records no person holds keep their own xref when it is free. An xref two imported files
  // both use names no one record: its pointers are dropped (and counted) as before.
  const origX = new Map<string, string | null>();
  const mapOrig = (from: string | undefined, to: string | undefined) => {
    if (!from || !to) return;
    const had = origX.get(from);
    origX.set(from, had === undefined || had === to ? to : null);
  };
  for (const p of all) mapOrig(sidecarOf(p)?.xref, indiX.get(canon(p.id)));
  for (const s of sources)
    if (s.sourceId === 'gedcom' && s.externalId?.startsWith('@')) mapOrig(s.externalId, sourX.get(s.id));
  for (const f of families) mapOrig(f.xref || undefined, famX.get(f.id));
  const looseRecords: { r: GedNode; x: string }[] = [];
  for (const s of store.sources().filter(isFileSource))
    for (const r of embeddedRecords(s.text)) {
      if (r.tag === 'HEAD' || r.tag === 'SUBM' || r.tag === 'SUBN' || r.tag === 'TRLR') continue;
      const x = xrefs.keep(r.xref) ?? xrefs.fresh(r.tag === 'FAM' ? 'F' : 'X');
      mapOrig(r.xref, x);
      looseRecords.push({ r, x });
    }
  const verbatim = (n: GedNode): RawNode => {
    const to = n.pointer ? origX.get(n.pointer) : undefined;
    return {
      tag: n.tag,
      ...(n.value !== undefined ? { value: n.value } : {}),
      ...(n.pointer ? { pointer: to ? `X:${to}` : 'missing:' } : {}),
      ...(n.children.length ? { children: n.children.map(verbatim) } : {}),
    };
  };
  const spouseIn = new Map<string, string[]>();
  const childIn = new Map<string, { fam: string; pedi?: string }[]>();
  for (const f of families) {
    for (const s of [f.husb, f.wife]) if (s) spouseIn.set(s, [...(spouseIn.get(s) ?? []), f.id]);
    for (const c of f.children)
      childIn.set(c.id, [...(childIn.get(c.id) ?? []), { fam: f.id, ...(c.pedi ? { pedi: c.pedi } : {}) }]);
  }
  const familyEventIds = new Set(families.flatMap((f) => f.events));

  // ---- pointer resolution for verbatim lines ----
  const objeRecords: string[][] = [];
  const resolve = (ptr: string): string | undefined => {
    const kind = ptr.slice(0, 2);
    const id = ptr.slice(2);
    if (kind === 'P:') return indiX.get(canon(id));
    if (kind === 'F:') return famX.get(id);
    if (kind === 'S:') return sourX.get(id);
    return undefined;
  };
  const customTags = new Set<string>();
  // The Censor's context for the free text being written: aboutLiving inside a living person's record.
  let textCtx: CensorContext = ctx;
  const censorText = (text: string, where: string): string => {
    const r = censorTextField(text, textCtx);
    for (const what of r.redactions) loss.redacted(what, where);
    return r.text;
  };
  const adapt = (n: RawNode, path: string, parent?: string): RawNode | undefined => {
    let tag = n.tag;
    const upper = tag.toUpperCase();
    if (IDENTIFIER_TAGS.has(upper) && n.value && withholdIdentifier(n.value, textCtx)) {
      loss.redacted('phone numbers, e-mail addresses and identity numbers withheld (line dropped)', upper);
      return undefined;
    }
    if (tag.startsWith('_')) customTags.add(tag);
    if (v7) {
      if (tag in ONLY_IN_5) {
        const to = ONLY_IN_5[tag];
        if (to === null) {
          loss.add(`${tag} lines (removed in GEDCOM 7)`, path);
          return undefined;
        }
        tag = to!;
        if (tag.startsWith('_')) customTags.add(tag);
      }
      if (!tag.startsWith('_') && tag !== tag.toUpperCase()) tag = tag.toUpperCase();
      // A pointer to a shared note: 7.0 says SNOTE (its NOTE holds text only).
      if (tag === 'NOTE' && n.pointer !== undefined) tag = 'SNOTE';
    } else if (ONLY_IN_7.has(tag)) {
      loss.add(`GEDCOM 7 structures written as custom tags in 5.5.1`, tag);
      tag = tag === 'UID' ? '_UID' : `_${tag}`;
    }
    if (v7 && tag === 'ALIA' && n.pointer === undefined && n.value) {
      // 7.0 ALIA only points to another INDI; a 5.5 alias text is a name of kind AKA there.
      loss.add('ALIA text written as NAME with TYPE AKA', n.value);
      return { tag: 'NAME', value: n.value, children: [{ tag: 'TYPE', value: 'AKA' }] };
    }
    const children = n.children?.map((c) => adapt(c, `${path}.${c.tag}`, tag)).filter((c): c is RawNode => Boolean(c));
    let value = n.value;
    if (value && FREE_TEXT_TAGS.has(upper)) value = censorText(value, path);
    if (upper === 'CHAN') {
      // A change date is exact or nothing; a living person's record stamp the Censor cut to a
      // decade ("2000s") cannot be said, so the stamp is withheld.
      const d = n.children?.find((c) => c.tag.toUpperCase() === 'DATE')?.value?.trim();
      if (d && /^\d{3}0s$/.test(d)) {
        loss.redacted('change dates of living persons’ records withheld (CHAN)', path);
        return undefined;
      }
    }
    let dateChildren = children;
    // The Censor's decade ("1950s", "EST 1960s") in a kept DATE line: GEDCOM says it as a range.
    if (tag === 'DATE' && value) value = censorDecadeAsRange(value);
    if (tag === 'DATE' && value) {
      if (v7) {
        const d7 = dateTo7(value);
        value = d7.date;
        // A value 7.0 cannot say as a date keeps its words as the DATE's PHRASE.
        if (d7.phrase && !children?.some((c) => c.tag === 'PHRASE'))
          dateChildren = [{ tag: 'PHRASE', value: d7.phrase }, ...(children ?? [])];
      } else value = dateTo5(value);
    }
    // The import keeps a 7.0 @VOID@ pointer as text (it names no record).
    const voidPtr = v7 && n.pointer === undefined && value === '@VOID@';
    if (voidPtr) value = undefined;
    let out: RawNode = {
      tag,
      ...(value !== undefined ? { value } : {}),
      ...(n.pointer !== undefined ? { pointer: n.pointer } : voidPtr ? { pointer: 'X:@VOID@' } : {}),
      ...(dateChildren?.length ? { children: dateChildren } : {}),
    };
    // What 7.0 says differently (payload types, placements, required lines): conform7.ts.
    if (v7) out = conform7(out, parent, (what, example) => loss.add(what, example));
    else if (tag === 'ASSO') out = asso551(out);
    // 5.5.1's inline note holds text only: a shared note the import inlined with its own citations
    // (TGC551's NOTE records with SOUR) becomes a NOTE record again, and the line points to it.
    if (!v7 && tag === 'NOTE' && out.pointer === undefined && out.children?.some((c) => !/^CON[CT]$/.test(c.tag))) {
      const x = xrefs.fresh('N');
      loss.add(
        'shared notes with their own citations written as one NOTE record per use (readers that cannot cite a note, such as Gramps, drop those citations)',
        path,
      );
      const lines: string[] = [];
      writeNode(lines, 0, 'NOTE', out.value, undefined, wopts, x);
      for (const c of out.children) writeRaw(lines, 1, c, wopts, resolveAll);
      objeRecords.push(lines);
      return { tag: 'NOTE', pointer: `X:${x}` };
    }
    // GEDCOM 7 has no inline multimedia: an inline OBJE becomes a record and a pointer to it.
    if (v7 && tag === 'OBJE' && out.pointer === undefined) {
      const x = xrefs.fresh('O');
      const lines: string[] = [];
      writeNode(lines, 0, 'OBJE', undefined, undefined, wopts, x);
      // A crop is the link's (7.0: OBJE pointer.CROP), the rest the record's.
      const crop = out.children?.filter((c) => c.tag === 'CROP');
      for (const c of out.children ?? []) if (c.tag !== 'CROP') writeRaw(lines, 1, c, wopts, resolve);
      objeRecords.push(lines);
      return { tag: 'OBJE', pointer: `X:${x}`, ...(crop?.length ? { children: crop } : {}) };
    }
    return out;
  };
  // conform7 turns an inline source into a citation of @VOID@ (no record): kept as it is.
  const resolveAll = (ptr: string) => (ptr === '@VOID@' ? ptr : ptr.startsWith('X:') ? ptr.slice(2) : resolve(ptr));
  const emitRaw = (out: string[], level: number, nodes: RawNode[] | undefined, path: string) => {
    const parent = path.slice(path.lastIndexOf('.') + 1);
    for (const n of nodes ?? []) {
      const a = adapt(n, path, parent);
      if (a)
        writeRaw(out, level, a, wopts, resolveAll, (d) =>
          loss.add('pointers to records not in this export (line dropped)', `${path}.${d.tag}`),
        );
    }
  };

  // ---- citations ----
  const emitCitation = (out: string[], level: number, e: EvidenceClaim, sidecar: EventSidecar | undefined) => {
    const inline = inlineText.get(e.source);
    if (inline !== undefined) {
      const extra = sidecar?.citations?.find((c) => c.source === e.source && (c.page ?? '') === (e.page ?? ''));
      const unassessedInline =
        e.method === 'gedcom' &&
        e.confidence === NO_QUAY.confidence &&
        e.sourceClass === NO_QUAY.sourceClass &&
        e.information === NO_QUAY.information;
      const kids: RawNode[] = [
        // 7.0's SOUR @VOID@ read back: its PAGE is the inline text itself.
        ...(e.page && e.page !== inline ? [{ tag: 'PAGE', value: e.page }] : []),
        ...(e.snippet && e.snippet !== inline && e.snippet !== e.page ? [{ tag: 'TEXT', value: e.snippet }] : []),
        ...(unassessedInline ? [] : [{ tag: 'QUAY', value: quayOf(e) }]),
        ...(extra?.children ?? []),
      ];
      emitRaw(out, level, [{ tag: 'SOUR', value: inline, ...(kids.length ? { children: kids } : {}) }], 'CITATION');
      return;
    }
    const x = sourX.get(e.source);
    if (!x) {
      loss.add('citations of sources not in the case', e.source);
      return;
    }
    writeNode(out, level, 'SOUR', undefined, x, wopts);
    if (e.page) writeNode(out, level + 1, 'PAGE', e.page, undefined, wopts);
    const unassessed =
      e.method === 'gedcom' &&
      e.confidence === NO_QUAY.confidence &&
      e.sourceClass === NO_QUAY.sourceClass &&
      e.information === NO_QUAY.information;
    if (!unassessed) writeNode(out, level + 1, 'QUAY', quayOf(e), undefined, wopts);
    const src = sourceById.get(e.source);
    const extra = sidecar?.citations?.find((c) => c.source === e.source && (c.page ?? '') === (e.page ?? ''));
    // One DATA per citation (both versions): the cited text joins the DATA the import kept (DATE …).
    const data = extra?.children.find((c) => c.tag.toUpperCase() === 'DATA');
    if (e.snippet && e.snippet !== e.page && e.snippet !== src?.title) {
      const text: RawNode = { tag: 'TEXT', value: e.snippet };
      emitRaw(out, level + 1, [{ tag: 'DATA', children: [...(data?.children ?? []), text] }], 'SOUR');
      emitRaw(
        out,
        level + 1,
        extra?.children.filter((c) => c !== data),
        'SOUR',
      );
    } else emitRaw(out, level + 1, extra?.children, 'SOUR');
  };

  const emitEvent = (out: string[], g: EventGroup, tag: string, sidecar: EventSidecar | undefined, family: boolean) => {
    const get = (suffix: string) => g.assertions.find((a) => a.field === `${g.prefix}.${suffix}`);
    const date = get('date');
    const place = get('place');
    const age = get('age');
    const value = get('value');
    const known = family ? FAM_EVENTS[tag] : INDI_EVENTS[tag];
    let lineTag = tag;
    let type: string | undefined;
    if (!known && !tag.startsWith('_')) {
      lineTag = family ? 'EVEN' : 'EVEN';
      type = g.prefix.replace(/_/g, ' ');
      loss.add('facts with no GEDCOM tag written as EVEN with TYPE', g.prefix);
    }
    const isAttr = ATTRIBUTE_TAGS.has(lineTag);
    let lineValue = value
      ? isAttr || value.value.toUpperCase() !== 'Y'
        ? value.value
        : 'Y'
      : !date && !place && !isAttr
        ? 'Y'
        : undefined;
    const extraLines = sidecar?.extra?.filter((n) => n.tag !== '@DATE');
    // What 7.0 says differently from the model's value (payload types, required TYPE).
    let note: string | undefined;
    if (v7) {
      if (
        lineValue === 'N' &&
        !isAttr &&
        known &&
        lineTag !== 'EVEN' &&
        !date &&
        !place &&
        !age &&
        !extraLines?.length
      ) {
        // 5.5.1 "DIV N": the event did not happen, which 7.0 says as "NO DIV".
        writeNode(out, 1, 'NO', lineTag, undefined, wopts);
        emitCitations(out, g, sidecar, 'NO');
        return 1;
      }
      if (LDS_ORDINANCES.has(lineTag)) lineValue = undefined;
      else if (!isAttr && !lineTag.startsWith('_') && lineValue !== undefined && lineValue !== 'Y') {
        loss.add('event descriptions on an event line (7.0 allows only "Y") written as a NOTE', lineTag);
        note = lineValue;
        lineValue = !date && !place ? 'Y' : undefined;
      } else if ((lineTag === 'NCHI' || lineTag === 'NMR') && lineValue !== undefined && !/^\d+$/.test(lineValue)) {
        loss.add(`${lineTag} values that are not a number written as FACT with TYPE`, lineValue);
        type = lineTag === 'NCHI' ? 'Number of children' : 'Number of marriages';
        lineTag = 'FACT';
      }
      if (TYPE_REQUIRED.has(lineTag) && !type && !extraLines?.some((n) => n.tag === 'TYPE')) {
        loss.add(`${lineTag} without TYPE given TYPE "Not stated" (required in 7.0)`, lineTag);
        type = 'Not stated';
      }
    }
    writeNode(out, 1, lineTag, lineValue, undefined, wopts);
    if (type) writeNode(out, 2, 'TYPE', type, undefined, wopts);
    if (note) writeNode(out, 2, 'NOTE', censorText(note, `${lineTag}.NOTE`), undefined, wopts);
    const dateExtra = sidecar?.extra?.find((n) => n.tag === '@DATE');
    // A decade the Censor's text pass left in a stored date ("1950s", "EST 1960s"): said as a range.
    if (date) date.value = censorDecadeAsRange(date.value);
    if (date && date.value !== DATE_WITHHELD) {
      if (v7) {
        const d7 = dateTo7(date.value);
        writeNode(out, 2, 'DATE', d7.date, undefined, wopts);
        if (d7.phrase && !dateExtra?.children?.some((c) => c.tag === 'PHRASE'))
          writeNode(out, 3, 'PHRASE', d7.phrase, undefined, wopts);
        emitRaw(out, 3, dateExtra?.children, `${lineTag}.DATE`);
      } else {
        const phrase = dateExtra?.children?.find((c) => c.tag === 'PHRASE')?.value;
        writeNode(out, 2, 'DATE', dateTo5(date.value, phrase), undefined, wopts);
        const rest = dateExtra?.children?.filter((c) => c.tag !== 'PHRASE');
        if (rest?.length) loss.add('DATE sub-lines (TIME) written as custom tags in 5.5.1');
        emitRaw(out, 3, rest, `${lineTag}.DATE`);
      }
    }
    // 5.5.1 let a place carry its own citations; 7.0 cites the event.
    const placeSources = v7 ? sidecar?.place?.filter((n) => n.tag === 'SOUR') : undefined;
    if (place && place.value !== PLACE_WITHHELD) {
      writeNode(out, 2, 'PLAC', place.value, undefined, wopts);
      emitRaw(
        out,
        3,
        placeSources?.length ? sidecar?.place?.filter((n) => n.tag !== 'SOUR') : sidecar?.place,
        `${lineTag}.PLAC`,
      );
      if (placeSources?.length) loss.add('citations of a place written as citations of its event (7.0)', lineTag);
    }
    if (age) {
      if (!v7) writeNode(out, 2, 'AGE', age.value, undefined, wopts);
      else if (family) {
        // 7.0 says a spouse's age under HUSB or WIFE; a family event's bare AGE names neither.
        loss.add('ages on a family event (whose? 7.0 asks HUSB or WIFE) written as _AGE', lineTag);
        writeNode(out, 2, '_AGE', age.value, undefined, wopts);
        customTags.add('_AGE');
      } else {
        const a = age7(age.value);
        if (a.age !== age.value)
          loss.add('ages written in the 7.0 grammar ("76" → "76y"; words as a PHRASE)', age.value);
        writeNode(out, 2, 'AGE', a.age || undefined, undefined, wopts);
        if (a.phrase) writeNode(out, 3, 'PHRASE', a.phrase, undefined, wopts);
      }
    }
    emitRaw(out, 2, placeSources?.length ? [...(extraLines ?? []), ...placeSources] : extraLines, lineTag);
    emitCitations(out, g, sidecar, lineTag);
    return 1;
  };

  const emitCitations = (out: string[], g: EventGroup, sidecar: EventSidecar | undefined, lineTag: string) => {
    const seen = new Set<string>();
    for (const a of g.assertions) {
      for (const e of a.evidence) {
        const k = `${e.source}|${e.page ?? ''}|${e.snippet}`;
        if (seen.has(k)) continue;
        seen.add(k);
        emitCitation(out, 2, e, sidecar);
      }
      if (a.status === 'disputed' || a.status === 'staged') {
        writeNode(
          out,
          2,
          'NOTE',
          censorText(
            `${a.field} = ${a.value} is ${a.status} (confidence ${a.confidence.toFixed(2)})${a.note ? `: ${a.note}` : ''}`,
            `${lineTag}.NOTE`,
          ),
          undefined,
          wopts,
        );
      }
    }
  };

  const noteKind = opts.version === '7.1';
  const emitNote = (out: string[], level: number, text: string) => {
    writeNode(out, level, 'NOTE', censorText(text, 'NOTE'), undefined, wopts);
    if (noteKind) writeNode(out, level + 1, 'MIME', 'text/markdown', undefined, wopts);
  };

  const conflictsOf = new Map<string, Conflict[]>();
  for (const c of store.conflicts()) {
    const id = canon(c.person);
    conflictsOf.set(id, [...(conflictsOf.get(id) ?? []), c]);
  }

  // ---- write ----
  const out: string[] = [];
  const counts = { individuals: 0, families: 0, sources: 0, events: 0 };
  for (const orig of persons) {
    const side = sidecarOf(orig);
    const living = isLiving(orig, ctx.now, ctx.thresholdYears);
    const redacted = living && !ctx.consent;
    let p = orig;
    textCtx = redacted ? { ...ctx, aboutLiving: true } : ctx;
    const where = indiX.get(orig.id);
    if (redacted) {
      p = redactPerson(orig, ctx).person;
      loss.redacted('living persons (RESN privacy)', where);
    }
    // Counted on the values written, not on this pass's changes: an import without consent already
    // stored its living persons generalised (marked `generalised`), and the export must say so,
    // also when consent is given now.
    let storedGeneralised = false;
    for (const a of p.assertions) {
      if (a.status === 'rejected') continue;
      const o = orig.assertions.find((x) => x.id === a.id);
      if (o?.generalised) storedGeneralised = true;
      const changed = a.value !== o?.value || Boolean(o?.generalised);
      if (a.field.endsWith('.date') && (changed || (redacted && DECADE_RANGE.test(a.value))))
        loss.redacted(privacyKind(a.value === DATE_WITHHELD ? 'x.date withheld' : 'x.date widened'), where);
      else if (
        (a.field.endsWith('.place') || a.field.startsWith('residence.')) &&
        (changed || (redacted && /^\s*,/.test(a.value)))
      )
        loss.redacted(
          privacyKind(a.value === PLACE_WITHHELD ? 'x.place withheld' : 'reduced to region and country'),
          where,
        );
    }
    if (!redacted && (storedGeneralised || side?.withheld))
      loss.redacted(
        'persons imported without consent, so stored generalised (import the file again with consent to restore them)',
        where,
      );
    const detailsWithheld =
      (side?.events && Object.keys(side.events).length) ||
      side?.names?.some(Boolean) ||
      (side?.links && Object.keys(side.links).length);
    if (redacted && detailsWithheld)
      loss.redacted('event, name and link details of living persons withheld (notes, addresses, sub-lines)', where);
    // What the import already kept out (privacy is decided there for tree imports).
    if (side?.withheld)
      loss.redacted('lines of living persons withheld at import (notes, addresses, sub-lines)', where, side.withheld);
    counts.individuals++;
    writeNode(out, 0, 'INDI', undefined, undefined, wopts, indiX.get(p.id));
    // One RESN: the record's own restrictions (a "locked" record) and PRIVACY for the living.
    const ownResn = (side?.extra ?? [])
      .filter((n) => n.tag.toUpperCase() === 'RESN' && n.value)
      .flatMap((n) => n.value!.split(/\s*,\s*/))
      .filter(Boolean);
    const resn = [...new Set([...ownResn.map((r) => r.toUpperCase()), ...(living ? ['PRIVACY'] : [])])];
    if (resn.length) {
      // 7.0 takes a list; 5.5.1 one value, privacy first for the living.
      const one = living ? 'PRIVACY' : resn[0];
      if (!v7 && resn.length > 1)
        loss.add(
          'RESN values 5.5.1 cannot write beside another (it holds one)',
          resn.filter((r) => r !== one).join(', '),
        );
      writeNode(
        out,
        1,
        'RESN',
        v7 ? resn.join(', ') : (ownResn.find((r) => r.toUpperCase() === one) ?? one.toLowerCase()),
        undefined,
        wopts,
      );
    }
    p.names.forEach((n, i) => {
      if (side?.derivedNames?.includes(i)) return;
      if (side?.noName && !n.given && !n.surname) return;
      const full = `${n.given}${n.given ? ' ' : ''}/${n.surname}/${n.suffix ? ` ${n.suffix}` : ''}`.trim();
      writeNode(out, 1, 'NAME', full, undefined, wopts);
      if (n.type !== 'birth') {
        if (v7) {
          const t = { married: 'MARRIED', aka: 'AKA', immigrant: 'IMMIGRANT', religious: 'OTHER', nickname: 'OTHER' }[
            n.type
          ];
          writeNode(out, 2, 'TYPE', t, undefined, wopts);
          if (t === 'OTHER') writeNode(out, 3, 'PHRASE', n.type, undefined, wopts);
        } else {
          if (n.type === 'religious' || n.type === 'nickname')
            loss.add('name types GEDCOM 5.5.1 lacks (written as-is)', n.type);
          writeNode(out, 2, 'TYPE', n.type, undefined, wopts);
        }
      }
      if (n.prefix) writeNode(out, 2, 'NPFX', n.prefix, undefined, wopts);
      if (n.given) writeNode(out, 2, 'GIVN', n.given, undefined, wopts);
      if (n.nickname) writeNode(out, 2, 'NICK', n.nickname, undefined, wopts);
      if (n.surname) writeNode(out, 2, 'SURN', n.surname, undefined, wopts);
      if (n.suffix) writeNode(out, 2, 'NSFX', n.suffix, undefined, wopts);
      if (!redacted) emitRaw(out, 2, side?.names?.[i] ?? undefined, 'NAME');
      for (const c of n.citations ?? []) {
        if (side?.names?.[i]?.some((r) => r.tag === 'SOUR' && r.pointer === `S:${c}`)) continue;
        const x = sourX.get(c);
        if (x) writeNode(out, 2, 'SOUR', undefined, x, wopts);
      }
    });
    if (p.sex !== 'U' || side?.sexRaw !== undefined)
      writeNode(out, 1, 'SEX', p.sex === 'X' && !v7 ? 'U' : p.sex, undefined, wopts);
    if (p.sex === 'X' && !v7) loss.add('SEX X (not in GEDCOM 5.5.1; written as U)');
    for (const g of groupEvents(p.assertions)) {
      if (familyEventIds.has(g.id)) continue;
      const tag = side?.eventTags?.[g.id] ?? INDI_TAG_OF_FIELD[g.prefix] ?? FAM_TAG_OF_FIELD[g.prefix] ?? g.prefix;
      counts.events += emitEvent(
        out,
        g,
        tag.toUpperCase() === tag || tag.startsWith('_') ? tag : tag.toUpperCase(),
        redacted ? undefined : side?.events?.[g.id],
        false,
      );
    }
    const famc = (fam: string, pedi: string | undefined) => {
      writeNode(out, 1, 'FAMC', undefined, famX.get(fam), wopts);
      if (pedi) writeNode(out, 2, 'PEDI', v7 ? pedi7(pedi) : pedi.toLowerCase(), undefined, wopts);
      if (v7 && pedi && pedi7(pedi) === 'OTHER') writeNode(out, 3, 'PHRASE', pedi, undefined, wopts);
      if (!redacted) emitRaw(out, 2, side?.links?.[`FAMC ${fam}`], 'FAMC');
    };
    // A family that lists this person without a link back in the original gets none here either.
    const unlinked = new Set(side?.unlinked);
    for (const c of childIn.get(p.id) ?? []) if (!unlinked.has(`FAMC ${c.fam}`)) famc(c.fam, c.pedi);
    const spouseOf = spouseIn.get(p.id) ?? [];
    for (const f of spouseOf) {
      if (unlinked.has(`FAMS ${f}`)) continue;
      writeNode(out, 1, 'FAMS', undefined, famX.get(f), wopts);
      if (!redacted) emitRaw(out, 2, side?.links?.[`FAMS ${f}`], 'FAMS');
    }
    // Links of this side only (the family does not list the person): written back as they were.
    for (const o of side?.oneSided ?? []) {
      const listed =
        o.tag === 'FAMC' ? childIn.get(p.id)?.some((c) => c.fam === o.family) : spouseOf.includes(o.family);
      if (listed) continue;
      if (!famX.has(o.family)) {
        loss.add('links to families not in this export (line dropped)', `${o.tag} ${o.family}`);
        continue;
      }
      if (o.tag === 'FAMC') famc(o.family, o.pedi);
      else {
        writeNode(out, 1, 'FAMS', undefined, famX.get(o.family), wopts);
        if (!redacted) emitRaw(out, 2, side?.links?.[`FAMS ${o.family}`], 'FAMS');
      }
    }
    for (const [k, val] of Object.entries(p.externalIds)) emitExternalId(out, 1, k, val, v7, wopts, loss);
    if (!redacted)
      emitRaw(
        out,
        1,
        side?.extra?.filter((n) => n.tag.toUpperCase() !== 'RESN'),
        'INDI',
      );
    else if (side?.extra?.length) {
      // A living person's associations are relationships (kept, with their role); the rest is withheld.
      const asso = side.extra.filter((n) => n.tag.toUpperCase() === 'ASSO' && n.pointer);
      emitRaw(out, 1, asso.map(roleOnly), 'INDI');
      const other = side.extra.length - asso.length + asso.filter((n) => roleOnly(n) !== n).length;
      if (other) loss.redacted('other lines of living persons withheld', indiX.get(p.id), other);
    }
    for (const m of mergedInto.get(p.id) ?? [])
      emitNote(out, 1, `Merged duplicate: ${m} was merged into this person (reversible in merges.json).`);
    for (const c of conflictsOf.get(p.id) ?? []) {
      // A living person's competing values are generalised like the person's own fields.
      const safe = (v: string) =>
        !redacted
          ? v
          : c.field.endsWith('.date')
            ? (widenDate(v) ?? DATE_WITHHELD)
            : c.field.endsWith('.place') || c.field.startsWith('residence.')
              ? reducePlaceLevels(v) || PLACE_WITHHELD
              : v;
      const vals = c.competing
        .map((x) => `${safe(x.value)} (weight ${x.weight.toFixed(2)}${x.value === c.preferred ? ', preferred' : ''})`)
        .join(noteKind ? '\n- ' : '; ');
      emitNote(
        out,
        1,
        noteKind
          ? `**Conflict** on \`${c.field}\` (${c.status}):\n- ${vals}\n\n${c.rationale}`
          : `Conflict on ${c.field} (${c.status}): ${vals}. ${c.rationale}`,
      );
    }
    const fullBody = extras.personBody?.(p.id)?.trim();
    const rawBody = redacted ? undefined : fullBody;
    // The template a new case gives its subject file is not a research note.
    const body = rawBody === 'Research notes go here.' ? undefined : rawBody;
    if (redacted && fullBody && fullBody !== 'Research notes go here.')
      loss.redacted('research notes of living persons withheld', indiX.get(p.id));
    if (body) emitNote(out, 1, noteKind ? body : `Research notes:\n${body}`);
  }

  textCtx = ctx;
  for (const f of families) {
    counts.families++;
    writeNode(out, 0, 'FAM', undefined, undefined, wopts, famX.get(f.id));
    if (f.husb) {
      writeNode(out, 1, 'HUSB', undefined, indiX.get(f.husb), wopts);
      emitRaw(out, 2, f.links?.HUSB, 'FAM.HUSB');
    }
    if (f.wife) {
      writeNode(out, 1, 'WIFE', undefined, indiX.get(f.wife), wopts);
      emitRaw(out, 2, f.links?.WIFE, 'FAM.WIFE');
    }
    for (const c of f.children) {
      writeNode(out, 1, 'CHIL', undefined, indiX.get(c.id), wopts);
      emitRaw(out, 2, c.extra, 'FAM.CHIL');
    }
    const holder = (f.husb && byId.get(f.husb)) || (f.wife && byId.get(f.wife)) || undefined;
    const holderRedacted = holder ? isLiving(holder, ctx.now, ctx.thresholdYears) && !ctx.consent : false;
    const hp = holder && holderRedacted ? redactPerson(holder, ctx).person : holder;
    textCtx = holderRedacted ? { ...ctx, aboutLiving: true } : ctx;
    if (hp) {
      const groups = groupEvents(hp.assertions.filter((a) => a.event && f.events.includes(a.event)));
      for (const g of groups)
        counts.events += emitEvent(
          out,
          g,
          f.eventTags[g.id] ?? FAM_TAG_OF_FIELD[g.prefix] ?? 'EVEN',
          holderRedacted ? undefined : f.eventSidecars?.[g.id],
          true,
        );
    }
    for (const [k, val] of Object.entries(f.externalIds ?? {})) emitExternalId(out, 1, k, val, v7, wopts, loss);
    emitRaw(out, 1, f.extra, 'FAM');
    textCtx = ctx;
  }

  const repoX = new Map<string, string>();
  const repoLines: string[] = [];
  const repoFor = (name: string, record?: GedNode): string => {
    const key = record ? `${name}\u0000${JSON.stringify(record.children.map(plain))}` : name;
    let x = repoX.get(key);
    if (!x) {
      x = xrefs.fresh('R');
      repoX.set(key, x);
      writeNode(repoLines, 0, 'REPO', undefined, undefined, wopts, x);
      // Every REPO has a NAME (7.0 requires one; the record's own, else the name it is known by).
      if (!record?.children.some((c) => c.tag === 'NAME')) writeNode(repoLines, 1, 'NAME', name, undefined, wopts);
      if (record) emitRaw(repoLines, 1, record.children.map(verbatim), 'REPO');
    }
    return x;
  };
  for (const s of sources) {
    counts.sources++;
    const x = sourX.get(s.id)!;
    const embedded = s.sourceId === 'gedcom' ? embeddedRecords(s.text) : [];
    const rec = embedded.find((r) => r.tag === 'SOUR');
    if (rec) {
      const repos = new Map(embedded.filter((r) => r.tag === 'REPO' && r.xref).map((r) => [r.xref!, r]));
      writeNode(out, 0, 'SOUR', undefined, undefined, wopts, x);
      const rewrite = (n: GedNode): RawNode => {
        if (n.tag === 'REPO' && n.pointer) {
          const r = repos.get(n.pointer);
          const name = r?.children.find((c) => c.tag === 'NAME')?.value ?? n.pointer;
          return {
            tag: 'REPO',
            pointer: `X:${repoFor(name, r)}`,
            ...(n.children.length ? { children: n.children.map(rewrite) } : {}),
          };
        }
        const out: RawNode = {
          tag: n.tag,
          ...(n.value !== undefined ? { value: n.value } : {}),
          ...(n.children.length ? { children: n.children.map(rewrite) } : {}),
        };
        const to = n.pointer ? origX.get(n.pointer) : undefined;
        if (n.pointer && !to)
          loss.add('pointers inside source records to records not in this export (line dropped)', n.tag);
        return n.pointer ? { ...out, pointer: to ? `X:${to}` : 'missing:' } : out;
      };
      emitRaw(out, 1, rec.children.map(rewrite), 'SOUR');
      continue;
    }
    writeNode(out, 0, 'SOUR', undefined, undefined, wopts, x);
    writeNode(out, 1, 'TITL', s.title, undefined, wopts);
    if (s.repository) {
      writeNode(out, 1, 'REPO', undefined, repoFor(s.repository), wopts);
    }
    if (s.text) writeNode(out, 1, 'TEXT', censorText(s.text, 'SOUR.TEXT'), undefined, wopts);
    const meta = [
      s.url ? `URL: ${s.url}` : '',
      `Accessed: ${s.accessedAt}`,
      `Captured as ${s.id} (sha256 ${s.sha256})`,
      `Classification: ${s.sourceType}${s.informationType ? ` / ${s.informationType}` : ''}, tier ${s.tier}`,
    ]
      .filter(Boolean)
      .join('\n');
    emitNote(out, 1, meta);
    if (s.url) {
      if (v7) writeNode(out, 1, 'REFN', s.url, undefined, wopts);
      else {
        writeNode(out, 1, '_URL', s.url, undefined, wopts);
        customTags.add('_URL');
      }
    }
  }
  out.push(...repoLines);

  // Records an import could not attach to any person (custom records, empty families, orphan notes).
  for (const { r, x } of looseRecords) {
    if (r.tag === 'FAM') counts.families++;
    const tag = v7 && r.tag === 'NOTE' ? 'SNOTE' : r.tag;
    if (r.tag.startsWith('_')) customTags.add(r.tag);
    writeNode(out, 0, tag, r.value, undefined, wopts, x);
    if (v7 && r.tag === 'OBJE') {
      const kids = r.children.map((c) => adapt(verbatim(c), `OBJE.${c.tag}`, 'OBJE')).filter((c): c is RawNode => !!c);
      for (const c of media7(kids, (w, e) => loss.add(w, e))) writeRaw(out, 1, c, wopts, resolveAll);
    } else emitRaw(out, 1, r.children.map(verbatim), r.tag);
  }

  // ---- header: the export's own, naming the systems the imported trees came from ----
  const origins: string[] = [];
  const headExtras: GedNode[] = [];
  let submitter: GedNode | undefined;
  for (const fs of store.sources().filter(isFileSource)) {
    const recs = embeddedRecords(fs.text);
    const h = recs.find((r) => r.tag === 'HEAD');
    const sour = h?.children.find((c) => c.tag === 'SOUR');
    if (sour?.value) {
      const sub = (t: string) => sour.children.find((c) => c.tag === t)?.value;
      origins.push(`${sour.value}${sub('VERS') ? ` ${sub('VERS')}` : ''}${sub('NAME') ? ` (${sub('NAME')})` : ''}`);
    }
    submitter ??= recs.find((r) => r.tag === 'SUBM');
    // Vendor lines of the original header (_SCHEMA, _HME …) pass through.
    headExtras.push(...(h?.children.filter((c) => c.tag.startsWith('_')) ?? []));
  }
  const headExtraLines: string[] = [];
  emitRaw(headExtraLines, 1, headExtras.map(verbatim), 'HEAD');
  const head: string[] = [];
  writeNode(head, 0, 'HEAD', undefined, undefined, wopts);
  if (v7) {
    writeNode(head, 1, 'GEDC', undefined, undefined, wopts);
    writeNode(head, 2, 'VERS', opts.version, undefined, wopts);
    const known = schemaUris(store.sources().filter(isFileSource));
    const tags = [...customTags].filter((t) => t.startsWith('_')).sort();
    if (tags.length) {
      writeNode(head, 1, 'SCHMA', undefined, undefined, wopts);
      for (const t of tags) writeNode(head, 2, 'TAG', `${t} ${known.get(t) ?? `${EXT_URI}${t}`}`, undefined, wopts);
    }
  }
  writeNode(head, 1, 'SOUR', 'ANCESTRY_ENGINE', undefined, wopts);
  writeNode(head, 2, 'VERS', opts.programVersion ?? '0.1.0', undefined, wopts);
  writeNode(head, 2, 'NAME', 'Ancestry Engine', undefined, wopts);
  writeNode(head, 1, 'DATE', ymd(now), undefined, wopts);
  const submX = submitter || !v7 ? (xrefs.keep(submitter?.xref) ?? xrefs.fresh('U')) : undefined;
  if (submX) writeNode(head, 1, 'SUBM', undefined, submX, wopts);
  if (!v7) {
    writeNode(head, 1, 'GEDC', undefined, undefined, wopts);
    writeNode(head, 2, 'VERS', '5.5.1', undefined, wopts);
    writeNode(head, 2, 'FORM', 'LINEAGE-LINKED', undefined, wopts);
    writeNode(head, 1, 'CHAR', 'UTF-8', undefined, wopts);
  }
  // The source system of the imported file (its HEAD.SOUR): this export is Ancestry Engine's, so
  // the original system is said in the header's note rather than claimed as the writer.
  if (origins.length)
    writeNode(
      head,
      1,
      'NOTE',
      `Exported by Ancestry Engine from GEDCOM imported from ${[...new Set(origins)].join('; ')}.`,
      undefined,
      wopts,
    );
  head.push(...headExtraLines);
  if (submX) {
    writeNode(head, 0, 'SUBM', undefined, undefined, wopts, submX);
    if (!submitter) writeNode(head, 1, 'NAME', 'Ancestry Engine user', undefined, wopts);
    else {
      // The submitter is a living person: their name is kept, their contact details are not.
      textCtx = { ...ctx, aboutLiving: true };
      const contact = new Set([
        'ADDR',
        'ADR1',
        'ADR2',
        'ADR3',
        'CITY',
        'STAE',
        'POST',
        'CTRY',
        'PHON',
        'EMAIL',
        'FAX',
        'WWW',
      ]);
      const kept = submitter.children.filter((c) => ctx.consent || !contact.has(c.tag));
      if (kept.length < submitter.children.length)
        loss.redacted('submitter contact details withheld (address, phone, e-mail)', submX);
      if (!kept.some((c) => c.tag === 'NAME')) writeNode(head, 1, 'NAME', 'Unknown submitter', undefined, wopts);
      emitRaw(head, 1, kept.map(verbatim), 'SUBM');
      textCtx = ctx;
    }
  }
  if (redirect.size)
    loss.add('merged duplicates written once (members noted on the canonical person)', [...redirect.keys()][0]);
  // Media records last: the header's submitter may still have made one.
  const text = `${[...head, ...out, ...objeRecords.flat(), '0 TRLR'].join('\n')}\n`;
  return { text, lossReport: loss.render(opts.version, counts), counts };
}

/** An embedded record's node as a RawNode; its pointers meant the original file and cannot be kept. */
function plain(n: GedNode): RawNode {
  return {
    tag: n.tag,
    ...(n.value !== undefined ? { value: n.value } : {}),
    ...(n.pointer ? { pointer: 'missing:' } : {}),
    ...(n.children.length ? { children: n.children.map(plain) } : {}),
  };
}

/** An ASSO line with only what says the relationship (RELA, ROLE and its PHRASE); itself when that is all it has. */
function roleOnly(n: RawNode): RawNode {
  const children = n.children ?? [];
  const role = children.filter((c) => /^(RELA|ROLE|PHRASE)$/i.test(c.tag));
  if (role.length === children.length) return n;
  return {
    tag: n.tag,
    ...(n.value !== undefined ? { value: n.value } : {}),
    ...(n.pointer !== undefined ? { pointer: n.pointer } : {}),
    ...(role.length ? { children: role } : {}),
  };
}

function pedi7(p: string): string {
  const u = p.toUpperCase();
  return ['BIRTH', 'ADOPTED', 'FOSTER', 'SEALING'].includes(u) ? u : 'OTHER';
}

function emitExternalId(
  out: string[],
  level: number,
  key: string,
  value: string,
  v7: boolean,
  wopts: WriteOptions,
  loss: Loss,
): void {
  if (key === 'gedcomXref') return;
  const [tag0, type] = key.replace(/\.\d+$/, '').split(':') as [string, string | undefined];
  const tag = tag0.toUpperCase() === tag0 || tag0.startsWith('_') ? tag0 : '';
  if ((tag === 'REFN' || tag === 'RIN' || tag === 'AFN' || tag === 'RFN') && (!v7 || tag === 'REFN')) {
    writeNode(out, level, tag, value, undefined, wopts);
    if (type) writeNode(out, level + 1, 'TYPE', type, undefined, wopts);
    return;
  }
  if (tag === '_UID' || tag === 'UID') {
    writeNode(out, level, v7 ? 'UID' : '_UID', value, undefined, wopts);
    return;
  }
  if (tag === 'EXID' && v7) {
    writeNode(out, level, 'EXID', value, undefined, wopts);
    if (type) writeNode(out, level + 1, 'TYPE', type, undefined, wopts);
    return;
  }
  if (tag.startsWith('_')) {
    writeNode(out, level, tag, value, undefined, wopts);
    return;
  }
  if (tag) loss.add(`${tag} written as REFN with TYPE ${tag}`);
  writeNode(out, level, 'REFN', value, undefined, wopts);
  writeNode(out, level + 1, 'TYPE', type ? `${tag0}:${type}` : tag0, undefined, wopts);
}

/** SCHMA TAG URIs declared by the imported files (kept in their file sources' HEAD lines). */
function schemaUris(fileSources: SourceRecord[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of fileSources) {
    const head = embeddedRecords(s.text).find((r) => r.tag === 'HEAD');
    for (const t of head?.children.find((c) => c.tag === 'SCHMA')?.children ?? []) {
      const [tag, uri] = (t.value ?? '').split(/\s+/);
      if (tag && uri) m.set(tag, uri);
    }
  }
  return m;
}

/** Xrefs of one export: originals kept when valid for the version and free, new ones never collide. */
class Xrefs {
  private taken = new Set<string>();
  private next = new Map<string, number>();
  constructor(private readonly v7: boolean) {}
  keep(x: string | undefined): string | undefined {
    if (!x || x === '@VOID@' || this.taken.has(x)) return undefined;
    // 7.0: @[A-Z0-9_]+@; 5.5.1: an alphanumeric, then up to 20 characters other than "@".
    if (!(this.v7 ? /^@[A-Z0-9_]{1,20}@$/ : /^@[A-Za-z0-9][^@\s]{0,20}@$/).test(x)) return undefined;
    this.taken.add(x);
    return x;
  }
  fresh(prefix: string): string {
    let n = this.next.get(prefix) ?? 1;
    while (this.taken.has(`@${prefix}${n}@`)) n++;
    this.next.set(prefix, n + 1);
    const x = `@${prefix}${n}@`;
    this.taken.add(x);
    return x;
  }
}
