/**
 * The Validator's last check (seed 004): no fact is promoted while it contradicts an accepted fact
 * of the same person and nothing explains it. Explained is a weighed conflict: its loser is
 * disputed, not accepted, so two accepted values that disagree are a contradiction no one weighed.
 * Also a death (or burial) that ends before the birth (or baptism) begins.
 */
import type { Assertion } from '../../model';
import { parseGDate } from '../../model/gdate';
import { compatibleValues } from '../analyst/conflicts/compatible';
import { rivalKey } from '../analyst/conflicts/detect';

type Fact = Pick<Assertion, 'id' | 'field' | 'value' | 'status' | 'event' | 'note' | 'evidence'>;

const START = ['birth.date', 'baptism.date'];
const END = ['death.date', 'burial.date'];

function yearsOf(value: string): { from: number; to: number } | undefined {
  const d = parseGDate(value);
  return d.earliest && d.latest ? { from: d.earliest.year, to: d.latest.year } : undefined;
}

/**
 * For each of `candidates` (ids of facts about to be accepted), the accepted or about-to-be-accepted
 * fact it contradicts, if any. `facts` hold the statuses as decided so far (candidates as accepted).
 */
export function unexplainedContradictions(
  facts: readonly Fact[],
  candidates: ReadonlySet<string>,
): Map<string, string> {
  const out = new Map<string, string>();
  const accepted = facts.filter((f) => f.status === 'accepted');
  for (const a of facts) {
    if (!candidates.has(a.id)) continue;
    const key = rivalKey(a);
    const rival =
      key === undefined
        ? undefined
        : accepted.find((b) => b.id !== a.id && rivalKey(b) === key && !compatibleValues(a.field, a.value, b.value));
    if (rival) {
      out.set(
        a.id,
        `${a.field} = ${a.value} contradicts the accepted ${rival.value} and no weighed conflict prefers either (a tie, or not weighed yet)`,
      );
      continue;
    }
    const mine = yearsOf(a.value);
    if (!mine) continue;
    const against = START.includes(a.field) ? END : END.includes(a.field) ? START : [];
    for (const b of accepted) {
      if (b.id === a.id || !against.includes(b.field)) continue;
      const theirs = yearsOf(b.value);
      if (!theirs) continue;
      const [start, end] = START.includes(a.field) ? [mine, theirs] : [theirs, mine];
      if (end.to < start.from) {
        out.set(
          a.id,
          `${a.field} = ${a.value} and the accepted ${b.field} = ${b.value} put the death before the birth`,
        );
        break;
      }
    }
  }
  return out;
}
