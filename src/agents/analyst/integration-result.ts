/** What integrating one record produced: the Analyst's pipeline and the clue rules read it. */
import type { EvidenceClaim, MergeCluster } from '../../model';
import type { RelKind } from './graph';

export interface MatchDecision {
  persona: string;
  /** The persona's key in its record (archive v2), telling apart two personas of one name. */
  key?: string;
  person: string;
  created: boolean;
  similarity?: number;
  how: 'source' | 'context' | 'resolver' | 'adjudicator' | 'new';
  rationale: string;
  options: { person: string; similarity: number; recommendation: string }[];
}

export interface IntegrationResult {
  /** persona index → person id (undefined when the persona was skipped). */
  personIds: (string | undefined)[];
  matches: MatchDecision[];
  created: string[];
  touched: Set<string>;
  reviews: Omit<MergeCluster, 'createdAt'>[];
  implied: { a: string; b: string; text: string }[];
  refused: string[];
  places: string[];
  /** Evidence this record added per name or place: clue priorities use the graph as it was before it (Z). */
  added: Map<string, number>;
  /** Personas kept apart from a person they contradict on a hard fact (a namesake), with the reason. */
  namesakes: { persona: string; person: string; reason: string }[];
  /** Names without identity (a title alone, no surname in free text) that no known person resolved. */
  mentions: UnresolvedMention[];
}

/** A name in a record that identifies no one yet: kept with its source, never a person file. */
export interface UnresolvedMention {
  source: string;
  name: string;
  reason: string;
  snippet: string;
  /** The person it is related to in the record (the anchor's id) and how, when the record says. */
  relatedTo?: string;
  kind?: RelKind;
  /** The record's words for that relationship, ready to cite once a person resolves the mention. */
  claim?: EvidenceClaim;
}
