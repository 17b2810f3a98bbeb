/**
 * The family chart panel (pedigree, descendants, fan; one at a time), revived after a reload with
 * its person, window, chart kind and focused box. The chart is built in the People worker from the
 * case's files and tree index (only the persons its window reaches), so a 100k-person tree never
 * blocks the extension host.
 */
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type {
  ChartKind,
  Generations,
  PedigreeFromWebview,
  PedigreeState,
  PedigreeToWebview,
} from '../../protocol/pedigree';
import type { PeopleClient, PersonRow } from '../people/client';
import type { Services } from '../services';
import { readSettings } from '../settings';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';
import { acceptedOrBestMatch } from '../people/accept-pick';

export const PEDIGREE_VIEW_TYPE = 'ancestry.pedigree';

/**
 * What a click on a box opens: the one place to point at the person page when it exists.
 */
export function openPersonFromChart(id: string): Thenable<unknown> {
  return vscode.commands.executeCommand('ancestry.openPerson', id);
}

/** Opens the worker on the current case if nothing has yet (the People view may never have been shown). */
async function ensureOpen(services: Services, people: PeopleClient): Promise<boolean> {
  const root = services.model.root ?? (await services.model.discover());
  if (!root) return false;
  if (people.caseRoot !== root) await people.open(root);
  return true;
}

/**
 * A quick pick over every person of the case (fuzzy, through the People worker), opening on the
 * current chart's person and the case subject so Enter alone keeps them.
 */
export async function pickChartPerson(
  services: Services,
  people: PeopleClient,
  title: string,
  current?: string,
): Promise<string | undefined> {
  type Item = vscode.QuickPickItem & { id: string };
  const item = (row: PersonRow, hint?: string): Item => ({
    label: row.name,
    description: [row.lifespan, hint].filter(Boolean).join(' · '),
    detail: row.id,
    alwaysShow: true,
    id: row.id,
  });
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = title;
  qp.placeholder = 'Type a name ("john miller", "jhn mllr"), years or an id';
  qp.matchOnDescription = false;
  // Shown at once, busy while the worker opens the case (a big tree takes a moment the first time).
  qp.busy = true;
  qp.show();
  let initial: Item[] = [];
  let asked = 0;
  let timer: NodeJS.Timeout | undefined;
  const ready = (async () => {
    if (!(await ensureOpen(services, people))) return false;
    const subject = (await people.subject()) ?? undefined;
    const found: Item[] = [];
    for (const [id, hint] of [
      [current, 'in the chart now'],
      [subject, 'case subject'],
    ] as const) {
      if (!id || found.some((i) => i.id === id)) continue;
      const row = (await people.search(id, 5)).find((r) => r.id === id);
      if (row) found.push(item(row, hint));
    }
    initial = found;
    if (!qp.value.trim()) {
      qp.items = initial;
      qp.busy = false;
    }
    return true;
  })();
  return new Promise((resolve) => {
    qp.onDidChangeValue((v) => {
      if (timer) clearTimeout(timer);
      if (!v.trim()) return void (qp.items = initial);
      timer = setTimeout(() => {
        const n = ++asked;
        qp.busy = true;
        void ready
          .then((open) => (open ? people.search(v, 50) : []))
          .then(
            (rows) => {
              if (n !== asked) return;
              qp.items = rows.map((r) => item(r));
              qp.busy = false;
            },
            () => n === asked && (qp.busy = false),
          );
      }, 60);
    });
    qp.onDidAccept(() => {
      qp.busy = true;
      const chosen = (qp.selectedItems[0] ?? qp.activeItems[0])?.id;
      const best = (text: string) =>
        ready.then(async (open) => (open ? (await people.search(text, 1))[0]?.id : undefined));
      void acceptedOrBestMatch(chosen, qp.value, best)
        .then(resolve, () => resolve(undefined))
        .finally(() => qp.hide());
    });
    qp.onDidHide(() => {
      resolve(undefined);
      qp.dispose();
    });
    void ready.then((open) => {
      if (!open) {
        qp.hide();
        void vscode.window.showInformationMessage('Ancestry: no case is open.');
      }
    });
  });
}

export class PedigreePanel implements vscode.Disposable {
  static current: PedigreePanel | undefined;
  readonly channel: WebviewChannel<PedigreeFromWebview, PedigreeToWebview>;
  private rootId: string | undefined;
  private generations: Generations;
  private readonly disposables: vscode.Disposable[] = [];
  /** The last chart drawn (tests read it; the webview has its own copy). */
  lastView: import('../../protocol/pedigree').PedigreeView | undefined;

  /** Shows the chart of `rootId`, or of a person the user picks when none is given. */
  static async show(
    services: Services,
    people: PeopleClient,
    rootId?: string,
    generations?: Generations,
  ): Promise<PedigreePanel | undefined> {
    const root =
      rootId ?? (await pickChartPerson(services, people, 'Show Pedigree of…', PedigreePanel.current?.rootId));
    if (!root) {
      PedigreePanel.current?.panel.reveal(undefined, false);
      return PedigreePanel.current;
    }
    if (PedigreePanel.current) {
      PedigreePanel.current.panel.reveal(undefined, false);
      if (generations) PedigreePanel.current.generations = generations;
      await PedigreePanel.current.setRoot(root);
      return PedigreePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(PEDIGREE_VIEW_TYPE, 'Pedigree', vscode.ViewColumn.Active, {
      ...webviewOptions(services.extensionUri),
      retainContextWhenHidden: false,
    });
    return (PedigreePanel.current = await PedigreePanel.create(services, people, panel, {
      rootId: root,
      ...(generations ? { generations } : {}),
    }));
  }

  static async create(
    services: Services,
    people: PeopleClient,
    panel: vscode.WebviewPanel,
    state: PedigreeState,
  ): Promise<PedigreePanel> {
    const { PedigreeFromWebview } = await loadEngine('protocolPedigree');
    return new PedigreePanel(services, people, panel, state, PedigreeFromWebview);
  }

  private constructor(
    private readonly services: Services,
    private readonly people: PeopleClient,
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
      // After the People view's own listener has reopened the worker on the changed case.
      services.model.onDidChange(() => void Promise.resolve().then(() => this.render())),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.channel.reset();
      }),
    );
    PedigreePanel.current = this;
  }

  get root(): string | undefined {
    return this.rootId;
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
        return void openPersonFromChart(m.id);
      case 'setRoot':
        return this.setRoot(m.id);
      case 'setGenerations':
        this.generations = m.generations;
        return this.render();
      case 'pick': {
        const id = await pickChartPerson(this.services, this.people, 'Go to Person in the Chart', this.rootId);
        if (id) await this.setRoot(id);
        return;
      }
      case 'export':
        return this.exportChart(m.content, m.format, m.chart);
      case 'rendered':
        return;
    }
  }

  /** The chart as drawn, as an SVG or that SVG drawn into a PDF page (by the worker, src/interchange/chart-pdf.ts). */
  private async exportChart(svg: string, format: 'svg' | 'pdf', kind: ChartKind = 'pedigree'): Promise<void> {
    const folder = this.services.model.root;
    const name = `${kind}-${this.rootId ?? 'chart'}.${format}`;
    const target = await vscode.window.showSaveDialog({
      title: format === 'pdf' ? 'Export Chart as PDF' : 'Export Chart as SVG',
      filters: format === 'pdf' ? { 'PDF document': ['pdf'] } : { 'SVG image': ['svg'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(vscode.Uri.file(folder), 'exports', name) } : {}),
    });
    if (!target) return;
    const subject = this.lastView?.persons[this.lastView.rootId]?.name;
    const title = subject ? `${kind[0].toUpperCase()}${kind.slice(1)} chart: ${subject}` : undefined;
    try {
      // Through the case's writer (atomic, the Censor's scan), in the worker: never the host's own fs.
      await this.people.saveChart(target.fsPath, svg, format, title);
    } catch (e) {
      void vscode.window.showErrorMessage(
        `Ancestry: the chart was not saved: ${e instanceof Error ? e.message : String(e)}`,
      );
      return;
    }
    void vscode.window.showInformationMessage(`Ancestry: chart saved to ${vscode.workspace.asRelativePath(target)}.`);
  }

  async render(): Promise<void> {
    if (!(await ensureOpen(this.services, this.people))) {
      this.channel.post({ type: 'empty', message: 'No case is open.' });
      return;
    }
    const settings = readSettings();
    const view = this.rootId
      ? await this.people.chart(this.rootId, this.generations, {
          thresholdYears: settings.livingThresholdYears,
          consent: settings.consent,
        })
      : null;
    if (!view) {
      this.channel.post({
        type: 'empty',
        message: this.rootId
          ? `Person ${this.rootId} is not in the case.`
          : 'No person to show yet: research someone or import a GEDCOM.',
      });
      return;
    }
    this.lastView = view;
    this.panel.title = `Pedigree: ${view.persons[view.rootId]?.name ?? view.rootId}`;
    this.channel.post({ type: 'render', view });
  }

  dispose(): void {
    if (PedigreePanel.current === this) PedigreePanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

export function registerPedigreeSerializer(services: Services, people: PeopleClient): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(PEDIGREE_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown) {
      const { PedigreeState } = await loadEngine('protocolPedigree');
      const state = PedigreeState.safeParse(raw ?? {});
      await PedigreePanel.create(services, people, panel, state.success ? state.data : {});
    },
  });
}
