import { createHash, randomUUID } from 'node:crypto';

/** A short random id with a kind prefix: newId('P') → 'P-7f3a9c21'. */
export function newId(prefix: string): string {
  return `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
