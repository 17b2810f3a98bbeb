/** Optional commit of the case after each research cycle, through the built-in Git extension's API. */
import * as vscode from 'vscode';
import type { OutputLog } from './services';

interface GitRepository {
  rootUri: vscode.Uri;
  commit(message: string, opts?: { all?: boolean | 'tracked' }): Promise<void>;
  state: { workingTreeChanges: unknown[]; indexChanges: unknown[]; untrackedChanges?: unknown[] };
}
interface GitApi {
  repositories: GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}
interface GitExtension {
  getAPI(version: 1): GitApi;
}

export interface GitCommitter {
  (message: string): Promise<void>;
  /** Resolves when every commit asked for so far is done. */
  flush(): Promise<void>;
}

/** A function that commits the case folder, or undefined when Git is unavailable. */
export function gitCommitter(root: string, log: OutputLog): GitCommitter | undefined {
  const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!ext) {
    log.appendLine('[git] the built-in Git extension is not available; not committing');
    return undefined;
  }
  let chain = Promise.resolve();
  const commit = (message: string) =>
    (chain = chain.then(async () => {
      try {
        const api = (ext.isActive ? ext.exports : await ext.activate()).getAPI(1);
        const uri = vscode.Uri.file(root);
        const repo = api.getRepository(uri) ?? (await api.openRepository?.(uri)) ?? null;
        if (!repo) {
          log.appendLine(`[git] ${root} is not in a git repository; not committing`);
          return;
        }
        // all: true stages every change in the case, new files included (like `git add -A`).
        await repo.commit(message, { all: true });
        log.appendLine(`[git] committed: ${message}`);
      } catch (e) {
        // "nothing to commit" and the like must never stop the research.
        const detail = (e as { stderr?: string; gitErrorCode?: string }) ?? {};
        log.appendLine(
          `[git] commit skipped: ${e instanceof Error ? e.message : String(e)}${detail.gitErrorCode ? ` (${detail.gitErrorCode})` : ''}${detail.stderr ? `: ${detail.stderr.trim().split('\n')[0]}` : ''}`,
        );
      }
    }));
  return Object.assign(commit, { flush: () => chain });
}
