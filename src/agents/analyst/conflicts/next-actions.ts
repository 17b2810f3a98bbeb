/** What a genealogist would look for next to settle a conflict, by the event and kind of field. */
import type { Conflict } from '../../../model';
import { yearRange } from '../../../model/gdate';
import { civilRegistrationStart } from '../places/civil-registration';

type Competing = Conflict['competing'][number];

function span(values: string[]): string | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    const r = yearRange(v);
    if (r.min !== undefined) min = Math.min(min, r.min);
    if (r.max !== undefined) max = Math.max(max, r.max);
  }
  if (!Number.isFinite(min)) return undefined;
  return min === max ? String(min) : `${min}–${max}`;
}

function yearRangeOf(values: string[]): { min?: number; max?: number } {
  const rs = values.map((v) => yearRange(v)).filter((r) => r.max !== undefined);
  return rs.length ? { min: Math.min(...rs.map((r) => r.min ?? r.max!)), max: Math.max(...rs.map((r) => r.max!)) } : {};
}

const RECORDS: Record<string, { primary: string; others: string[] }> = {
  birth: {
    primary: 'the civil birth registration',
    others: ['the baptism or christening entry in the parish register', 'census age statements to bracket the year'],
  },
  baptism: {
    primary: 'the parish baptism register',
    others: ["the bishop's transcripts (a second, independent copy)"],
  },
  christening: {
    primary: 'the parish baptism register',
    others: ["the bishop's transcripts (a second, independent copy)"],
  },
  death: {
    primary: 'the civil death certificate',
    others: ['the burial register or cemetery record', 'probate or estate files', 'an obituary'],
  },
  burial: {
    primary: 'the burial register or cemetery interment record',
    others: ['the gravestone inscription', 'the death certificate'],
  },
  marriage: {
    primary: 'the marriage register entry',
    others: ['the marriage licence, bond or banns', 'a newspaper marriage notice'],
  },
  residence: { primary: 'the census enumeration for that year', others: ['city directories', 'tax or land records'] },
  occupation: {
    primary: 'the census occupation column',
    others: ['city directories', 'the record of the event that named the occupation'],
  },
  immigration: { primary: 'the passenger list', others: ['naturalization papers'] },
  military: { primary: 'the service record', others: ['pension files'] },
};

/** Before civil registration began at the place, the parish registers are the record of the event. */
const PARISH: Record<string, { primary: string; others: string[] }> = {
  birth: {
    primary: 'the parish baptism register (civil birth registration had not begun there)',
    others: [
      "the bishop's transcripts or the duplicate register (a second, independent copy)",
      'census or emigration age statements to bracket the year',
    ],
  },
  death: {
    primary: 'the parish burial register (civil death registration had not begun there)',
    others: ['the gravestone inscription', 'probate or estate files'],
  },
  marriage: {
    primary: 'the parish marriage register (civil marriage registration had not begun there)',
    others: ['the banns or the marriage contract'],
  },
};

/** Which record a suggestion sends the researcher to: dropped when that record already gives the preferred value. */
const RECORD_OF: [RegExp, string][] = [
  [/baptism|christening/i, 'baptism'],
  [/burial|gravestone|interment/i, 'burial'],
  [/death certificate|civil death/i, 'death'],
  [/civil birth/i, 'birth'],
  [/marriage register|marriage licen/i, 'marriage'],
];

export interface NextActionContext {
  /** Where the event happened (the person's best place for it), to fit records to place and period. */
  place?: string;
  /** Events whose records already give the preferred value ("baptism"): checking them again is no next step. */
  consulted?: ReadonlySet<string>;
}

/**
 * Next actions for one conflict: the best record type for the event in the places and years the
 * competing claims point to — fitted to when civil registration began there — then how to weigh
 * what is already captured. A record that already gives the preferred value is not suggested again.
 */
export function nextActionsFor(field: string, competing: Competing[], context: NextActionContext = {}): string[] {
  const [event, part] = field.includes('.') ? (field.split('.') as [string, string]) : [field, 'value'];
  const values = competing.map((c) => c.value);
  const actions: string[] = [];
  // Where to look: places named by this conflict's place values, else by the evidence repositories.
  const places = part === 'place' ? [...new Set(values)] : [];
  const years = part === 'date' ? span(values) : undefined;
  const where = places.length ? ` for ${places.join(' or ')}` : context.place ? ` for ${context.place}` : '';
  const when = years ? ` around ${years}` : '';
  if (field === 'sex') {
    actions.push('View the original record images: a sex error is usually a transcription slip');
  } else {
    const latest = part === 'date' ? yearRangeOf(values).max : undefined;
    const start = civilRegistrationStart(context.place ?? places[0]);
    const parish = PARISH[event] && start !== undefined && latest !== undefined && latest < start;
    const recs = (parish ? PARISH[event] : RECORDS[event]) ?? {
      primary: `an original record of the ${event} event`,
      others: [],
    };
    const fresh = (text: string) => !RECORD_OF.some(([re, ev]) => re.test(text) && context.consulted?.has(ev));
    if (fresh(recs.primary)) actions.push(`Seek ${recs.primary}${where}${when}`);
    for (const o of recs.others) if (fresh(o)) actions.push(`Check ${o}${where}${when}`);
  }
  const classes = competing.flatMap((c) => c.evidence);
  if (!classes.length) actions.push('Cite a source for each value: none of the competing claims has captured evidence');
  else if (!classes.some((e) => e.sourceClass === 'original' && e.information === 'primary')) {
    actions.push(
      'Find an original source with primary information: every competing claim rests on derivative, authored or secondary information',
    );
  }
  const repos = [...new Set(classes.map((e) => e.repository).filter((r): r is string => Boolean(r)))];
  if (repos.length > 1)
    actions.push(
      `Compare who informed each record (${repos.join(', ')}): prefer the informant who witnessed the event`,
    );
  return actions;
}
