/**
 * The written proof argument (issue 14 item 8): for each conclusion, how the pieces of evidence fit —
 * which record states the fact directly, which only imply it (an age that places a birth year, a
 * household or a will that implies a relationship), and why a competing value was set aside — not
 * only which sources are cited. Built from the evidence classification alone; a model's words never
 * enter it.
 */
import type { Assertion, Conflict, EvidenceClaim, Person, Relationship, SourceRecord } from '../../../model';
import { displayName } from '../../../model';
import { compatibleValues, precision } from '../conflicts/compatible';
import { rivals } from '../conflicts/detect';

export interface ArgumentInput {
  subject: Person;
  get(id: string): Person | undefined;
  source(id: string): SourceRecord | undefined;
  conflicts: Conflict[];
  /** The value each conclusion states, by field (birth.date → its accepted best assertion). */
  facts: { label: string; assertion: Assertion }[];
  relationships: { label: string; rel: Relationship; person: Person }[];
  /** Namesakes kept apart, as logged ('"X" in S-… is not Y (P-…): why'): the eliminations the argument rests on. */
  namesakes?: readonly string[];
}

const MAX_QUOTE = 140;

function quote(snippet: string, s: SourceRecord | undefined): string {
  const t = snippet.replace(/\s+/g, ' ').trim();
  const short = t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1)}…` : t;
  // A line made from extracted fields is the record's index, not its words: it is never quoted as a transcription.
  const verbatim = s ? s.text.replace(/\s+/g, ' ').includes(t) : false;
  return verbatim ? `"${short}"` : `(its index entry: ${short})`;
}

function describe(e: EvidenceClaim, s: SourceRecord | undefined): string {
  const what = s ? s.title : (e.repository ?? 'a captured source');
  return `${what} [${e.source}], ${e.sourceClass} with ${e.information} information`;
}

function bySource(claims: readonly EvidenceClaim[]): EvidenceClaim[] {
  const best = new Map<string, EvidenceClaim>();
  for (const e of claims) {
    const b = best.get(e.source);
    if (!b || e.confidence > b.confidence) best.set(e.source, e);
  }
  return [...best.values()];
}

function factParagraph(input: ArgumentInput, label: string, a: Assertion): string {
  const p = input.subject;
  const direct = bySource(a.evidence.filter((e) => e.evidence === 'direct'));
  const indirect = bySource(a.evidence.filter((e) => e.evidence !== 'direct'));
  const parts: string[] = [];
  if (direct.length)
    parts.push(
      `${direct.length === 1 ? 'One record states it directly' : `${direct.length} records state it directly`}: ${direct.map((e) => `${describe(e, input.source(e.source))}, ${quote(e.snippet, input.source(e.source))}`).join('; ')}.`,
    );
  if (indirect.length)
    parts.push(
      `Indirect evidence points the same way: ${indirect.map((e) => `${describe(e, input.source(e.source))}, ${quote(e.snippet, input.source(e.source))}`).join('; ')}.`,
    );
  // Coarser values from other records (ages that place a year, a month without a day) agree with it.
  const support = p.assertions.filter(
    (b) =>
      b !== a &&
      b.field === a.field &&
      b.status !== 'rejected' &&
      b.status !== 'disputed' &&
      b.evidence.length &&
      precision(a.field, b.value) < precision(a.field, a.value) &&
      compatibleValues(a.field, a.value, b.value),
  );
  if (support.length) {
    const claims = bySource(support.flatMap((b) => b.evidence)).filter(
      (e) => !a.evidence.some((x) => x.source === e.source),
    );
    if (claims.length)
      parts.push(
        `${claims.length} other record(s) give it at a coarser precision (${[...new Set(support.map((b) => `"${b.value}"`))].join(', ')}), ${a.field.endsWith('.place') ? 'naming only the wider place' : 'computed from an age or given without the full date'}, and agree: ${claims.map((e) => `${input.source(e.source)?.title ?? e.source} [${e.source}]`).join('; ')}.`,
      );
  }
  const conflict = input.conflicts.find((c) => c.person === p.id && c.field === a.field && c.status !== 'open');
  if (conflict) {
    const set = rivals(conflict).filter((x) => !compatibleValues(a.field, x.value, a.value));
    if (set.length) {
      parts.push(
        `Set aside: ${set
          .map((x) => {
            const e = [...x.evidence].sort((m, n) => n.confidence - m.confidence)[0];
            const why = e
              ? e.information !== 'primary'
                ? `its informant did not witness the event (${e.information} information)`
                : e.sourceClass !== 'original'
                  ? `it is a ${e.sourceClass} copy`
                  : 'it weighs less'
              : 'no captured evidence supports it';
            return `"${x.value}" from ${e ? `${input.source(e.source)?.title ?? e.source} [${e.source}]` : 'no source'}, because ${why} (weight ${x.weight.toFixed(2)} against ${Math.max(...conflict.competing.filter((y) => compatibleValues(a.field, y.value, a.value)).map((y) => y.weight)).toFixed(2)})`;
          })
          .join('; ')}.`,
      );
    }
  }
  return `- **${label} ${a.value}.** ${parts.join(' ')}`;
}

function relationshipParagraph(input: ArgumentInput, label: string, rel: Relationship, other: Person): string {
  const direct = bySource(rel.evidence.filter((e) => e.evidence === 'direct'));
  const indirect = bySource(rel.evidence.filter((e) => e.evidence !== 'direct'));
  const parts: string[] = [];
  if (direct.length)
    parts.push(
      `Stated in ${direct.map((e) => `${describe(e, input.source(e.source))}, ${quote(e.snippet, input.source(e.source))}`).join('; ')}.`,
    );
  if (indirect.length) {
    parts.push(
      `${direct.length ? 'It is corroborated indirectly' : 'No record states it outright; it rests on indirect evidence that fits together'}: ${indirect.map((e) => `${describe(e, input.source(e.source))}, ${quote(e.snippet, input.source(e.source))}`).join('; ')}.`,
    );
  }
  const sources = new Set(rel.evidence.map((e) => e.source)).size;
  if (sources > 1)
    parts.push(
      `${sources} independent records name the same ${label.toLowerCase()}, which is why the identification is accepted.`,
    );
  return `- **${label}: ${displayName(other)}.** ${parts.join(' ')}`;
}

const NAMESAKE = /^"([^"]+)" in (S-[\w-]+) is not (.+?) \(([^()\s]+)\): (.+)$/s;

/**
 * The eliminations: records of a namesake of the subject (or of a relative concluded above) that were
 * weighed and set aside on a hard fact, so the conclusions rest on this person's records only.
 */
function namesakeParagraph(input: ArgumentInput): string | undefined {
  const who = new Map<string, string>([[input.subject.id, displayName(input.subject)]]);
  for (const r of input.relationships) who.set(r.person.id, `${displayName(r.person)} (${r.label.toLowerCase()})`);
  const set = (input.namesakes ?? [])
    .map((n) => NAMESAKE.exec(n))
    .filter((m): m is RegExpExecArray => m !== null && who.has(m[4]))
    .slice(0, 12);
  if (!set.length) return undefined;
  const items = set.map((m) => {
    const s = input.source(m[2]);
    return `"${m[1]}" in ${s ? s.title : 'a captured record'} [${m[2]}] is not ${who.get(m[4])}: ${m[5].replace(/\s+/g, ' ').trim()}`;
  });
  return `- **Namesakes eliminated.** ${set.length === 1 ? 'A record of a namesake was' : `${set.length} records of namesakes were`} weighed and set aside on a hard fact, so the conclusions above rest on this family's own records: ${items.join('; ')}.`;
}

/** The proof argument's paragraphs, one per conclusion; empty when nothing is concluded yet. */
export function proofArgument(input: ArgumentInput): string[] {
  const out = [
    ...input.facts.map((f) => factParagraph(input, f.label, f.assertion)),
    ...input.relationships.map((r) => relationshipParagraph(input, r.label, r.rel, r.person)),
  ];
  const eliminated = out.length ? namesakeParagraph(input) : undefined;
  return eliminated ? [...out, eliminated] : out;
}
