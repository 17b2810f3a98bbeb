/** The pedigree chart panel (one at a time), revived after a reload with its root and window. */
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { Generations, PedigreeFromWebview, PedigreeState, PedigreeToWebview } from '../../protocol/pedigree';
import type { Services } from '../services';
import { readSettings } from '../settings';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';

export const PEDIGREE_VIEW_TYPE = 'ancestry.pedigree';

export class PedigreePanel implements vscode.Disposable {
  static current: PedigreePanel | undefined;
  readonly channel: WebviewChannel<PedigreeFromWebview, PedigreeToWebview>;
  private rootId: string | undefined;
  private generations: Generations;
  private readonly disposables: vscode.Disposable[] = [];

  static async show(services: Services, rootId?: string, generations?: Generations): Promise<PedigreePanel> {
    const snap = await services.model.ensure();
    const root =
      rootId ?? PedigreePanel.current?.rootId ?? snap?.config?.subject.person ?? [...(snap?.persons.keys() ?? [])][0];
    if (PedigreePanel.current) {
      PedigreePanel.current.panel.reveal(undefined, false);
      if (generations) PedigreePanel.current.generations = generations;
      if (root) await PedigreePanel.current.setRoot(root);
      return PedigreePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(PEDIGREE_VIEW_TYPE, 'Pedigree', vscode.ViewColumn.Active, {
      ...webviewOptions(services.extensionUri),
      retainContextWhenHidden: false,
    });
    return (PedigreePanel.current = await PedigreePanel.create(services, panel, { rootId: root, generations }));
  }

  static async create(services: Services, panel: vscode.WebviewPanel, state: PedigreeState): Promise<PedigreePanel> {
    const { PedigreeFromWebview } = await loadEngine('protocolPedigree');
    return new PedigreePanel(services, panel, state, PedigreeFromWebview);
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    state: PedigreeState,
    schema: ZodType<PedigreeFromWebview>,
  ) {
    this.rootId = state.rootId;
    const g = readSettings().pedigreeGenerations;
    this.generations = state.generations ?? { up: g, down: Math.min(2, g) };
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'pedigree', 'Pedigree');
    this.disposables.push(
      this.channel,
      services.model.onDidChange(() => void this.render()),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.channel.reset();
      }),
    );
    PedigreePanel.current = this;
  }

  async setRoot(id: string): Promise<void> {
    this.rootId = id;
    await this.render();
  }

  private async onMessage(m: PedigreeFromWebview): Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.render();
      case 'openPerson':
        return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
      case 'setRoot':
        return this.setRoot(m.id);
      case 'setGenerations':
        this.generations = m.generations;
        return this.render();
      case 'rendered':
        return;
    }
  }

  async render(): Promise<void> {
    const snap = await this.services.model.ensure();
    if (!snap || !this.rootId || !snap.persons.has(this.rootId)) {
      this.channel.post({
        type: 'empty',
        message: snap ? 'No person to show yet: research someone or import a GEDCOM.' : 'No case is open.',
      });
      return;
    }
    const { pedigreeFor } = await loadEngine('pedigreeData');
    const view = pedigreeFor(snap, this.rootId, this.generations);
    if (!view) return;
    const root = snap.persons.get(this.rootId)!.person;
    this.panel.title = `Pedigree: ${view.ancestors.name || root.id}`;
    this.channel.post({ type: 'render', view });
  }

  dispose(): void {
    if (PedigreePanel.current === this) PedigreePanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

export function registerPedigreeSerializer(services: Services): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(PEDIGREE_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown) {
      const { PedigreeState } = await loadEngine('protocolPedigree');
      const state = PedigreeState.safeParse(raw ?? {});
      await PedigreePanel.create(services, panel, state.success ? state.data : {});
    },
  });
}
