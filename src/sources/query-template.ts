/**
 * A search query as template values (`{given}`, `{surname}`, `{name}`, `{birth_year}`,
 * `{death_year}`, `{place}`; seed 001's `{given_name}` too), shared by Tier 2 link-outs and by
 * plugins that declare their request parameters in YAML.
 */
import type { SearchQuery } from '../model';
import { queryName } from '../model/names';

export type QueryValues = Readonly<Record<string, string>>;

export function queryValues(q: SearchQuery): QueryValues {
  const { given, surname, full } = queryName(q);
  return {
    given: given ?? '',
    given_name: given ?? '',
    surname: surname ?? '',
    name: full ?? '',
    birth_year: q.birthYear ? String(q.birthYear) : '',
    death_year: q.deathYear ? String(q.deathYear) : '',
    place: q.place ?? '',
  };
}

/** The placeholders a template names ("{given} {surname}" → given, surname). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * Fills a template. A template whose placeholders are all empty gives undefined, so a request or a
 * form never receives "birth=" for a year the search does not have.
 */
export function fillTemplate(template: string, values: QueryValues): string | undefined {
  const names = placeholders(template);
  if (names.length && names.every((n) => !values[n])) return undefined;
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
