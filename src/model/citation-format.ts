/**
 * Reference notes in the manner of Elizabeth Shown Mills, *Evidence Explained* (EE): a first
 * (full) note that says who created the record, what it is, where it was seen and when, and which
 * item in it is cited; a short note for later references; and the evidence analysis (source,
 * information, evidence) as EE's "3×3" names it. Pure: no I/O, one source and one claim in.
 */
import type { EvidenceClaim } from './citation';
import type { SourceRecord } from './record';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2024-03-05T…" → "5 March 2024" (EE's day-month-year for access dates). */
export function eeDate(instant: string | undefined): string | undefined {
  if (!instant) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(instant);
  if (!m) return undefined;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${Number(m[3])} ${month} ${m[1]}` : undefined;
}

/** Drops a trailing full stop or comma so the note's own punctuation is not doubled. */
function bare(s: string): string {
  return s.trim().replace(/[.,;:]+$/, '');
}

/** EE puts the comma inside the closing quotation mark: "Title," … */
function quoted(title: string, then: string): string {
  return `“${bare(title)}${then}”`;
}

/** The kind of item, in words general enough to be true of every record of that type. */
const RECORD_WORDS: Record<string, string> = {
  birth: 'birth record',
  baptism: 'baptismal record',
  christening: 'baptismal record',
  marriage: 'marriage record',
  death: 'death record',
  burial: 'burial record',
  census: 'population schedule',
  immigration: 'immigration record',
  naturalization: 'naturalization record',
  military: 'military record',
  probate: 'probate record',
  obituary: 'obituary',
  newspaper: 'newspaper item',
};

const GEDCOM_MONTHS: Record<string, string> = {
  JAN: 'January',
  FEB: 'February',
  MAR: 'March',
  APR: 'April',
  MAY: 'May',
  JUN: 'June',
  JUL: 'July',
  AUG: 'August',
  SEP: 'September',
  OCT: 'October',
  NOV: 'November',
  DEC: 'December',
};
const GEDCOM_WORDS: Record<string, string> = {
  ABT: 'about',
  CAL: 'calculated',
  EST: 'estimated',
  BEF: 'before',
  AFT: 'after',
  BET: 'between',
  AND: 'and',
  FROM: 'from',
  TO: 'to',
  INT: '',
};

/** A GEDCOM date phrase in EE's prose: "ABT 14 MAR 1842" → "about 14 March 1842". */
export function eeDatePhrase(date: string): string {
  return date
    .trim()
    .split(/\s+/)
    .map((w) => GEDCOM_MONTHS[w.toUpperCase()] ?? GEDCOM_WORDS[w.toUpperCase()] ?? w)
    .filter(Boolean)
    .join(' ');
}

/** EE's short title: the title up to its first comma or dash when that still names the item. */
function shortTitle(title: string): string {
  const cut = /^(.{12,}?)(?:,| — | - )/.exec(title)?.[1];
  const t = cut ?? title;
  return t.length > 60 ? `${t.slice(0, 57).trimEnd()}…` : t;
}

/** What kind of item the record is, in words ("baptismal register", "database entry"). */
function recordWords(s: SourceRecord): string | undefined {
  const w = RECORD_WORDS[s.recordType];
  if (w) return w;
  return s.recordType && s.recordType !== 'other' ? s.recordType.replace(/_/g, ' ') : undefined;
}

/** The persons the record names first (EE's "entry for …"). */
function entryFor(s: SourceRecord): string | undefined {
  const principal = s.persons.find((p) => p.role === 'principal') ?? s.persons[0];
  if (!principal) return undefined;
  return (
    principal.name
      .replace(/\s*\/\s*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || undefined
  );
}

export interface Citation {
  /** The first reference note (full form). */
  full: string;
  /** The subsequent note (short form). */
  short: string;
  /** "original source · primary information · direct evidence". */
  analysis: string;
}

/**
 * The note for one piece of evidence. Online items name the website and its URL with the access
 * date ("(https://… : accessed 5 March 2024)"); offline items (the case archive, an imported GEDCOM
 * source) name the repository. The claim's `page` is the item cited ("citing entry 12").
 */
export function formatCitation(
  source: SourceRecord | undefined,
  claim: Pick<EvidenceClaim, 'source' | 'page' | 'url' | 'accessedAt' | 'repository'> &
    Partial<Pick<EvidenceClaim, 'sourceClass' | 'information' | 'evidence'>>,
): Citation {
  const analysis = [
    claim.sourceClass ? `${claim.sourceClass} source` : undefined,
    claim.information ? `${claim.information} information` : undefined,
    claim.evidence ? `${claim.evidence} evidence` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const page = claim.page?.trim() ? bare(claim.page) : undefined;
  if (!source) {
    // A source id that is not captured in sources/: say so rather than invent a title.
    const where = claim.repository ? `, ${bare(claim.repository)}` : '';
    const full = `Source ${claim.source}${where}${page ? `, ${page}` : ''} (not captured in sources/).`;
    return { full, short: `Source ${claim.source}${page ? `, ${page}` : ''}.`, analysis };
  }
  const url = claim.url ?? source.url;
  const accessed = eeDate(claim.accessedAt ?? source.accessedAt);
  const repository = bare(claim.repository ?? source.repository);
  const kind = recordWords(source);
  const entry = entryFor(source);
  const date = source.date ? eeDatePhrase(bare(source.date)) : '';
  const title = bare(source.title);
  // Which item: the claim's page when the source gave one, else the entry for the named person
  // and the record's date (the title and repository already locate it).
  const item = page ?? (entry ? `entry for ${entry}${date ? `, ${date}` : ''}` : date || undefined);
  const parts: string[] = [];
  if (url) {
    // EE's website pattern: "Title," database/record, Website (URL : accessed date), item.
    parts.push(quoted(title, ','));
    parts.push(`${kind ? `${kind}, ` : ''}${repository} (${url}${accessed ? ` : accessed ${accessed}` : ''})`);
  } else {
    // Offline: the record series and its custodian; the date it was read stands in for access.
    parts.push(quoted(title, ','));
    parts.push(`${kind ? `${kind}; ` : ''}${repository}${accessed ? ` (consulted ${accessed})` : ''}`);
  }
  const full = `${parts.join(' ')}${item ? `, ${item}` : ''}.`;
  const short = `${quoted(shortTitle(title), ',')} ${item ?? repository}.`;
  return { full, short, analysis };
}
