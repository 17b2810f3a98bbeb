/**
 * The deterministic RecordExtractor: personas from the record's `persons` index (each field grounded
 * in the verbatim text where it appears), or from simple patterns in free text.
 */
import { transcriptionPages, type SourceRecord } from '../../../model';
import type { ExtractionResult, GroundedPersona, RecordExtractor } from '../../../engine/agents';
import { SnippetFinder } from './snippets';
import { extractFromText, toPrincipal } from './patterns';
import { extractStatements, personaDetails } from './statements';
import { INDEX_FIELDS } from './evidence-text';
import { enslaverLeads } from './enslavers';
import { writtenLifespan } from './lifespan-in-text';

export function extractStructured(
  record: Pick<SourceRecord, 'persons' | 'text'> &
    Partial<Pick<SourceRecord, 'informationType' | 'informant' | 'relationships' | 'events'>>,
): GroundedPersona[] {
  const finder = new SnippetFinder(record);
  return record.persons.map((indexed, index) => {
    const snippets: Record<string, string> = { name: finder.find(indexed, 'name', indexed.name) };
    for (const f of INDEX_FIELDS) {
      const v = indexed[f];
      if (v !== undefined && v !== '') snippets[f] = finder.find(indexed, f, String(v));
    }
    // "Ernest Fenyvesi (1886–1942)" in the text of a record whose index gives only the name.
    const life = writtenLifespan(record.text, indexed);
    const persona = life ? { ...indexed, birthDate: life.birthDate, deathDate: life.deathDate } : indexed;
    if (life) snippets.birthDate = snippets.deathDate = life.snippet;
    return {
      persona,
      snippets,
      confidence: 0.9,
      method: 'structured' as const,
      ...personaDetails(record, persona, index),
    };
  });
}

export class DeterministicExtractor implements RecordExtractor {
  readonly kind = 'deterministic' as const;

  async extract(record: SourceRecord): Promise<ExtractionResult> {
    const leads = enslaverLeads(record.text, record.translation);
    if (record.persons.length)
      return { personas: extractStructured(record), ...extractStatements(record), hypotheses: leads, rejected: [] };
    // A notice in German or Welsh with the translation its record carries: the patterns read English,
    // so the translation is read too, and the reading that finds more persons is kept (never both:
    // one person named in each would be two).
    const body = extractFromPages(record);
    const translated = record.translation ? extractFromText(record.title, record.translation, record.date) : undefined;
    const { personas, hypotheses, relations } =
      translated && translated.personas.length > body.personas.length ? translated : body;
    return {
      personas,
      hypotheses: [...hypotheses, ...leads],
      relations,
      events: [],
      rejected: personas.length ? [] : [{ reason: 'no persons index and no recognisable pattern in the text' }],
    };
  }
}

/**
 * Free text, one page at a time when the record is a document's transcription of several pages
 * (`## Page N`): each page of a register or a newspaper is its own entry, so the first name on
 * page 1 is not the subject of page 2. The record's anchor is page 1's principal; a relative on a
 * later page is tied by a stated relation to its own page's principal (`other` when its role names
 * no tie), so its role is never read as a tie to page 1's.
 */
function extractFromPages(record: SourceRecord): ReturnType<typeof extractFromText> {
  const pages = record.transcription ? transcriptionPages(record.text) : [];
  if (pages.length < 2) return extractFromText(record.title, record.text, record.date);
  const out: ReturnType<typeof extractFromText> = { personas: [], hypotheses: [], relations: [] };
  for (const [n, page] of pages.entries()) {
    const r = extractFromText(record.title, page.text, record.date);
    const offset = out.personas.length;
    const shift = (ref: string) => (/^#\d+$/.test(ref) ? `#${Number(ref.slice(1)) + offset}` : ref);
    const relations = r.relations.map((x) => ({ ...x, from: shift(x.from), to: shift(x.to) }));
    if (n > 0)
      r.personas.forEach((g, i) => {
        const key = `#${i + offset}`;
        if (i === 0 || relations.some((x) => x.from === key || x.to === key)) return;
        const type = toPrincipal(g.persona) ?? 'other';
        relations.push({ from: key, to: `#${offset}`, type, snippet: g.snippets.role ?? g.snippets.name });
      });
    out.personas.push(...r.personas.map((g) => ({ ...g, ...(g.key ? { key: shift(g.key) } : {}) })));
    out.relations.push(...relations);
    out.hypotheses.push(...r.hypotheses);
  }
  return out;
}

export { extractFromText, toGedcomDate, principalName } from './patterns';
export { SnippetFinder } from './snippets';
export { extractStatements, personaDetails, personaKey } from './statements';
export { snippetInSource, indexLines, indexLine, recordLines, statementLines } from './evidence-text';
