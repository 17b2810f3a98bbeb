/**
 * A conclusion must not look complete when a file it would rest on could not be read: a spouse
 * whose person file does not parse drops out of the graph, and her marriage silently out of
 * summary.md. The summary says so under its conclusion, naming each such file with its line; a
 * relative of the subject whose file it is is named by relationship.
 */
import type { CaseProblem } from '../case/problems';
import type { Person } from '../model';

export interface UnreadableContext {
  subject: Person;
  /** The file of a person whose front matter could not be read (FileCaseStore.unreadablePersonFile). */
  unreadablePersonFile?: (id: string) => string | undefined;
}

/** Markdown lines about files left out of this run; empty when every file was read. */
export function unreadableLines(skipped: CaseProblem[], ctx: UnreadableContext): string[] {
  if (!skipped.length) return [];
  // One entry per file: its first problem gives the line.
  const byFile = new Map<string, CaseProblem>();
  for (const p of skipped) if (!byFile.has(p.file)) byFile.set(p.file, p);
  const relativeOf = new Map<string, string>();
  for (const r of ctx.subject.relationships) {
    const file = ctx.unreadablePersonFile?.(r.person);
    if (file && !relativeOf.has(file)) relativeOf.set(file, `the subject's ${r.type} (${r.person})`);
  }
  const items = [...byFile.values()].map((p) => {
    const who = relativeOf.get(p.file);
    const what = p.message.split('\n')[0];
    return `- \`${p.file}\` line ${p.line}${p.field ? `, field ${p.field}` : ''}: ${what}${who ? ` — this is ${who}, who is missing from the conclusion above` : ''}`;
  });
  return [
    `**Not read.** ${byFile.size} case file(s) could not be read; what they hold is not part of this conclusion (they are left as they are, never overwritten; fix them and run again):`,
    '',
    ...items,
    '',
  ];
}

/** The summary with those lines under its conclusion (before the goals line), or at its end. */
export function withUnreadableFiles(markdown: string, skipped: CaseProblem[], ctx: UnreadableContext): string {
  const lines = unreadableLines(skipped, ctx);
  if (!lines.length) return markdown;
  const block = `${lines.join('\n')}\n`;
  const at = markdown.search(/^Goals answered:/m);
  if (at >= 0) return markdown.slice(0, at) + block + markdown.slice(at);
  return `${markdown.trimEnd()}\n\n${block}`;
}
