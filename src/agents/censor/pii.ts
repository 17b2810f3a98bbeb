/**
 * PII patterns the Censor redacts from anything that leaves the engine (files, prompts, exports).
 * Regexes, not a library: the four kinds the spec names are narrow, well-known shapes, and a
 * general NER/PII library would add weight and false positives on historical records. A fifth,
 * id_number, is an identifier under its label ("isikukood …", "NATIONAL NUMBER …"): like a street
 * address, only redacted in text about the living (redact-text.ts) or a modern record (local-pii.ts).
 */
import { scanWorldStreets } from './world-streets';

export type PiiKind = 'ssn' | 'phone' | 'email' | 'street_address' | 'id_number';

export interface PiiMatch {
  kind: PiiKind;
  match: string;
  index: number;
}

// British, Irish and Commonwealth street words too (Crescent, Close, Gardens, Wynd …): a modern
// record from Dalry or Dublin locates a living person as surely as one from Springfield.
const STREET_SUFFIX =
  'Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Trail|Square|Sq|Straße|Strasse|Weg|Gasse|' +
  'Crescent|Cres|Close|Gardens|Gdns|Grove|Row|Mews|Walk|Wynd|Brae|Rise|Vale|Quay|Parade|Esplanade|Alley|Pike';

/**
 * White space within one line: a pattern never reaches across a line end, so a date at the end of
 * one line and a place on the next ("…1931⏎2 PLAC Portman Square") are never read as one address.
 */
const SP = '[^\\S\\r\\n]';

/**
 * A street address: house number, optional direction, up to three name words, a street word. The
 * number may carry a rural grid's direction (Wisconsin's "W5412 County Road P"), and a county road
 * its letter; a Western town's grid address has no street word at all.
 */
function streetPattern(sp: string): RegExp {
  // Utah's and other Western towns' grid: "455 North 300 East", "1200 W 500 S" (no street word).
  const dir = `(?:North|South|East|West|[NSEW])`;
  // (not a land survey's "Township 3 North 2 East", "Section 12 …")
  const grid = `(?<!\\b(?:Township|Range|Section|Sec|Lot|Tp|Twp|T|R)\\.?${sp}+)\\b\\d{1,5}${sp}+${dir}\\.?${sp}+\\d{1,5}${sp}+${dir}\\b\\.?`;
  return new RegExp(
    `${grid}|\\b(?:[NSEW](?=\\d))?\\d{1,5}(?:-\\d{1,5})?${sp}+(?:[NSEW]\\.?${sp}+)?(?:[A-Z0-9][\\w'.-]*${sp}+){0,3}(?:${STREET_SUFFIX})\\b\\.?(?:${sp}+[A-Z]{1,2}(?![\\w.]))?(?:,?${sp}+(?:Apt|Apartment|Unit|Suite|#)${sp}*[\\w-]+)?`,
    'g',
  );
}

/**
 * In prose (a record's transcription), a line break inside a paragraph is only wrapping: "write to
 * her at 9⏎Meetinghouse Lane" is one address. A blank line still ends it.
 */
const PROSE_SP = '(?:[^\\S\\r\\n]|\\r?\\n(?![^\\S\\r\\n]*\\r?\\n))';
const PROSE_STREET = streetPattern(PROSE_SP);
const DIGIT = /\d/;

/** A word in any case, letter by letter ("national" → "[nN][aA]…"): the patterns run without the i flag. */
const anyCase = (w: string): string =>
  w
    .replace(/\./g, '\\.')
    .replace(/\p{L}/gu, (c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c));
/** Phrases, each word in any case, white space between words: "(?:social security|passport)". */
const phrases = (...ps: string[]): string => `(?:${ps.map((p) => p.split(' ').map(anyCase).join(`${SP}+`)).join('|')})`;

/** The word after a label that says a number follows: "number", "no.", "nr.", "#", "code". */
const NUMBER_WORD = phrases('number', 'no.', 'no', 'nr.', 'nr', 'nº', 'n°', '#', 'code');
/**
 * Labels that say a personal identifier follows: national and membership numbers, identity cards,
 * the national codes of Europe and the Americas (isikukood, personnummer, henkilötunnus, PESEL,
 * codice fiscale, CURP, CPF …), social-security, tax, health and passport numbers. Words in any
 * case ("NATIONAL NUMBER", "Personal code"); the acronyms only in capitals ("SIN", not "sin").
 */
const ID_LABEL = [
  `${phrases('national')}${SP}+(?:${phrases('insurance', 'identity', 'identification', 'id', 'registration', 'health')}${SP}+)?${NUMBER_WORD}`,
  `${phrases('member', 'membership')}${SP}+${NUMBER_WORD}`,
  `(?:${phrases('personal', 'national')}${SP}+)?${phrases('id', 'identity', 'identification')}(?:${SP}+${phrases('card')})?${SP}*${NUMBER_WORD}`,
  `${phrases('personal')}${SP}+(?:${phrases('identification', 'identity', 'id')}${SP}+)?${NUMBER_WORD}`,
  `${phrases('social security', 'social insurance', 'tax file', 'tax id', 'tax identification', 'taxpayer registration', 'taxpayer identification', 'tax registration', 'passport', 'nhs', 'health', 'health card', 'health insurance', 'personal health', 'medicare', 'alien registration', 'alien', "driver's licence", "driver's license", 'drivers license', 'driving licence')}${SP}*${NUMBER_WORD}`,
  phrases(
    'isikukood',
    'personas kods',
    'asmens kodas',
    'personnummer',
    'personnr.',
    'henkilötunnus',
    'hetu',
    'fødselsnummer',
    'fødselsnr.',
    'burgerservicenummer',
    'sofinummer',
    'rodné číslo',
    'rodne cislo',
    'codice fiscale',
    'sozialversicherungsnummer',
    'steueridentifikationsnummer',
    'numéro de sécurité sociale',
    "numéro d'assurance sociale",
    'número de seguro social',
    'numero di previdenza sociale',
    'cédula de identidad',
    'cédula',
    'cedula',
    'carte vitale',
    'aadhaar',
  ),
  // Tax, social-insurance and health numbers of the Caribbean, Switzerland, Asia, Canada and Latin America (TRN, AVS, NRIC, OHIP, CUIL …).
  `(?:CPR|BSN|PESEL|EMŠO|EMSO|JMBG|OIB|EGN|CNP|DNI|NIE|NIF|CURP|RUT|CPF|SIN|SSN|TFN|IRD|NHS|PPSN|NINO|AHV|AVS|NIR|TRN|TIN|ITIN|NIN|NRIC|HKID|CNIC|PAN|PHN|OHIP|RAMQ|NAS|CUIL|CUIT|NSS|RFC|SSS)(?:(?:-|${SP}*)${NUMBER_WORD})?`,
];
/**
 * The identifier itself: letters and digits, with the separators such numbers are printed with
 * ("850101-1234", "12.345.678-5", "943 476 5919"); it holds three digits, and a year alone is not one.
 */
const ID_VALUE = String.raw`(?=[A-Za-z]{0,6}${SP}?\d)(?=(?:(?:[A-Za-z\-./]|${SP}(?=[A-Za-z\d]))*\d){3})(?!(?:1[5-9]|20)\d\d(?![\p{L}\p{N}]|[-./]\d))[A-Za-z\d](?:[A-Za-z\d]|[-./](?=[A-Za-z\d])|${SP}(?=\d))*`;
/** A labelled identifier: "isikukood 47611230215", "NATIONAL NUMBER 781234", "personnummer: 850101-1234". */
const ID_NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${ID_LABEL.join('|')})(?![\p{L}])${SP}*(?:[:=(,]${SP}*)?(?:[iI]s${SP}+)?${ID_VALUE}`,
  'gu',
);

/** The Swiss social-insurance number needs no label: 756, then 4, 4 and 2 digits ("756.4821.3370.15"). */
const SWISS_AVS = /\b756[. ]?\d{4}[. ]?\d{4}[. ]?\d{2}\b/g;

const PATTERNS: { kind: PiiKind; re: RegExp }[] = [
  { kind: 'ssn', re: /\b\d{3}-\d{2}-\d{4}\b/g },
  { kind: 'id_number', re: SWISS_AVS },
  { kind: 'email', re: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g },
  // North American and international numbers with separators; bare digit runs (years, ids) are left alone.
  {
    kind: 'phone',
    re: /(?:\+\d{1,3}[ \t\u00a0.-]?)?(?:\(\d{3}\)[ \t\u00a0]?|\b\d{3}[ \t\u00a0.-])\d{3}[ \t\u00a0.-]\d{4}\b/g,
  },
  { kind: 'street_address', re: streetPattern(SP) },
  { kind: 'id_number', re: ID_NUMBER },
];

/** Word characters of an e-mail address's local part and domain, for the cheap pre-check below. */
const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;

/**
 * Whether the text can hold an e-mail address at all: an "@" between a local-part character and a
 * domain character. The full pattern tries every word start, which on a long text full of "@I1@"
 * xrefs (GEDCOM imports) is most of the Censor's time; this check is one indexOf pass.
 */
function mayHoldEmail(text: string): boolean {
  for (let i = text.indexOf('@'); i !== -1; i = text.indexOf('@', i + 1)) {
    if (i > 0 && LOCAL_CHAR.test(text[i - 1]) && i + 1 < text.length && DOMAIN_CHAR.test(text[i + 1])) return true;
  }
  return false;
}

/**
 * An SSN (ddd-dd-dddd) and a phone number (… ddd[sep]dddd) both end in two digits, one separator
 * and four digits: a text without that cannot hold either, and one pass of this pattern is much
 * cheaper than the two full ones (which try every word start) over a 100k-person tree.
 */
const DIGIT_GROUPS = /\d\d[ \t\u00a0.-]\d{4}/;

/** Every PII occurrence in the text (of the given kinds, default all), in order of position. */
export function scanPii(text: string, kinds?: ReadonlySet<PiiKind>, opts: PiiOptions = {}): PiiMatch[] {
  const found: PiiMatch[] = [];
  let groups: boolean | undefined;
  for (const pattern of PATTERNS) {
    const kind = pattern.kind;
    const re = kind === 'street_address' && opts.prose ? PROSE_STREET : pattern.re;
    if (kinds && !kinds.has(kind)) continue;
    if (kind === 'email' && !mayHoldEmail(text)) continue;
    if ((kind === 'ssn' || kind === 'phone') && !(groups ??= DIGIT_GROUPS.test(text))) continue;
    for (const m of text.matchAll(re)) found.push({ kind, match: m[0], index: m.index ?? 0 });
    // The other street orders and languages (world-streets.ts); each needs a house number.
    if (kind === 'street_address' && DIGIT.test(text))
      for (const m of scanWorldStreets(text, opts.prose)) found.push({ kind, ...m });
  }
  found.sort((a, b) => a.index - b.index || b.match.length - a.match.length);
  // Drop matches nested inside an earlier, longer one (an address that contains a number run);
  // one that overlaps the previous one's end extends it ("Via Roma 12 Main Street": both orders).
  const kept: PiiMatch[] = [];
  let end = -1;
  for (const m of found) {
    const mEnd = m.index + m.match.length;
    if (m.index >= end) {
      kept.push(m);
      end = mEnd;
    } else if (mEnd > end) {
      const last = kept[kept.length - 1];
      last.match = text.slice(last.index, mEnd);
      end = mEnd;
    }
  }
  return kept;
}

export const PII_PLACEHOLDER: Record<PiiKind, string> = {
  ssn: '[SSN redacted]',
  phone: '[phone redacted]',
  email: '[e-mail redacted]',
  street_address: '[address redacted]',
  id_number: '[ID number redacted]',
};

export interface PiiOptions {
  /** The text is prose whose lines wrap (a transcription), not one value per line (GEDCOM, YAML). */
  prose?: boolean;
}

export function replacePii(
  text: string,
  kinds?: ReadonlySet<PiiKind>,
  opts: PiiOptions = {},
): { text: string; redactions: PiiMatch[] } {
  // Only the wanted kinds are scanned: a phone inside an unwanted address is still redacted.
  const matches = scanPii(text, kinds, opts);
  if (!matches.length) return { text, redactions: [] };
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.index) + PII_PLACEHOLDER[m.kind];
    at = m.index + m.match.length;
  }
  return { text: out + text.slice(at), redactions: matches };
}
