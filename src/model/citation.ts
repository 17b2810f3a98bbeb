import { z } from 'zod';
import { EvidenceClass, EvidenceType, Id, InformationClass, Instant, Probability, SourceClass, Tier } from './common';

/**
 * One piece of evidence for an assertion (seed 001 EvidenceClaim, seed 000 SourceCitation): which
 * captured source, the verbatim snippet that supports the value, and how it is classified.
 */
export const EvidenceClaim = z.object({
  source: Id.describe('id of a captured source in sources/'),
  snippet: z.string().min(1).describe('verbatim text of the captured source that supports the value'),
  repository: z.string().optional(),
  tier: Tier,
  url: z.string().optional(),
  accessedAt: Instant.optional(),
  evidenceType: EvidenceType,
  sourceClass: SourceClass,
  information: InformationClass,
  evidence: EvidenceClass,
  confidence: Probability,
  method: z.enum(['structured', 'pattern', 'llm', 'gedcom', 'user']).default('structured'),
  page: z.string().optional().describe('GEDCOM PAGE: where in the source'),
});
export type EvidenceClaim = z.infer<typeof EvidenceClaim>;
