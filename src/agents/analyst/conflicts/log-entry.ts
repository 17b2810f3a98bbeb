/** The research log's record of a conflict weighed: its values with their weights, the preferred one. */
import type { Conflict, NewLogEntry } from '../../../model';

export function conflictResolutionEntry(c: Conflict, context: string, cycle?: number): NewLogEntry {
  return {
    agent: 'Analyst',
    actionType: 'conflict_resolution',
    conflictId: c.id,
    field: c.field,
    options: c.competing.map((x) => ({ value: x.value, weight: x.weight })),
    chosen: c.preferred,
    rationale: c.rationale,
    context,
    ...(cycle !== undefined ? { cycle } : {}),
  };
}
