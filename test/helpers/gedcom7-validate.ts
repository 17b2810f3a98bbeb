/**
 * A GEDCOM 7.0 validator for the tests, driven by FamilySearch's machine-readable rules
 * (test/fixtures/gedcom7-rules, Apache-2.0, see PROVENANCE.md): which structure may stand under
 * which parent, how often, with which payload, and which substructures are required. Payloads
 * are checked against the specification's ABNF (dates, ages, times, names, enumerations, pointers).
 *
 * Independent of src/interchange on purpose: the export is judged by its own line reader and the
 * specification's tables, not by the parser that reads it back. Extension structures (`_TAG`) and
 * what stands under them are not checked (the specification leaves them to their definers).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const RULES = join(__dirname, '..', 'fixtures', 'gedcom7-rules');
const V7 = 'https://gedcom.io/terms/v7/';

export interface G7Problem {
  line: number;
  /** Tags from the record down, e.g. "INDI.BIRT.DATE". */
  path: string;
  message: string;
}

interface Rules {
  /** superstructure URI ('' for records) → tag → structure URI. */
  sub: Map<string, Map<string, string>>;
  /** superstructure URI → structure URI → [min, max]. */
  card: Map<string, Map<string, [number, number]>>;
  payload: Map<string, string>;
  /** structure URI → allowed enumeration tags. */
  enums: Map<string, Set<string>>;
}

let cached: Rules | undefined;

function tsv(name: string): string[][] {
  return readFileSync(join(RULES, name), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.length)
    .map((l) => l.split('\t'));
}

/** The tag a URI stands for in a payload: "…/enum-ADOP-HUSB" → HUSB, "…/INDI-RELI" → RELI. */
function tagOfUri(uri: string): string {
  const base = uri.slice(uri.lastIndexOf('/') + 1).replace(/^enum-/, '');
  return base.includes('-') ? base.slice(base.lastIndexOf('-') + 1) : base;
}

function rules(): Rules {
  if (cached) return cached;
  const sub = new Map<string, Map<string, string>>();
  for (const [sup, tag, uri] of tsv('substructures.tsv')) {
    let m = sub.get(sup);
    if (!m) sub.set(sup, (m = new Map<string, string>()));
    m.set(tag, uri);
  }
  const card = new Map<string, Map<string, [number, number]>>();
  for (const [sup, uri, c] of tsv('cardinalities.tsv')) {
    const m = /^\{(\d+):(\d+|M)\}$/.exec(c);
    if (!m) throw new Error(`cardinalities.tsv: bad cardinality ${c}`);
    let x = card.get(sup);
    if (!x) card.set(sup, (x = new Map<string, [number, number]>()));
    x.set(uri, [Number(m[1]), m[2] === 'M' ? Infinity : Number(m[2])]);
  }
  const payload = new Map(tsv('payloads.tsv').map(([s, p]) => [s, p ?? ''] as [string, string]));
  const sets = new Map<string, Set<string>>();
  for (const [set, value] of tsv('enumerationsets.tsv')) {
    let s = sets.get(set);
    if (!s) sets.set(set, (s = new Set()));
    s.add(tagOfUri(value));
  }
  const enums = new Map<string, Set<string>>();
  for (const [structure, set] of tsv('enumerations.tsv')) enums.set(structure, sets.get(set) ?? new Set());
  return (cached = { sub, card, payload, enums });
}

interface Line {
  no: number;
  level: number;
  xref?: string;
  tag: string;
  pointer?: string;
  value?: string;
  children: Line[];
}

const LINE = /^(0|[1-9]\d*) (?:(@[^@]+@) )?([A-Za-z0-9_]+)(?: (.*))?$/;

/** Lines → records, CONT folded into the value. Syntax problems are reported, not thrown. */
function readLines(text: string, problems: G7Problem[]): Line[] {
  const records: Line[] = [];
  const stack: Line[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, i) => {
      const no = i + 1;
      if (raw === '') return;
      const m = LINE.exec(raw);
      if (!m) {
        problems.push({ line: no, path: '', message: `not a GEDCOM line: ${JSON.stringify(raw.slice(0, 60))}` });
        return;
      }
      const level = Number(m[1]);
      const tag = m[3];
      const rest = m[4];
      if (!/^(_[A-Z0-9_]+|[A-Z][A-Z0-9_]*)$/.test(tag))
        problems.push({ line: no, path: tag, message: `tag ${tag} is not upper-case letters, digits and _` });
      if (m[2] && (m[2] === '@VOID@' || !/^@[A-Z0-9_]+@$/.test(m[2])))
        problems.push({ line: no, path: tag, message: `xref ${m[2]} is not @[A-Z0-9_]+@` });
      const node: Line = { no, level, tag, children: [], ...(m[2] ? { xref: m[2] } : {}) };
      if (rest !== undefined) {
        if (/^@[^@]+@$/.test(rest)) node.pointer = rest;
        else if (rest.startsWith('@') && !rest.startsWith('@@'))
          problems.push({
            line: no,
            path: tag,
            message: `a payload starting with @ must double it: ${rest.slice(0, 40)}`,
          });
        else node.value = rest.startsWith('@@') ? rest.slice(1) : rest;
      }
      if (tag === 'CONT') {
        const parent = stack[level - 1];
        if (!parent || level !== parent.level + 1) {
          problems.push({ line: no, path: tag, message: 'CONT without a line to continue' });
          return;
        }
        parent.value = `${parent.value ?? ''}\n${node.value ?? ''}`;
        return;
      }
      if (level > stack.length) {
        problems.push({ line: no, path: tag, message: `level ${level} skips a level` });
        return;
      }
      stack.length = level;
      if (level === 0) records.push(node);
      else stack[level - 1].children.push(node);
      stack.push(node);
    });
  return records;
}

// ---- payload grammars (grammar.abnf) ----
const MONTHS: Record<string, Set<string>> = {
  GREGORIAN: new Set(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']),
  JULIAN: new Set(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']),
  FRENCH_R: new Set([
    'VEND',
    'BRUM',
    'FRIM',
    'NIVO',
    'PLUV',
    'VENT',
    'GERM',
    'FLOR',
    'PRAI',
    'MESS',
    'THER',
    'FRUC',
    'COMP',
  ]),
  HEBREW: new Set(['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL']),
};
const EXT = /^_[A-Z0-9_]+$/;

/** date = [calendar D] [[day D] month D] year [D epoch] */
function isDate(s: string): boolean {
  const w = s.split(' ');
  let cal = 'GREGORIAN';
  if (MONTHS[w[0]] || EXT.test(w[0])) cal = w.shift()!;
  const ext = EXT.test(cal);
  if (w.length && (w[w.length - 1] === 'BCE' || EXT.test(w[w.length - 1]))) {
    const epoch = w.pop()!;
    if (!ext && epoch === 'BCE' && cal !== 'GREGORIAN' && cal !== 'JULIAN') return false;
  }
  if (w.length < 1 || w.length > 3 || !/^\d+$/.test(w[w.length - 1])) return false;
  if (w.length >= 2 && !(ext || EXT.test(w[w.length - 2]) || MONTHS[cal].has(w[w.length - 2]))) return false;
  if (w.length === 3 && !/^\d+$/.test(w[0])) return false;
  return true;
}

export function isDateValue(s: string): boolean {
  if (s === '') return true;
  let m: RegExpExecArray | null;
  if ((m = /^BET (.+) AND (.+)$/.exec(s))) return isDate(m[1]) && isDate(m[2]);
  if ((m = /^(?:AFT|BEF|ABT|CAL|EST) (.+)$/.exec(s))) return isDate(m[1]);
  if ((m = /^FROM (.+?)(?: TO (.+))?$/.exec(s))) return isDate(m[1]) && (m[2] === undefined || isDate(m[2]));
  if ((m = /^TO (.+)$/.exec(s))) return isDate(m[1]);
  return isDate(s);
}

function isPeriod(s: string): boolean {
  return s === '' || /^(FROM|TO) /.test(s) ? isDateValue(s) : false;
}

const AGE = /^(?:[<>] )?(?:\d+y(?: \d+m)?(?: \d+w)?(?: \d+d)?|\d+m(?: \d+w)?(?: \d+d)?|\d+w(?: \d+d)?|\d+d)$/;

function payloadProblem(type: string, n: Line, r: Rules, uri: string): string | undefined {
  const v = n.value;
  if (type.startsWith('@<')) {
    if (n.pointer === undefined)
      return `expects a pointer to ${tagOfUri(type.slice(2, -2))}, has ${v === undefined ? 'nothing' : 'text'}`;
    return undefined;
  }
  if (n.pointer !== undefined) return 'has a pointer where the specification wants no pointer';
  if (type === '')
    return v !== undefined && v !== '' ? `takes no payload, has ${JSON.stringify(v.slice(0, 40))}` : undefined;
  if (type === 'Y|<NULL>')
    return v !== undefined && v !== 'Y' ? `takes "Y" or nothing, has ${JSON.stringify(v.slice(0, 40))}` : undefined;
  if (v === undefined) return undefined; // an absent payload is a matter of the specification's prose, not its types
  const bad = (what: string) => `${what} expected, has ${JSON.stringify(v.slice(0, 60))}`;
  switch (type) {
    case 'http://www.w3.org/2001/XMLSchema#nonNegativeInteger':
      return /^\d+$/.test(v) ? undefined : bad('a non-negative integer');
    case `${V7}type-Date`:
      return isDateValue(v) ? undefined : bad('a GEDCOM 7 date');
    case `${V7}type-Date#exact`:
      return /^\d{1,2} [A-Z]{3} \d+$/.test(v) && isDate(v) ? undefined : bad('an exact date (day month year)');
    case `${V7}type-Date#period`:
      return isPeriod(v) ? undefined : bad('a date period (FROM/TO)');
    case `${V7}type-Time`:
      return /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?Z?$/.test(v) ? undefined : bad('a time');
    case `${V7}type-Age`:
      return v === '' || AGE.test(v) ? undefined : bad('an age (e.g. "> 35y 3m")');
    case `${V7}type-Name`:
      return /^[^/\t]*(\/[^/\t]*\/[^/\t]*)?$/.test(v) ? undefined : bad('a personal name (at most one /surname/)');
    case `${V7}type-Enum`: {
      const allowed = r.enums.get(uri);
      return EXT.test(v) || allowed?.has(v) ? undefined : bad(`one of ${[...(allowed ?? [])].join(', ')}`);
    }
    case `${V7}type-List#Enum`: {
      const allowed = r.enums.get(uri);
      const items = v.split(/ *, */);
      return items.every((x) => EXT.test(x) || allowed?.has(x))
        ? undefined
        : bad(`a list of ${[...(allowed ?? [])].join(', ')}`);
    }
    case 'http://www.w3.org/2001/XMLSchema#Language':
      return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(v) ? undefined : bad('a BCP 47 language tag');
    case 'http://www.w3.org/ns/dcat#mediaType':
      return /^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*(;.*)?$/.test(v) ? undefined : bad('a media type');
    case `${V7}type-Latitude`:
      return /^[NS](90|[0-8]?\d)(\.\d+)?$/.test(v) ? undefined : bad('a latitude (N/S degrees)');
    case `${V7}type-Longitude`:
      return /^[EW](180|1[0-7]\d|0?\d?\d)(\.\d+)?$/.test(v) ? undefined : bad('a longitude (E/W degrees)');
    case `${V7}type-TagDef`:
      return /^_[A-Z0-9_]+ \S+$/.test(v) ? undefined : bad('an extension tag and its URI');
    default:
      return undefined; // strings, lists of text, URIs, file paths: any text
  }
}

/** Every problem the rules find in a GEDCOM 7.0 text (empty: it validates). */
export function validateGedcom7(text: string): G7Problem[] {
  const r = rules();
  const problems: G7Problem[] = [];
  const records = readLines(text, problems);
  if (records[0]?.tag !== 'HEAD') problems.push({ line: 1, path: '', message: 'the first record is not HEAD' });
  if (records[records.length - 1]?.tag !== 'TRLR')
    problems.push({ line: 0, path: '', message: 'the last record is not TRLR' });
  const vers = records[0]?.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS')?.value;
  if (!vers?.startsWith('7.0'))
    problems.push({ line: 1, path: 'HEAD.GEDC.VERS', message: `version ${vers} is not 7.0` });

  // Pointer targets: every pointer names a record of the kind the payload wants.
  // An extension tag HEAD.SCHMA documents as a standard record (`_USER …/record-SUBM`) is that record.
  const aliases = new Map<string, string>();
  for (const t of records[0]?.children.find((c) => c.tag === 'SCHMA')?.children ?? []) {
    const [tag, uri] = (t.value ?? '').split(' ');
    if (tag && uri?.startsWith(`${V7}record-`)) aliases.set(tag, tagOfUri(uri));
  }
  const kindOf = new Map<string, string>();
  for (const rec of records) {
    if (!rec.xref) continue;
    if (kindOf.has(rec.xref)) problems.push({ line: rec.no, path: rec.tag, message: `xref ${rec.xref} used twice` });
    kindOf.set(rec.xref, aliases.get(rec.tag) ?? rec.tag);
  }

  const visit = (n: Line, parentUri: string, path: string) => {
    const uri = r.sub.get(parentUri)?.get(n.tag);
    const here = path ? `${path}.${n.tag}` : n.tag;
    if (!uri) {
      if (!EXT.test(n.tag))
        problems.push({
          line: n.no,
          path: here,
          message: parentUri
            ? `${n.tag} may not stand under ${path.split('.').pop()} (${parentUri.replace(V7, '')})`
            : `${n.tag} is not a record type`,
        });
      return; // an extension (or a misplaced structure): what stands under it is not checked
    }
    const type = r.payload.get(uri) ?? '';
    const p = payloadProblem(type, n, r, uri);
    if (p) problems.push({ line: n.no, path: here, message: `${n.tag} ${p}` });
    if (type.startsWith('@<') && n.pointer && n.pointer !== '@VOID@') {
      const want = tagOfUri(type.slice(2, -2));
      const got = kindOf.get(n.pointer);
      if (got !== want)
        problems.push({
          line: n.no,
          path: here,
          message: `points to ${n.pointer}, ${got ? `a ${got}` : 'no record'}, not a ${want}`,
        });
    }
    const card = r.card.get(uri);
    const counts = new Map<string, number>();
    for (const c of n.children) {
      const cu = r.sub.get(uri)?.get(c.tag);
      if (cu) counts.set(cu, (counts.get(cu) ?? 0) + 1);
      visit(c, uri, here);
    }
    for (const [cu, [min, max]] of card ?? []) {
      const k = counts.get(cu) ?? 0;
      const tag = tagOfUri(cu);
      if (k < min)
        problems.push({ line: n.no, path: here, message: `${n.tag} needs a ${tag} (${cu.replace(V7, '')})` });
      if (k > max)
        problems.push({ line: n.no, path: here, message: `${n.tag} has ${k} ${tag}, at most ${max} allowed` });
    }
  };
  for (const rec of records) visit(rec, '', '');
  return problems;
}

/** The problems as lines a failing assertion can show, the most frequent kinds first. */
export function summarise(problems: G7Problem[], max = 30): string {
  const kinds = new Map<string, G7Problem[]>();
  for (const p of problems) {
    const k = p.message.replace(/"[^"]*"/g, '"…"').replace(/@[^@ ]+@/g, '@…@');
    kinds.set(k, [...(kinds.get(k) ?? []), p]);
  }
  return [...kinds]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, max)
    .map(([, ps]) => `${ps.length}× line ${ps[0].line} ${ps[0].path}: ${ps[0].message}`)
    .join('\n');
}
