/**
 * What summary.md says about identity (issue #14 items 3 and 4): the namesakes kept apart, with the
 * hard fact that tells them apart (a finding a genealogist wants to see), and the mentions no person
 * has resolved yet. Built from the Analyst's decisions as they are logged.
 */
import type { NewLogEntry } from '../../../model';

export interface IdentityNotes {
  /** "John Miller" in S-… is not Johann Georg Müller (P-…): born in Ireland … */
  namesakes: string[];
  /** "Lena Miller" in S-… stays a mention, not a person: … */
  mentions: string[];
}

const MAX = 50;

/** Collects the identity decisions of logged entries (resolved mentions leave the list). */
export function noteIdentity(notes: IdentityNotes, entries: readonly NewLogEntry[]): void {
  for (const e of entries) {
    if (e.actionType !== 'decision') continue;
    const text = e.rationale ?? '';
    if (e.decisionType === 'namesake_kept_apart' && !notes.namesakes.includes(text)) notes.namesakes.push(text);
    else if (e.decisionType === 'mention_unresolved' && !notes.mentions.includes(text)) notes.mentions.push(text);
    else if (e.decisionType === 'mention_resolved') {
      // '"Lena Miller" in S-x is …': the mention of that name in that source is resolved.
      const head = /^"[^"]*" in S-[\w-]+/.exec(text)?.[0];
      if (head) notes.mentions = notes.mentions.filter((m) => !m.startsWith(head));
    }
  }
}

/** The summary's section, or nothing when no namesake was met and no mention is open. */
export function identitySection(notes: IdentityNotes | undefined): string[] {
  if (!notes || (!notes.namesakes.length && !notes.mentions.length)) return [];
  const out = ['## Namesakes and unresolved mentions', ''];
  if (notes.namesakes.length) {
    out.push('Persons of the same name kept apart, and the fact that tells them apart:', '');
    out.push(...notes.namesakes.slice(0, MAX).map((n) => `- ${n}`));
    if (notes.namesakes.length > MAX) out.push(`- … ${notes.namesakes.length - MAX} more in the research log`);
    out.push('');
  }
  if (notes.mentions.length) {
    out.push(
      'Names in the records that identify no one yet (no person file; a record naming them in full will resolve them):',
      '',
    );
    out.push(...notes.mentions.slice(0, MAX).map((m) => `- ${m}`));
    if (notes.mentions.length > MAX) out.push(`- … ${notes.mentions.length - MAX} more in the research log`);
    out.push('');
  }
  return out;
}
