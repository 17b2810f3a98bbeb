import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isAlternateReading } from '../documents/kinds';

/**
 * Markdown files under `dir` (any depth), sorted; hidden entries and README.md are not records, nor
 * is a machine reading kept beside a document's edited sidecar (`scan.png.ocr.md`: for comparison).
 */
export function listMarkdown(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const n of names.sort()) {
    if (n.startsWith('.')) continue;
    const abs = join(dir, n);
    const st = statSync(abs);
    if (st.isDirectory()) out.push(...listMarkdown(abs));
    else if (n.toLowerCase().endsWith('.md') && n.toLowerCase() !== 'readme.md' && !isAlternateReading(n))
      out.push(abs);
  }
  return out;
}

/** The record files of a case's local archive (`<root>/archive/**\/*.md`). */
export function listArchiveFiles(root: string): string[] {
  return listMarkdown(join(root, 'archive'));
}
