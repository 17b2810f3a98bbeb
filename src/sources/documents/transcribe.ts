/**
 * Transcribes the documents of a case's archive into sidecar records, best way first: a PDF's
 * text layer, then OCR for images (offline), or Claude's vision when the case allows it and a
 * reader is given. A document whose sidecar is the machine's own and still matches the image's hash
 * is left alone; a sidecar a person edited is never written over (the new reading goes beside it,
 * and the correction is logged once). Every write goes through the case writer (Censor, atomic).
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { redactText } from '../../agents/censor';
import type { FileCaseStore } from '../../case';
import type { Persona, RecordType } from '../../model';
import {
  alternateOf,
  isDocumentFile,
  isPdf,
  listDocuments,
  sidecarOf,
  sniffFormat,
  type TranscriptionEngine,
} from './kinds';
import { createOcrEngine, type OcrEngine, type OcrPage } from './ocr';
import { pdfPageImages } from './pdf-images';
import { tiffPages } from './tiff';

/** One page's image, for OCR page by page. */
interface PageImage {
  page: number;
  pages: number;
  /** An image file OCR reads (a PNG, a one-page TIFF); none for a page without a scan. */
  image?: Uint8Array;
}
import { hasTextLayer, pdfTextPages } from './pdf-text';
import { readSidecar, renderSidecar, seal, sha256Hex, type DocumentMeta } from './sidecar';

/** A page as read by some engine. */
/** The facts a reading yields for the sidecar's front matter (archive format), all grounded. */
export interface ExtractedFront {
  recordType?: RecordType;
  date?: string;
  place?: string;
  persons: Persona[];
}

export interface Reading {
  text: string;
  confidence: number;
  uncertain: number;
  /** Facts a vision reading extracted and the firewall kept (sidecar front matter). */
  front?: ExtractedFront;
}

/** Claude's vision (vision.ts), or a stand-in: reads one image with the OCR text as a cross-check. */
export interface VisionReader {
  readonly name: string;
  read(
    doc: { rel: string; bytes: Uint8Array; mediaType: string; ocr?: Reading },
    signal?: AbortSignal,
  ): Promise<Reading>;
}

export interface TranscribeProgress {
  file: string;
  index: number;
  files: number;
  page: number;
  pages: number;
  /** 0..1 within the page. */
  progress: number;
}

export type TranscribeOutcome =
  | {
      file: string;
      status: 'written';
      sidecar: string;
      engine: TranscriptionEngine;
      confidence: number;
      uncertain: number;
    }
  | {
      file: string;
      status: 'beside';
      sidecar: string;
      engine: TranscriptionEngine;
      confidence: number;
      uncertain: number;
    }
  | { file: string; status: 'current'; sidecar: string }
  | { file: string; status: 'failed'; reason: string };

export interface TranscribeOptions {
  /** Case-relative documents (default: every document in archive/). */
  files?: string[];
  engine?: TranscriptionEngine;
  /** Read again even when the machine's sidecar is current. */
  force?: boolean;
  vision?: VisionReader;
  onProgress?: (p: TranscribeProgress) => void;
  signal?: AbortSignal;
  /** Shared OCR worker (a caller transcribing often keeps one); created on first need otherwise. */
  ocr?: OcrEngine;
}

const MEDIA: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
};

export function mediaTypeOf(file: string): string {
  const ext = /\.[a-z]+$/i.exec(file)?.[0].toLowerCase() ?? '';
  return MEDIA[ext] ?? 'application/octet-stream';
}

/** Documents that have no sidecar yet, or whose machine sidecar no longer matches the image. */
export function documentsToTranscribe(root: string): string[] {
  return listDocuments(root).filter((rel) => {
    let text: string;
    try {
      text = readFileSync(join(root, sidecarOf(rel)), 'utf8');
    } catch {
      return true;
    }
    const s = readSidecar(text);
    if (s.kind !== 'machine') return false;
    return s.meta.sha256 !== sha256Hex(readFileSync(join(root, rel)));
  });
}

function pagesBody(pages: string[]): string {
  if (pages.length === 1) return pages[0];
  return pages.map((p, i) => `## Page ${i + 1}\n\n${p || '(no text on this page)'}`).join('\n\n');
}

interface ReadResult {
  engine: TranscriptionEngine;
  transcriber: string;
  pages: string[];
  confidence: number;
  uncertain: number;
  front?: ExtractedFront;
}

export class Transcriber {
  private ocr: OcrEngine | undefined;
  private ownsOcr = false;

  constructor(
    private readonly store: FileCaseStore,
    private readonly opts: TranscribeOptions = {},
  ) {
    this.ocr = opts.ocr;
  }

  private async ocrEngine(): Promise<OcrEngine> {
    if (!this.ocr) {
      this.ocr = await createOcrEngine();
      this.ownsOcr = true;
    }
    return this.ocr;
  }

  async close(): Promise<void> {
    if (this.ownsOcr) await this.ocr?.close();
    this.ocr = undefined;
  }

  async run(): Promise<TranscribeOutcome[]> {
    const root = this.store.root;
    const files = this.opts.files ?? listDocuments(root);
    const out: TranscribeOutcome[] = [];
    try {
      for (const [index, rel] of files.entries()) {
        if (this.opts.signal?.aborted) break;
        out.push(await this.one(rel, index, files.length));
      }
    } finally {
      await this.close();
    }
    return out;
  }

  private async one(rel: string, index: number, files: number): Promise<TranscribeOutcome> {
    const root = this.store.root;
    if (!isDocumentFile(rel))
      return { file: rel, status: 'failed', reason: 'not an image or PDF (.jpg .png .tif .webp .pdf)' };
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(join(root, rel)));
    } catch (e) {
      return { file: rel, status: 'failed', reason: `cannot read: ${(e as Error).message}` };
    }
    const format = sniffFormat(bytes);
    const expected = isPdf(rel) ? 'pdf' : 'an image';
    if (!format || (format === 'pdf') !== isPdf(rel))
      return {
        file: rel,
        status: 'failed',
        reason: `not ${expected} (its first bytes are ${format ? `a ${format.toUpperCase()}` : 'of no image or PDF format'}): damaged or misnamed`,
      };
    const sha = sha256Hex(bytes);
    const sidecar = sidecarOf(rel);
    let existing: ReturnType<typeof readSidecar> | undefined;
    try {
      existing = readSidecar(readFileSync(join(root, sidecar), 'utf8'));
    } catch {
      existing = undefined;
    }
    if (existing?.kind === 'edited') await this.logCorrection(sidecar, existing.sha256);
    if (
      existing?.kind === 'machine' &&
      existing.meta.sha256 === sha &&
      !this.opts.force &&
      (!this.opts.engine || existing.meta.engine === this.opts.engine)
    )
      return { file: rel, status: 'current', sidecar };

    const progress = (page: number, pages: number, p: number) =>
      this.opts.onProgress?.({ file: rel, index, files, page, pages, progress: p });
    let reading: ReadResult;
    try {
      reading = await this.read(rel, bytes, progress);
    } catch (e) {
      return { file: rel, status: 'failed', reason: (e as Error).message };
    }
    // A person's sidecar stays; the machine's new reading goes beside it for comparison.
    const beside = existing !== undefined && existing.kind !== 'machine';
    const target = beside ? alternateOf(rel, reading.engine) : sidecar;
    const meta: Omit<DocumentMeta, 'machineSha256'> = {
      file: basename(rel),
      sha256: sha,
      transcriber: reading.transcriber,
      engine: reading.engine,
      date: this.store.clock.now().toISOString(),
      confidence: Number(reading.confidence.toFixed(3)),
      pages: reading.pages.length,
      uncertain: reading.uncertain,
    };
    const draft = renderSidecar({
      title: `${basename(rel)} (transcription)`,
      docRel: rel,
      meta,
      body: pagesBody(reading.pages),
      ...(reading.front ? { front: reading.front } : {}),
    });
    // Sealed after the Censor's pass, so the file as written matches its seal.
    const text = seal(redactText(draft, this.store.censorContext()).text);
    await this.store.writer.writeText(target, text);
    await this.store.appendLog([
      {
        agent: 'Scout',
        actionType: 'decision',
        decisionType: 'transcription',
        optionsConsidered: ['pdf', 'ocr', 'claude'],
        chosenOption: reading.engine,
        confidence: meta.confidence,
        rationale: `${rel} (sha256 ${sha.slice(0, 12)}) transcribed by ${reading.transcriber}: ${reading.pages.length} page(s), ${reading.uncertain} uncertain word(s)${beside ? `; written beside ${sidecar}, which a person edited` : ''}`,
        context: target,
      },
    ]);
    return {
      file: rel,
      status: beside ? 'beside' : 'written',
      sidecar: target,
      engine: reading.engine,
      confidence: meta.confidence ?? 0,
      uncertain: reading.uncertain,
    };
  }

  private async read(
    rel: string,
    bytes: Uint8Array,
    progress: (page: number, pages: number, p: number) => void,
  ): Promise<ReadResult> {
    const want = this.opts.engine;
    if (isPdf(rel)) {
      if (want !== 'claude' && want !== 'ocr') {
        const pdf = await pdfTextPages(bytes);
        if (hasTextLayer(pdf.pages)) {
          pdf.pages.forEach((_, i) => progress(i + 1, pdf.pages.length, 1));
          return { engine: 'pdf', transcriber: pdf.producer, pages: pdf.pages, confidence: 1, uncertain: 0 };
        }
        if (want === 'pdf')
          throw new Error('this PDF has no text layer (a scan): use --engine ocr (print) or --engine claude');
      }
      const visionPdf = want === 'claude' || (want === undefined && this.opts.vision !== undefined);
      if (!visionPdf) return this.ocrPdf(bytes, progress);
      if (!this.opts.vision)
        throw new Error('Claude vision is not available: set an Anthropic key and llm.vision: true in case.yaml');
      const r = await this.opts.vision.read({ rel, bytes, mediaType: mediaTypeOf(rel) }, this.opts.signal);
      return { engine: 'claude', transcriber: this.opts.vision.name, pages: [r.text], ...r };
    }
    if (want === 'pdf') throw new Error('--engine pdf reads PDFs only');
    const useVision = want === 'claude' || (want === undefined && this.opts.vision !== undefined);
    if (useVision && !this.opts.vision)
      throw new Error('Claude vision is not available: set an Anthropic key and llm.vision: true in case.yaml');
    // A multi-page TIFF is read page by page; the decoder (libtiff in tesseract.js) reads a file's first page only.
    if (!useVision && sniffFormat(bytes) === 'tiff') {
      const pages = tiffPages(bytes);
      if (pages.length > 1)
        return this.ocrPages(
          pages.map((image, i) => ({ page: i + 1, pages: pages.length, image })),
          progress,
          (name) => `${name}, ${pages.length} TIFF pages`,
        );
    }
    // OCR first in any case: it is offline and free, and it cross-checks a vision reading of print.
    let ocr: Reading | undefined;
    try {
      const engine = await this.ocrEngine();
      const page = await engine.recognize(bytes, (p) => progress(1, 1, p));
      ocr = page;
      if (!useVision)
        return {
          engine: 'ocr',
          transcriber: engine.name,
          pages: [page.text],
          confidence: page.confidence,
          uncertain: page.uncertain,
        };
    } catch (e) {
      if (!useVision) throw new Error(`OCR failed: ${(e as Error).message}`, { cause: e });
    }
    const r = await this.opts.vision!.read({ rel, bytes, mediaType: mediaTypeOf(rel), ocr }, this.opts.signal);
    return { engine: 'claude', transcriber: this.opts.vision!.name, pages: [r.text], ...r };
  }

  /** A scanned PDF, page by page, from the scan each page holds. */
  private ocrPdf(bytes: Uint8Array, progress: (page: number, pages: number, p: number) => void): Promise<ReadResult> {
    const signal = this.opts.signal;
    async function* images(): AsyncGenerator<PageImage> {
      for await (const p of pdfPageImages(bytes, { signal })) yield { page: p.page, pages: p.pages, image: p.png };
    }
    return this.ocrPages(images(), progress, (name) => `${name} on the PDF's page images`);
  }

  /**
   * Pages (of a scanned PDF or a multi-page TIFF) one at a time through the same OCR as an image,
   * with progress per page. The confidence is the mean over every word of every page.
   */
  private async ocrPages(
    images: Iterable<PageImage> | AsyncIterable<PageImage>,
    progress: (page: number, pages: number, p: number) => void,
    transcriber: (engine: string) => string,
  ): Promise<ReadResult> {
    const engine = await this.ocrEngine();
    const texts: string[] = [];
    let words = 0;
    let sum = 0;
    let uncertain = 0;
    for await (const img of images) {
      this.opts.signal?.throwIfAborted();
      progress(img.page, img.pages, 0);
      if (!img.image) {
        texts.push('');
        progress(img.page, img.pages, 1);
        continue;
      }
      let page: OcrPage;
      try {
        page = await engine.recognize(img.image, (p) => progress(img.page, img.pages, p));
      } catch (e) {
        throw new Error(`OCR failed on page ${img.page}: ${(e as Error).message}`, { cause: e });
      }
      texts.push(page.text);
      words += page.words.length;
      sum += page.confidence * page.words.length;
      uncertain += page.uncertain;
    }
    if (!words) throw new Error('this document has no text layer and no page image OCR could read');
    return {
      engine: 'ocr',
      transcriber: transcriber(engine.name),
      pages: texts,
      confidence: sum / words,
      uncertain,
    };
  }

  /** A person's correction is logged once per version of the sidecar; it supersedes the machine's reading. */
  private async logCorrection(sidecar: string, sha: string): Promise<void> {
    await logTranscriptionCorrection(this.store, sidecar, sha);
  }
}

/**
 * Logs that a person's version of a sidecar (`sha` of its text) supersedes the machine's reading,
 * once per version: the document view logs it when the person saves, and a later transcription run
 * finds it logged already.
 */
export async function logTranscriptionCorrection(
  store: FileCaseStore,
  sidecar: string,
  sha: string,
  how = 'was edited by a person',
): Promise<void> {
  const context = `${sidecar}#${sha.slice(0, 16)}`;
  if (
    store
      .log()
      .some(
        (e) => e.actionType === 'decision' && e.decisionType === 'transcription_correction' && e.context === context,
      )
  )
    return;
  await store.appendLog([
    {
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'transcription_correction',
      optionsConsidered: ['machine reading', 'person’s correction'],
      chosenOption: 'person’s correction',
      rationale: `${sidecar} ${how}: their transcription supersedes the machine's and is never overwritten`,
      context,
    },
  ]);
}

export async function transcribeDocuments(
  store: FileCaseStore,
  opts: TranscribeOptions = {},
): Promise<TranscribeOutcome[]> {
  return new Transcriber(store, opts).run();
}
