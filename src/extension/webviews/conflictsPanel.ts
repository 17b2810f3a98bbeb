/** Conflict review: competing values with their source snippets; the user picks one and says why. */
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { ConflictsFromWebview, ConflictsState, ConflictsToWebview, ConflictView } from '../../protocol/conflicts';
import type { CaseSnapshot } from '../core/snapshot';
import type { Services } from '../services';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { openSourceBeside } from './openSource';
import { loadEngine } from '../loadEngine';

export const CONFLICTS_VIEW_TYPE = 'ancestry.conflicts';

export async function conflictViews(snap: CaseSnapshot): Promise<ConflictView[]> {
  const { personLabel } = await loadEngine('labels');
  const { redactText } = await loadEngine('censor');
  const { privacyOf } = await loadEngine('labels');
  const privacy = privacyOf(snap);
  const { fieldLabel } = await loadEngine('personViewModel');
  const now = new Date();
  return snap.conflicts.map(({ conflict: c }) => {
    const person = snap.persons.get(c.person)?.person;
    const label = person ? personLabel(person, snap, now) : undefined;
    // Snippets of a living person's conflicts pass the Censor like any other display.
    const ctx = {
      now,
      thresholdYears: privacy.thresholdYears,
      consent: privacy.consent,
      aboutLiving: label?.living ?? false,
    };
    return {
      id: c.id,
      person: c.person,
      personName: label?.name ?? c.person,
      field: c.field,
      fieldLabel: fieldLabel(c.field),
      status: c.status,
      preferred: c.preferred,
      rationale: c.rationale,
      resolvedBy: c.resolvedBy,
      nextActions: c.nextActions,
      competing: c.competing.map((v) => ({
        value: label?.living ? redactText(v.value, ctx).text : v.value,
        weight: v.weight,
        evidence: v.evidence.map((e) => ({
          source: e.source,
          title: snap.sources.get(e.source)?.source.title ?? e.source,
          snippet: redactText(e.snippet, ctx).text,
          tier: e.tier,
          evidenceType: e.evidenceType,
          information: e.information,
        })),
      })),
    };
  });
}

export class ConflictsPanel implements vscode.Disposable {
  static current: ConflictsPanel | undefined;
  readonly channel: WebviewChannel<ConflictsFromWebview, ConflictsToWebview>;
  private focus: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static async show(services: Services, focus?: string): Promise<ConflictsPanel> {
    if (ConflictsPanel.current) {
      ConflictsPanel.current.focus = focus;
      ConflictsPanel.current.panel.reveal();
      await ConflictsPanel.current.render();
      return ConflictsPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      CONFLICTS_VIEW_TYPE,
      'Conflicts',
      vscode.ViewColumn.Active,
      webviewOptions(services.extensionUri),
    );
    return ConflictsPanel.create(services, panel, { selected: focus, showResolved: false });
  }

  static async create(services: Services, panel: vscode.WebviewPanel, state: ConflictsState): Promise<ConflictsPanel> {
    const { ConflictsFromWebview } = await loadEngine('protocolConflicts');
    return new ConflictsPanel(services, panel, state, ConflictsFromWebview);
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    state: ConflictsState,
    schema: ZodType<ConflictsFromWebview>,
  ) {
    this.focus = state.selected;
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'conflicts', 'Conflicts');
    this.disposables.push(
      this.channel,
      services.model.onDidChange(() => void this.render()),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => !e.webviewPanel.visible && this.channel.reset()),
    );
    ConflictsPanel.current = this;
  }

  private async onMessage(m: ConflictsFromWebview): Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.render();
      case 'openPerson':
        return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
      case 'openSource':
        return openSourceBeside(this.services, m.id);
      case 'resolve': {
        const root = await this.services.requireCase();
        try {
          const { resolveConflict } = await loadEngine('actions');
          await resolveConflict(root, m.conflictId, m.value, m.reason);
          this.channel.post({ type: 'result', conflictId: m.conflictId, ok: true, message: `Resolved: "${m.value}"` });
        } catch (e) {
          this.channel.post({
            type: 'result',
            conflictId: m.conflictId,
            ok: false,
            message: e instanceof Error ? e.message : String(e),
          });
          throw e;
        }
        await this.services.model.reload();
        return;
      }
    }
  }

  async render(): Promise<void> {
    const snap = await this.services.model.ensure();
    const conflicts = snap ? await conflictViews(snap) : [];
    this.channel.post({ type: 'state', conflicts, focus: this.focus });
  }

  dispose(): void {
    if (ConflictsPanel.current === this) ConflictsPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

export function registerConflictsSerializer(services: Services): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(CONFLICTS_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown) {
      const { ConflictsState } = await loadEngine('protocolConflicts');
      const s = ConflictsState.safeParse(raw ?? {});
      await ConflictsPanel.create(services, panel, s.success ? s.data : { showResolved: false });
    },
  });
}
