/**
 * Merges side panel (a webview view in the Ancestry container): each proposal side by side with its
 * feature scores, rationale and "why not"; accept, reject with a reason, undo.
 */
import * as vscode from 'vscode';
import type {
  MergeProposalView,
  MergesFromWebview,
  MergesPage,
  MergesQuery,
  MergesToWebview,
} from '../../protocol/merges';
import type { CaseSnapshot } from '../core/snapshot';
import type { Services } from '../services';
import { confirmBatch } from './confirmBatch';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';

export const MERGES_VIEW_ID = 'ancestry.merges';

/** The page of proposals the query asks for (ranked, filtered, grouped: the CLI's order) and its views. */
export async function mergePage(
  snap: CaseSnapshot,
  query: MergesQuery,
): Promise<{ proposals: MergeProposalView[]; page: MergesPage }> {
  const { reviewPage } = await loadEngine('mergeReview');
  const r = reviewPage(snap.merges.clusters, query, (id) => snap.persons.get(id)?.person);
  return {
    proposals: await mergeViews(snap, r.clusters),
    page: {
      query,
      matching: r.matching,
      totals: r.totals,
      groups: r.groups?.map((g) => ({ label: g.label, count: g.count, ids: g.clusters.map((c) => c.id) })),
    },
  };
}

export async function mergeViews(
  snap: CaseSnapshot,
  clusters: CaseSnapshot['merges']['clusters'] = snap.merges.clusters,
): Promise<MergeProposalView[]> {
  const { proposalViews } = await loadEngine('mergeCompare');
  const { personLabel } = await loadEngine('labels');
  const now = new Date();
  return proposalViews(clusters, snap, (p) => personLabel(p, snap, now));
}

export class MergesViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static instance: MergesViewProvider | undefined;
  channel: WebviewChannel<MergesFromWebview, MergesToWebview> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private view: vscode.WebviewView | undefined;
  /** What the panel lists; the webview sends a new one when the user filters or pages. */
  private query: MergesQuery | undefined;
  private readonly resolved = new vscode.EventEmitter<WebviewChannel<MergesFromWebview, MergesToWebview>>();
  /** Fires when the view (re)creates its webview; tests wait on it. */
  readonly onDidResolve = this.resolved.event;

  constructor(private readonly services: Services) {
    MergesViewProvider.instance = this;
    this.disposables.push(
      this.resolved,
      services.model.onDidChange(() => void this.render()),
    );
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    const { MergesFromWebview } = await loadEngine('protocolMerges');
    this.channel?.dispose();
    this.view = view;
    view.webview.options = webviewOptions(this.services.extensionUri);
    const channel = new WebviewChannel<MergesFromWebview, MergesToWebview>(
      view.webview,
      MergesFromWebview,
      (m) => this.onMessage(m),
      this.services.output,
    );
    this.channel = channel;
    view.webview.html = webviewHtml(view.webview, this.services.extensionUri, 'merges', 'Merges');
    view.onDidChangeVisibility(() => !view.visible && channel.reset());
    view.onDidDispose(() => {
      channel.dispose();
      if (this.channel === channel) this.channel = undefined;
      this.view = undefined;
    });
    this.resolved.fire(channel);
  }

  private async onMessage(m: MergesFromWebview): Promise<void> {
    if (m.type === 'ready') return this.render();
    if (m.type === 'openPerson') return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
    if (m.type === 'openReview') return void vscode.commands.executeCommand('ancestry.reviewMerges', m.clusterId);
    if (m.type === 'findDuplicates') return void vscode.commands.executeCommand('ancestry.findDuplicates');
    if (m.type === 'openSource') return;
    if (m.type === 'query') {
      this.query = m.query;
      return this.render();
    }
    const subject = m.type === 'acceptBatch' ? 'batch' : m.type === 'undoBatch' ? m.batch : m.clusterId;
    if (m.type === 'acceptBatch' && !(await confirmBatch(this.services, m.minScore))) {
      this.channel?.post({ type: 'result', clusterId: 'batch', ok: true, message: 'Batch accept cancelled.' });
      return;
    }
    const root = await this.services.requireCase();
    const { applyMergeDecision } = await loadEngine('mergeActions');
    try {
      const message = await applyMergeDecision(root, m);
      this.channel?.post({ type: 'result', clusterId: subject, ok: true, message });
    } catch (e) {
      this.channel?.post({
        type: 'result',
        clusterId: subject,
        ok: false,
        message: e instanceof Error ? e.message : String(e),
      });
      throw e;
    }
    await this.services.model.reload();
  }

  async render(): Promise<void> {
    if (!this.channel) return;
    const snap = await this.services.model.ensure();
    const { MergesQuery } = await loadEngine('protocolMerges');
    const query = this.query ?? MergesQuery.parse({});
    const { proposals, page } = snap ? await mergePage(snap, query) : { proposals: [], page: undefined };
    const open = snap ? snap.merges.clusters.filter((c) => c.status === 'proposed').length : 0;
    if (this.view) this.view.badge = open ? { value: open, tooltip: `${open} merge proposals to review` } : undefined;
    this.channel.post({ type: 'state', caseName: snap?.config?.subject.name ?? '', proposals, page });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.channel?.dispose();
  }
}
