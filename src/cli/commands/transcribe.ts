import { relative, resolve, sep } from 'node:path';
import { existsSync } from 'node:fs';
import { CaseFileError, isCaseFolder, openCase } from '../../case';
import { withCaseLock } from '../../case/lock';
import { reportLock } from '../locks';
import { ENGINES, isDocumentFile, type TranscriptionEngine } from '../../sources/documents/kinds';
import { transcribeDocuments, type TranscribeOutcome } from '../../sources/documents/transcribe';
import { visionFromEnv } from '../../sources/documents/vision-setup';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry transcribe <dir> [<file>…] [--engine pdf|ocr|claude] [--force] [--json]';

function describe(o: TranscribeOutcome): string {
  switch (o.status) {
    case 'written':
      return `${o.file} → ${o.sidecar} (${o.engine}, confidence ${o.confidence.toFixed(2)}, ${o.uncertain} uncertain word(s))`;
    case 'beside':
      return `${o.file} → ${o.sidecar} (${o.engine}; the sidecar was edited by a person and is kept)`;
    case 'current':
      return `${o.file}: ${o.sidecar} is current`;
    case 'failed':
      return `${o.file}: not transcribed: ${o.reason}`;
  }
}

export const transcribeCommand: CliCommand = {
  name: 'transcribe',
  usage: usage.slice('ancestry '.length),
  summary: 'read the images and PDFs in archive/ into sidecar records (PDF text layer, offline OCR, or Claude vision)',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      { engine: { type: 'string' }, force: { type: 'boolean' }, json: { type: 'boolean' } },
      usage,
    );
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const engine = values.engine as TranscriptionEngine | undefined;
    if (engine !== undefined && !ENGINES.includes(engine))
      throw new UsageError(`--engine must be one of ${ENGINES.join(', ')} (got "${values.engine}")`);
    const dir = resolve(positionals[0]);
    if (!isCaseFolder(dir))
      throw new UsageError(`${positionals[0]}: no case.yaml here: not a case folder (run "ancestry init")`);
    // Files may be given relative to the working directory or to the case.
    const files = positionals.slice(1).map((f) => {
      const abs = existsSync(resolve(f)) ? resolve(f) : resolve(dir, f);
      const rel = relative(dir, abs).split(sep).join('/');
      if (!existsSync(abs)) throw new UsageError(`${f}: no such file`);
      if (rel.startsWith('..') || !rel.startsWith('archive/'))
        throw new UsageError(`${f}: documents are read from the case's archive/ folder; copy it there first`);
      if (!isDocumentFile(rel)) throw new UsageError(`${f}: not an image or PDF (.jpg .png .tif .webp .pdf)`);
      return rel;
    });
    return withCaseLock(dir, 'transcribe', async (lock) => {
      if (!values.json) reportLock(lock, io);
      const store = await openCase(dir).catch((e: unknown) => {
        if (e instanceof CaseFileError) throw new UsageError(e.message);
        throw e;
      });
      const vision = visionFromEnv(process.env, store);
      if (engine === 'claude' && !vision.reader) throw new UsageError(`--engine claude: ${vision.why}`);
      let lastLine = '';
      const outcomes = await transcribeDocuments(store, {
        files: files.length ? files : undefined,
        engine,
        force: Boolean(values.force),
        vision: vision.reader,
        signal: io.signal,
        onProgress: (p) => {
          if (values.json || !io.tty) return;
          const line = `[${p.index + 1}/${p.files}] ${p.file} page ${p.page}/${p.pages} ${Math.round(p.progress * 100)}%`;
          if (line !== lastLine) io.err((lastLine = line));
        },
      });
      if (values.json) io.out(JSON.stringify({ case: store.root, documents: outcomes }, null, 2));
      else if (!outcomes.length) io.out('No documents in archive/ (.jpg .png .tif .webp .pdf).');
      else io.out(outcomes.map(describe).join('\n'));
      return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
    });
  },
};
