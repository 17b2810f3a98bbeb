/** A status bar item while research runs: cycle and cost so far; clicking it stops the run. */
import * as vscode from 'vscode';
import type { Services } from './services';

export function researchStatusBar(services: Services): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('ancestry.research', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Ancestry research';
  item.command = 'ancestry.stopResearch';
  const sub = services.onDidChangeProgress((p) => {
    if (!p.running) {
      item.hide();
      return;
    }
    item.text = `$(sync~spin) Ancestry: cycle ${p.cycle} · $${p.costUsd.toFixed(2)}`;
    item.tooltip = `Researching ${p.person ?? ''}${p.step ? `\n${p.step}` : ''}\nClick to stop`;
    item.show();
  });
  return vscode.Disposable.from(item, sub);
}
