/**
 * Addresses, postal codes and phone numbers as they are written outside North America ("Skälsnäs 4,
 * 342 50 Vislanda", "Calle Hidalgo 214", "Lindengatan 12", "0470-55 01 72", "+46 470 55 01 72"), for
 * the free text of a record dated within the living threshold: such a record locates living people
 * whoever it names. pii.ts keeps the North American shapes it runs everywhere; these are only run on
 * modern text, where a house number next to a place name is far more likely a home than history.
 */
import { replacePii, scanPii, type PiiKind } from './pii';
import type { Redaction } from './redaction';

const ID_NUMBERS: ReadonlySet<PiiKind> = new Set<PiiKind>(['id_number']);

const SP = String.raw`[^\S\r\n]`;
/**
 * Space between an address's words: a captured body is hard-wrapped, so one line break may fall
 * inside an address ("calle Hidalgo⏎214"); a blank line (a new paragraph) never does.
 */
const WS = String.raw`(?:[^\S\r\n]|\r?\n(?![^\S\r\n]*\r?\n))`;
/** A house number: "4", "214", "12b", "3-5"; never a year ("via Bremen 1893", "Brigade 1944"). */
const HOUSE = String.raw`(?!(?:1[5-9]|20)\d\d(?!\d))\d{1,4}(?:[a-zA-Z]|-\d{1,4})?(?![\p{L}\p{N}])`;
/** Postal codes of the forms Europe and Latin America use: "342 50", "10115", "1012", "00-950", "SW1A 1AA". */
const postcode = (digits: string): string =>
  String.raw`(?:\d{4}${SP}?[A-Z]{2}(?![\p{L}])|\d{5}-\d{3}|\d{3}${SP}?\d{2}|${digits}|\d{2}-\d{3}|[A-Z]{1,2}\d[A-Z\d]?${SP}?\d[A-Z]{2})`;
const POSTCODE = postcode(String.raw`\d{4,5}`);

/** A word in either initial case: "[Cc]alle" (the patterns run without the i flag, so \p{Lu} stays upper case). */
const either = (w: string): string => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1).replace(/[./]/g, '\\$&')}`;
/** A street word before the name: "Calle Hidalgo 214", "rue de la Paix 5", "via Roma 10", "ul. Długa 3". */
const STREET_BEFORE = `(?:${'calle c/ avenida avda. av. paseo camino callejón rue avenue boulevard chemin allée impasse via viale piazza corso vicolo plaza carrer rua travessa ulica ul. aleja náměstí ulice'
  .split(' ')
  .map(either)
  .join('|')})`;
/** Words of a street's name: capitalised, or the particles names carry ("de la", "del", "di"). */
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'.-]*|de|del|la|las|los|le|les|du|des|di|da|do|dos|das|della|dei)`;
/** A street word ending the name: "Lindengatan 12", "Hauptstraße 5", "Kerkstraat 3", "Vesterbrogade 40". */
const STREET_AFTER = String.raw`\p{Lu}\p{L}*(?:gatan|gata|vägen|väg|gränd|torget|stigen|straße|strasse|str\.|weg|gasse|platz|allee|straat|laan|gracht|plein|gade|vej|veien|vegen|gaten|katu)`;

/**
 * East Asian addresses, written without spaces and numbered by block, not by street: Japanese
 * "船越南3丁目12-8" and "…123番地4号", its romanised form "3-12-8 Funakoshi-minami", Chinese
 * "中山路12号", Korean "세종대로 175" or "…길 12-3".
 */
const CJK = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]`;
const FW = String.raw`[\d０-９]`;
const EAST_ASIAN_ADDRESSES: RegExp[] = [
  new RegExp(String.raw`${CJK}{1,12}${FW}{1,3}丁目(?:${FW}{1,4}(?:[-－‐番]${FW}{1,4}号?)*)?`, 'gu'),
  new RegExp(String.raw`${CJK}{1,12}${FW}{1,5}番地?(?:${FW}{1,4}号?)?`, 'gu'),
  new RegExp(String.raw`\p{sc=Han}{1,10}[路街道巷弄]${FW}{1,5}[号號]`, 'gu'),
  new RegExp(String.raw`\p{sc=Hangul}{1,10}(?:로|길)${SP}?\d{1,4}(?:-\d{1,4})?(?!\d)`, 'gu'),
  new RegExp(String.raw`(?<![\p{L}\p{N}-])\d{1,2}-\d{1,3}-\d{1,3}${SP}+\p{Lu}\p{Ll}+(?:-\p{Ll}+)?(?![\p{L}])`, 'gu'),
];

/**
 * A post-office box or rural route stands for the house it serves: "Box 118, Vita", "P.O. Box 12",
 * "R.R. 2", "Postfach 12", "Apartado 45", "Caixa Postal 9", "Casella postale 3", "B.P. 118".
 */
const POST_BOX = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:P\.?${SP}?O\.?${SP}+|Post${SP}+Office${SP}+)?Box|(?:R\.${SP}?R\.|RR|Rural${SP}+Route)(?=${SP}*\d)|Postfach|Apartado(?:${SP}+de${SP}+[Cc]orreos)?|Caixa${SP}+[Pp]ostal|Casella${SP}+[Pp]ostale|Bo[iî]te${SP}+[Pp]ostale|B\.${SP}?P\.|Postbus|Postboks)${SP}*#?${SP}*\d{1,6}(?![\p{N}])`,
  'gu',
);

/** Words that say a phone number follows ("tel.", "τηλ.", "тел.", "ring"). */
const PHONE_WORDS =
  'tel|tlf|tfn|phone|telephone|call|ring|ringa|ruf|telefon|telefoon|teléfono|telefono|téléphone|telefone|puhelin|puh|tél|τηλ|τηλέφωνο|тел|телефон|mob|mobile|cel|cell|celular|móvil|handy|kom';

/**
 * British street names ending in a word that is a street only in a house's address ("7 Chapel Bank",
 * "12 Market Hill", "3 Holly Croft"): too common as plain words to be read in old text (pii.ts), so
 * only in modern text, and only after a house number.
 */
const UK_STREET_ENDS =
  'Bank|Hill|Green|Croft|Fold|Brow|Villas|Cottages|Meadows?|Side|Gate|Park|Lea|Dale|Mount|Paddock|Orchard';

const ADDRESS_PATTERNS: RegExp[] = [
  ...EAST_ASIAN_ADDRESSES,
  POST_BOX,
  // A Peruvian jirón ("Jr. Huallaga 745"): "Jr." opens a street only before a name and a house number.
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:Jr\.|Jir[óo]n)${SP}+(?:\p{Lu}[\p{L}'-]+${SP}+){1,3}${HOUSE}`, 'gu'),
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])${HOUSE}${SP}+(?:\p{Lu}[\p{L}'-]+${SP}+){1,3}(?:${UK_STREET_ENDS})(?![\p{L}])`,
    'gu',
  ),
  new RegExp(String.raw`(?<![\p{L}\p{N}])${STREET_BEFORE}${WS}+(?:${NAME_WORD}${WS}+){0,4}?${HOUSE}`, 'gu'),
  new RegExp(String.raw`(?<![\p{L}\p{N}])${STREET_AFTER}${WS}+${HOUSE}`, 'gu'),
  // A name and a house number with the floor and flat after it, as Argentina and Spain write a street
  // without its street word: "Gurruchaga 1187, 4° B", "Bolívar 340, piso 2", "Sarmiento 55 dpto. 3".
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])\p{Lu}[\p{L}'-]+(?:${WS}+\p{Lu}[\p{L}'-]+){0,2}${WS}+${HOUSE},?${WS}*(?:\d{1,2}${SP}?[°º](?:${SP}?piso)?(?:${SP}?[A-Z\d](?![\p{L}\p{N}]))?|piso${SP}+\d{1,2}|de?pto\.?${SP}*[A-Z\d]{1,3}(?![\p{L}\p{N}]))`,
    'gu',
  ),
  // A name and a house number followed by a postal code and a town: "Skälsnäs 4, 342 50 Vislanda".
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])\p{Lu}[\p{L}'-]+(?:${WS}+[\p{L}'-]+){0,2}${WS}+${HOUSE},${WS}*${POSTCODE}(?=${SP}+\p{Lu})`,
    'gu',
  ),
  // The other order, a postal code and a town before the street: "942 01 Šurany, Hlavná 27".
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])${POSTCODE}${WS}+\p{Lu}[\p{L}'-]+(?:${WS}+\p{Lu}[\p{L}'-]+)?,${WS}*(?!(?:${PHONE_WORDS.split('|').map(either).join('|')})(?![\p{L}]))\p{Lu}[\p{L}'.-]+(?:${WS}+[\p{L}'.-]+){0,2}${WS}+${HOUSE}`,
    'gu',
  ),
];
/**
 * A postal code named as one ("postcode 70002", "Τ.Κ. 70002", "PLZ 10115", "C.P. 28001", "PSČ 942 01",
 * "zip 02747"), and a US state with its ZIP code wrapped onto the next line ("Dartmouth, MA⏎02747").
 */
const NAMED_POSTCODE = new RegExp(
  String.raw`(?<![\p{L}])(?:post${SP}?code|postal${SP}+code|zip(?:${SP}+code)?|plz|postleitzahl|code${SP}+postal|c\.${SP}?p\.|cap|t\.${SP}?k\.|τ\.${SP}?κ\.|ταχ\.${SP}?κώδ(?:ικας|\.)|psč|kod${SP}+pocztowy|irányítószám|indeks|индекс|postnummer|postinumero)${SP}*:?${WS}*(?:\d{3}${SP}?\d{2}|\d{4,6})(?![\p{N}])`,
  'giu',
);
/**
 * Japan's postal mark ("〒736-0081"), Brazil's CEP ("CEP 01310-100"), an Australian state's postcode
 * ("Sydney NSW 2000"), and a four-digit code with a leading zero after a town ("Dargaville 0310",
 * New Zealand; no house number or year starts with 0).
 */
const MARKED_POSTCODE = new RegExp(
  String.raw`〒${SP}?\d{3}-?\d{4}|(?<![\p{L}])CEP:?${SP}*\d{5}-?\d{3}(?![\p{N}])|(?<=(?<![\p{L}])(?:NSW|VIC|QLD|TAS|ACT|NT|SA|WA)${SP}+)\d{4}(?![\p{N}])|(?<=\p{Lu}\p{Ll}+${SP})0\d{3}(?![\p{N}])`,
  'gu',
);
/**
 * A European postal code before its place, the line an address ends with: "74604 Harju maakond",
 * "10115 Berlin", "00100 Helsinki", "00-950 Warszawa", after a comma or at a line's start. Not four
 * digits alone: "2207 Hillcrest Drive" and "1944 Tallinn" are a house number and a year, and a code
 * like "1010 Wien" is caught after its street's house number (above). A code with its country's
 * prefix, place or none: "LV-1050 Rīga", "LT-01103 Vilnius", "EE-74604", "D-10115 Berlin" (two
 * letters or more, or D with five digits).
 */
const POSTCODE_BEFORE_PLACE = new RegExp(
  String.raw`(?<=(?:^|[\r\n,])${SP}*)${postcode(String.raw`\d{5}`)}(?=${SP}+\p{Lu}\p{Ll})`,
  'gu',
);
/** A five-digit house number starts a street ("10115 Berlin Road"), not a postal code: the street patterns of pii.ts. */
const STREETS: ReadonlySet<PiiKind> = new Set<PiiKind>(['street_address']);
function startsStreet(text: string, at: number): boolean {
  const eol = text.indexOf('\n', at);
  return scanPii(text.slice(at, eol === -1 ? undefined : eol), STREETS).some((m) => m.index === 0);
}
/**
 * The older one-letter country prefixes ("L-8521 Beckerich", "F-67000 Strasbourg", "A-1010 Wien",
 * "S-342 50 Vislanda"), each with its country's digits and only before a town's name: "A-1234" alone
 * may be a film or box number.
 */
const ONE_LETTER_PREFIXED = String.raw`(?:[ABHLN]-\d{4}|[FIE]-\d{5}|S-\d{3}${SP}?\d{2}|P-\d{4}(?:-\d{3})?)(?=${SP}+\p{Lu}\p{Ll})`;
const PREFIXED_POSTCODE = new RegExp(
  String.raw`(?<![\p{L}\p{N}-])(?:(?:AT|BE|BG|CH|CZ|DE|DK|EE|ES|FI|FIN|FL|FR|GR|HR|HU|IS|IT|LT|LU|LV|NL|NO|PL|PT|RO|SE|SI|SK|SLO)-(?:\d{3}${SP}?\d{2}|\d{4,5})|D-\d{5}|${ONE_LETTER_PREFIXED})(?![\p{N}])`,
  'gu',
);
const STATE_ZIP = new RegExp(String.raw`(?<=,${SP}*[A-Z]{2}${WS}+)\d{5}(?:-\d{4})?(?![\p{N}])`, 'gu');
/** A postal code left between a redacted address and its town: "[address redacted], 342 50 Vislanda". */
const POSTCODE_AFTER = new RegExp(String.raw`(\[address redacted\],?${SP}*)${POSTCODE}(?=${SP}+\p{Lu})`, 'gu');

/** A phone number with a trunk prefix (0…) or a country code (+…), in groups: "0470-55 01 72", "+46 470 550 172". */
const PHONE = new RegExp(
  String.raw`(?<![\p{L}\p{N}+])(?:\+\d{1,3}(?:${SP}?\(0\))?|0\d{1,4})(?:${SP}?[-/.]?${SP}?\d{1,4}){2,6}(?![\p{N}])`,
  'gu',
);
/** An area code in brackets, then the number: "(03492) 55-0187" (Argentina), "(47) 99555-0163" (Brazil). */
const PHONE_BRACKETED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\(\d{2,5}\)${SP}?\d{2,5}(?:${SP}?[-.]?${SP}?\d{2,5}){1,3}(?![\p{N}])`,
  'gu',
);
/** A phone word followed by digits in groups: "tel. 33 3456 7890", "ring 55 01 72", "call: 555-0172". */
const PHONE_AFTER_WORD = new RegExp(
  String.raw`(?<![\p{L}])((?:${PHONE_WORDS})\.?\s*:?\s*(?:at${SP}+|på${SP}+|au${SP}+|al${SP}+)?)(\d{1,4}(?:${SP}?[-/.]?${SP}?\d{1,4}){1,6})(?![\p{N}])`,
  'giu',
);

/** An all-digit date ("03.04.1938", "01/02/2003") is not a phone number. */
const NUMERIC_DATE = new RegExp(String.raw`^\d{1,2}${SP}?[./-]${SP}?\d{1,2}${SP}?[./-]${SP}?\d{4}$`);

function digits(s: string): number {
  return s.replace(/\D/g, '').length;
}

/** The text with such addresses, postal codes, phone numbers and labelled identifiers replaced; each replacement listed in `out`. */
export function redactLocalPii(text: string, out: Redaction[]): string {
  // A labelled personal identifier ("isikukood 47611230215", "NATIONAL NUMBER 781234"), pii.ts's rule.
  const ids = replacePii(text, ID_NUMBERS);
  for (const m of ids.redactions) out.push({ kind: 'pii', what: m.kind });
  let body = ids.text;
  for (const re of ADDRESS_PATTERNS)
    body = body.replace(re, () => (out.push({ kind: 'pii', what: 'street_address' }), '[address redacted]'));
  body = body
    .replace(NAMED_POSTCODE, () => (out.push({ kind: 'pii', what: 'postal code' }), '[postal code redacted]'))
    .replace(STATE_ZIP, () => (out.push({ kind: 'pii', what: 'postal code' }), '[postal code redacted]'))
    .replace(MARKED_POSTCODE, () => (out.push({ kind: 'pii', what: 'postal code' }), '[postal code redacted]'));
  body = body
    .replace(POSTCODE_AFTER, (_m, lead: string) => (out.push({ kind: 'pii', what: 'postal code' }), lead.trimEnd()))
    .replace(PREFIXED_POSTCODE, () => (out.push({ kind: 'pii', what: 'postal code' }), '[postal code redacted]'))
    .replace(POSTCODE_BEFORE_PLACE, (m: string, at: number, whole: string) =>
      startsStreet(whole, at) ? m : (out.push({ kind: 'pii', what: 'postal code' }), '[postal code redacted]'),
    );
  body = body.replace(PHONE_BRACKETED, (m) =>
    digits(m) >= 8 ? (out.push({ kind: 'pii', what: 'phone' }), '[phone redacted]') : m,
  );
  body = body.replace(PHONE, (m) =>
    digits(m) >= 7 && !NUMERIC_DATE.test(m) ? (out.push({ kind: 'pii', what: 'phone' }), '[phone redacted]') : m,
  );
  return body.replace(PHONE_AFTER_WORD, (m, word: string, num: string) =>
    digits(num) >= 6 ? (out.push({ kind: 'pii', what: 'phone' }), `${word}[phone redacted]`) : m,
  );
}
