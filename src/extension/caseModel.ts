/**
 * The open case, as the views see it: a read-only snapshot of the case files, re-read when a file
 * changes on disk or in the editor (the files are the truth). Loading is lazy and debounced.
 */
import { sep } from 'node:path';
import * as vscode from 'vscode';
import type { CaseSnapshot } from './core/snapshot';
import { loadEngine } from './loadEngine';

const ROOT_KEY = 'ancestry.caseRoot';

export class CaseModel implements vscode.Disposable {
  private snap: CaseSnapshot | undefined;
  private rootPath: string | undefined;
  private loading: Promise<CaseSnapshot | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  private readonly changed = new vscode.EventEmitter<CaseSnapshot | undefined>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  get root(): string | undefined {
    return this.rootPath;
  }

  get snapshot(): CaseSnapshot | undefined {
    return this.snap;
  }

  /** Finds the case in the workspace (a folder with case.yaml, or a direct child of one). */
  async discover(): Promise<string | undefined> {
    const { findCaseRoots } = await loadEngine('snapshot');
    const roots: string[] = [];
    for (const f of vscode.workspace.workspaceFolders ?? [])
      if (f.uri.scheme === 'file') roots.push(...(await findCaseRoots(f.uri.fsPath)));
    const remembered = this.state.get<string>(ROOT_KEY);
    const root = roots.find((r) => r === remembered) ?? roots[0];
    if (root) this.setRoot(root);
    return root;
  }

  setRoot(root: string): void {
    if (root === this.rootPath) return;
    this.rootPath = root;
    void this.state.update(ROOT_KEY, root);
    void vscode.commands.executeCommand('setContext', 'ancestry.hasCase', true);
    this.watcher?.dispose();
    // One watcher over the case; `.ancestry/` is derived data and not worth a reload.
    this.watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.file(root), '**/*.{md,json,jsonl,yaml}'),
    );
    const onFs = (uri: vscode.Uri) => {
      if (!uri.fsPath.includes(`${sep}.ancestry${sep}`)) this.scheduleReload();
    };
    this.watcher.onDidChange(onFs);
    this.watcher.onDidCreate(onFs);
    this.watcher.onDidDelete(onFs);
    this.snap = undefined;
    this.scheduleReload(0);
  }

  /** The snapshot, loading it on first use. */
  async ensure(): Promise<CaseSnapshot | undefined> {
    if (this.snap) return this.snap;
    if (!this.rootPath) await this.discover();
    if (!this.rootPath) return undefined;
    return this.reload();
  }

  scheduleReload(delayMs = 150): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), delayMs);
  }

  async reload(): Promise<CaseSnapshot | undefined> {
    if (this.timer) clearTimeout(this.timer);
    const root = this.rootPath;
    if (!root) return undefined;
    // Chain reloads so a burst of edits gives one consistent snapshot after the last one.
    const previous = this.loading ?? Promise.resolve(undefined);
    const run = previous.then(async () => {
      const { loadSnapshot } = await loadEngine('snapshot');
      const snap = await loadSnapshot(root);
      if (this.rootPath === root) {
        this.snap = snap;
        this.changed.fire(snap);
      }
      return snap;
    });
    this.loading = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
