/**
 * Claude reads a document image (handwriting, other scripts): a diplomatic transcription (line by
 * line, as written, doubtful readings in brackets), then a second independent reading; the words
 * they disagree on (and, for print, the words OCR read otherwise) are marked `[word?]`. Structured
 * facts are then extracted from the transcription and pass the hallucination firewall's grounding:
 * every value must occur among the words no reading doubts, so no fact rests on an uncertain word.
 * The Censor decides before the image leaves the machine (pixels cannot be redacted): a document
 * that shows signs of a living person is not sent without the user's consent. Every call goes
 * through the LLM gateway, so the cost meter counts it and the log records it.
 */
import { z } from 'zod';
import type { CensorContext } from '../../agents/censor';
import type { LlmGateway, ModelAttachment } from '../../llm/gateway';
import { LlmError, toolUses } from '../../llm/port';
import { dateGrounded, missingWords, wordSet } from '../../llm/firewall/grounding';
import { Persona, RecordType, type NewLogEntry } from '../../model';
import { compareReadings } from './readings';
import type { ExtractedFront, Reading, VisionReader } from './transcribe';

export interface VisionReading extends Reading {
  front?: ExtractedFront;
}

const TRANSCRIBE_TOOL = 'record_transcription';
const EXTRACT_TOOL = 'record_facts';

const TranscriptionOutput = z.object({ lines: z.array(z.string()).max(2_000) });
const PersonOutput = z.looseObject({
  name: z.string().min(1),
  role: z.string().optional(),
  sex: z.enum(['M', 'F']).optional(),
  age: z.union([z.string(), z.number()]).optional(),
  birthDate: z.string().optional(),
  birthPlace: z.string().optional(),
  deathDate: z.string().optional(),
  deathPlace: z.string().optional(),
  residence: z.string().optional(),
  occupation: z.string().optional(),
  relationship: z.string().optional(),
});
const ExtractOutput = z.object({
  recordType: z.string().optional(),
  date: z.string().optional(),
  place: z.string().optional(),
  persons: z.array(PersonOutput).max(200).default([]),
});

const DIPLOMATIC = [
  'You transcribe a genealogical document image diplomatically for a genealogist.',
  'Write every line as it is written on the page, in its own spelling, abbreviations, capitals and punctuation; one output line per written line.',
  'Do not expand, correct, translate, modernise or complete anything. Put a reading you are unsure of in square brackets with a question mark, e.g. [Owens?]; write [illegible] for what you cannot read.',
  'Never add a word that is not on the page.',
].join('\n');
const SECOND = [
  'You are a second, independent reader of a genealogical document image. Another reader transcribed it; you do not see their reading.',
  'Transcribe the page yourself, line by line, exactly as written (spelling, abbreviations, capitals). Bracket any doubtful word with a question mark, e.g. [1871?]; write [illegible] where you cannot read.',
  'Never guess a name or a date to make it look complete.',
].join('\n');
const EXTRACT = [
  'From a transcription of a genealogical record, list the record type, its date and place, and the persons it names with what it says of them.',
  'Copy every value exactly as the transcription writes it. Leave out any value that is not written there, and any value that rests on a word marked [like this?] or on […].',
  'Do not infer (no birth year from an age, no surname from a relative).',
].join('\n');

const transcribeTool = (name: string) => ({
  name,
  description: 'The transcription, one string per written line.',
  input_schema: {
    type: 'object' as const,
    properties: { lines: { type: 'array', items: { type: 'string' } } },
    required: ['lines'],
  },
});
const extractTool = {
  name: EXTRACT_TOOL,
  description: 'Facts of the record, each copied from the transcription.',
  input_schema: {
    type: 'object' as const,
    properties: {
      recordType: { type: 'string', enum: RecordType.options },
      date: { type: 'string' },
      place: { type: 'string' },
      persons: {
        type: 'array',
        items: {
          type: 'object',
          properties: Object.fromEntries(
            [
              'name',
              'role',
              'age',
              'birthDate',
              'birthPlace',
              'deathDate',
              'deathPlace',
              'residence',
              'occupation',
              'relationship',
            ]
              .map((k): [string, object] => [k, { type: 'string' }])
              .concat([['sex', { type: 'string', enum: ['M', 'F'] }]]),
          ),
          required: ['name'],
        },
      },
    },
    required: ['persons'],
  },
};

/**
 * Whether a document may be sent, decided from what could be read of it offline (OCR, an earlier
 * sidecar) and the case's privacy rules: a living person's name, or a year within the living
 * threshold, keeps it on the machine unless the user consented.
 */
export function documentMayLeave(
  offlineText: string | undefined,
  ctx: CensorContext,
): { allowed: boolean; reason: string } {
  if (ctx.consent) return { allowed: true, reason: 'user consent (privacy.consent): sent as it is' };
  const text = offlineText ?? '';
  const lower = text.toLowerCase();
  const living = (ctx.livingNames ?? []).find((n) => n.length > 3 && lower.includes(n.toLowerCase()));
  if (living) return { allowed: false, reason: `it names ${living}, a living person` };
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  const recent = [...text.matchAll(/\b(1[89]\d\d|20\d\d)\b/g)].map((m) => Number(m[1])).find((y) => y > cutoff);
  if (recent !== undefined)
    return {
      allowed: false,
      reason: `it holds the year ${recent}, within the ${ctx.thresholdYears}-year living threshold: it may be about a living person`,
    };
  return {
    allowed: true,
    reason: text.trim()
      ? 'no living person and no date within the living threshold in its offline reading'
      : 'nothing legible offline (handwriting): no sign of a living person',
  };
}

type Field = 'name' | 'text' | 'date' | 'age';
const FIELD_KIND: Record<string, Field> = {
  name: 'name',
  birthDate: 'date',
  deathDate: 'date',
  age: 'age',
};

/** Keeps only values grounded in the certain words; names what it dropped and why. */
export function groundExtraction(
  out: z.infer<typeof ExtractOutput>,
  certainText: string,
): { front: ExtractedFront; rejected: string[] } {
  const corpus = wordSet(certainText);
  const rejected: string[] = [];
  const grounded = (what: string, value: string, kind: Field): boolean => {
    let why: string | undefined;
    if (kind === 'date') why = dateGrounded(value, certainText).why;
    else if (kind === 'age') why = (value.match(/\d+/g) ?? []).find((d) => !corpus.has(d));
    else {
      const missing = missingWords(value, corpus);
      why = missing.length ? `"${missing.join(' ')}" is not a certain word of the transcription` : undefined;
    }
    if (why) rejected.push(`${what} "${value}": ${why}`);
    return !why;
  };
  const front: ExtractedFront = { persons: [] };
  const type = RecordType.safeParse(out.recordType);
  if (type.success) front.recordType = type.data;
  if (out.date && grounded('date', out.date, 'date')) front.date = out.date;
  if (out.place && grounded('place', out.place, 'text')) front.place = out.place;
  for (const p of out.persons) {
    if (!grounded('name', p.name, 'name')) continue;
    const kept: Record<string, unknown> = { name: p.name };
    for (const [k, v] of Object.entries(p)) {
      if (k === 'name' || v === undefined || v === '') continue;
      if (k === 'role' || k === 'sex') kept[k] = v;
      else if (typeof v === 'string' || typeof v === 'number')
        if (grounded(`${p.name}: ${k}`, String(v), FIELD_KIND[k] ?? 'text')) kept[k] = v;
    }
    const persona = Persona.safeParse(kept);
    if (persona.success) front.persons.push(persona.data);
    else {
      // An unknown role is dropped, the person kept.
      const again = Persona.safeParse({ ...kept, role: undefined });
      if (again.success) front.persons.push(again.data);
    }
  }
  return { front, rejected };
}

export interface ClaudeVisionOptions {
  gateway: LlmGateway;
  censor: () => CensorContext;
  log: (e: NewLogEntry) => void;
  /** The second reading's model (default: the same model, asked afresh). */
  secondModel?: string;
}

const VISION_MEDIA = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf']);

export class ClaudeVisionReader implements VisionReader {
  constructor(private readonly opts: ClaudeVisionOptions) {}

  get name(): string {
    const model = this.opts.gateway.opts.model;
    return `${model} (vision, two readings${this.opts.secondModel ? ` with ${this.opts.secondModel}` : ''})`;
  }

  private async transcribe(
    system: string,
    attachment: ModelAttachment,
    rel: string,
    model: string | undefined,
    signal?: AbortSignal,
  ): Promise<string> {
    const reply = await this.opts.gateway.call({
      purpose: `transcribe ${rel}`,
      role: 'research',
      agent: 'Scout',
      system,
      user: 'Transcribe this document.',
      attachments: [attachment],
      tools: [transcribeTool(TRANSCRIBE_TOOL)],
      toolChoice: { type: 'tool', name: TRANSCRIBE_TOOL },
      ...(model ? { model } : {}),
      signal,
    });
    const use = toolUses(reply.message).find((u) => u.name === TRANSCRIBE_TOOL);
    const parsed = TranscriptionOutput.safeParse(use?.input);
    if (!parsed.success)
      throw new LlmError('invalid_response', `the model's transcription of ${rel} is not a list of lines`);
    return parsed.data.lines.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n');
  }

  async read(
    doc: { rel: string; bytes: Uint8Array; mediaType: string; ocr?: Reading },
    signal?: AbortSignal,
  ): Promise<VisionReading> {
    const ctx = this.opts.censor();
    const gate = documentMayLeave(doc.ocr?.text, ctx);
    this.opts.log({
      agent: 'Censor',
      actionType: 'compliance',
      check: ctx.consent ? 'consent' : 'living',
      subject: doc.rel,
      allowed: gate.allowed,
      reason: gate.allowed ? `image sent to the model: ${gate.reason}` : `image kept on this machine: ${gate.reason}`,
      rationale: 'an image cannot be redacted: the Censor decides before it leaves the machine',
      context: doc.rel,
    });
    if (!gate.allowed)
      throw new Error(
        `the Censor kept ${doc.rel} on this machine (${gate.reason}); set privacy.consent: true in case.yaml to send it`,
      );
    if (!VISION_MEDIA.has(doc.mediaType))
      throw new Error(`Claude reads JPEG, PNG, WebP and PDF, not ${doc.mediaType}: convert ${doc.rel} to PNG`);
    const attachment: ModelAttachment = {
      kind: doc.mediaType === 'application/pdf' ? 'document' : 'image',
      mediaType: doc.mediaType as ModelAttachment['mediaType'],
      base64: Buffer.from(doc.bytes).toString('base64'),
    };
    const first = await this.transcribe(DIPLOMATIC, attachment, doc.rel, undefined, signal);
    const second = await this.transcribe(SECOND, attachment, doc.rel, this.opts.secondModel, signal);
    // OCR is a third witness only for print it read with some confidence (it garbles handwriting).
    const printed = doc.ocr && doc.ocr.confidence >= 0.75 && doc.ocr.text.split(/\s+/).length >= 3;
    const compared = compareReadings(first, printed ? [second, doc.ocr!.text] : [second]);

    const reply = await this.opts.gateway.call({
      purpose: `extract facts of ${doc.rel}`,
      role: 'research',
      agent: 'Analyst',
      system: EXTRACT,
      user: compared.text,
      tools: [extractTool],
      toolChoice: { type: 'tool', name: EXTRACT_TOOL },
      signal,
    });
    const parsed = ExtractOutput.safeParse(toolUses(reply.message).find((u) => u.name === EXTRACT_TOOL)?.input);
    let front: ExtractedFront | undefined;
    if (parsed.success) {
      const g = groundExtraction(parsed.data, compared.certainText);
      front = g.front;
      if (g.rejected.length)
        this.opts.log({
          agent: 'Analyst',
          actionType: 'decision',
          decisionType: 'firewall',
          optionsConsidered: g.rejected.slice(0, 50),
          chosenOption: `dropped ${g.rejected.length} value(s) not grounded in the certain words of the transcription`,
          rationale: 'no fact rests on an uncertain word, or on a word that is not in the transcription',
          context: doc.rel,
        });
    }
    return {
      text: compared.text,
      confidence: compared.agreement,
      uncertain: compared.uncertain,
      ...(front ? { front } : {}),
    };
  }
}
