/**
 * The deterministic RecordExtractor: personas from the record's `persons` index (each field grounded
 * in the verbatim text where it appears), or from simple patterns in free text.
 */
import type { SourceRecord } from '../../../model';
import type { ExtractionResult, GroundedPersona, RecordExtractor } from '../../../engine/agents';
import { SnippetFinder } from './snippets';
import { extractFromText } from './patterns';
import { extractStatements, personaDetails } from './statements';
import { INDEX_FIELDS } from './evidence-text';

export function extractStructured(
  record: Pick<SourceRecord, 'persons' | 'text'> &
    Partial<Pick<SourceRecord, 'informationType' | 'informant' | 'relationships' | 'events'>>,
): GroundedPersona[] {
  const finder = new SnippetFinder(record);
  return record.persons.map((persona, index) => {
    const snippets: Record<string, string> = { name: finder.find(persona, 'name', persona.name) };
    for (const f of INDEX_FIELDS) {
      const v = persona[f];
      if (v !== undefined && v !== '') snippets[f] = finder.find(persona, f, String(v));
    }
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
    if (record.persons.length)
      return { personas: extractStructured(record), ...extractStatements(record), hypotheses: [], rejected: [] };
    // A notice in German or Welsh with the translation its record carries: the patterns read English,
    // so the translation is read too, and the reading that finds more persons is kept (never both:
    // one person named in each would be two).
    const body = extractFromText(record.title, record.text, record.date);
    const translated = record.translation ? extractFromText(record.title, record.translation, record.date) : undefined;
    const { personas, hypotheses, relations } =
      translated && translated.personas.length > body.personas.length ? translated : body;
    return {
      personas,
      hypotheses,
      relations,
      events: [],
      rejected: personas.length ? [] : [{ reason: 'no persons index and no recognisable pattern in the text' }],
    };
  }
}

export { extractFromText, toGedcomDate, principalName } from './patterns';
export { SnippetFinder } from './snippets';
export { extractStatements, personaDetails, personaKey } from './statements';
export { snippetInSource, indexLines, indexLine, recordLines, statementLines } from './evidence-text';
