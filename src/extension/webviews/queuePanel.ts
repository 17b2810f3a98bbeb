/** The hypothesis queue as a panel: every clue with its priority, dismiss and reprioritise. */
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { HypothesisView, QueueFromWebview, QueueToWebview } from '../../protocol/queue';
import type { Services } from '../services';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';

export const QUEUE_VIEW_TYPE = 'ancestry.queue';

export class QueuePanel implements vscode.Disposable {
  static current: QueuePanel | undefined;
  readonly channel: WebviewChannel<QueueFromWebview, QueueToWebview>;
  private readonly disposables: vscode.Disposable[] = [];

  static async show(services: Services): Promise<QueuePanel> {
    if (QueuePanel.current) {
      QueuePanel.current.panel.reveal();
      return QueuePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      QUEUE_VIEW_TYPE,
      'Hypothesis Queue',
      vscode.ViewColumn.Active,
      webviewOptions(services.extensionUri),
    );
    return QueuePanel.create(services, panel);
  }

  static async create(services: Services, panel: vscode.WebviewPanel): Promise<QueuePanel> {
    const { QueueFromWebview } = await loadEngine('protocolQueue');
    return new QueuePanel(services, panel, QueueFromWebview);
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    schema: ZodType<QueueFromWebview>,
  ) {
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'queue', 'Hypothesis Queue');
    this.disposables.push(
      this.channel,
      services.model.onDidChange(() => void this.render()),
      services.onDidChangeProgress(() => void this.render()),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => !e.webviewPanel.visible && this.channel.reset()),
    );
    QueuePanel.current = this;
  }

  private async onMessage(m: QueueFromWebview): Promise<void> {
    const root = await this.services.requireCase();
    const actions = await loadEngine('actions');
    switch (m.type) {
      case 'ready':
        return this.render();
      case 'dismiss':
        await actions.dismissHypothesis(root, m.id, m.reason);
        this.channel.post({ type: 'result', id: m.id, ok: true, message: 'Dismissed' });
        break;
      case 'reopen':
        await actions.reopenHypothesis(root, m.id, m.reason);
        this.channel.post({ type: 'result', id: m.id, ok: true, message: 'Reopened: back in the queue' });
        break;
      case 'reprioritise':
        await actions.reprioritiseHypothesis(root, m.id, m.priority, m.reason);
        this.channel.post({ type: 'result', id: m.id, ok: true, message: `Priority ${m.priority.toFixed(2)}` });
        break;
      case 'research':
        return void vscode.commands.executeCommand('ancestry.researchPerson', m.personId);
    }
    await this.services.model.reload();
  }

  async render(): Promise<void> {
    const snap = await this.services.model.ensure();
    const { personLabel } = await loadEngine('labels');
    const hypotheses: HypothesisView[] = (snap?.hypotheses ?? [])
      .slice()
      .sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt))
      .map((h) => ({
        id: h.id,
        type: h.type,
        statement: h.statement,
        priority: h.priority,
        status: h.status,
        suggestedQueries: h.suggestedQueries,
        targetPersons: h.targetPersons.map((id) => {
          const p = snap?.persons.get(id)?.person;
          return { id, name: p && snap ? personLabel(p, snap).name : id };
        }),
      }));
    this.channel.post({ type: 'state', hypotheses, running: this.services.progress.running });
  }

  dispose(): void {
    if (QueuePanel.current === this) QueuePanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

export function registerQueueSerializer(services: Services): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(QUEUE_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel) {
      await QueuePanel.create(services, panel);
    },
  });
}
