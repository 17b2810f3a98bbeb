/**
 * Given-name equivalences: diminutives, Latin church forms and common cross-language forms.
 *
 * Provenance: compiled by hand for this project from general genealogical knowledge of the kind
 * collected in standard references (e.g. C. Rose, "Nicknames Past and Present"; the FamilySearch
 * wiki pages on traditional nicknames and Latin given names). Written here, not copied from a list;
 * small on purpose: every row is a well-known pair a genealogist would accept without argument.
 * Each row is one group of names that may denote the same given name.
 */
const GROUPS: string[][] = [
  ['william', 'will', 'bill', 'billy', 'willy', 'willie', 'wm', 'guillaume', 'wilhelm', 'willem', 'guglielmo', 'guilielmus', 'liam'],
  ['robert', 'rob', 'bob', 'bobby', 'robin', 'bert', 'robt', 'robertus'],
  ['richard', 'rick', 'dick', 'rich', 'richd', 'ricardus'],
  ['john', 'jack', 'johnny', 'jno', 'johann', 'johannes', 'jean', 'juan', 'giovanni', 'jan', 'hans', 'ian', 'sean', 'evan', 'iohannes', 'joannes'],
  ['james', 'jim', 'jimmy', 'jas', 'jamie', 'jacobus', 'jakob', 'jacques', 'diego', 'seamus'],
  ['jacob', 'jake', 'jakob', 'jacobus', 'jacques'],
  ['joseph', 'joe', 'joey', 'jos', 'josef', 'josephus', 'giuseppe', 'jose'],
  ['charles', 'charlie', 'chas', 'chuck', 'carl', 'karl', 'carolus', 'carlos', 'carlo'],
  ['thomas', 'tom', 'tommy', 'thos', 'thomasius', 'tomas', 'tommaso'],
  ['henry', 'harry', 'hank', 'hal', 'henri', 'heinrich', 'hendrik', 'enrico', 'henricus', 'heinz'],
  ['edward', 'ed', 'eddie', 'ned', 'ted', 'teddy', 'edw', 'eduard', 'edouard', 'edwardus'],
  ['edmund', 'ed', 'ned', 'edmond'],
  ['george', 'geo', 'georg', 'georges', 'jorge', 'georgius', 'giorgio'],
  ['alexander', 'alex', 'alec', 'sandy', 'alexandre', 'alessandro', 'alasdair', 'alistair'],
  ['andrew', 'andy', 'drew', 'andreas', 'andre', 'andrea', 'andres'],
  ['anthony', 'tony', 'anton', 'antonio', 'antoine', 'antonius'],
  ['benjamin', 'ben', 'benny', 'benj'],
  ['christopher', 'chris', 'kit', 'christoph', 'christophe', 'cristobal'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davy', 'davie', 'dafydd'],
  ['francis', 'frank', 'fran', 'franz', 'francois', 'francesco', 'francisco', 'franciscus'],
  ['frederick', 'fred', 'freddie', 'fritz', 'friedrich', 'frederic', 'fredk'],
  ['gregory', 'greg', 'gregor'],
  ['isaac', 'ike', 'isaak'],
  ['lawrence', 'larry', 'laurence', 'lorenz', 'lorenzo', 'laurent'],
  ['leonard', 'leo', 'len', 'lenny'],
  ['louis', 'lou', 'lewis', 'ludwig', 'luis', 'luigi', 'ludovicus', 'ludovic'],
  ['matthew', 'matt', 'mat', 'matthias', 'mathias', 'matthaeus', 'matteo', 'mathieu'],
  ['michael', 'mike', 'mick', 'mickey', 'michel', 'michele', 'miguel', 'michiel'],
  ['nicholas', 'nick', 'nicky', 'klaus', 'claus', 'nikolaus', 'nicolas', 'nicola', 'niels', 'nils'],
  ['patrick', 'pat', 'paddy', 'patricius'],
  ['peter', 'pete', 'pierre', 'pedro', 'pietro', 'petrus', 'piet'],
  ['philip', 'phil', 'philipp', 'philippe', 'felipe', 'filippo'],
  ['samuel', 'sam', 'sammy'],
  ['stephen', 'steve', 'steven', 'stefan', 'stephan', 'etienne', 'esteban', 'stephanus'],
  ['theodore', 'ted', 'teddy', 'theo', 'theodor'],
  ['timothy', 'tim', 'timmy'],
  ['walter', 'walt', 'wally', 'gualterus'],
  ['zachariah', 'zach', 'zack', 'zachary', 'zacharias'],
  ['abraham', 'abe', 'bram'],
  ['albert', 'al', 'bert', 'albrecht', 'alberto'],
  // St Adalbert is Święty Wojciech: Polish and Czech baptisms write Adalbertus for Wojciech/Vojtěch, emigrants became Albert.
  ['adalbert', 'adalbertus', 'wojciech', 'vojtech', 'albert', 'albertus'],
  ['arthur', 'art'],
  ['bartholomew', 'bart', 'bartholomaeus'],
  ['cornelius', 'neil', 'con', 'cornelis', 'kees'],
  ['ebenezer', 'eben'],
  ['ezekiel', 'zeke'],
  ['gerald', 'gerry', 'jerry', 'gerhard', 'gerard'],
  ['gottfried', 'godfrey', 'friedel'],
  ['hezekiah', 'hez'],
  ['jeremiah', 'jerry', 'jeremy'],
  ['jonathan', 'jon', 'jonny', 'nathan'],
  ['josiah', 'si'],
  ['nathaniel', 'nat', 'nate', 'nathan', 'than'],
  ['raymond', 'ray'],
  ['ronald', 'ron', 'ronnie'],
  ['donald', 'don', 'donnie'],
  ['solomon', 'sol'],
  ['augustus', 'gus', 'august', 'augustin', 'augustine'],
  ['hugh', 'hugo', 'hugues'],
  ['martin', 'marty', 'martinus'],
  ['paul', 'paulus', 'pablo', 'paolo'],
  ['mark', 'marcus', 'marc', 'marco', 'markus'],
  ['luke', 'lucas', 'lukas', 'luc'],
  ['simon', 'simeon', 'sim'],
  ['mary', 'molly', 'polly', 'mae', 'may', 'mamie', 'maria', 'marie', 'mari', 'maura', 'miriam', 'mimi', 'marija', 'maureen'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge', 'margie', 'madge', 'daisy', 'greta', 'gretchen', 'margarethe', 'margarete', 'marguerite', 'margaretha', 'margarita', 'rita', 'maisie', 'margery', 'marjorie'],
  ['elizabeth', 'eliza', 'liza', 'liz', 'lizzie', 'beth', 'betsy', 'betty', 'bess', 'bessie', 'libby', 'elsie', 'elise', 'elisabeth', 'elisabetta', 'isabel', 'isabella', 'lisa', 'lise', 'elsa', 'ilse', 'ella'],
  ['catherine', 'kate', 'kathy', 'katie', 'kitty', 'cathy', 'katharina', 'katherine', 'kathryn', 'katrina', 'caterina', 'catharina', 'catharine', 'katharine', 'katarina', 'catarina', 'kathe', 'kathleen', 'trina', 'kaethe'],
  ['anne', 'ann', 'anna', 'annie', 'nan', 'nancy', 'nanny', 'hannah', 'anita', 'annette', 'nettie'],
  ['sarah', 'sally', 'sadie', 'sara', 'sal'],
  ['susan', 'sue', 'susie', 'susanna', 'susannah', 'suzanne', 'sukey'],
  ['dorothy', 'dolly', 'dot', 'dottie', 'dora', 'dorothea'],
  ['eleanor', 'ellen', 'ella', 'nell', 'nellie', 'elinor', 'elenor', 'helen', 'helena', 'leonora', 'nora', 'lenore', 'eleonore'],
  ['frances', 'fanny', 'fran', 'frankie', 'franziska', 'francesca', 'francoise'],
  ['jane', 'jenny', 'jennie', 'jean', 'janet', 'jeanne', 'joan', 'johanna', 'janice', 'jennet', 'giovanna', 'juana'],
  ['julia', 'julie', 'juliana', 'julianne', 'juliet'],
  ['louisa', 'louise', 'lou', 'lulu', 'luise', 'luisa', 'lois'],
  ['martha', 'patty', 'patsy', 'mattie', 'marta', 'marthe'],
  ['patricia', 'pat', 'patty', 'trish', 'tricia'],
  ['rebecca', 'becky', 'becca', 'rebekah', 'riva'],
  ['deborah', 'debbie', 'debby', 'deb'],
  ['abigail', 'abby', 'nabby', 'gail'],
  ['barbara', 'barb', 'babs', 'bab'],
  ['caroline', 'carrie', 'carol', 'carolina', 'lina', 'karoline'],
  ['charlotte', 'lottie', 'lotte', 'charlie', 'carlotta'],
  ['christina', 'christine', 'chris', 'tina', 'kristina', 'kirsten', 'christiane', 'stina'],
  ['clara', 'clare', 'claire', 'klara'],
  ['emily', 'emma', 'em', 'emmy', 'emilie', 'emilia', 'amelia', 'millie'],
  ['esther', 'hester', 'essie', 'hetty'],
  ['harriet', 'hattie', 'hatty', 'harriett'],
  ['jemima', 'mima'],
  ['lydia', 'liddy'],
  ['matilda', 'tilly', 'tillie', 'maud', 'maude', 'mathilde', 'mathilda'],
  ['priscilla', 'cilla', 'prissy'],
  ['rachel', 'rae', 'shelly'],
  ['rosanna', 'rose', 'rosie', 'rosa', 'rosalie'],
  ['sophia', 'sophie', 'sofia', 'sophy'],
  ['theresa', 'tess', 'tessa', 'terry', 'teresa', 'therese', 'resi'],
  ['wilhelmina', 'minnie', 'mina', 'willa', 'wilma', 'helmine'],
  ['alice', 'alicia', 'allie', 'elsie', 'alys'],
  ['agnes', 'aggie', 'nessa', 'nessie', 'ines', 'ynes'],
  ['bridget', 'biddy', 'bridie', 'brigid', 'brigitte', 'birgit'],
  ['cecilia', 'cecily', 'celia', 'cissy', 'sissy'],
  ['constance', 'connie'],
  ['evangeline', 'eva', 'eve', 'evie', 'vangie'],
  ['florence', 'flo', 'flossie', 'florrie'],
  ['gertrude', 'gertie', 'trudy', 'gertrud'],
  ['henrietta', 'etta', 'hetty', 'nettie', 'henriette'],
  ['joanna', 'joan', 'jo', 'johanna', 'hanna'],
  ['lucy', 'lucinda', 'lucille', 'lucia', 'luzia'],
  ['penelope', 'penny', 'nellie'],
  ['victoria', 'vicky', 'vickie', 'vic'],
  ['virginia', 'ginny', 'jennie'],
];

const EQUIV = new Map<string, Set<string>>();
const CANON = new Map<string, string>();
for (const group of GROUPS) {
  for (const name of group) if (!CANON.has(name)) CANON.set(name, group[0]);
  for (const name of group) {
    let set = EQUIV.get(name);
    if (!set) EQUIV.set(name, (set = new Set()));
    for (const other of group) set.add(other);
  }
}

/** True when two folded given names are known variants of one name (William ~ Bill ~ Wilhelm). */
export function nicknameMatch(a: string, b: string): boolean {
  if (a === b) return true;
  return EQUIV.get(a)?.has(b) ?? false;
}

/** A canonical key for blocking: the first group's head that lists the name, else the name itself. */
export function canonicalGiven(name: string): string {
  return CANON.get(name) ?? name;
}
