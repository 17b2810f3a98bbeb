/** Hypotheses view: the Analyst's clue queue by priority, with dismiss and reprioritise actions. */
import * as vscode from 'vscode';
import type { ClueHypothesis } from '../../model';
import type { Services } from '../services';

const OPEN = new Set(['pending', 'in_progress']);

export class HypothesesTree implements vscode.TreeDataProvider<ClueHypothesis> {
  private readonly emitter = new vscode.EventEmitter<ClueHypothesis | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly services: Services) {
    services.model.onDidChange(() => this.emitter.fire(undefined));
  }

  async getChildren(node?: ClueHypothesis): Promise<ClueHypothesis[]> {
    if (node) return [];
    const snap = await this.services.model.ensure();
    if (!snap) return [];
    // Ties keep the queue's own order (oldest first), like the frontier.
    return snap.hypotheses
      .filter((h) => OPEN.has(h.status))
      .sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
  }

  getTreeItem(h: ClueHypothesis): vscode.TreeItem {
    const item = new vscode.TreeItem(h.statement, vscode.TreeItemCollapsibleState.None);
    item.id = `hypothesis:${h.id}`;
    item.description = `${h.priority.toFixed(2)} · ${h.type.replace(/_/g, ' ')}${h.status === 'in_progress' ? ' · in progress' : ''}`;
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`**${h.type.replace(/_/g, ' ')}** — priority ${h.priority.toFixed(2)}\n\n`);
    md.appendText(h.statement);
    if (h.suggestedQueries.length)
      md.appendMarkdown(
        `\n\nSuggested searches:\n${h.suggestedQueries.map((q) => `- ${q.replace(/[\\`*_[\]]/g, '\\$&')}`).join('\n')}`,
      );
    item.tooltip = md;
    item.iconPath = new vscode.ThemeIcon(
      h.priority >= 0.7 ? 'flame' : h.priority >= 0.4 ? 'lightbulb' : 'circle-outline',
    );
    item.contextValue = 'hypothesis';
    return item;
  }
}
