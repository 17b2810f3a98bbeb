/**
 * Roles of Catholic and Iberian registers that are not family (issue #14):
 *
 * - a devotional name: a baptism may give the Virgin or a saint as godmother or patron ("madrinha
 *   Nossa Senhora", "Beata Maria Virgo, cuius vices gessit …", "padrino San Giuseppe"). It names no
 *   one who lived: no person file, no relationship; the record keeps it as text;
 * - a spiritual or foster tie: godparents (and their proxies), wet nurses and foster parents of a
 *   foundling are named with the child but are not its parents, whatever kin word follows
 *   ("foster father", "marido da ama", "père nourricier");
 * - a foundling (exposto, expósito, enjeitado, trovatello, enfant trouvé): of unknown parents.
 *
 * The word lists are facts of how these registers are written in Portuguese, Spanish, Italian,
 * French, Latin and English, not of any one case.
 */
import { fold } from '../../model/names';

/** Words (folded) that open a name of the Virgin. */
const MARIAN = [
  'nossa senhora',
  'nuestra senora',
  'notre dame',
  'notre-dame',
  'our lady',
  'our blessed lady',
  'la madonna',
  'madonna',
  'maria santissima',
  'santissima vergine',
  'la santissima vergine',
  'beata vergine',
  'la beata vergine',
  'beata maria',
  'beata maria virgo',
  'beatissima virgo',
  'beata virgo',
  'sancta maria',
  'virgem maria',
  'virgen maria',
  'la virgen',
  'a virgem',
  'vergine maria',
  'la vierge',
  'sainte vierge',
  'la sainte vierge',
  'vierge marie',
  'virgin mary',
  'the virgin',
  'blessed virgin',
  'the blessed virgin',
  'santisima virgen',
  'maria virgo',
  'b v m',
  'bvm',
  'beatae mariae virginis',
  'virgo maria',
  'virgo deipara',
  'deipara',
  'mater dei',
  'sancta dei genitrix',
  'nostra signora',
  'unsere liebe frau',
  // abbreviated as registers write them: "N. Sra. da Conceição", "Ntra. Sra. del Rosario", "N.ª S.ª"
  'n sra',
  'n senhora',
  'n s',
  'na sa',
  'n a s a',
  'nossa sra',
  'nra sra',
  'ntra sra',
  'nuestra sra',
  // Christ and the Holy Ghost as devotions
  'menino jesus',
  'nino jesus',
  'gesu bambino',
  'bom jesus',
  'senhor bom jesus',
  'santo cristo',
  'espirito santo',
  'espiritu santo',
  'santissimo sacramento',
  'sagrado coracao de jesus',
  'sagrado corazon de jesus',
  'sacro cuore di gesu',
  'sacre coeur',
];

/** A saint's title before a given name: "Santa Maria", "São José", "San Giuseppe", "Sanctus Josephus". */
const SAINT =
  /^(?:santa|santo|sao|san|sant'?|s|sto|sta|santissima|santissimo|saint|sainte|st\.?|ste\.?|sanctus|sancta|sancti|divo|diva|beato|beata|beatus|glorioso|gloriosa)\s+(.+)$/u;

/** Given names of saints commonly chosen as patrons (folded): "Santa Rossi" is a woman, "San Giuseppe" a patron. */
const SAINT_NAMES = new Set(
  (
    'maria marie mary maryam ana anna anne ana jose giuseppe joseph josephus jose joao juan giovanni jean johannes joannes john ' +
    'antonio antoine anthony antonius francisco francesco francois franciscus francis pedro pietro pierre petrus peter paulo paolo ' +
    'pablo paul paulus miguel michele michel michael michaelus gabriel rafael raffaele raphael luzia lucia luce lucy rita teresa ' +
    'therese theresia catarina caterina catherine catharina barbara isabel elisabetta elisabeth ines agnes rosa rose clara chiara ' +
    'claire benedito benedetto benoit benedictus bento domingos domenico dominique dominicus gonçalo goncalo tiago santiago giacomo ' +
    'jacques jacobus james andre andrea andreas andrew bartolomeu bartolomeo roque rocco roch sebastiao sebastian sebastiano ' +
    'sebastien vicente vincenzo vincent filomena philomena expedito cristovao cristobal cristoforo christophe ' +
    // Term days a letter dates by: "par Sant Martin" (Martinmas), "a San Michele", "till Sankt Mikael"
    'martin martino martinho marti martinus nicolas nicola nicolau nicholas nicolaus stefano esteban estevao etienne stephen'
  ).split(' '),
);

/** Words after a devotional title that keep it devotional: "Nossa Senhora da Conceição", "Notre-Dame de Bon-Secours". */
function devotionalTail(rest: string): boolean {
  return rest === '' || /^(?:d[aoe]s?|del|della|dei|degli|du|de la|des|of|de|di)\b/u.test(rest) || /^[(,]/u.test(rest);
}

/**
 * Whether a persona's name is a devotional one (the Virgin, a saint), not a person's. A name with a
 * surname written apart ("Santa /Rossi/") is a person's; a saint's title before a given name is a
 * patron only when no surname follows.
 */
export function isDevotionalName(name: string): boolean {
  const written = name.trim();
  const slashed = /\/([^/]+)\//u.exec(written)?.[1]?.trim();
  const n = fold(written.replace(/\//g, ' ')).replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  for (const m of MARIAN) {
    if (n === m || (n.startsWith(`${m} `) && devotionalTail(n.slice(m.length + 1)))) return true;
  }
  // "Santa Maria", "São José", "San Giuseppe": a title and a saint's name, no surname of a family.
  const s = SAINT.exec(n);
  if (!s) return false;
  const words = s[1].split(' ');
  if (!SAINT_NAMES.has(words[0])) return false;
  const rest = words.slice(1).join(' ');
  if (slashed && fold(slashed) !== fold(`${s[0].split(' ')[0]} ${words[0]}`) && !devotionalTail(rest)) return false;
  return devotionalTail(rest) || (words.length === 2 && SAINT_NAMES.has(words[1]));
}

/**
 * Words of a role or relationship that say the person is a godparent, a godparent's proxy, a wet
 * nurse or a foster parent: never a parent, however the phrase goes on ("foster father", "husband of
 * the wet nurse", "mãe de criação", "père nourricier", "marito della balia").
 */
const NOT_KIN = new RegExp(
  [
    // godparents and sponsors
    'god ?(?:father|mother|parent|son|daughter|child)',
    'god-(?:father|mother|parent)',
    'sponsors?',
    'padrinh[oa]s?',
    'madrinh[ao]s?',
    'padrin[oi]s?',
    'madrin[ae]s?',
    'parrain',
    'marraine',
    'patrin(?:us|i|a)',
    'matrin(?:a|ae)',
    'susceptor',
    'susceptrix',
    'levans',
    'compadres?',
    'comadres?',
    'tocou a coroa',
    'vices gessit',
    'tenne le veci',
    'ne tenne le veci',
    'proxy',
    // wet nurses and foster parents
    'wet ?nurse',
    'nurse',
    'amas?(?! de casa)(?: de leite| de criacao| seca)?',
    'nourrice',
    'nourricier',
    'nourriciere',
    'balia',
    'baliatico',
    'nutrix',
    'nodriza',
    'foster',
    'fostered',
    'de criacao',
    'criad[oa] por',
    'criad[oa] em casa',
    'que criou',
    'que criam',
    'em cuja casa',
    'allevat[oa]',
    'de crianza',
    'ama de cria',
    'criad[oa] en casa',
    'criador[a]?',
    'putativ[oa]',
    'nutricius',
    'nutritor',
    'alumn[ua]s?',
    'tut(?:or|ora|eur|rice)',
    'guardian',
    'curador[a]?',
    // godchildren: a godson is not a son
    'afilhad[oa]s?',
    'ahijad[oa]s?',
    'figliocci[oa]',
    'filleul(?:e)?',
    'filiol(?:us|a)',
    'frere de lait',
    'soeur de lait',
    'irmao de leite',
    'irma de leite',
    'hermano de leche',
    'fratello di latte',
  ].join('|'),
  'u',
);

/** Whether a role or relationship as written names a spiritual, nursing or foster tie (not kinship). */
export function notKinship(text: string | undefined): boolean {
  if (!text) return false;
  const t = fold(text)
    .replace(/[()[\],;:.]/g, ' ')
    .replace(/\s+/g, ' ');
  return new RegExp(`(?:^|[^\\p{L}])(?:${NOT_KIN.source})(?:$|[^\\p{L}])`, 'u').test(t);
}

/** A foundling's words: his parents are unknown ("exposto", "trovatello", "enfant trouvé", "de pais incógnitos"). */
const FOUNDLING = new RegExp(
  [
    'expost[oa]s?',
    'expost[io]',
    'exposit[oa]',
    'exposé',
    'expose',
    'exposee',
    'enjeitad[oa]',
    'engeitad[oa]',
    'trovatell[oa]',
    'trovatelli',
    'esposit[oa] alla ruota',
    'enfant trouve',
    'enfant trouvee',
    'enfant de l.hospice',
    'foundling',
    'infans expositus',
    'expositus',
    'exposita',
    'de pais incognitos',
    'de padres no conocidos',
    'de padres desconocidos',
    'padres incognitos',
    'genitori ignoti',
    'di genitori ignoti',
    'pere et mere inconnus',
    'de parents inconnus',
    'parentibus ignotis',
    'parents unknown',
    'of unknown parents',
  ].join('|'),
  'u',
);

/** Whether a persona's own words (relationship, note, occupation) call it a foundling. */
export function foundlingWords(text: string | undefined): boolean {
  if (!text) return false;
  const t = fold(text)
    .replace(/[()[\],;:.]/g, ' ')
    .replace(/\s+/g, ' ');
  return new RegExp(`(?:^|[^\\p{L}])(?:${FOUNDLING.source})(?:$|[^\\p{L}])`, 'u').test(t);
}
