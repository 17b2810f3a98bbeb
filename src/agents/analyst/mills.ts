/**
 * Mills' evidence analysis for one fact read from one record: the source class (from the record),
 * the information class (who could know this fact first-hand, by record type and fact), and the
 * evidence class (stated = direct, derived from an age or a household = indirect).
 */
import {
  documentPage,
  evidenceTypeOf,
  type EvidenceClaim,
  type InformationClass,
  type RecordType,
  type SourceRecord,
} from '../../model';

/** Facts a record of this type reports first-hand about its principal (the event it was made for). */
const FIRST_HAND: Partial<Record<RecordType, string[]>> = {
  birth: ['birth', 'sex', 'parent'],
  baptism: ['birth', 'baptism', 'sex', 'parent'],
  marriage: ['marriage', 'spouse'],
  death: ['death', 'burial'],
  burial: ['burial', 'death'],
  census: ['residence', 'occupation', 'sex'],
  immigration: ['immigration', 'occupation', 'sex', 'residence'],
  probate: ['probate', 'death', 'child', 'spouse'],
  military: ['military', 'residence'],
};

export function informationClass(
  record: Pick<SourceRecord, 'recordType' | 'informationType' | 'sourceType'>,
  fact: string,
  principal: boolean,
): InformationClass {
  if (record.informationType) return record.informationType;
  if (record.sourceType === 'authored' || record.recordType === 'obituary' || record.recordType === 'newspaper')
    return 'secondary';
  const event = fact.split('.')[0];
  if (record.recordType === 'census') return FIRST_HAND.census!.includes(event) ? 'primary' : 'undetermined';
  const firstHand = FIRST_HAND[record.recordType] ?? [];
  if (firstHand.includes(event) && (principal || event === 'marriage' || event === 'spouse' || event === 'parent'))
    return 'primary';
  return 'secondary';
}

const METHOD_BASE = { structured: 0.9, pattern: 0.75, llm: 0.7, gedcom: 0.6, user: 0.8 } as const;
const INFO_FACTOR: Record<InformationClass, number> = { primary: 1, secondary: 0.85, undetermined: 0.8 };

export function claimConfidence(
  method: keyof typeof METHOD_BASE,
  info: InformationClass,
  direct: boolean,
  extractorConfidence = 1,
): number {
  const c =
    METHOD_BASE[method] *
    INFO_FACTOR[info] *
    (direct ? 1 : 0.7) *
    Math.min(1, extractorConfidence / METHOD_BASE[method] || 1);
  return Number(Math.max(0, Math.min(1, c)).toFixed(4));
}

export function evidenceClaim(
  source: SourceRecord,
  fact: string,
  snippet: string,
  opts: {
    principal: boolean;
    direct: boolean;
    method: EvidenceClaim['method'];
    extractorConfidence?: number;
    information?: InformationClass;
  },
): EvidenceClaim {
  // A person's or an event's own information type (archive v2) overrides the record's reading.
  const information = opts.information ?? informationClass(source, fact, opts.principal);
  const method =
    opts.method === 'structured' ||
    opts.method === 'pattern' ||
    opts.method === 'llm' ||
    opts.method === 'gedcom' ||
    opts.method === 'user'
      ? opts.method
      : 'structured';
  // The page of a document's transcription the snippet is on goes in the citation (issue #17).
  const page = documentPage(source, snippet);
  return {
    source: source.id,
    snippet,
    repository: source.repository,
    tier: source.tier,
    url: source.url,
    accessedAt: source.accessedAt,
    evidenceType: evidenceTypeOf(source.sourceType, information),
    sourceClass: source.sourceType,
    information,
    evidence: opts.direct ? 'direct' : 'indirect',
    // A machine's reading of a document (OCR, vision) is only as sure as that reading (issue #17).
    confidence: Number(
      (
        claimConfidence(method, information, opts.direct, opts.extractorConfidence) *
        (source.transcription && !source.transcription.byPerson ? (source.transcription.confidence ?? 0.5) : 1)
      ).toFixed(4),
    ),
    method,
    ...(page ? { page } : {}),
  };
}
