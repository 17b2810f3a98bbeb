/**
 * The shapes the resolver compares (what features.ts computes, the comparators and the scorer
 * read): kept apart so that comparators depend on the shapes, not on the code that builds them.
 */
import type { Persona } from '../../../model';

export interface NameFeature {
  /** Memo keys of the given names and of the surnames with their type (bulk scoring). */
  gkey: string;
  skey: string;
  /** Interned ids (memo.ts) of gkey, of skey, of the first given name, and of the surnames as a name list. */
  gid: number;
  sid: number;
  g0id: number;
  slid: number;
  /** Regnal or generational number written in the name ("xiv" in Louis XIV). */
  regnal?: string;
  /** Epithet written in the name ("young" in Louis the Young): a style borne for life, like a number. */
  epithet?: string;
  /** A hyphenated first given name, folded ("louis philippe" for Louis-Philippe): one name, not two. */
  compound?: string;
  /** Folded given-name tokens, titles and suffixes removed. */
  given: string[];
  /** Folded surname forms ("vanderberg", "berg"). */
  surnames: string[];
  /** Surname words that are Nordic patronymics, as written (Juhonpoika, Johansson): they name the father. */
  patronymics?: string[];
  type: string;
  /** Double Metaphone (primary, alternate) of the first given name. */
  givenMeta: string[];
  /** Daitch-Mokotoff codes of the surname (all branches). */
  surnameDm: string[];
  /** Double Metaphone (primary, alternate) of the surname. */
  surnameMeta: string[];
  /** A Slavic surname made from a given name, keyed by that name ("adalbert+ski": Wojciechowski, Vojtěchovský). */
  surnameRoot?: string;
}

export interface DateFeature {
  text: string;
  min?: number;
  max?: number;
  /** "YYYYMMDD" when the date is exact to the day: lets transcription slips (one digit) be recognised. */
  ymd?: string;
  /** False for estimates derived from an age or a baptism. */
  stated: boolean;
  /** Optional precomputed memo key of date comparisons (memo.ts builds it when absent). */
  key?: string;
}

export interface PersonFeatures {
  id: string;
  label: string;
  sex: 'M' | 'F' | 'U' | 'X';
  names: NameFeature[];
  birth?: DateFeature;
  death?: DateFeature;
  birthPlace: string[];
  deathPlace: string[];
  residences: string[][];
  parents: string[];
  spouses: string[];
  children: string[];
  /** Folded "given surname" of relatives known by name (from linked persons or the same record). */
  relativeNames: { parent: string[]; spouse: string[]; child: string[] };
  /** Folded name of each linked parent by id (to tell a half-sibling's other parent apart). */
  parentNameOf?: Record<string, string>;
  /** External identifiers by namespace (WikiTree id, FamilySearch id, GEDCOM _UID …). */
  identifiers: Record<string, string>;
  /** Other comparable facts, folded (occupation …). */
  attributes: Record<string, string>;
  /** Jr / Sr / III written in a name. */
  generation?: string;
  /**
   * What the Censor generalised for a living person ("birth date", "birth place" …): left out of
   * every feature above, so nothing is compared on a decade or a country; named in explanations.
   */
  withheld?: string[];
}

export interface RecordContext {
  date?: string;
  place?: string;
  /** The record's type: an 1841 census's ages were rounded down (model/age.ts censusRounding). */
  recordType?: string;
  /** The other personas of the same record: their names become relative names. */
  persons?: Persona[];
  /** The record's id, used to give the persona a stable feature id. */
  id?: string;
}
