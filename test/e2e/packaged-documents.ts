/**
 * The installed extension transcribes documents offline (issue #17): a gravestone rendered to PNG
 * and a certificate to PDF go into a copy of the sample case, and the *installed* package's
 * dist/engine.js (with a stand-in for the vscode module, which the documents bridge only names)
 * transcribes them with the readers the package carries in dist/node_modules. Run by
 * scripts/e2e.mjs after the .vsix is installed: `tsx test/e2e/packaged-documents.ts <extensions dir> <case>`.
 * Prints one JSON line; exits 1 when a document is not transcribed or a reader came from elsewhere.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { accuracy, PAGES, pageText, plain, renderPdf, renderPng } from '../documents/pages';

interface Outcome {
  file: string;
  status: string;
  engine?: string;
  sidecar?: string;
  reason?: string;
}
interface Documents {
  transcribeInCase(req: {
    root: string;
    files: string[];
    signal: AbortSignal;
    onProgress: (p: unknown) => void;
  }): Promise<Outcome[]>;
}

async function main(): Promise<void> {
  const [extensions, root] = process.argv.slice(2);
  if (!extensions || !root) throw new Error('usage: packaged-documents.ts <extensions dir> <case>');
  const folder = readdirSync(extensions).find((d) => d.includes('ancestry-engine'));
  if (!folder) throw new Error(`no ancestry-engine extension in ${extensions}`);
  const ext = join(extensions, folder);
  // The bridge imports vscode for its command; the transcription itself never calls it.
  const load = (Module as unknown as { _load: (r: string, ...a: unknown[]) => unknown })._load;
  (Module as unknown as { _load: (r: string, ...a: unknown[]) => unknown })._load = function (r, ...a) {
    return r === 'vscode' ? {} : load.call(this, r, ...a);
  };
  writeFileSync(join(root, 'archive', 'grave.png'), await renderPng(PAGES[2], { px: 24, seed: 3 }));
  writeFileSync(join(root, 'archive', 'certificate.pdf'), await renderPdf([PAGES[1]]));
  const requireFrom = Module.createRequire(__filename);
  const engine = requireFrom(join(ext, 'dist', 'engine.js')) as { modules: { documents(): Promise<Documents> } };
  const documents = await engine.modules.documents();
  const outcomes = await documents.transcribeInCase({
    root,
    files: ['archive/grave.png', 'archive/certificate.pdf'],
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  // Every reader that was loaded came from the package, not from a node_modules elsewhere.
  const readers = Object.keys(requireFrom.cache).filter((f) => /[\\/](tesseract\.js|unpdf)[\\/]/.test(f));
  const foreign = readers.filter((f) => !f.startsWith(join(ext, 'dist', 'node_modules')));
  const words = outcomes.map((o) => {
    const page = o.file.endsWith('.png') ? PAGES[2] : PAGES[1];
    const text = o.sidecar ? readFileSync(join(root, o.sidecar), 'utf8') : '';
    return accuracy(plain(pageText(page)), plain(text.split(/^---$/m).slice(2).join('---'))).words;
  });
  const ok =
    outcomes.length === 2 &&
    outcomes.every((o) => o.status === 'written') &&
    foreign.length === 0 &&
    readers.length > 0;
  console.log(
    JSON.stringify({
      ok,
      outcomes: outcomes.map(
        (o, i) =>
          `${o.file}: ${o.status}${o.engine ? ` by ${o.engine}` : ''}${o.reason ? ` (${o.reason})` : ''}, words ${(words[i] ?? 0).toFixed(2)}`,
      ),
      readers: readers.length,
      foreign: foreign.slice(0, 3),
    }),
  );
  process.exit(ok ? 0 : 1);
}

main().catch((e: unknown) => {
  console.log(JSON.stringify({ ok: false, error: e instanceof Error ? e.message : String(e) }));
  process.exit(1);
});
