/**
 * Merge review in an editor panel (issue #19 item 3): the queue of merge proposals (sorted by score
 * or name, filtered by recommendation, status and words of a name, a page at a time) beside the
 * chosen proposal's two persons compared: facts under a reader's labels with a choice per field of
 * the value the merged person keeps, parents, spouses, children and sources. Accept, reject with a
 * reason, undo (and decide again), batch accept at or above a score with one undo, all by keyboard.
 * Decisions go through the same path as the CLI (mergeActions.ts → the Analyst's merge module).
 */
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { MergeReviewState, MergesFromWebview, MergesQuery, MergesToWebview } from '../../protocol/merges';
import type { PeopleClient } from '../people/client';
import type { CaseSnapshot } from '../core/snapshot';
import type { Services } from '../services';
import { WebviewChannel } from './channel';
import { confirmBatch } from './confirmBatch';
import { webviewHtml, webviewOptions } from './html';
import { openSourceBeside } from './openSource';
import { mergePage } from './mergesView';
import { loadEngine } from '../loadEngine';

export const MERGE_REVIEW_VIEW_TYPE = 'ancestry.mergeReview';

export class MergeReviewPanel implements vscode.Disposable {
  static current: MergeReviewPanel | undefined;
  /**
   * Where the persons of a tree too big for the snapshot are read (the People worker's tree index):
   * without it a big tree's proposals would compare persons the panel cannot see.
   */
  static people: PeopleClient | undefined;
  readonly channel: WebviewChannel<MergesFromWebview, MergesToWebview>;
  private query: MergesQuery | undefined;
  /** A proposal to show on the next render (the panel was opened on it). */
  private select: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static async show(services: Services, opts: { select?: string; notice?: string } = {}): Promise<MergeReviewPanel> {
    let current = MergeReviewPanel.current;
    if (current) current.panel.reveal();
    else {
      const panel = vscode.window.createWebviewPanel(
        MERGE_REVIEW_VIEW_TYPE,
        'Merge Review',
        vscode.ViewColumn.Active,
        webviewOptions(services.extensionUri),
      );
      current = await MergeReviewPanel.create(services, panel, {});
    }
    current.select = opts.select;
    if (opts.notice) current.channel.post({ type: 'result', clusterId: 'search', ok: true, message: opts.notice });
    await current.render();
    return current;
  }

  static async create(
    services: Services,
    panel: vscode.WebviewPanel,
    state: MergeReviewState,
  ): Promise<MergeReviewPanel> {
    const { MergesFromWebview } = await loadEngine('protocolMerges');
    return new MergeReviewPanel(services, panel, state, MergesFromWebview);
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    state: MergeReviewState,
    schema: ZodType<MergesFromWebview>,
  ) {
    this.query = state.query;
    this.select = state.selected;
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'merge-review', 'Merge Review');
    this.disposables.push(
      this.channel,
      services.model.onDidChange(() => void this.render()),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => !e.webviewPanel.visible && this.channel.reset()),
    );
    MergeReviewPanel.current = this;
  }

  private async onMessage(m: MergesFromWebview): Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.render();
      case 'query':
        this.query = m.query;
        return this.render();
      case 'openPerson':
        return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
      case 'openSource':
        return openSourceBeside(this.services, m.id);
      case 'findDuplicates':
        return void vscode.commands.executeCommand('ancestry.findDuplicates');
      case 'openReview':
        return;
      case 'acceptBatch': {
        // Many merges at once: said in numbers before anything is written (one undo takes them back).
        if (!(await confirmBatch(this.services, m.minScore))) {
          this.channel.post({ type: 'result', clusterId: 'batch', ok: true, message: 'Batch accept cancelled.' });
          return;
        }
        return this.decide(m, 'batch');
      }
      case 'accept':
      case 'reject':
      case 'undo':
        return this.decide(m, m.clusterId);
      case 'undoBatch':
        return this.decide(m, 'batch');
    }
  }

  private async decide(
    m: Extract<MergesFromWebview, { type: 'accept' | 'reject' | 'undo' | 'acceptBatch' | 'undoBatch' }>,
    subject: string,
  ): Promise<void> {
    const root = await this.services.requireCase();
    const { applyMergeDecision } = await loadEngine('mergeActions');
    try {
      const message = await applyMergeDecision(root, m);
      this.channel.post({ type: 'result', clusterId: subject, ok: true, message });
    } catch (e) {
      this.channel.post({
        type: 'result',
        clusterId: subject,
        ok: false,
        message: e instanceof Error ? e.message : String(e),
      });
      throw e;
    }
    await this.services.model.reload();
  }

  /** The snapshot with the proposals' persons of big trees (and their relatives) read from the tree index. */
  private async withTreePersons(snap: CaseSnapshot): Promise<CaseSnapshot> {
    const people = MergeReviewPanel.people;
    if (!people || !snap.bigTrees?.length) return snap;
    const { membersNotIn, relativesNotIn, withPersons } = await loadEngine('mergeCompare');
    const missing = membersNotIn(snap.merges.clusters, snap);
    if (!missing.length) return snap;
    try {
      if (people.caseRoot !== snap.root) await people.open(snap.root);
      const members = await people.persons(missing.slice(0, 10_000));
      const relatives = await people.persons(relativesNotIn(members, snap).slice(0, 10_000));
      return withPersons(snap, [...members, ...relatives]);
    } catch (e) {
      this.services.output.appendLine(`[merge review] tree persons: ${e instanceof Error ? e.message : String(e)}`);
      return snap;
    }
  }

  async render(): Promise<void> {
    const loaded = await this.services.model.ensure();
    const snap = loaded && (await this.withTreePersons(loaded));
    const { MergesQuery } = await loadEngine('protocolMerges');
    const query = this.query ?? MergesQuery.parse({});
    const { proposals, page } = snap ? await mergePage(snap, query) : { proposals: [], page: undefined };
    const select = this.select;
    this.select = undefined;
    this.channel.post({
      type: 'state',
      caseName: snap?.config?.subject.name ?? '',
      proposals,
      page,
      ...(select ? { select } : {}),
    });
  }

  dispose(): void {
    if (MergeReviewPanel.current === this) MergeReviewPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

export function registerMergeReviewSerializer(services: Services): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(MERGE_REVIEW_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown) {
      const { MergeReviewState } = await loadEngine('protocolMerges');
      const s = MergeReviewState.safeParse(raw ?? {});
      await MergeReviewPanel.create(services, panel, s.success ? s.data : {});
    },
  });
}

/** "Ancestry: Find Duplicates": the duplicate search with progress, then the review panel. */
export async function findDuplicatesCommand(services: Services): Promise<MergeReviewPanel> {
  const root = await services.requireCase();
  const { findDuplicates } = await loadEngine('mergeActions');
  const found = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Ancestry: finding duplicate persons…' },
    () => findDuplicates(root),
  );
  await services.model.reload();
  return MergeReviewPanel.show(services, { notice: found.message });
}
