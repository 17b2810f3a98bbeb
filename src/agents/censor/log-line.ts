/**
 * The research log is the engine's own account (queries, clue statements, task choices, errors), not
 * evidence: a postal code in it serves no one. Its lines are censored like any text (redact-text.ts),
 * where a US ZIP after a state goes only from a line that names a living person; a query or a clue
 * built from a living person's birthplace names no one ("Search records in Springfield, Illinois
 * 62704"), so here every ZIP after a state or province and every house-locating postcode goes too.
 */
import { POSTAL_CODE } from './redact-text';
import { redactHousePostcodes } from './postcodes';
import type { Redaction } from './redaction';

/** The log line without postal codes; each one removed is listed in `out`. */
export function withoutPostalCodes(line: string, out: Redaction[] = []): string {
  if (!/\d/.test(line)) return line;
  const zipless = line.replace(POSTAL_CODE, (_m, state: string) => {
    out.push({ kind: 'pii', what: 'postal code' });
    return state;
  });
  return redactHousePostcodes(zipless, out);
}
