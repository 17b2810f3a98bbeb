import { createHash } from 'node:crypto';

/**
 * Ids derived from content, so that re-running an interrupted step produces the same ids and
 * nothing is duplicated on resume.
 */
export function stableId(prefix: string, ...parts: (string | number | undefined)[]): string {
  const h = createHash('sha1')
    .update(parts.map((p) => String(p ?? '')).join('\u0000'))
    .digest('hex');
  return `${prefix}-${h.slice(0, 12)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
