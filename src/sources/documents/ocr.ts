/**
 * Printed text, offline: tesseract.js (Tesseract compiled to WebAssembly) in its own worker thread,
 * with the English model shipped by the registry package @tesseract.js-data/eng. langPath points
 * into node_modules and nothing is cached to disk, so no run ever downloads or writes a model.
 * Words Tesseract itself doubts are marked `[word?]` in the transcription.
 */
import { dirname, join } from 'node:path';

/** Below this word confidence (Tesseract's 0..100) a word is marked uncertain. */
export const LOW_WORD_CONFIDENCE = 60;

export interface OcrWord {
  text: string;
  confidence: number;
}

export interface OcrPage {
  /** The transcription, line by line, with doubtful words marked. */
  text: string;
  /** Mean word confidence, 0..1. */
  confidence: number;
  uncertain: number;
  words: OcrWord[];
}

export interface OcrProgress {
  page: number;
  pages: number;
  /** 0..1 within the page. */
  progress: number;
}

export interface OcrEngine {
  readonly name: string;
  recognize(image: Uint8Array, onProgress?: (p: number) => void): Promise<OcrPage>;
  close(): Promise<void>;
}

export function markUncertain(word: string): string {
  return `[${word}?]`;
}

interface TessLine {
  words: { text: string; confidence: number }[];
}
interface TessBlock {
  paragraphs: { lines: TessLine[] }[];
}

/** Lines of words to text, marking the doubtful ones; the mean confidence over words. */
export function pageFromBlocks(blocks: TessBlock[] | null, fallbackText: string): OcrPage {
  const words: OcrWord[] = [];
  const paras: string[] = [];
  let uncertain = 0;
  for (const b of blocks ?? [])
    for (const p of b.paragraphs) {
      const lines: string[] = [];
      for (const l of p.lines) {
        const out: string[] = [];
        for (const w of l.words) {
          const t = w.text.trim();
          if (!t) continue;
          words.push({ text: t, confidence: w.confidence });
          if (w.confidence < LOW_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(t)) {
            uncertain += 1;
            out.push(markUncertain(t));
          } else out.push(t);
        }
        if (out.length) lines.push(out.join(' '));
      }
      if (lines.length) paras.push(lines.join('\n'));
    }
  const text = blocks ? paras.join('\n\n') : fallbackText.trim();
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length / 100 : 0;
  return { text, confidence: Number(confidence.toFixed(3)), uncertain, words };
}

/** Where the shipped English model lives (LSTM "best_int", the one OEM 1 loads). */
function englishModelDir(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

function tesseractVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read lazily, at run time, and allowed to fail
    return (require('tesseract.js/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** One worker for the whole run (the model loads once); close() ends its thread. */
export async function createOcrEngine(): Promise<OcrEngine> {
  const { createWorker, OEM } = await import('tesseract.js');
  let onProgress: ((p: number) => void) | undefined;
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: englishModelDir(),
    cacheMethod: 'none',
    gzip: true,
    // Without a handler tesseract.js throws a bad image's error outside the promise; with one, recognize() rejects.
    errorHandler: () => {},
    logger: (m: { status: string; progress: number }) => {
      if (m.status === 'recognizing text') onProgress?.(m.progress);
    },
  });
  // Tesseract's own notes ("Estimating resolution …") go nowhere rather than to the user's terminal.
  await worker.setParameters({ debug_file: '/dev/null' });
  return {
    name: `tesseract.js ${tesseractVersion()} (eng)`,
    async recognize(image, progress) {
      onProgress = progress;
      try {
        const r = await worker.recognize(Buffer.from(image), { rotateAuto: true }, { blocks: true, text: true });
        return pageFromBlocks(r.data.blocks, r.data.text);
      } finally {
        onProgress = undefined;
      }
    },
    async close() {
      await worker.terminate();
    },
  };
}
