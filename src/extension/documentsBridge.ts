/**
 * "Transcribe Document" (command palette, and the explorer's context menu on images and PDFs), in
 * dist/engine.js so the activation bundle does not carry it: transcribes archive documents of a case
 * under its lock, with a cancellable progress notification per page and the key from SecretStorage
 * for Claude vision (used only when case.yaml sets llm.vision: true), then opens the document view
 * (the image beside its transcription, webviews/documentPanel.ts).
 */
import { sep } from 'node:path';
import * as vscode from 'vscode';
import { openCase } from '../case';
import { withCaseLock } from '../case/lock';
import { transcribeDocuments, type TranscribeOutcome, type TranscribeProgress } from '../sources/documents/transcribe';
import { visionFromEnv } from '../sources/documents/vision-setup';
import type { Services } from './services';
import { relativeDocument } from './documentView';

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
  const rel = relativeDocument(root, uri.fsPath);
  uri = vscode.Uri.file(`${root}/${rel}`);
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
  // The document view: the image beside its transcription, with the facts and their citations.
  await vscode.commands.executeCommand('ancestry.openDocument', uri);
  return o;
}
