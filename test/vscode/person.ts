/**
 * The person page in a real extension host (issue #19 item 1): opened through ancestry.openPerson
 * (the one command the People view, the pedigree, conflicts and merges use), drawn by the webview
 * (its "rendered" acknowledgement comes back through the zod-checked channel), following a parent
 * link, and for a person of an imported tree: the page comes from the tree index and no editor
 * opens on the tree file.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { contextOfText, idOfLine } from '../../src/case/tree-format';
import type { AncestryApi } from '../../src/extension/extension';
import type { PersonPanel } from '../../src/extension/webviews/personPanel';

/** Opens `id`'s page and waits until the webview has drawn that person. */
export async function openPersonPage(
  ancestry: AncestryApi,
  id: string,
): Promise<{ panel: PersonPanel; links: number }> {
  const existing = ancestry.panels.person();
  const rendered = (panel: PersonPanel) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the person page never drew ${id}`)), 60_000);
      const sub = panel.channel.onDidReceive((m) => {
        if (m.type === 'rendered' && m.id === id) {
          clearTimeout(timer);
          sub.dispose();
          resolve(m.links);
        }
      });
    });
  if (existing) {
    const wait = rendered(existing);
    await vscode.commands.executeCommand('ancestry.openPerson', id);
    return { panel: existing, links: await wait };
  }
  await vscode.commands.executeCommand('ancestry.openPerson', id);
  const panel = ancestry.panels.person();
  assert.ok(panel, 'ancestry.openPerson opened the person page');
  // The first page may already have drawn before we listened: ask for it again.
  const wait = rendered(panel);
  await panel.view.render();
  return { panel, links: await wait };
}

export async function checkSampleCasePage(ancestry: AncestryApi): Promise<string> {
  const snap = await ancestry.services.model.ensure();
  const subject = snap?.config?.subject.person;
  assert.ok(subject, 'research set the case subject');
  const { panel, links } = await openPersonPage(ancestry, subject);
  const page = panel.page;
  assert.ok(page, 'the page has a view model');
  assert.equal(page.origin.kind, 'file');
  assert.match(page.name, /Schmidt/);
  assert.ok(
    page.vitals.some((v) => v.label === 'Born'),
    'a birth among the vital facts',
  );
  assert.ok(page.timeline.length >= 3, `${page.timeline.length} events`);
  assert.ok(page.citations.length > 0 && page.citations.every((c) => c.full.endsWith('.')), 'reference notes');
  assert.ok(page.parents.length > 0, 'research found parents');
  assert.ok(links >= page.parents.length + page.spouses.length + page.children.length, `${links} person links`);
  assert.ok(
    !vscode.window.visibleTextEditors.some((e) => e.document.uri.fsPath === page.origin.file),
    'the person file did not open as text',
  );
  // Follow a parent link as the webview would (the same message), and come back.
  const parent = page.parents[0];
  const back = openPersonPage(ancestry, parent.id);
  await panel.view.show(parent.id, true);
  await back;
  assert.equal(panel.page?.id, parent.id);
  return `${page.name}: ${page.timeline.length} events, ${page.citations.length} notes, parent ${parent.name}`;
}

export async function checkTreePersonPage(ancestry: AncestryApi, id: string): Promise<string> {
  const { panel } = await openPersonPage(ancestry, id);
  const page = panel.page;
  assert.ok(page);
  assert.equal(page.origin.kind, 'tree', 'a person of an imported tree');
  assert.match(page.origin.file, /^trees\/.*\.jsonl$/);
  assert.ok(page.parents.length === 2, `${page.parents.length} parents`);
  assert.ok(page.children.length > 0);
  assert.ok(
    !vscode.workspace.textDocuments.some((d) => d.uri.fsPath.endsWith('.jsonl')),
    'no editor opened on the tree by opening the page',
  );
  // Open as Text, on request: the tree at the person's line.
  await vscode.commands.executeCommand('ancestry.openPersonText', id);
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor && editor.document.uri.fsPath.endsWith('.jsonl'), 'Open as Text opened the tree');
  if (page.origin.line) assert.equal(editor.selection.active.line, page.origin.line - 1);
  // A compact tree (format 2) writes ids relative to its header's prefixes: read the line's id.
  const line = editor.document.lineAt(editor.selection.active.line).text;
  assert.equal(idOfLine(line, contextOfText(editor.document.getText())), id, `the tree's line ${line.slice(0, 80)}`);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return `${page.name} (${page.lifespan}): ${page.parents.map((p) => p.name).join(' & ')}, ${page.children.length} children`;
}
