/** What the commands, views and panels share: the case model, the log channel, secrets, events. */
import * as vscode from 'vscode';
import type { CaseModel } from './caseModel';

export const API_KEY_SECRET = 'ancestry.anthropicApiKey';

export interface ResearchProgress {
  running: boolean;
  person?: string;
  cycle: number;
  costUsd: number;
  step?: string;
}

/** The Ancestry output channel; the newest lines are also kept in memory (tests, bug reports). */
class RecentOutput {
  readonly channel = vscode.window.createOutputChannel('Ancestry');
  readonly recent: string[] = [];
  appendLine(line: string): void {
    this.channel.appendLine(line);
    this.recent.push(line);
    if (this.recent.length > 500) this.recent.splice(0, this.recent.length - 500);
  }
  dispose(): void {
    this.channel.dispose();
  }
}

export type OutputLog = Pick<RecentOutput, 'appendLine'>;

export class Services implements vscode.Disposable {
  readonly output = new RecentOutput();
  private readonly progressEmitter = new vscode.EventEmitter<ResearchProgress>();
  readonly onDidChangeProgress = this.progressEmitter.event;
  progress: ResearchProgress = { running: false, cycle: 0, costUsd: 0 };
  /** Cancels the running research (Stop Research, the notification's Cancel, the status bar). */
  abort: AbortController | undefined;

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly model: CaseModel,
  ) {}

  get extensionUri(): vscode.Uri {
    return this.context.extensionUri;
  }

  setProgress(p: Partial<ResearchProgress>): void {
    const wasRunning = this.progress.running;
    this.progress = { ...this.progress, ...p };
    if (wasRunning !== this.progress.running)
      void vscode.commands.executeCommand('setContext', 'ancestry.researchRunning', this.progress.running);
    this.progressEmitter.fire(this.progress);
  }

  async apiKey(): Promise<string | undefined> {
    return this.context.secrets.get(API_KEY_SECRET);
  }

  /** The case root, or an error message the user can act on. */
  async requireCase(): Promise<string> {
    const root = this.model.root ?? (await this.model.discover());
    if (!root) throw new Error('no case is open: open a folder with a case.yaml, or run "Ancestry: New Case…"');
    return root;
  }

  dispose(): void {
    this.output.dispose();
    this.progressEmitter.dispose();
  }
}
