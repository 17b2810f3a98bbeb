/**
 * Editor features on case files: CodeLens "Research this person" / "Show in pedigree" on person
 * files, and a hover on a source id that shows the snippet the file cites from it.
 */
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import type { Services } from './services';
import { loadEngine } from './loadEngine';

const PERSON_FILE = /^([A-Za-z0-9][A-Za-z0-9_.-]*?)-[^/]*\.md$|^([A-Za-z0-9][A-Za-z0-9_.-]*)\.md$/;

export class PersonCodeLens implements vscode.CodeLensProvider {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;

  constructor(private readonly services: Services) {
    services.model.onDidChange(() => this.emitter.fire());
  }

  async provideCodeLenses(doc: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (basename(dirname(doc.uri.fsPath)) !== 'people' || !PERSON_FILE.test(basename(doc.uri.fsPath))) return [];
    const snap = await this.services.model.ensure();
    // The id comes from the front matter (the truth), found in the snapshot by file path.
    let id = [...(snap?.persons.values() ?? [])].find((e) => e.file === doc.uri.fsPath)?.person.id;
    id ??= /^id:\s*['"]?([A-Za-z0-9][A-Za-z0-9_.-]*)/m.exec(doc.getText(new vscode.Range(0, 0, 40, 0)))?.[1];
    if (!id) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: '$(search) Research this person',
        command: 'ancestry.researchPerson',
        arguments: [id],
      }),
      new vscode.CodeLens(top, {
        title: '$(type-hierarchy) Show in pedigree',
        command: 'ancestry.showPedigree',
        arguments: [id],
      }),
    ];
  }
}

export class SourceHover implements vscode.HoverProvider {
  constructor(private readonly services: Services) {}

  async provideHover(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const range = doc.getWordRangeAtPosition(position, /[A-Za-z0-9][A-Za-z0-9_.-]*/);
    if (!range) return undefined;
    const id = doc.getText(range).replace(/[.]+$/, '');
    const snap = await this.services.model.ensure();
    const entry = snap?.sources.get(id);
    if (!snap || !entry) return undefined;
    const s = entry.source;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escape(s.title)}**  \n`);
    md.appendMarkdown(
      `${escape(s.repository)} · Tier ${s.tier} · ${s.sourceType}${s.date ? ` · ${escape(s.date)}` : ''}${s.place ? ` · ${escape(s.place)}` : ''}\n\n`,
    );
    // The snippets this file cites from the source: its words quoted, an index line labelled as such.
    const person = [...snap.persons.values()].find((e) => e.file === doc.uri.fsPath)?.person;
    const cited = new Set<string>();
    // Loaded lazily: the activation bundle carries no engine module (activation-bundle test).
    const { snippetForReader } = await loadEngine('snippet');
    const shown = (snippet: string) => snippetForReader(snippet, s.text);
    for (const a of person?.assertions ?? [])
      for (const e of a.evidence) if (e.source === id) cited.add(`${a.field}: ${shown(e.snippet)}`);
    for (const r of person?.relationships ?? [])
      for (const e of r.evidence) if (e.source === id) cited.add(`${r.type}: ${shown(e.snippet)}`);
    if (cited.size) {
      md.appendMarkdown('Cited here:\n');
      for (const c of cited) md.appendMarkdown(`> ${escape(c)}\n\n`);
    } else if (s.text) {
      md.appendMarkdown(`> ${escape(s.text.slice(0, 400))}${s.text.length > 400 ? '…' : ''}\n\n`);
    }
    md.appendMarkdown(`[Open source](${vscode.Uri.file(entry.file).toString()})`);
    return new vscode.Hover(md, range);
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>]/g, '\\$&').replace(/\n+/g, ' ');
}
