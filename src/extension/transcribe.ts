/**
 * "Transcribe Document" (command palette, and the explorer's context menu on images and PDFs):
 * reads the document into its sidecar with a cancellable progress notification, then shows the
 * image and its transcription side by side (the image in VS Code's own viewer, which zooms).
 */
import { relative, sep } from 'node:path';
import * as vscode from 'vscode';
import { loadEngine } from './loadEngine';
import type { Services } from './services';

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
      const { transcribeInCase } = await loadEngine('documents');
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
