/**
 * royal92.ged's own duplicates: records of one person entered twice in the original file, and
 * original pairs the resolver proposes that are two different persons. Labelled by hand from the
 * file's own facts and family links (and the persons' well-known biographies) for every pair the
 * resolver recommended "merge" on the untouched file at 3c69787, and for the review proposals that
 * could be told either way; the rest of its review proposals between original records are left
 * unjudged (bench/resolve-heldout.ts reports them as such, out of precision).
 */
export interface LabelledPair {
  a: string;
  b: string;
  same: boolean;
  why: string;
}

const same = (a: string, b: string, why: string): LabelledPair => ({ a, b, same: true, why });
const different = (a: string, b: string, why: string): LabelledPair => ({ a, b, same: false, why });

export const ROYAL92_LABELLED: LabelledPair[] = [
  same(
    'I1067',
    'I2689',
    'Frederick Eugene of Württemberg 1732–1797, married to Friederike Dorothea of Brandenburg-Schwedt',
  ),
  same(
    'I1068',
    'I2690',
    'Friederike Dorothea of Brandenburg-Schwedt 1736–1798, entered once as Frederica, once as Dorothea',
  ),
  same('I571', 'I651', 'Wilhelmina of Prussia 1751–1820, wife of William V of Orange'),
  same('I573', 'I650', 'William V of Orange, once with dates and parents, once only as Wilhelmina’s husband'),
  same('I2325', 'I2371', 'Margaret Audley d. 1563, wife of Thomas Howard, 4th Duke of Norfolk'),
  same('I2326', 'I2359', 'Thomas Howard, 4th Duke of Norfolk, executed 1572'),
  same('I1439', 'I2905', 'Rudolf, Crown Prince of Austria 1858–1889, husband of Stephanie'),
  same('I482', 'I1031', 'George William of Hanover b. 1915, husband of Sophie of Greece'),
  same(
    'I476',
    'I1037',
    'Sophie of Greece b. 1914, daughter of Andrew and Alice, wife of Christoph then George William',
  ),
  same('I2545', 'I2548', 'Anne of Brittany 1477–1514, queen of Charles VIII then of Louis XII'),
  same('I207', 'I359', 'Rev. Charles William Frederick Cavendish-Bentinck 1817–1865 (surname misspelt once)'),
  same('I431', 'I591', 'Infante Jaime (James), Duke of Segovia 1908–1975, son of Alfonso XIII and Victoria Eugenie'),
  same('I1004', 'I2344', 'Anne of York 1475–1511, daughter of Edward IV, wife of Thomas Howard'),
  same('I1213', 'I2624', 'Frederick Francis II of Mecklenburg-Schwerin 1823–1883'),
  same('I1213', 'I2682', 'Frederick Francis II of Mecklenburg-Schwerin, father of Marie (Maria Pavlovna)'),
  different(
    'I1255',
    'I2079',
    'two Margaret Beauforts: Lady Margaret (I1255, d. 1509), daughter of John Beaufort, Duke of Somerset, and Margaret Beauchamp; and her aunt (I2079), daughter of John Beaufort, Earl of Somerset, and Margaret Holland, wife of Thomas Courtenay, Earl of Devon (labelled "same" until the eleventh session)',
  ),
  different(
    'I1704',
    'I2552',
    'Charlemagne’s two sons named Pepin: the Hunchback (by Himiltrude) and Pepin of Italy (by Hildegard)',
  ),
  different(
    'I1466',
    'I1489',
    'James II of Scotland and his half-brother James Stewart, Earl of Buchan (Joan Beaufort’s son by her second husband)',
  ),
  different(
    'I1463',
    'I1487',
    'Joan Beaufort’s two husbands: James I of Scotland and Sir James Stewart, the Black Knight of Lorn',
  ),
  different('I1796', 'I1806', 'two daughters of Edward the Elder named Eadgifu, by different mothers'),
  different(
    'I2469',
    'I2473',
    'two sons of Louis VI and Adelaide named Philip (the co-king d. 1131 and the later bishop)',
  ),
  different('I1457', 'I1459', 'Robert III of Scotland and his brother Robert, Duke of Albany (father of Murdoch)'),
  different(
    'I743',
    'I2415',
    'Charles II of England and Charles II, Elector Palatine (son of Charles Louis and Charlotte), both d. 1685',
  ),
  different('I1534', 'I1757', 'Edward the Confessor (son of Emma) and his half-brother Edward (son of Ælfgifu)'),
  different('I170', 'I2929', 'Ronald Ferguson’s two wives: Susan Wright (Barrantes) and Susan Deptford'),
  different('I2106', 'I2403', 'Catherine Grey and Catherine Carey, different parents'),
  different(
    'I714',
    'I716',
    'two daughters of James II named Catherine: by Anne Hyde (d. 1671) and by Mary of Modena (1675)',
  ),
  different('I1400', 'I1522', 'Eustace IV of Boulogne (son of King Stephen) and his grandfather Eustace III'),
  different('I444', 'I935', 'Felipe of Asturias b. 1968 and another Philip b. 1968 of other parents'),
  different('I536', 'I1132', 'Maria-Anna von Humboldt and Mary Lilian Baels, both b. 1916'),
  different('I81', 'I1711', 'Henry b. 1900 d. 1904 and Henry Abel Smith b. 1900'),
  different('I761', 'I1175', 'Frederick William I of Prussia and a Frederick of other parents'),
  different('I1175', 'I1177', 'two sons of Frederick I, by different mothers'),
  different('I1978', 'I1979', 'Ethelhelm and Ethelwald, brothers'),
  different('I320', 'I937', 'Lord Frederick Windsor b. 1979 and Friedrich b. 1979 of other parents'),
  different('I976', 'I2834', 'Maria b. 1964 and Marie Christine Ullens b. 1964, different parents'),
  different('I846', 'I2133', 'Mary I of England and Maria of Portugal, both wives of Philip II'),
  different('I853', 'I2546', 'Anne of Cleves and Marie of Cleves, mother of Louis XII'),
  different('I1233', 'I2496', 'Joan of England (1335–1348) and Joan of Burgundy, queen of Philip VI'),
  different('I478', 'I506', '"Five children" placeholders of two families'),
  different('I1054', 'I1469', 'Margrethe of Denmark (wife of René) and Margaret of Denmark, queen of James III'),
  different('I63', 'I2968', 'Peter Phillips b. 1977 and his grandfather Peter Phillips, father of Mark'),
];

/** The pairs of one person entered twice. */
export const ROYAL92_DUPLICATES = ROYAL92_LABELLED.filter((p) => p.same).map((p) => [p.a, p.b] as [string, string]);
