/**
 * The document view (issue #17 item 4): a document of the case archive beside its transcription,
 * in an editor tab. The image zooms, pans and turns (mouse and keyboard); the transcription is
 * corrected in place and saved to the sidecar as the person's correction (logged, read by research
 * from then on); the facts the case took from the document are listed with their reference notes.
 * One panel per document; the image is served from the case folder through asWebviewUri.
 */
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { DocumentFromWebview, DocumentToWebview } from '../../protocol/document';
import type { Services } from '../services';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';

export const DOCUMENT_VIEW_TYPE = 'ancestry.document';

export class DocumentPanel implements vscode.Disposable {
  static readonly open = new Map<string, DocumentPanel>();
  readonly channel: WebviewChannel<DocumentFromWebview, DocumentToWebview>;
  private readonly disposables: vscode.Disposable[] = [];

  /** `rel` is case-relative (archive/…). */
  static async show(services: Services, root: string, rel: string): Promise<DocumentPanel> {
    const key = join(root, rel);
    const existing = DocumentPanel.open.get(key);
    if (existing) {
      existing.panel.reveal();
      await existing.render();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      DOCUMENT_VIEW_TYPE,
      rel.split('/').pop() ?? rel,
      vscode.ViewColumn.Active,
      DocumentPanel.options(services, root, rel),
    );
    const { DocumentFromWebview } = await loadEngine('protocolDocument');
    return new DocumentPanel(services, panel, DocumentFromWebview, root, rel);
  }

  private static options(
    services: Services,
    root: string,
    rel: string,
  ): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const base = webviewOptions(services.extensionUri);
    return {
      ...base,
      // The document's own folder, for its image; nothing else of the case is served.
      localResourceRoots: [...(base.localResourceRoots ?? []), vscode.Uri.file(dirname(join(root, rel)))],
      retainContextWhenHidden: true,
    };
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    schema: ZodType<DocumentFromWebview>,
    readonly root: string,
    readonly rel: string,
  ) {
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'document', `Document: ${rel}`);
    const watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.file(dirname(join(root, rel))), `${rel.split('/').pop()}*.md`),
    );
    this.disposables.push(
      this.channel,
      watcher,
      watcher.onDidChange(() => void this.render()),
      watcher.onDidCreate(() => void this.render()),
      watcher.onDidDelete(() => void this.render()),
      services.model.onDidChange(() => void this.render()),
      panel.onDidDispose(() => this.dispose()),
    );
    DocumentPanel.open.set(join(root, rel), this);
  }

  private async onMessage(m: DocumentFromWebview): Promise<void> {
    switch (m.type) {
      case 'ready':
      case 'reload':
        return this.render();
      case 'save': {
        const { saveCorrection } = await loadEngine('documentView');
        const r = await saveCorrection({ root: this.root, rel: this.rel, text: m.text, base: m.base });
        this.services.output.appendLine(`[document] ${this.rel}: ${r.message}`);
        this.channel.post(
          r.ok
            ? { type: 'saved', ok: true, message: r.message, sha256: r.sha256 }
            : { type: 'saved', ok: false, message: r.message, conflict: r.conflict },
        );
        if (r.ok) await this.services.model.reload();
        return;
      }
      case 'openSidecar':
        if (!/^[^\0]+\.md$/.test(m.sidecar) || m.sidecar.includes('..')) return;
        return void vscode.commands.executeCommand('vscode.open', vscode.Uri.file(join(this.root, m.sidecar)), {
          viewColumn: vscode.ViewColumn.Beside,
          preview: true,
        });
      case 'openPerson':
        return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
    }
  }

  async render(): Promise<void> {
    const [{ documentView }, { personLabel }, snap] = await Promise.all([
      loadEngine('documentView'),
      loadEngine('labels'),
      this.services.model.ensure(),
    ]);
    const webview = this.panel.webview;
    const view = await documentView(
      this.root,
      this.rel,
      snap,
      (rel) => webview.asWebviewUri(vscode.Uri.file(join(this.root, rel))).toString(),
      (p) => (snap ? personLabel(p, snap).name : p.id),
    );
    this.channel.post({ type: 'state', view });
  }

  dispose(): void {
    DocumentPanel.open.delete(join(this.root, this.rel));
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

/**
 * "Open Document View": the document given (explorer, a sidecar's own file) or one picked from the
 * archive. A document with no transcription yet is transcribed first ("Transcribe Document" opens
 * the view when it is done).
 */
export async function openDocumentCommand(services: Services, file?: vscode.Uri): Promise<unknown> {
  const root = await services.requireCase();
  const { listDocuments, relativeDocument, hasSidecar } = await loadEngine('documentView');
  let rel: string | undefined;
  if (file) rel = relativeDocument(root, file.fsPath);
  else {
    const docs = listDocuments(root);
    if (!docs.length) throw new Error('the archive/ folder holds no image or PDF: put scans there first');
    const pick = await vscode.window.showQuickPick(
      docs.map((d) => ({
        label: d.replace(/^archive\//, ''),
        description: hasSidecar(root, d) ? '' : 'not transcribed yet',
        rel: d,
      })),
      { title: 'Ancestry: Open Document View', placeHolder: 'A document of the case archive' },
    );
    rel = pick?.rel;
  }
  if (!rel) return undefined;
  if (!hasSidecar(root, rel))
    return vscode.commands.executeCommand('ancestry.transcribeDocument', vscode.Uri.file(join(root, rel)));
  return DocumentPanel.show(services, root, rel);
}
