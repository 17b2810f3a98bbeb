/**
 * The person page (issue #19 item 1): one read-only panel that shows a person and follows links to
 * their relatives (with Back), and the same page as a custom editor of a person file ("Reopen
 * Editor With… Person Page"). The page comes from the People worker, which reads persons of an
 * imported tree from the tree index; the raw YAML or tree line opens only on "Open as Text", and a
 * tree line opens read-only.
 */
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ZodType } from 'zod';
import type { PersonFromWebview, PersonPage, PersonToWebview } from '../../protocol/person';
import type { PeopleClient } from '../people/client';
import type { Services } from '../services';
import { WebviewChannel } from './channel';
import { webviewHtml, webviewOptions } from './html';
import { loadEngine } from '../loadEngine';

export const PERSON_VIEW_TYPE = 'ancestry.person';
export const PERSON_EDITOR_TYPE = 'ancestry.personEditor';

/** Asks the People worker for a page, opening the case there first when it is not open yet. */
async function fetchPage(services: Services, people: PeopleClient, id: string): Promise<PersonPage | null> {
  const root = services.model.root ?? (await services.model.discover());
  if (!root) throw new Error('no case is open');
  if (people.caseRoot !== root) await people.open(root);
  return people.personPage(id);
}

/** One webview showing one person at a time; `navigate` false (the custom editor) opens links in the panel instead. */
class PersonView implements vscode.Disposable {
  readonly channel: WebviewChannel<PersonFromWebview, PersonToWebview>;
  private readonly history: string[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  page: PersonPage | undefined;

  constructor(
    private readonly services: Services,
    private readonly people: PeopleClient,
    readonly panel: vscode.WebviewPanel,
    schema: ZodType<PersonFromWebview>,
    public id: string,
    private readonly navigate: boolean,
  ) {
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'ancestry.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, schema, (m) => this.onMessage(m), services.output);
    panel.webview.html = webviewHtml(panel.webview, services.extensionUri, 'person', 'Person');
    this.disposables.push(
      this.channel,
      services.model.onDidChange(() => void this.render()),
      panel.onDidChangeViewState((e) => !e.webviewPanel.visible && this.channel.reset()),
    );
  }

  async show(id: string, push: boolean): Promise<void> {
    if (push && id !== this.id) this.history.push(this.id);
    this.id = id;
    await this.render();
  }

  private async onMessage(m: PersonFromWebview): Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.render();
      case 'openPerson':
        if (this.navigate) return this.show(m.id, true);
        return void vscode.commands.executeCommand('ancestry.openPerson', m.id);
      case 'back': {
        const previous = this.history.pop();
        if (previous) await this.show(previous, false);
        return;
      }
      case 'openText':
        return void vscode.commands.executeCommand('ancestry.openPersonText', m.id);
      case 'openSource':
        return openSource(this.services, m.id);
      case 'showPedigree':
        return void vscode.commands.executeCommand('ancestry.showPedigree', m.id);
      case 'research':
        return void vscode.commands.executeCommand('ancestry.researchPerson', m.id);
      case 'reviewConflicts':
        return void vscode.commands.executeCommand('ancestry.reviewConflicts', m.id);
      case 'rendered':
        return;
    }
  }

  async render(): Promise<void> {
    const id = this.id;
    const page = await fetchPage(this.services, this.people, id);
    if (id !== this.id) return; // a newer navigation won
    if (!page) {
      this.page = undefined;
      this.panel.title = id;
      this.channel.post({ type: 'missing', id, message: `Person ${id} is not in the case (merged or removed?).` });
      return;
    }
    this.page = page;
    this.panel.title = page.lifespan ? `${page.name} (${page.lifespan})` : page.name;
    this.channel.post({ type: 'page', page, canGoBack: this.navigate && this.history.length > 0 });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

async function openSource(services: Services, id: string): Promise<void> {
  const snap = await services.model.ensure();
  const file = snap?.sources.get(id)?.file;
  if (!file) throw new Error(`source ${id} is not captured in sources/`);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

export class PersonPanel implements vscode.Disposable {
  static current: PersonPanel | undefined;

  static async show(services: Services, people: PeopleClient, id: string): Promise<PersonPanel> {
    const current = PersonPanel.current;
    if (current) {
      current.panel.reveal(undefined, false);
      await current.view.show(id, true);
      return current;
    }
    const panel = vscode.window.createWebviewPanel(
      PERSON_VIEW_TYPE,
      'Person',
      { viewColumn: vscode.ViewColumn.One, preserveFocus: false },
      { ...webviewOptions(services.extensionUri), enableFindWidget: true },
    );
    return PersonPanel.create(services, people, panel, id);
  }

  static async create(
    services: Services,
    people: PeopleClient,
    panel: vscode.WebviewPanel,
    id: string,
  ): Promise<PersonPanel> {
    const { PersonFromWebview } = await loadEngine('protocolPerson');
    return new PersonPanel(new PersonView(services, people, panel, PersonFromWebview, id, true));
  }

  private constructor(readonly view: PersonView) {
    PersonPanel.current = this;
    view.panel.onDidDispose(() => this.dispose());
    void view.render();
  }

  get panel(): vscode.WebviewPanel {
    return this.view.panel;
  }

  get channel(): WebviewChannel<PersonFromWebview, PersonToWebview> {
    return this.view.channel;
  }

  get page(): PersonPage | undefined {
    return this.view.page;
  }

  dispose(): void {
    if (PersonPanel.current === this) PersonPanel.current = undefined;
    this.view.dispose();
  }
}

/** The id in a person file's front matter (the file is the truth; no parse needed for one key). */
function idOfPersonFile(text: string): string | undefined {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? text.slice(0, 4000);
  return /^id:\s*['"]?([A-Za-z0-9][A-Za-z0-9_.-]*)/m.exec(front)?.[1];
}

/** "Reopen Editor With… → Person Page" on people/*.md: the page in place of the YAML, read-only. */
class PersonEditorProvider implements vscode.CustomTextEditorProvider {
  constructor(
    private readonly services: Services,
    private readonly people: PeopleClient,
  ) {}

  async resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): Promise<void> {
    const id = idOfPersonFile(document.getText());
    if (!id) {
      panel.webview.html = `<!DOCTYPE html><p>${document.uri.fsPath}: no <code>id:</code> in the front matter.</p>`;
      return;
    }
    const { PersonFromWebview } = await loadEngine('protocolPerson');
    const view = new PersonView(this.services, this.people, panel, PersonFromWebview, id, false);
    panel.onDidDispose(() => view.dispose());
    void view.render();
  }
}

export function registerPersonPage(services: Services, people: PeopleClient): vscode.Disposable[] {
  return [
    vscode.window.registerWebviewPanelSerializer(PERSON_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const id =
          state && typeof state === 'object' && typeof (state as { id?: unknown }).id === 'string'
            ? (state as { id: string }).id
            : undefined;
        if (id) await PersonPanel.create(services, people, panel, id);
        else panel.dispose();
      },
    }),
    vscode.window.registerCustomEditorProvider(PERSON_EDITOR_TYPE, new PersonEditorProvider(services, people), {
      webviewOptions: { enableFindWidget: true },
    }),
  ];
}

/**
 * "Open as Text": a person file in the text editor; a person of an imported tree at their line,
 * read-only (a stray key with auto-save must never change a tree).
 */
export async function openPersonText(services: Services, people: PeopleClient | undefined, id: string): Promise<void> {
  const snap = await services.model.ensure();
  let entry: { file: string; treeLine?: number } | undefined = snap?.persons.get(id);
  const root = services.model.root;
  if (!entry && people && root) {
    if (people.caseRoot !== root) await people.open(root);
    const found = await people.locate(id);
    if (found) entry = { file: join(root, found.file), ...(found.line ? { treeLine: found.line } : {}) };
  }
  if (!entry) throw new Error(`person ${id} is not in the case`);
  const uri = vscode.Uri.file(entry.file);
  if (entry.treeLine === undefined && !entry.file.endsWith('.jsonl')) {
    await vscode.commands.executeCommand('vscode.openWith', uri, 'default', vscode.ViewColumn.Beside);
    return;
  }
  const editor = await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
  if (entry.treeLine) {
    const pos = new vscode.Position(entry.treeLine - 1, 0);
    editor.selection = new vscode.Selection(pos, pos);
    editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenter);
  }
}
