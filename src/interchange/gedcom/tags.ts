/** GEDCOM event/attribute tags ↔ the model's fact field prefixes (`birth.date`, `occupation.value`). */

/** Individual events and attributes. Field names match the Censor's (birth, baptism, death, burial …). */
export const INDI_EVENTS: Record<string, string> = {
  BIRT: 'birth',
  CHR: 'christening',
  DEAT: 'death',
  BURI: 'burial',
  CREM: 'cremation',
  ADOP: 'adoption',
  BAPM: 'baptism',
  BARM: 'bar_mitzvah',
  BASM: 'bas_mitzvah',
  BLES: 'blessing',
  CHRA: 'adult_christening',
  CONF: 'confirmation',
  FCOM: 'first_communion',
  ORDN: 'ordination',
  NATU: 'naturalization',
  EMIG: 'emigration',
  IMMI: 'immigration',
  CENS: 'census',
  PROB: 'probate',
  WILL: 'will',
  GRAD: 'graduation',
  RETI: 'retirement',
  EVEN: 'event',
  CAST: 'caste',
  DSCR: 'description',
  EDUC: 'education',
  IDNO: 'id_number',
  NATI: 'nationality',
  NCHI: 'children_count',
  NMR: 'marriage_count',
  OCCU: 'occupation',
  PROP: 'property',
  RELI: 'religion',
  RESI: 'residence',
  SSN: 'ssn',
  TITL: 'title',
  FACT: 'fact',
  BAPL: 'lds_baptism',
  CONL: 'lds_confirmation',
  ENDL: 'lds_endowment',
  INIL: 'lds_initiatory',
  SLGC: 'lds_child_sealing',
};

/** Family events: stored on both spouses with one shared `event` id. */
export const FAM_EVENTS: Record<string, string> = {
  ANUL: 'annulment',
  CENS: 'family_census',
  DIV: 'divorce',
  DIVF: 'divorce_filed',
  ENGA: 'engagement',
  MARB: 'marriage_banns',
  MARC: 'marriage_contract',
  MARR: 'marriage',
  MARL: 'marriage_license',
  MARS: 'marriage_settlement',
  RESI: 'family_residence',
  EVEN: 'family_event',
  FACT: 'family_fact',
  NCHI: 'family_children_count',
  SLGS: 'lds_spouse_sealing',
};

/** Attributes carry their value on the line itself (OCCU Farmer); events carry "Y" or nothing. */
export const ATTRIBUTE_TAGS = new Set([
  'CAST',
  'DSCR',
  'EDUC',
  'IDNO',
  'NATI',
  'NCHI',
  'NMR',
  'OCCU',
  'PROP',
  'RELI',
  'RESI',
  'SSN',
  'TITL',
  'FACT',
  'EVEN',
]);

const invert = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));
export const INDI_TAG_OF_FIELD: Record<string, string> = invert(INDI_EVENTS);
export const FAM_TAG_OF_FIELD: Record<string, string> = invert(FAM_EVENTS);

/** Tags of an INDI record whose content goes to externalIds (keys keep the tag). */
export const ID_TAGS = new Set(['REFN', 'RIN', 'AFN', 'EXID', 'UID', '_UID', '_FSFTID', '_FSID', '_APID', 'RFN']);

/** GEDCOM 5.5.1 tags that GEDCOM 7.0 removed or renamed (the loss report names them). */
export const REMOVED_IN_7: Record<string, string> = {
  AFN: 'EXID',
  RFN: 'EXID',
  RIN: 'EXID',
  _UID: 'UID',
  ROMN: 'TRAN',
  FONE: 'TRAN',
  BLOB: '(dropped)',
  SUBN: '(dropped)',
  CHAR: '(always UTF-8)',
};

/** QUAY (certainty assessment) ↔ Mills classification; see docs/decisions/0001-imported-trees.md. */
export const QUAY_CLASS = {
  '3': { sourceClass: 'original', information: 'primary', evidence: 'direct', confidence: 0.9 },
  '2': { sourceClass: 'derivative', information: 'secondary', evidence: 'direct', confidence: 0.7 },
  '1': { sourceClass: 'derivative', information: 'undetermined', evidence: 'direct', confidence: 0.4 },
  '0': { sourceClass: 'authored', information: 'undetermined', evidence: 'indirect', confidence: 0.2 },
} as const;
/** A citation without QUAY: an unassessed secondary claim. */
export const NO_QUAY = {
  sourceClass: 'derivative',
  information: 'undetermined',
  evidence: 'direct',
  confidence: 0.5,
} as const;

/** QUAY from the evidence classification (export). */
export function quayOf(e: { sourceClass: string; information: string; evidence: string }): '0' | '1' | '2' | '3' {
  if (e.sourceClass === 'authored' || e.evidence === 'negative') return '0';
  if (e.sourceClass === 'original' && e.information === 'primary' && e.evidence === 'direct') return '3';
  if (e.information === 'primary' || e.information === 'secondary') return e.evidence === 'direct' ? '2' : '1';
  return '1';
}
