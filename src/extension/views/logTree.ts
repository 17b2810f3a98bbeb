/** Research Log view: the newest entries of log/research-log.jsonl, newest first. */
import * as vscode from 'vscode';
import type { LogEntry } from '../../model';
import type { Services } from '../services';

const SHOWN = 200;

const ICONS: Record<string, string> = {
  session_start: 'play',
  session_end: 'debug-stop',
  task_selection: 'list-selection',
  source_access: 'cloud-download',
  decision: 'law',
  hypothesis: 'lightbulb',
  compliance: 'shield',
  revisit: 'history',
  conflict_resolution: 'git-compare',
  termination: 'stop-circle',
  cycle: 'sync',
  llm_call: 'sparkle',
  firewall_rejection: 'error',
  merge: 'git-merge',
  deferred: 'link-external',
  error: 'warning',
};

export function summarise(e: LogEntry): string {
  switch (e.actionType) {
    case 'session_start':
      return `Session started: ${e.query}`;
    case 'session_end':
      return `Session ${e.status}`;
    case 'task_selection':
      return `Task ${e.taskType} (${e.priority.toFixed(2)})`;
    case 'source_access':
      return `${e.source}: ${e.success ? `${e.recordCount} records` : `failed — ${e.failureReason ?? 'unknown'}`}`;
    case 'decision':
      return `${e.decisionType}: ${e.chosenOption}`;
    case 'hypothesis':
      return `${e.statements.length} hypotheses: ${e.statements[0] ?? ''}`;
    case 'compliance':
      return `${e.check} ${e.allowed ? 'allowed' : 'blocked'}: ${e.subject}`;
    case 'revisit':
      return `Revisit ${e.source}`;
    case 'conflict_resolution':
      return `${e.field}: chose "${e.chosen}"`;
    case 'termination':
      return `Stopped: ${e.reason}`;
    case 'cycle':
      return `Cycle ${e.cycle ?? ''} (${e.strategy})${e.costUsd ? ` $${e.costUsd.toFixed(3)}` : ''}`;
    case 'llm_call':
      return `${e.model} ${e.purpose}: ${e.inputTokens + e.outputTokens} tokens`;
    case 'firewall_rejection':
      return `Firewall check ${e.check}: ${e.reason}`;
    case 'merge':
      return `Merge ${e.operation} ${e.clusterId}`;
    case 'deferred':
      return `Search by hand: ${e.source}`;
    case 'error':
      return `Error: ${e.message}`;
  }
}

export class LogTree implements vscode.TreeDataProvider<LogEntry> {
  private readonly emitter = new vscode.EventEmitter<LogEntry | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly services: Services) {
    services.model.onDidChange(() => this.emitter.fire(undefined));
  }

  async getChildren(node?: LogEntry): Promise<LogEntry[]> {
    if (node) return [];
    const snap = await this.services.model.ensure();
    return snap ? snap.log.slice(-SHOWN).reverse() : [];
  }

  getTreeItem(e: LogEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(summarise(e), vscode.TreeItemCollapsibleState.None);
    item.id = `log:${e.id}`;
    item.description = `${e.agent} · ${e.timestamp.slice(11, 19)}`;
    const md = new vscode.MarkdownString();
    md.appendCodeblock(JSON.stringify(e, null, 2), 'json');
    item.tooltip = md;
    item.iconPath = new vscode.ThemeIcon(ICONS[e.actionType] ?? 'circle-small');
    return item;
  }
}
