import type { RawRecord } from '../../src/model';

/** A record as a connector returns it before capture, with the given fields over neutral defaults. */
export function rawRecord(fields: Partial<RawRecord> = {}): RawRecord {
  return {
    title: 'A record',
    recordType: 'other',
    repository: 'A repository',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text: '',
    ...fields,
  };
}
