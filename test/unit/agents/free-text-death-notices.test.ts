import assert from 'node:assert/strict';
import { extractFromText } from '../../../src/agents/analyst/extract';
import { dayOfNoticeMonth } from '../../../src/agents/analyst/extract/yearless-date';

const byName = (out: ReturnType<typeof extractFromText>, name: string) =>
  out.personas.find((p) => p.persona.name === name);

/** Every snippet is words of the text (the hallucination firewall's check 2). */
function grounded(out: ReturnType<typeof extractFromText>, text: string, title = ''): void {
  const body = text.replace(/\s+/g, ' ');
  for (const p of out.personas)
    for (const [k, s] of Object.entries(p.snippets))
      assert.ok(body.includes(s) || title.includes(s), `${p.persona.name} ${k}: "${s}"`);
}

describe('free text: the formulas of English death notices', () => {
  const CARROLL =
    'CARROLL.—On the 17th inst., at her residence, Humffray-street, Ballarat East, Honora, relict of the\n' +
    'late Patrick Carroll, and dearly beloved mother of Michael, Maggie (Mrs J. Kelly) and Tim, a native of\n' +
    'Clonoulty, County Tipperary, Ireland, aged 58 years. R.I.P.\nTipperary and Geelong papers please copy.';

  it('reads a headed notice: the principal, the day (inst.), the spouse, the children, birthplace and age', () => {
    const out = extractFromText('The Ballarat Star, 18 July 1889', CARROLL, '18 JUL 1889');
    grounded(out, CARROLL);
    const main = out.personas[0].persona;
    assert.equal(main.name, 'Honora Carroll');
    assert.equal(main.deathDate, '17 JUL 1889');
    assert.equal(main.birthPlace, 'Clonoulty, County Tipperary, Ireland');
    assert.equal(main.age, 58);
    assert.equal(main.sex, 'F');
    assert.equal(byName(out, 'Patrick Carroll')?.persona.role, 'spouse');
    assert.equal(byName(out, 'Michael Carroll')?.persona.role, 'child');
    assert.equal(byName(out, 'Tim Carroll')?.persona.role, 'child');
    const maggie = out.personas.find((p) => p.persona.name === 'Maggie Kelly');
    const kelly = out.personas.find((p) => p.persona.name === 'J. Kelly');
    assert.equal(maggie?.persona.role, 'child');
    assert.ok(kelly);
    assert.ok(out.relations.some((r) => r.from === kelly.key && r.to === maggie.key && r.type === 'spouse'));
    // No person of a place or a title alone.
    assert.ok(!out.personas.some((p) => /Clonoulty|Tipperary|^Mrs?\.?$/.test(p.persona.name)));
  });

  it('reads "ult." as the month before the notice, and no day when the record is dated by its year', () => {
    assert.equal(dayOfNoticeMonth(30, 'ult', '2 JAN 1890'), '30 DEC 1889');
    assert.equal(dayOfNoticeMonth(3, 'ult', '18 JUL 1889'), '3 JUN 1889');
    assert.equal(dayOfNoticeMonth(17, 'inst', '1889'), undefined);
    const out = extractFromText('Death notice', CARROLL, '1889');
    assert.equal(out.personas[0].persona.deathDate, undefined);
  });

  it('does not read a headed birth notice as a death', () => {
    const text =
      'SMITH.—On the 3rd inst., at her residence, Lydiard-street, Mary, beloved wife of John Smith, of a son.';
    const out = extractFromText('Births', text, '10 MAY 1890');
    assert.equal(out.personas[0].persona.deathDate, undefined);
  });

  it('reads "passed away … on the 12th inst." and "in his 73rd year"', () => {
    const text =
      'There passed away at his home, 14 Balallan, on the 12th inst., Mr Donald MacLeod, crofter, in his 73rd year. ' +
      'He is survived by a son, John, and a daughter, Mrs Kenneth Macdonald (Catherine), Glasgow.';
    const out = extractFromText('Obituary: Donald MacLeod', text, '21 JAN 1921');
    grounded(out, text);
    const main = out.personas[0].persona;
    assert.equal(main.deathDate, '12 JAN 1921');
    assert.equal(main.age, 'in his 73rd year');
    assert.equal(byName(out, 'Catherine Macdonald')?.persona.relationship, 'daughter');
    assert.ok(byName(out, 'Kenneth Macdonald'));
    assert.ok(!byName(out, 'Glasgow Macdonald') && !byName(out, 'Glasgow MacLeod'));
  });

  it('reads "entered into marriage with X, daughter of Y" and "a daughter, Maria (Mrs Johann Regier)"', () => {
    const text =
      'Our dear father Peter H. Penner was born on 3 February 1868 at Rückenau. On 12 June 1890 he entered into ' +
      'marriage with Helena Penner, daughter of Jacob Penner. He died on 11 March 1934. He is mourned by his wife, ' +
      'two sons, Heinrich and Peter, a daughter, Maria (Mrs Johann Regier), nine grandchildren and many friends.';
    const out = extractFromText('Obituary Peter H. Penner', text, '28 MAR 1934');
    grounded(out, text);
    const helena = out.personas.find((p) => p.persona.name === 'Helena Penner');
    const jacob = out.personas.find((p) => p.persona.name === 'Jacob Penner');
    assert.equal(helena?.persona.role, 'spouse');
    assert.equal(helena?.persona.marriageDate, '12 JUN 1890');
    assert.ok(jacob);
    assert.ok(out.relations.some((r) => r.from === helena.key && r.to === jacob.key && r.type === 'child'));
    assert.equal(byName(out, 'Maria Regier')?.persona.relationship, 'daughter');
    assert.ok(byName(out, 'Johann Regier'));
  });

  it('reads "was united in marriage to X"', () => {
    const text =
      'John Weber was born in 1850. In 1875 he was united in marriage to Anna Keller. He died March 3, 1920.';
    const out = extractFromText('Obituary of John Weber', text, '1920');
    assert.equal(byName(out, 'Anna Keller')?.persona.role, 'spouse');
  });

  it('gives "a native of" to the spouse just named, and an age only to the principal', () => {
    const text =
      'Joe Goicoechea, 64, died Tuesday. In 1912 he married Ascension Uriarte, a native of Lekeitio, at the cathedral.';
    const out = extractFromText('Obituary of Joe Goicoechea', text, '1948');
    assert.equal(byName(out, 'Ascension Uriarte')?.persona.birthPlace, 'Lekeitio');
    assert.equal(out.personas[0].persona.birthPlace, undefined);
    const stone =
      'Erected by Timothy Sullivan in loving memory of his father Daniel Sullivan who died 4th Feb. 1908 aged 62 years.';
    assert.equal(extractFromText('Headstone', stone, '2021').personas[0].persona.age, undefined);
  });

  it('does not make "a daughter, Luisa, the wife of X" the principal\'s spouse', () => {
    const text =
      'Don Ignacio Ybarra died yesterday, aged about 68 years. He leaves two sons, Antonio and Juan, and a daughter, ' +
      'Luisa, the wife of Santiago Lobero.';
    const out = extractFromText('Death of Don Ignacio Ybarra', text, '1888');
    assert.ok(!out.personas.some((p) => p.persona.role === 'spouse' && p.persona.name === 'Santiago Lobero'));
    assert.equal(byName(out, 'Santiago Lobero')?.persona.relationship, 'son-in-law');
    assert.equal(out.personas[0].persona.age, 'aged about 68 years');
  });

  it('reads "Grandpa Joe\'s children" as no list of another principal\'s children', () => {
    const text = "Questions to Ed Kallus. Grandpa Joe's five children were John, Frank and Mary.";
    const out = extractFromText('Reunion', text, '1996');
    assert.ok(!out.personas.some((p) => p.persona.role === 'child'));
  });

  it('takes the name set in capitals after the date for the principal, and ends a list where another group begins', () => {
    const text =
      'DOYLE.—On Monday, March 2, 1891, PATRICK DOYLE, native of the parish of Kilrush, County Clare, Ireland, ' +
      'beloved husband of Ellen Doyle (née Quinn). Relatives and friends, also those of his sons, Thomas and James, ' +
      'and of his sons-in-law, John Ryan and Peter Walsh, are invited to the funeral.';
    const out = extractFromText('Death notice, 1891', text, '3 MAR 1891');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Patrick Doyle');
    assert.equal(byName(out, 'Ellen Doyle')?.persona.role, 'spouse');
    // The sons are Thomas and James Doyle: the sons-in-law's names are not theirs.
    assert.equal(byName(out, 'Thomas Doyle')?.persona.relationship, 'son');
    assert.equal(byName(out, 'James Doyle')?.persona.relationship, 'son');
    assert.equal(byName(out, 'Thomas Walsh'), undefined);
    assert.equal(
      out.personas.some((p) => p.persona.name === 'John Ryan' && p.persona.relationship === 'son'),
      false,
    );
  });

  it('reads an American paid notice: "SURNAME—Given, on March 25, beloved husband of Rose (née …)"', () => {
    const text =
      'GOLDMAN—Max, on March 25, beloved husband of Rose (née Adler), devoted father of Sadie (Mrs.\n' +
      'Sam Klein), Harry Gold and Essie Roth, dear brother of Mrs. Fanny Stern, loving grandfather.';
    const out = extractFromText('The Daily Paper, 26 March 1938 — death notice', text, '26 MAR 1938');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Max Goldman');
    assert.equal(out.personas[0].persona.deathDate, '25 MAR 1938');
    assert.equal(byName(out, 'Rose Adler')?.persona.role, 'spouse');
    assert.equal(byName(out, 'Sadie Klein')?.persona.role, 'child');
  });

  it('reads a principal written with a nickname in brackets, the widow by her maiden name, and "Mrs. Jas. De Pree (Coba)"', () => {
    const text =
      'Cornelius ("Case") Verhulst, 67, well-known farmer, died Friday at his home. He came with his parents.\n\n' +
      'Surviving are the widow, Adriana (Kamerling) Verhulst; two sons, John of Zeeland and Henry of Holland;\n' +
      'two daughters, Mrs. Gerrit Lubbers (Nellie) of Borculo and Mrs. Jas. De Pree (Coba) of Holland; a\n' +
      'brother, Marinus ("Rinus") Verhulst of Grand Rapids; a sister, Mrs. Wm. Ter Haar (Jennie) of Drenthe.';
    const out = extractFromText('Holland City News — obituary, Cornelius ("Case") Verhulst', text, '29 OCT 1931');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Cornelius Verhulst');
    const widow = byName(out, 'Adriana Kamerling');
    assert.equal(widow?.persona.role, 'spouse');
    assert.equal(widow?.persona.marriedName, 'Adriana Verhulst');
    assert.equal(byName(out, 'Coba De Pree')?.persona.relationship, 'daughter');
    assert.equal(byName(out, 'Jas. De Pree')?.persona.relationship, 'son-in-law');
    assert.equal(byName(out, 'Jennie Ter Haar')?.persona.relationship, 'sister');
    assert.equal(byName(out, 'Marinus Verhulst')?.persona.relationship, 'brother');
    assert.ok(!out.personas.some((p) => /Keyser|^Jas Verhulst|^Wm Verhulst/.test(p.persona.name)));
  });

  it('takes for the principal a name written with a quoted nickname, never a ship the family came on', () => {
    const text =
      'Our immigrant ancestor Johann "John" Kurio (1846–1918) came over on the Ben Nevis in 1854, a boy of\n' +
      'eight, with his parents and his little sister Maria.';
    const out = extractFromText('Kurio Kinfolk, family reunion newsletter, spring 2019', text, 'APR 2019');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Johann Kurio');
    const ship = 'On the ship Ben Nevis many people died of cholera. My brother Jan Kurjo, the gardener, was one.';
    const letter = extractFromText('Letter from Texas, 1855', ship, '1855');
    assert.ok(!letter.personas.some((p) => p.persona.name === 'Ben Nevis'));
    // Two words in the quotes: 'Samuel "Big Sam" Chaplin'.
    const reunion = extractFromText(
      'Reunion program',
      'Our ancestor Samuel "Big Sam" Chaplin of Tombee was born in slavery.',
      'JUL 2019',
    );
    assert.equal(reunion.personas[0].persona.name, 'Samuel Chaplin');
  });

  it("takes a letter's writer, not the brother the writer names, and a notice's subject not a society it names", () => {
    const text =
      'Dear friends! We reached Galveston. My brother Jan Kurjo, the gardener, has also died here of the\n' +
      'yellow fever. My wife Hana is well. Galveston, 20 January 1855. Mato Kurjo, formerly cottager at Dauban.';
    const out = extractFromText('Letter from Texas', text, '1855');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Mato Kurjo');
    const notice =
      'Official notice of the Grand Carniolan Slovenian Catholic Union. Death benefits paid: for the late brother\n' +
      'Anton Zupančič, killed in the Pioneer mine on 4 March 1911, $1000.00 was paid to his mother Jera Zupančič.';
    assert.equal(
      extractFromText('K.S.K. Jednota official notice', notice, '7 APR 1911').personas[0].persona.name,
      'Anton Zupančič',
    );
  });

  it('takes a notice headed by its subject and "(q.e.p.d.)", never the society he founded', () => {
    const text =
      'JUAN B. DAHER (q.e.p.d.) — Falleció ayer, 3 de agosto de 1951, a los 64 años, antiguo comerciante de\n' +
      'nuestra plaza y uno de los fundadores de la Sociedad Sirio-Libanesa.';
    const out = extractFromText('La Gaceta (Tucumán), 4 de agosto de 1951 — aviso fúnebre', text, '4 AUG 1951');
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Juan B. Daher');
    assert.ok(!out.personas.some((p) => /Sociedad/.test(p.persona.name)));
  });

  it('finds the principal a title names in two languages by the form the text uses', () => {
    const text =
      'SKYE GLEN. — There died at his home here, on the twelfth day of March, Malcolm MacInnis, whom\n' +
      'everyone called "Calum Iain Bhàin" (Malcolm son of fair John), aged seventy-seven years.';
    const out = extractFromText(
      'Mac-Talla (Sydney, C.B.), 25 March 1899 — death of Calum Mac Aonghais (Malcolm McInnis), Skye Glen (Gaelic)',
      text,
      '25 MAR 1899',
    );
    grounded(out, text);
    assert.equal(out.personas[0].persona.name, 'Malcolm MacInnis');
  });

  it('reads an inquest report: the age before "who died", the widow and the son in apposition, "; he was a native of"', () => {
    const text =
      'The Coroner held an inquest on Monday on the body of Thomas Hargreaves, aged 58, collier, of 4 Pit Row,\n' +
      'who died on Saturday from injuries received in the mine. Ellen Hargreaves, the widow, identified the\n' +
      'body and said her husband had worked at the pit for twenty years; he was a native of Wigan. James\n' +
      'Hargreaves, a son, who works in the same seam, gave evidence. Verdict, "Accidental death."';
    const out = extractFromText('Inquest at the Town Hall, Leigh Chronicle, 12 May 1899', text, '12 MAY 1899');
    grounded(out, text);
    const main = out.personas[0].persona;
    assert.equal(main.name, 'Thomas Hargreaves');
    assert.equal(main.age, 58);
    assert.equal(main.birthPlace, 'Wigan');
    assert.equal(byName(out, 'Ellen Hargreaves')?.persona.role, 'spouse');
    assert.equal(byName(out, 'James Hargreaves')?.persona.role, 'child');
  });

  it('takes no apposition from a list of survivors or from "daughter of the deceased Donald …"', () => {
    const list =
      'There passed away at his home, on the 3rd inst., Mr Angus Morrison, crofter. He is survived by his widow,\n' +
      'Mrs Morrison, a son, Donald, at home, and a daughter, Mrs John Smith (Ann), Glasgow.';
    const out = extractFromText('Death of Mr Angus Morrison', list, '10 MAR 1921');
    assert.ok(!out.personas.some((p) => p.persona.name === 'Morrison Morrison' && p.persona.role === 'child'));
    const session =
      'Compeared John Grant, shepherd, and Ann Macdonald, daughter of the deceased Donald Macdonald, crofter,\n' +
      'and acknowledged their irregular marriage.';
    const minutes = extractFromText('Kirk session minutes: John Grant', session, '1849');
    assert.ok(!minutes.personas.some((p) => p.persona.name === 'Ann Macdonald' && p.persona.role === 'child'));
  });

  it('reads an obituary\'s "Mr.", a birthplace without a date, "married at … Miss Honor (Nora) McDonagh", "Their son", "Coley (Colman)"', () => {
    const text =
      'DEATH OF MR. PATRICK JOYCE.\n\nThe death occurred on Friday at his home, 9 Canal Street, of Mr. Patrick\n' +
      'Joyce, known to all as "Clifden Pat." Born at Letterfrack, in Connemara, he came to Widnes about 1888.\n' +
      "In 1891 he married at St. Marie's Miss Honor (Nora) Lydon, also of Letterfrack, who predeceased him.\n" +
      'Their son Michael fell in France in 1917.\n\nHe leaves two sons, Coley (Colman), of Liverpool, and Patrick.';
    const out = extractFromText(
      '"Death of Mr. Patrick Joyce", Widnes Weekly News, 6 December 1935',
      text,
      '6 DEC 1935',
    );
    grounded(out, text);
    const main = out.personas[0].persona;
    assert.equal(main.name, 'Patrick Joyce');
    assert.equal(main.sex, 'M');
    assert.equal(main.birthPlace, 'Letterfrack');
    assert.equal(byName(out, 'Honor Lydon')?.persona.role, 'spouse');
    assert.equal(byName(out, 'Michael Joyce')?.persona.role, 'child');
    assert.equal(byName(out, 'Coley Joyce')?.persona.role, 'child');
  });

  it('reads a paid notice of formulas without a subject: "Beloved husband of Iris; father of …; brother of …"', () => {
    const text =
      'CHEN.—ALBERT SHIU MAN ("Mr. Bertie") of Market Street, Falmouth, died at the Falmouth Hospital on\n' +
      'Tuesday, 4th June, 1957, aged 70 years. A native of Sam Heung, China, and son of the late Chen Ah Kow.\n' +
      'Beloved husband of Iris; father of Lorna (Mrs. Dudley Lee) of Kingston, Victor of Falmouth, and Roy;\n' +
      'brother of Shiu Fat Chen of Hong Kong; grandfather of six.';
    const title = 'The Daily Gleaner, 6 June 1957 — death notice, Albert Shiu Man Chen';
    const out = extractFromText(title, text, '6 JUN 1957');
    grounded(out, text, title);
    const main = out.personas[0].persona;
    assert.equal(main.name, 'Albert Shiu Man Chen');
    assert.equal(main.deathDate, '4 JUN 1957');
    assert.equal(main.birthPlace, 'Sam Heung, China');
    assert.equal(main.sex, 'M');
    assert.equal(byName(out, 'Iris Chen')?.persona.role, 'spouse');
    assert.equal(byName(out, 'Victor Chen')?.persona.role, 'child');
    assert.equal(byName(out, 'Roy Chen')?.persona.role, 'child');
    assert.equal(byName(out, 'Lorna Lee')?.persona.role, 'child');
    assert.equal(byName(out, 'Shiu Fat Chen')?.persona.relationship, 'sibling');
    assert.equal(byName(out, 'Chen Ah Kow')?.persona.relationship, 'parent');
  });

  it('takes a notice headed in capitals by its subject as his, however a shop after his name is called', () => {
    const text =
      "WONG.—KIM LEE, proprietor of Wong's Bakery, Church Street, Lucea, died at his residence on Monday\n" +
      '3rd March, 1941, aged 61 years.';
    const title = 'The Daily Gleaner, 5 March 1941 — death notice, Wong Kim Lee';
    const out = extractFromText(title, text, '5 MAR 1941');
    grounded(out, text, title);
    assert.equal(out.personas[0].persona.deathDate, '3 MAR 1941');
  });

  it('reads "mourns the passing, on the 22nd October, of Mr. Caetano F. X. …" as the day of his death', () => {
    const text =
      'NAIROBI NOTES. — Death of Mr. J. M. Pereira.\n\nThe Goan community mourns the passing, on the 3rd May, of Mr.\n' +
      'Jose M. Pereira at his residence. He leaves to mourn his loss his widow, Mrs. Rosa Pereira (née Lobo); his\n' +
      'son Mr. Anthony Pereira, of the Railway; his daughters Mrs. Alice Rodrigues, wife of Mr. Peter Rodrigues\n' +
      'of Mombasa, and Miss Ivy Pereira.';
    const title = 'The Goan Voice (Nairobi), 10 May 1947 — obituary, J. M. Pereira';
    const out = extractFromText(title, text, '10 MAY 1947');
    grounded(out, text, title);
    assert.equal(out.personas[0].persona.deathDate, '3 MAY 1947');
  });
});

describe('free text: a nineteenth-century notice’s survivors (issue #14)', () => {
  // Written for the test after two held-out cases' notices (Stark County, 1868; Milton, N.Z., 1889).
  it('"his aged companion, Molly, and three children — A of this township; B, wife of C; and D, wife of E"', () => {
    const title = 'Death notice of George Lutz of Plain Township';
    const text = `DIED. — In Plain township, on the 2nd inst., GEORGE LUTZ, aged 71 years. He leaves his aged
companion, Polly, and three children — Adam Lutz of this township; Susan, wife of Jacob Eby, of Osnaburg;
and Lydia, wife of Peter Royer, of Wayne county.`;
    const out = extractFromText(title, text, '8 APR 1866');
    grounded(out, text, title);
    assert.deepEqual(
      out.personas.slice(1).map((p) => [p.persona.name, p.persona.relationship]),
      [
        ['Polly Lutz', 'spouse'],
        ['Adam Lutz', 'child'],
        ['Susan Lutz', 'daughter'],
        ['Jacob Eby', 'son-in-law'],
        ['Lydia Lutz', 'daughter'],
        ['Peter Royer', 'son-in-law'],
      ],
    );
  });

  it('"four grown-up children—Mr Alexander (Sandy) Grant, of Clarksville; Mr Peter Grant": a son called Sandy, no wife', () => {
    const title = 'Obituary of John Grant';
    const text = `John Grant died on Tuesday, aged 66. He leaves a widow and four grown-up children—Mr Alexander (Sandy)
Grant, of Clarksville; Mr Peter Grant, who has the home farm; Mrs Robert Fraser, of Waitahuna.`;
    const out = extractFromText(title, text, '12 JUL 1889');
    const children = out.personas.filter((p) => p.persona.role === 'child').map((p) => p.persona.name);
    assert.ok(children.includes('Alexander Grant') && children.includes('Peter Grant'), children.join(', '));
    assert.ok(!out.personas.some((p) => p.persona.name === 'Sandy Grant'), 'Sandy is what Alexander is called');
  });
});
