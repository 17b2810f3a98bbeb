/**
 * A search query's one-line text form, used in clue `suggestedQueries` (stored in case files), in
 * the research log and by the planners (deterministic or LLM): they read and write it, and the
 * engine and the sources turn it back into structured queries.
 */
import type { SearchQuery } from './research';

const KEYS = ['given', 'surname', 'name', 'born', 'died', 'place', 'types', 'sources', 'text', 'records'] as const;

function quote(v: string): string {
  return /[\s":]/.test(v) ? `"${v.replace(/"/g, "'")}"` : v;
}

/** `given:Johann surname:Schmidt born:1850 place:"Springfield, Illinois" types:census,death` */
export function formatQuery(q: SearchQuery): string {
  const parts: string[] = [];
  if (q.given) parts.push(`given:${quote(q.given)}`);
  if (q.surname) parts.push(`surname:${quote(q.surname)}`);
  if (q.name && !q.given && !q.surname) parts.push(`name:${quote(q.name)}`);
  if (q.birthYear !== undefined) parts.push(`born:${q.birthYear}`);
  if (q.deathYear !== undefined) parts.push(`died:${q.deathYear}`);
  if (q.place) parts.push(`place:${quote(q.place)}`);
  if (q.recordTypes?.length) parts.push(`types:${q.recordTypes.join(',')}`);
  if (q.sources?.length) parts.push(`sources:${q.sources.join(',')}`);
  if (q.text) parts.push(`text:${quote(q.text)}`);
  if (q.records?.length) parts.push(`records:${quote(q.records.join(','))}`);
  return parts.join(' ');
}

/** Inverse of formatQuery. Text without `key:` prefixes is taken as a name. */
export function parseQuery(text: string): SearchQuery {
  const q: SearchQuery = {};
  const loose: string[] = [];
  const re = /(\w+):("([^"]*)"|\S+)|("([^"]*)"|\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const key = m[1] as (typeof KEYS)[number] | undefined;
    const value = m[3] ?? m[2] ?? m[5] ?? m[4] ?? '';
    if (!key || !(KEYS as readonly string[]).includes(key)) {
      loose.push(m[0].replace(/^"|"$/g, ''));
      continue;
    }
    switch (key) {
      case 'given':
        q.given = value;
        break;
      case 'surname':
        q.surname = value;
        break;
      case 'name':
        q.name = value;
        break;
      case 'born': {
        const y = Number.parseInt(value, 10);
        if (Number.isFinite(y)) q.birthYear = y;
        break;
      }
      case 'died': {
        const y = Number.parseInt(value, 10);
        if (Number.isFinite(y)) q.deathYear = y;
        break;
      }
      case 'place':
        q.place = value;
        break;
      case 'types':
        q.recordTypes = value.split(',').filter(Boolean);
        break;
      case 'sources':
        q.sources = value.split(',').filter(Boolean);
        break;
      case 'text':
        q.text = value;
        break;
      case 'records':
        q.records = value.split(',').filter(Boolean);
        break;
    }
  }
  if (loose.length && !q.name && !q.given && !q.surname) q.name = loose.join(' ');
  return q;
}
