/** The case folder layout (DESIGN.md, a public contract). */
import { unaccented } from '../model/names';

export const CASE_FILE = 'case.yaml';
export const PEOPLE_DIR = 'people';
export const TREES_DIR = 'trees';
export const SOURCES_DIR = 'sources';
export const ARCHIVE_DIR = 'archive';
export const CONFLICTS_DIR = 'conflicts';
export const MERGES_FILE = 'merges.json';
export const SESSION_FILE = 'hypotheses.json';
export const LOG_FILE = 'log/research-log.jsonl';
export const SUMMARY_FILE = 'summary.md';
export const EXPORTS_DIR = 'exports';
export const DERIVED_DIR = '.ancestry';
export const INDEX_FILE = '.ancestry/index.sqlite';

export function slugify(text: string): string {
  const slug = unaccented(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || 'unnamed';
}
