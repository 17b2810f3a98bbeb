/**
 * Search queries, normalised for the novelty guard (seed 001 "NoveltyGuard: query dedup"). Their
 * one-line text form (formatQuery, parseQuery) is part of the model: src/model/query-text.ts.
 */
import type { SearchQuery } from '../model';
import { foldWords } from '../model/names';
import { createHash } from 'node:crypto';

/** Canonical form: lower case, no accents or punctuation, sorted keys and lists, empty fields dropped. */
export function normaliseQuery(q: SearchQuery): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  const name = q.name ?? [q.given, q.surname].filter(Boolean).join(' ');
  if (q.given) out.given = foldWords(q.given);
  if (q.surname) out.surname = foldWords(q.surname);
  if (!q.given && !q.surname && name) out.name = foldWords(name);
  if (q.birthYear !== undefined) out.birthYear = q.birthYear;
  if (q.deathYear !== undefined) out.deathYear = q.deathYear;
  if (q.place) out.place = foldWords(q.place);
  if (q.recordTypes?.length) out.recordTypes = [...new Set(q.recordTypes.map(foldWords))].sort();
  if (q.sources?.length) out.sources = [...new Set(q.sources.map(foldWords))].sort();
  if (q.text) out.text = foldWords(q.text);
  if (q.records?.length) out.records = [...new Set(q.records)].sort();
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== ''))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The novelty guard's key: near-identical queries (case, accents, punctuation, order) hash alike. */
export function queryHash(q: SearchQuery): string {
  return createHash('sha1')
    .update(JSON.stringify(normaliseQuery(q)))
    .digest('hex')
    .slice(0, 16);
}
