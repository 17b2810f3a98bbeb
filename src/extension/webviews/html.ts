/**
 * HTML shell of every webview: a strict CSP (no inline script or style; the one script carries a
 * fresh nonce), resources only through `asWebviewUri` from dist/webview, theme colours come from
 * VS Code's CSS variables in the panel's stylesheet.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export type PanelKind = 'pedigree' | 'merges' | 'merge-review' | 'conflicts' | 'queue' | 'person' | 'document';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
      vscode.Uri.joinPath(extensionUri, 'media'),
    ],
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  panel: PanelKind,
  title: string,
): string {
  const nonce = randomBytes(16).toString('base64');
  const asset = (file: string) =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', file)).toString();
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset(`${panel}.css`)}">
<title>${escapeHtml(title)}</title>
</head>
<body data-panel="${panel}">
<div id="app" role="main" aria-busy="true">Loading…</div>
<script nonce="${nonce}" src="${asset(`${panel}.js`)}"></script>
</body>
</html>`;
}
