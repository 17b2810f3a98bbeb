/** The People view's filter as the user types it and as the view describes it (no vscode: unit-tested). */
import type { PeopleFilter } from './directory';

/** A filter as the view's description shows it ("surname Miller · born 1800–1850 · living"). */
export function describeFilter(f: PeopleFilter): string {
  const parts: string[] = [];
  if (f.surname) parts.push(`surname ${f.surname}`);
  if (f.given) parts.push(`given ${f.given}`);
  if (f.bornFrom !== undefined || f.bornTo !== undefined) parts.push(`born ${f.bornFrom ?? ''}–${f.bornTo ?? ''}`);
  if (f.place) parts.push(`place ${f.place}`);
  if (f.living !== undefined) parts.push(f.living ? 'living' : 'deceased');
  if (f.conflicts) parts.push('with conflicts');
  return parts.join(' · ');
}

/**
 * The filter a user types: `surname:Miller given:John born:1800-1850 place:"New York" living|deceased
 * conflicts`. Returns the filter, or a message naming the word it could not read.
 */
export function parseFilter(text: string): PeopleFilter | string {
  const f: PeopleFilter = {};
  const words = text.match(/\w+:"[^"]*"|\S+/g) ?? [];
  for (const w of words) {
    const m = /^(\w+):(.*)$/.exec(w);
    const key = (m ? m[1] : w).toLowerCase();
    const value = m ? m[2].replace(/^"|"$/g, '').trim() : '';
    if (key === 'living' && !m) f.living = true;
    else if ((key === 'deceased' || key === 'dead') && !m) f.living = false;
    else if ((key === 'conflicts' || key === 'conflict') && !m) f.conflicts = true;
    else if (key === 'surname' && value) f.surname = value;
    else if (key === 'given' && value) f.given = value;
    else if (key === 'place' && value) f.place = value;
    else if (key === 'born' && value) {
      const y = /^(\d{1,4})?(?:(-)(\d{1,4})?)?$/.exec(value);
      if (!y || (!y[1] && !y[3])) return `"${w}": born takes YEAR, FROM-TO, FROM- or -TO`;
      if (y[1]) f.bornFrom = Number(y[1]);
      if (y[3] || !y[2]) f.bornTo = Number(y[3] ?? y[1]);
    } else return `"${w}" is not a filter: use surname:, given:, born:, place:, living, deceased or conflicts`;
  }
  return f;
}

/** The filter as the user would type it again (the input box's starting value). */
export function filterText(f: PeopleFilter): string {
  const q = (v: string) => (/\s/.test(v) ? `"${v}"` : v);
  const parts: string[] = [];
  if (f.surname) parts.push(`surname:${q(f.surname)}`);
  if (f.given) parts.push(`given:${q(f.given)}`);
  if (f.bornFrom !== undefined || f.bornTo !== undefined)
    parts.push(`born:${f.bornFrom ?? ''}${f.bornFrom === f.bornTo ? '' : `-${f.bornTo ?? ''}`}`);
  if (f.place) parts.push(`place:${q(f.place)}`);
  if (f.living !== undefined) parts.push(f.living ? 'living' : 'deceased');
  if (f.conflicts) parts.push('conflicts');
  return parts.join(' ');
}
