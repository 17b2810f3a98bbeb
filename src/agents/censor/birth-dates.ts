/**
 * Exact dates in free text, in the forms records and obituaries write them across languages, and
 * the rule that a birth stated with an exact date within the living threshold, with no death stated
 * beside it, is a living person's (seed 000: born within the threshold, no death): the date becomes
 * its decade, as a living person's dates do everywhere else. A date before the threshold (a dead
 * person's historical date) is never touched, nor one with a death beside it.
 *
 * Forms: "3 Apr 1938", "3rd April 1938", "April 3, 1938", "3. April 1938", "3 avril 1938",
 * "1er avril 1938", "3 de abril de 1938", "3 kwietnia 1938", "3/4/1938", "03.04.1938", "3-4-1938",
 * "3. 4. 1938", "1938-04-03". Markers: born, b., birth, DOB, *, geb., geboren, né(e), nacido/a,
 * nato/a, nascido/a, född, født, gebore, twieled, doğum, lahir, ur., urodzony/a, syntynyt, rođen, narozen, and the like.
 */
import type { CensorContext } from './living';
import type { Redaction } from './redaction';

/** Month names and their usual abbreviations (lower case, accents kept and stripped). */
const MONTHS = new Set(
  [
    // English
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
    // German, Dutch, Scandinavian
    'januar jänner februar märz maerz mai juni juli oktober dezember jän mär okt dez',
    'januari februari maart mei augustus',
    'mars maj augusti marts',
    // Afrikaans, Indonesian and Malay
    'januarie februarie junie julie desember maret agustus',
    // Maltese, Turkish (not nisan: a Hebrew month too)
    'jannar frar marzu mejju ġunju gunju lulju awwissu settembru ottubru novembru diċembru dicembru',
    'ocak şubat subat mayıs mayis haziran temmuz ağustos agustos eylül eylul ekim kasım kasim aralık aralik',
    // French
    'janvier février fevrier avril juin juillet août aout septembre octobre novembre décembre decembre',
    'janv févr fevr avr juil déc',
    // Spanish, Portuguese, Italian
    'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
    'janeiro fevereiro março marco maio junho julho setembro outubro dezembro',
    'gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre',
    // Polish (genitive, as dates write them), Czech
    'stycznia lutego marca kwietnia maja czerwca lipca sierpnia września wrzesnia października pazdziernika listopada grudnia',
    'ledna února března dubna května června července srpna září října listopadu prosince',
    // Polish, Czech, Croatian nominative; Croatian genitive (as dates write them)
    'styczeń luty marzec kwiecień czerwiec lipiec sierpień wrzesień październik listopad grudzień',
    'leden únor březen duben květen červen červenec srpen říjen',
    'siječanj veljača ožujak travanj svibanj lipanj srpanj kolovoz rujan studeni prosinac',
    'siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada studenoga studenog prosinca',
    // Catalan ("3 d'abril de 1938": the elision is read apart), Norwegian, more abbreviations
    'gener febrer març abril maig juny juliol agost setembre octubre novembre desembre',
    'desember okt mrt febr sept ene abr ago dic fev set out dez genn magg giu lug sett ott',
    // Welsh, with the soft mutation after "o" ("21ain o Fedi 1952")
    'ionawr chwefror mawrth ebrill mai mehefin gorffennaf awst medi hydref tachwedd rhagfyr',
    'fawrth fai fehefin orffennaf fedi dachwedd ragfyr',
    // Irish (nominative and genitive; the two-word months are read with their second word)
    'eanáir feabhra márta aibreán aibreáin bealtaine meitheamh meithimh iúil lúnasa samhain samhna nollaig nollag',
    // Finnish (partitive, as dates write them, and nominative)
    'tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta',
    'tammikuu helmikuu maaliskuu huhtikuu toukokuu kesäkuu heinäkuu elokuu syyskuu lokakuu marraskuu joulukuu',
    'tammik helmik maalisk huhtik toukok kesäk heinäk elok syysk lokak marrask jouluk',
    // Hungarian ("1952. szeptember 21.")
    'január február március április május június július augusztus szeptember október',
    'márc ápr máj jún júl szept',
    // Lithuanian genitive ("1952 m. rugsėjo 21 d.")
    'sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio lapkričio gruodžio',
    // Russian, Ukrainian (genitive, Cyrillic and transliterated)
    'января февраля марта апреля мая июня июля августа сентября октября ноября декабря',
    'янв февр апр авг сент окт нояб дек',
    'січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня',
    'yanvarya fevralya marta aprelya maya iyunya iyulya avgusta sentyabrya oktyabrya noyabrya dekabrya',
    'sichnia liutoho bereznia kvitnia travnia chervnia lypnia serpnia veresnia zhovtnia lystopada hrudnia',
    // Greek (genitive, as dates write them, and nominative), Romanian, Slovak (genitive)
    'ιανουαρίου φεβρουαρίου μαρτίου απριλίου μαΐου μαίου ιουνίου ιουλίου αυγούστου σεπτεμβρίου οκτωβρίου νοεμβρίου δεκεμβρίου',
    'ιανουάριος φεβρουάριος μάρτιος απρίλιος μάιος ιούνιος ιούλιος αύγουστος σεπτέμβριος οκτώβριος νοέμβριος δεκέμβριος',
    'ianuarie februarie martie aprilie iunie iulie septembrie octombrie noiembrie decembrie',
    'januára februára apríla mája júna júla augusta septembra októbra novembra decembra',
    // Latin of church registers, and the numeral abbreviations ("7bris", "Xbris", "9ber")
    'januarii ianuarii februarii martii aprilis maii junii iunii julii iulii augusti septembris octobris novembris decembris',
    'januarius februarius martius aprilis maius junius julius augustus september october november december',
    '7bris 8bris 9bris 10bris xbris 7ber 8ber 9ber 10ber xber 7bre 8bre 9bre xbre',
  ]
    .join(' ')
    .split(/\s+/)
    .concat(['meán fómhair', 'deireadh fómhair', 'mean fomhair', 'deireadh fomhair']),
);

const SP = String.raw`[^\S\r\n]`;
/** A month word: letters, a Latin numeral abbreviation ("7bris", "10ber"), or an Irish two-word month ("Meán Fómhair"). */
const WORD = String.raw`(?:\d{1,2}(?=b)|[Xx](?=b))?\p{L}{3,12}(?:${SP}+[Ff][óo]mhair)?`;
/** Day suffixes: English, French, Latin/Romance ordinals ("21a", "1º"), Welsh ("21ain", "1af", "2il", "3ydd", "5ed"). */
const DAY_SUFFIX = String.raw`(?:st|nd|rd|th|er|re|e|º|°|ª|ain|af|il|ydd|fed|ed|eg|a|o|\.)?`;
/**
 * Words between day and month or month and year: "3 de abril de 1938", "21 o Fedi 1952", "15 ta' Lulju 1950", "3 d'abril
 * de 1938", "the 3rd of May, 1938", "the 3rd day of May 1938".
 */
const LINK = String.raw`(?:(?:de|o|di|ta['’]|mensis|(?:day${SP}+)?of)${SP}+|d['’])?`;
/**
 * Day, month name, year: "3 Apr 1938", "3rd April 1938", "3. April 1938", "1er avril 1938", "3 de
 * abril de 1938", and with dashes or slashes as forms print them: "3-May-1938", "03/MAY/1938".
 */
const DAY_MONTH_YEAR = String.raw`\d{1,2}${DAY_SUFFIX}(?:${SP}*|[-/])${LINK}(${WORD})\.?,?(?:${SP}+|[-/])(?:(?:de|anno)${SP}+)?\d{4}`;
/** Month name, day, year: "April 3, 1938", "Apr. 3rd 1938", "May the 3rd, 1938". */
const MONTH_DAY_YEAR = String.raw`(${WORD})\.?${SP}+(?:the${SP}+)?\d{1,2}(?:st|nd|rd|th)?,?${SP}+\d{4}`;
/** Year, month name, day: Hungarian "1952. szeptember 21.", Lithuanian "1952 m. rugsėjo 21 d.". */
const YEAR_MONTH_DAY = String.raw`\d{4}(?:\.|${SP}*m\.)?${SP}+(${WORD})\.?${SP}+\d{1,2}(?:\.|-\p{L}{1,3}|${SP}*d\.)?`;
/** All digits: "3/4/1938", "03.04.1938", "3-4-1938", "3. 4. 1938", "1938-04-03", "1938.04.03.", "1938/04/03". */
const NUMERIC = String.raw`\d{1,2}${SP}?[./-]${SP}?\d{1,2}${SP}?[./-]${SP}?\d{4}|\d{4}-\d{1,2}-\d{1,2}|\d{4}[./]${SP}?\d{1,2}[./]${SP}?\d{1,2}\.?`;

/** Japanese and Japanese-era eras, by the Gregorian year before their first: 昭和60年 is 1925 + 60. */
const ERAS: Record<string, number> = { 明治: 1867, 大正: 1911, 昭和: 1925, 平成: 1988, 令和: 2018 };
/**
 * Chinese, Japanese and Korean: "1985年7月14日", "昭和60年7月14日", "1985년 7월 14일", with ASCII or
 * full-width digits. Written inside running text with no space around it, so it needs no word edge.
 */
const CJK_DATE = String.raw`(?<![\d０-９])(?:[\d０-９]{4}|(?:${Object.keys(ERAS).join('|')})${SP}*(?:[\d０-９]{1,2}|元))${SP}*[年년]${SP}*[\d０-９]{1,2}${SP}*[月월]${SP}*[\d０-９]{1,2}${SP}*[日일]`;

/** An exact date (day, month and year) on one line; groups 1 to 3 hold a month word to check. */
export const EXACT_DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${DAY_MONTH_YEAR}|${MONTH_DAY_YEAR}|${YEAR_MONTH_DAY}|${NUMERIC})(?![\p{L}\p{N}])|${CJK_DATE}`,
  'giu',
);

function isMonth(word: string | undefined): boolean {
  return word === undefined || MONTHS.has(word.toLowerCase().replace(/\s+/g, ' '));
}

/** The year of an exact date match, or undefined when its month word is not a month. */
export function exactDateYear(match: string, month1?: string, month2?: string, month3?: string): number | undefined {
  if (!isMonth(month1) || !isMonth(month2) || !isMonth(month3)) return undefined;
  const text = match.normalize('NFKC');
  const era = Object.keys(ERAS).find((e) => text.startsWith(e));
  if (era) {
    const n = /^\s*(\d{1,2}|元)/u.exec(text.slice(era.length))?.[1];
    return n === undefined ? undefined : ERAS[era] + (n === '元' ? 1 : Number(n));
  }
  // The year is the match's only run of four digits ("21 7bris 1852": "7bris" is not one).
  const year = /(?<!\d)\d{4}(?!\d)/.exec(text);
  return year ? Number(year[0]) : undefined;
}

export function decadeOfYear(year: number): string {
  return `${Math.floor(year / 10) * 10}s`;
}

/**
 * Words that say what follows is a birth, per language (a marker ending in a dot is an
 * abbreviation): English, German, Dutch, Scandinavian, French, Spanish, Portuguese, Italian,
 * Catalan, Latin, Polish, Czech, Croatian, Lithuanian, Hungarian, Finnish, Welsh, Irish, Russian and
 * Ukrainian (Cyrillic and transliterated).
 */
const BIRTH_WORDS = [
  String.raw`born|b\.|birth|date${SP}+of${SP}+birth|d\.?o\.?b\.?`,
  String.raw`geb\.|geboren|geborene?|geburtsdatum|geboortedatum|född|föddes|født|fødtes|fødd|f\.|fødselsdato|födelsedatum`,
  // Afrikaans, Maltese, Turkish, Indonesian and Malay
  String.raw`gebore|gebooredatum|twieled|twieldet|doğum|dogum|doğdu|lahir|tarikh${SP}+lahir|tanggal${SP}+lahir`,
  // The first person too: a living writer's own birth ("nací el 2 de marzo de 1961", "nasci a …")
  String.raw`née?|naissance|nacid[oa]|naci[óo]|nací|nacimiento|nat[oa]|nascid[oa]|nasceu|nasci|nascimento|nascita|nascut|nascuda`,
  String.raw`natus|nata|nat\.|baptizat[au]s?`,
  String.raw`ur\.|urodzon[ya]|urodził(?:a|em|am)?|urodzenia|narozen[aá]?|nar\.|narodil[a]?|narození|rođen[a]?|rođ\.|rođenja`,
  String.raw`gimė|gim\.|gimimo|született|születtem|szül\.|születési|syntynyt|syntyi|synnyin|syntymäaika|s\.`,
  // Welsh with its mutations: "a anwyd" (who was born), "fe'i ganwyd", "yng ngenedigaeth"
  String.raw`ganwyd|anwyd|nganwyd|ganed|aned|nganed|genedigaeth|enedigaeth|ngenedigaeth|g\.|rugadh|breith|breithe`,
  String.raw`родил(?:ся|ась)|род\.|р\.|рождения|народил(?:ся|ася)|народився|нар\.|народження|rodil(?:sya|as['’]?)|narodyv(?:sya|sia)`,
  // Greek, Romanian
  String.raw`γεν\.|γεννήθηκε|γεννηθείς|γεννηθείσα|γέννηση|γέννησης|născut|născută|nascut|nascuta`,
  // Japanese, Chinese, Korean: "生年月日", "出生日期", "생년월일" before the date
  String.raw`生年月日|出生年月日|出生日期|出生|생년월일|출생`,
];
/** Japanese, Chinese and Korean write the birth after the date: "1985年7月14日生", "…生まれ", "…출생". */
const CJK_BIRTH_AFTER = new RegExp(String.raw`(${CJK_DATE})${SP}*(?:生まれ|生|出生|출생|생)`, 'gu');
/** The top-level alternatives of a pattern ("a|b(?:c|d)|e" → a, b(?:c|d), e). */
function alternativesOf(pattern: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      out.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  return [...out, pattern.slice(from)];
}

/**
 * The alternatives grouped by their first letter ("b(?:orn|irth|\.)|g(?:eb\.|…)"): the regex
 * engine tries one group per position instead of every word, which keeps the marker scan of a long
 * text as cheap with eighty words as it was with twenty.
 */
function byFirstLetter(fragments: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const alt of fragments.flatMap(alternativesOf)) {
    const first = alt[0].toLowerCase();
    groups.set(first, [...(groups.get(first) ?? []), alt.slice(1)]);
  }
  return [...groups].map(([first, rests]) => `${first}(?:${rests.join('|')})`).join('|');
}

/** A word or sign that says what follows is a birth. */
const BIRTH = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${byFirstLetter(BIRTH_WORDS)}|\*)`, 'giu');
/** A word or sign that says someone died (a date beside it is not a living person's). */
const DEATH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:died|d\.(?!o\.?b)|dec(?:eased|\.)|death|buried|bur\.|passed\s+away|` +
    String.raw`gest(?:orben|\.)|verst(?:orben|\.)|overl(?:eden|\.)|décédée?|decedee?|décès|morte?|mort\s+le|död|død|avled|` +
    String.raw`fallecid[oa]|falleci[óo]|murió|morto|morta|decedut[oa]|faleceu|falecid[oa]|óbito|va\s+morir|morí|` +
    String.raw`obiit|ob\.|defunct[au]s?|mortu[au]s|sepult[au]s?|` +
    String.raw`zm\.|zmarł[a]?|zemřel[a]?|zem\.|umro|umrla|umrl[ao]?|mirė|mir\.|meghalt|elhunyt|megh\.|elh\.|kuollut|kuoli|` +
    String.raw`bu\s+farw|marw|d['’]éag|fuair\s+bás|bás|` +
    String.raw`умер(?:ла)?|скончал(?:ся|ась)|ум\.|помер(?:ла)?|пом\.|umer(?:la)?|pomer(?:la)?|[†✝])`,
  'iu',
);

/** "John D. Smith": a capital initial between two capitalised names is a middle name, not "d." (died). */
const MIDDLE_INITIAL = /\p{Lu}\p{Ll}+\s+$/u;
const NAME_AFTER = /^\s+\p{Lu}\p{Ll}/u;

/** Whether the text says someone died, a middle initial "D." aside. */
function statesDeath(text: string): boolean {
  const death = new RegExp(DEATH.source, 'giu');
  for (const m of text.matchAll(death)) {
    const initial =
      m[0] === 'D.' &&
      MIDDLE_INITIAL.test(text.slice(Math.max(0, m.index - 40), m.index)) &&
      NAME_AFTER.test(text.slice(m.index + 2, m.index + 6));
    if (!initial) return true;
  }
  return false;
}

/** How far a birth marker may be from its date, and how far a death is looked for around it. */
const MARKER_TO_DATE = 40;
const DEATH_WINDOW = 80;

/**
 * Exact birth dates within the living threshold, with no death stated beside them (between the
 * neighbouring birth markers, at most DEATH_WINDOW characters either side, on the same line), become
 * their decade. Returns the text; redactions are pushed to `out`.
 */
/** "He was born …" at the start of a sentence: in an obituary or a death record, the deceased's birth. */
const DECEASED_SUBJECT = /(?:^|[.!?]\s+)(?:He|She)\s+(?:was\s+)?$/u;

export function redactLivingBirthDates(
  text: string,
  ctx: CensorContext,
  out: Redaction[],
  opts: { deathRecord?: boolean } = {},
): string {
  if (ctx.consent || !/\d{4}|[年년]/.test(text)) return text;
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  const spans: { start: number; end: number; year: number }[] = [];
  for (const m of text.matchAll(CJK_BIRTH_AFTER)) {
    const year = exactDateYear(m[1]);
    if (year !== undefined && year > cutoff) spans.push({ start: m.index, end: m.index + m[1].length, year });
  }
  const markers = [...text.matchAll(BIRTH)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (!markers.length) return toDecades(text, spans, out);
  // Every search is bounded to a window around its marker: linear in the text's length.
  const date = new RegExp(EXACT_DATE.source, 'iu');
  markers.forEach((mk, i) => {
    const ahead = text.slice(mk.end, mk.end + MARKER_TO_DATE + 40).split('\n')[0];
    const m = date.exec(ahead);
    if (!m || m.index >= MARKER_TO_DATE) return;
    const year = exactDateYear(m[0], m[1], m[2], m[3]);
    if (year === undefined || year <= cutoff) return;
    // "SEXTON, Delbert Ray, 80, passed away … He was born August 17, 1928": a death notice's own subject is dead.
    if (opts.deathRecord && DECEASED_SUBJECT.test(text.slice(Math.max(0, mk.start - 40), mk.start))) return;
    const start = mk.end + m.index;
    const end = start + m[0].length;
    // A death stated before the marker counts only in its own clause, and not when another birth
    // came first ("John b. 1938 d. 2001, Mary b. 1940": John's death is not Mary's).
    const behind = text.slice(Math.max(0, mk.start - DEATH_WINDOW), mk.start);
    const clause = mk.start - behind.length + Math.max(behind.lastIndexOf('\n'), behind.lastIndexOf(';')) + 1;
    const from = i > 0 && markers[i - 1].end > clause ? mk.start : clause;
    const after = text.slice(end, Math.min(end + DEATH_WINDOW, markers[i + 1]?.start ?? text.length)).split('\n')[0];
    // The date itself is left out: Lithuanian "21 d." (day) is not "d." (died).
    if (statesDeath(`${text.slice(from, start)} ${after}`)) return;
    spans.push({ start, end, year });
  });
  return toDecades(
    text,
    spans.sort((a, b) => a.start - b.start),
    out,
  );
}

/** The text with each span (in order; an overlapped one skipped) written as its decade. */
function toDecades(
  text: string,
  spans: readonly { start: number; end: number; year: number }[],
  out: Redaction[],
): string {
  let result = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    result += text.slice(at, s.start) + decadeOfYear(s.year);
    at = s.end;
    out.push({ kind: 'living', what: 'exact modern birth date' });
  }
  return result + text.slice(at);
}

/** Words that say a date is some event's, not a birth given by a list's convention. */
const EVENT_WORD =
  /(?<![\p{L}])(?:m\.|marr?\.|married|wed|died|d\.|dec\.|bur\.|buried|burial|bapt?\.|baptized|baptised|chr\.|christened|funeral|services?|death|obit|since|until|from|to|on|at)(?![\p{L}])/iu;
const WEEKDAYS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?$/i;

/**
 * A directory or a family register lists people as "Rebecca (Zook) (Daniel & Sarah) 09-30-1932",
 * "Children: John Z. 08-14-1953; Sarah 03-22-1956": a date written right after a name, with no event
 * word before it in its clause and no death after it, is that person's birth by the list's
 * convention. Used on records dated within the threshold only: there such a date within the threshold
 * is a living person's and becomes its decade. Returns the text; redactions are pushed to `out`.
 */
export function redactDatesAfterNames(text: string, ctx: CensorContext, out: Redaction[]): string {
  if (ctx.consent || !/\d{4}/.test(text)) return text;
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  const spans: { start: number; end: number; year: number }[] = [];
  for (const m of text.matchAll(new RegExp(EXACT_DATE.source, 'giu'))) {
    const year = exactDateYear(m[0], m[1], m[2], m[3]);
    if (year === undefined || year <= cutoff) continue;
    const window = text.slice(Math.max(0, m.index - 60), m.index);
    const clause = window.slice(Math.max(window.lastIndexOf(';'), window.lastIndexOf(':')) + 1);
    // The token right before the date: a capitalised name word or initial, or "(parents)".
    const token = /(?:(\p{Lu}[\p{L}'’-]*\.?)|\([^()]{1,40}\))\s*$/u.exec(clause);
    if (!token) continue;
    const word = token[1]?.replace(/\.$/, '');
    if (word && (WEEKDAYS.test(word) || isMonth(word.toLowerCase()) || word.length < 1)) continue;
    if (EVENT_WORD.test(clause)) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30).split(/[;\n]/)[0];
    if (statesDeath(after) || /^\s*[-–—]\s*\d/.test(after)) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, year });
  }
  return toDecades(text, spans, out);
}
