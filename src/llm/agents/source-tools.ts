/**
 * Helper tools the verifier may call before answering: checking a quotation against the captured
 * text lets the model correct a near-miss instead of having the firewall reject it (check 2).
 */
import { z } from 'zod';
import type { SourceRecord } from '../../model';
import { containsVerbatim, wordSet } from '../firewall/grounding';
import type { HelperTool } from './ask';

const Input = z.object({ text: z.string().min(1).max(2000) });
const MAX_RESULT_CHARS = 600;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n{2,}/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function findInSourceTool(record: SourceRecord): HelperTool {
  return {
    tool: {
      name: 'find_in_source',
      description:
        'Check whether a passage occurs verbatim in the record text before citing it. Returns FOUND, or NOT FOUND with the closest passage of the record, which you may quote instead.',
      input_schema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'the exact passage you intend to cite' } },
        required: ['text'],
      },
    },
    run(input: unknown): string {
      const parsed = Input.safeParse(input);
      if (!parsed.success) return 'ERROR: give {"text": "<passage>"} (1 to 2000 characters)';
      const { text } = parsed.data;
      const source = `${record.title}\n${record.text}`;
      if (containsVerbatim(source, text)) return `FOUND verbatim: "${text.slice(0, MAX_RESULT_CHARS)}"`;
      const want = wordSet(text);
      let best = '';
      let bestScore = 0;
      for (const s of sentences(source)) {
        const words = wordSet(s);
        const score = [...want].filter((w) => words.has(w)).length / Math.max(1, want.size);
        if (score > bestScore) [best, bestScore] = [s, score];
      }
      return best
        ? `NOT FOUND. Closest passage: "${best.slice(0, MAX_RESULT_CHARS)}"`
        : 'NOT FOUND, and no passage shares its words: do not cite it.';
    },
  };
}
