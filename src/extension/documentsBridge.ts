/**
 * "Transcribe Document" (command palette, and the explorer's context menu on images and PDFs), in
 * dist/engine.js so the activation bundle does not carry it: transcribes archive documents of a case
 * under its lock, with a cancellable progress notification per page and the key from SecretStorage
 * for Claude vision (used only when case.yaml sets llm.vision: true), then shows the image (VS
 * Code's own viewer, which zooms) and its transcription side by side.
 */
import { relative, sep } from 'node:path';
import * as vscode from 'vscode';
import { openCase } from '../case';
import { withCaseLock } from '../case/lock';
import { transcribeDocuments, type TranscribeOutcome, type TranscribeProgress } from '../sources/documents/transcribe';
import { visionFromEnv } from '../sources/documents/vision-setup';
import type { Services } from './services';

export async function transcribeInCase(req: {
  root: string;
  files: string[];
  apiKey?: string;
  signal: AbortSignal;
  onProgress: (p: TranscribeProgress) => void;
}): Promise<TranscribeOutcome[]> {
  return withCaseLock(req.root, 'transcribe (VS Code)', async () => {
    const store = await openCase(req.root);
    const vision = visionFromEnv({ ANTHROPIC_API_KEY: req.apiKey }, store).reader;
    return transcribeDocuments(store, {
      files: req.files,
      vision,
      signal: req.signal,
      onProgress: req.onProgress,
      force: true,
    });
  });
}

const DOCUMENT = /\.(jpe?g|png|tiff?|webp|pdf)$/i;

export async function transcribeDocumentCommand(services: Services, file?: vscode.Uri): Promise<unknown> {
  const root = await services.requireCase();
  let uri = file;
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({
      title: 'Ancestry: Transcribe Document',
      defaultUri: vscode.Uri.file(`${root}${sep}archive`),
      canSelectMany: false,
      filters: { 'Images and PDFs': ['jpg', 'jpeg', 'png', 'tif', 'tiff', 'webp', 'pdf'] },
      openLabel: 'Transcribe',
    });
    uri = picked?.[0];
  }
  if (!uri) return undefined;
  const rel = relative(root, uri.fsPath).split(sep).join('/');
  if (!DOCUMENT.test(rel)) throw new Error(`${rel} is not an image or PDF (.jpg .png .tif .webp .pdf)`);
  if (rel.startsWith('..') || !rel.startsWith('archive/'))
    throw new Error(`${uri.fsPath}: documents are read from the case's archive/ folder; copy it there first`);
  const apiKey = await services.apiKey();
  const outcomes = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Ancestry: transcribing ${rel}`, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort(new Error('user cancel')));
      let last = 0;
      return transcribeInCase({
        root,
        files: [rel],
        apiKey,
        signal: controller.signal,
        onProgress: (p) => {
          const pct = Math.round(p.progress * 100);
          progress.report({ message: `page ${p.page}/${p.pages}`, increment: Math.max(0, pct - last) });
          last = pct;
        },
      });
    },
  );
  const o = outcomes[0];
  if (!o) return undefined;
  if (o.status === 'failed') throw new Error(`${o.file}: ${o.reason}`);
  services.output.appendLine(`[transcribe] ${o.file} → ${o.sidecar} (${o.status})`);
  await vscode.commands.executeCommand('vscode.open', uri, { viewColumn: vscode.ViewColumn.One, preview: false });
  await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(`${root}/${o.sidecar}`), {
    viewColumn: vscode.ViewColumn.Beside,
    preview: false,
  });
  return o;
}
