/**
 * The words that make a street of an address, per language, as the records of emigration write
 * them. Three kinds, by where the word stands and how the house number goes with it:
 * - BEFORE: the word opens the street's name ("rue des Tanneurs", "Rua da Portela", "ul. Długa",
 *   "улица Ленина", "Heol Tegid"); the number stands before ("14 rue …", "4 Heol …") or after
 *   ("… da Portela, n.º 27", "Calle Mayor 5").
 * - AFTER: a separate word ends the name, the number follows ("Váci utca 5", "Vilniaus g. 15",
 *   "Karl Johans gate 22", "Тверская ул., д. 5").
 * - COMPOUND: the word is the end of one written word ("Hauptstraße 5", "Kerkstraat 12",
 *   "Storgatan 3", "Vesterbrogade 40", "Mannerheimintie 5").
 * Lower case as written in running text; the first letter is matched in either case.
 */

/** Words that open a street's name. Abbreviations keep their dot. */
export const STREET_BEFORE_WORDS: readonly string[] = [
  // French
  'rue r. avenue av. boulevard bd bd. boul. bld. place pl. chemin ch. allée impasse imp. quai cours route rte rte. faubourg fg fbg ruelle sentier cité square traverse montée',
  // Spanish
  // (Argentina and Uruguay: "Bv. Santa Fe 1234", "Pje. Rivadavia 12")
  'calle c/ avenida avda. avda paseo pº camino callejón plaza pza. ronda carretera ctra. travesía glorieta calzada bulevar bv. pasaje pje.',
  // Portuguese
  'rua travessa tv. largo praça pç. estrada alameda beco calçada rodovia',
  // Italian
  'via viale v.le piazza p.za piazzale corso c.so vicolo strada contrada borgo lungomare salita',
  // Catalan
  'carrer c. avinguda avgda. passeig pg. plaça rambla travessera camí',
  // Polish, Czech, Croatian
  'ulica ul. aleja al. plac pl. osiedle os. ulice náměstí nám. třída tř. trg cesta',
  // Welsh, Irish
  'heol stryd ffordd lôn rhodfa cilgant teras sgwâr clos llys sráid bóthar ascaill lána cearnóg plás céide ardán',
  // Russian, Ukrainian (Cyrillic and transliterated)
  'улица ул. проспект просп. пр-т пр. переулок пер. площадь пл. бульвар бул. б-р шоссе набережная наб. проезд вулиця вул. провулок пров. площа майдан',
  'ulitsa ulica prospekt prosp. pereulok per. ploshchad bulvar shosse naberezhnaya nab. vulytsia vulytsya vul. provulok prov. ploshcha maidan',
]
  .join(' ')
  .split(/\s+/);

/** Separate words that end a street's name, the number following. */
export const STREET_AFTER_WORDS: readonly string[] = [
  // German, Dutch, Scandinavian written apart ("Berliner Straße 5", "Nørre Allé 5", "Karl Johans gate 22")
  'straße strasse str. weg gasse platz allee damm ufer straat laan gracht plein kade singel gade vej allé plads torv gata gatan vägen väg torget gate vei veien veg plass torg',
  // Hungarian
  'utca u. út tér körút krt. köz sor sétány',
  // Estonian ("Kase tee 4", "Pärnu mnt 10", "Pikk tänav 7", "Kadrioru pst 2")
  'tee tänav tn. tn mnt. mnt maantee puiestee pst. pst põik väljak',
  // Latvian ("Brīvības iela 12", "Aspazijas bulvāris 3")
  'iela bulvāris bulv. prospekts laukums gatve',
  // Lithuanian
  'gatvė g. prospektas pr. alėja al. aikštė',
  // Finnish written apart from the name, as forms and lists sometimes do ("Rauhan katu 5")
  'katu tie kuja polku väylä tori',
  // Croatian
  'ulica cesta obala',
  // Russian, Ukrainian
  'улица ул. проспект пр. переулок пер. площадь пл. бульвар шоссе вулиця вул. ulitsa ul. prospekt pereulok',
]
  .join(' ')
  .split(/\s+/);

/** Ends of one written word that make it a street ("Hauptstraße", "Storgatan", "Mannerheimintie"). */
export const STREET_COMPOUND_ENDS: readonly string[] = [
  // German
  'straße strasse str. gasse weg platz allee damm ufer markt steig',
  // Dutch
  'straat laan gracht plein kade singel dijk steeg',
  // Danish, Norwegian, Swedish
  'gade vej allé plads torv gata gaten gatan vägen väg veien vegen gränd torget stigen',
  // Finnish
  'katu tie kuja polku tori väylä',
  // Hungarian, Polish, Croatian written together
  'utca ulica',
]
  .join(' ')
  .split(/\s+/);

/**
 * Words ending like a street that are not one ("Brigade 5", "Spring 5", "Blockade 3"), checked on
 * a compound match: the list is of English words, since the compound ends are not English words.
 */
export const NOT_A_STREET = new Set(
  'brigade brigades blockade arcade cascade renegade comrade tie necktie bowtie untie hogtie cutie sweetie auntie'.split(
    ' ',
  ),
);

/** The words that name a house number ("n.º 27", "Nr. 5", "д. 5", "dom 5", "č. 5", "br. 5"). */
export const NUMBER_WORDS: readonly string[] =
  'n.º nº n° n.° no. no nr. nr núm. num. número numero n. č. č.p. br. d. dom bud. sz. д. дом буд. будинок №'.split(' ');

/**
 * Small words inside a street's name ("rue des Tanneurs", "Rua da Portela", "Heol y Bont",
 * "Sráid an Mhuilinn", "ulica kralja Zvonimira"): lower case, never the name's last word.
 */
export const NAME_PARTICLES: readonly string[] =
  'de del dels la las los le les lo el du des da do dos das della delle dei degli dello di e y et i à aux an na y yr von van der den het ten ter zum zur am im op aan kralja bana svetog sv.'.split(
    ' ',
  );
