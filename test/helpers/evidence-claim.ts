/** One cited piece of evidence for tests: a primary, direct, original claim from source S-1 unless told otherwise. */
import type { EvidenceClaim } from '../../src/model';

export function evidenceClaim(snippet: string, over: Partial<EvidenceClaim> = {}): EvidenceClaim {
  return {
    source: 'S-1',
    snippet,
    tier: 0,
    evidenceType: 'Primary',
    sourceClass: 'original',
    information: 'primary',
    evidence: 'direct',
    confidence: 0.9,
    method: 'structured',
    ...over,
  };
}
