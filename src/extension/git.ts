/** Optional commit of the case after each research cycle, through the built-in Git extension's API. */
import * as vscode from 'vscode';

interface GitRepository {
  rootUri: vscode.Uri;
  add(paths: string[]): Promise<void>;
  commit(message: string, opts?: { all?: boolean }): Promise<void>;
  state: { workingTreeChanges: unknown[]; indexChanges: unknown[]; untrackedChanges?: unknown[] };
}
interface GitApi {
  repositories: GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}
interface GitExtension {
  getAPI(version: 1): GitApi;
}

/** A function that commits the case folder, or undefined when Git is unavailable. */
export function gitCommitter(root: string, log: vscode.OutputChannel): ((message: string) => Promise<void>) | undefined {
  const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!ext) {
    log.appendLine('[git] the built-in Git extension is not available; not committing');
    return undefined;
  }
  let chain = Promise.resolve();
  return (message) =>
    (chain = chain.then(async () => {
      try {
        const api = (ext.isActive ? ext.exports : await ext.activate()).getAPI(1);
        const repo = api.getRepository(vscode.Uri.file(root));
        if (!repo) {
          log.appendLine(`[git] ${root} is not in a git repository; not committing`);
          return;
        }
        await repo.add([root]);
        await repo.commit(message);
        log.appendLine(`[git] committed: ${message}`);
      } catch (e) {
        // "nothing to commit" and the like must never stop the research.
        log.appendLine(`[git] commit skipped: ${e instanceof Error ? e.message : String(e)}`);
      }
    }));
}
