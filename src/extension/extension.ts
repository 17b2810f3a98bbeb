/**
 * Activation registers contributions and returns at once: the case is read after activation, and
 * the engine, the protocol schemas and the panels load on first use (dynamic imports).
 */
import * as vscode from 'vscode';
import { CaseModel } from './caseModel';
import { registerCommands } from './commands';
import { CaseDiagnostics } from './diagnostics';
import { PersonCodeLens, SourceHover } from './editorFeatures';
import { Services, API_KEY_SECRET } from './services';
import { researchStatusBar } from './statusBar';
import { HypothesesTree } from './views/hypothesesTree';
import { LogTree } from './views/logTree';
import { PeopleTree } from './views/peopleTree';
import { PeopleClient } from './people/client';
import { registerPeopleCommands } from './peopleCommands';
import { join } from 'node:path';
import { MergesViewProvider, MERGES_VIEW_ID } from './webviews/mergesView';
import { registerPedigreeSerializer, PedigreePanel } from './webviews/pedigreePanel';
import { registerConflictsSerializer, ConflictsPanel } from './webviews/conflictsPanel';
import { registerMergeReviewSerializer, MergeReviewPanel } from './webviews/mergeReviewPanel';
import { registerQueueSerializer, QueuePanel } from './webviews/queuePanel';
import { registerPersonPage, PersonPanel } from './webviews/personPanel';

/** What tests (and other extensions) can reach: `vscode.extensions.getExtension(id).exports`. */
export interface AncestryApi {
  activationMs: number;
  services: Services;
  diagnostics: CaseDiagnostics;
  panels: {
    pedigree(): PedigreePanel | undefined;
    conflicts(): ConflictsPanel | undefined;
    queue(): QueuePanel | undefined;
    person(): PersonPanel | undefined;
    merges(): MergesViewProvider | undefined;
    mergeReview(): MergeReviewPanel | undefined;
  };
  apiKeySecret: string;
  /** The People view's tree (its pages, filter and Go to Person focus). */
  people: PeopleTree;
}

export function activate(context: vscode.ExtensionContext): AncestryApi {
  const started = performance.now();
  const model = new CaseModel(context.workspaceState);
  const services = new Services(context, model);
  const diagnostics = new CaseDiagnostics(services);
  const merges = new MergesViewProvider(services);
  const caseFiles: vscode.DocumentSelector = [
    { scheme: 'file', pattern: '**/people/*.md' },
    { scheme: 'file', pattern: '**/conflicts/*.md' },
    { scheme: 'file', pattern: '**/trees/*.jsonl' },
  ];
  // The People directory runs in a worker thread beside the bundle (dist/people-worker.js).
  const people = new PeopleClient(join(__dirname, 'people-worker.js'));
  const peopleTree = new PeopleTree(services, people);
  MergeReviewPanel.people = people;
  const peopleView = vscode.window.createTreeView('ancestry.people', {
    treeDataProvider: peopleTree,
    showCollapseAll: true,
  });
  peopleTree.view = peopleView;
  context.subscriptions.push(
    model,
    services,
    diagnostics,
    merges,
    { dispose: () => people.dispose() },
    ...registerCommands(services, people),
    ...registerPeopleCommands(services, peopleTree, people),
    peopleView,
    vscode.window.createTreeView('ancestry.hypotheses', { treeDataProvider: new HypothesesTree(services) }),
    vscode.window.createTreeView('ancestry.log', { treeDataProvider: new LogTree(services) }),
    vscode.window.registerWebviewViewProvider(MERGES_VIEW_ID, merges),
    registerPedigreeSerializer(services, people),
    registerConflictsSerializer(services),
    registerMergeReviewSerializer(services),
    registerQueueSerializer(services),
    ...registerPersonPage(services, people),
    vscode.languages.registerCodeLensProvider(
      { scheme: 'file', pattern: '**/people/*.md' },
      new PersonCodeLens(services),
    ),
    vscode.languages.registerHoverProvider(caseFiles, new SourceHover(services)),
    researchStatusBar(services),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void model.discover()),
  );
  // Read the case after activation returns, so startup never waits on the file system.
  setTimeout(() => void model.discover(), 0);
  const activationMs = performance.now() - started;
  services.output.appendLine(`[activate] ${activationMs.toFixed(1)} ms`);
  return {
    activationMs,
    services,
    diagnostics,
    panels: {
      pedigree: () => PedigreePanel.current,
      conflicts: () => ConflictsPanel.current,
      queue: () => QueuePanel.current,
      person: () => PersonPanel.current,
      merges: () => MergesViewProvider.instance,
      mergeReview: () => MergeReviewPanel.current,
    },
    apiKeySecret: API_KEY_SECRET,
    people: peopleTree,
  };
}

export function deactivate(): void {
  // Disposables registered on the context are released by VS Code.
}
