/** Every command of the extension. Handlers load what they need lazily (nothing heavy at activation). */
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import type { ClueHypothesis } from '../model';
import { researchPerson, stopResearch, type ResearchRequest } from './research';
import { API_KEY_SECRET, type Services } from './services';
import { readSettings } from './settings';
import { loadEngine } from './loadEngine';
import type { PeopleClient } from './people/client';

type HypothesisArg = string | ClueHypothesis | undefined;
const idOf = (h: HypothesisArg) => (typeof h === 'string' ? h : h?.id);

/** Runs a handler and turns a thrown error into a message instead of a silent failure. */
function guarded<A extends unknown[], R>(
  services: Services,
  name: string,
  fn: (...args: A) => Promise<R> | R,
): (...args: A) => Promise<R | undefined> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      services.output.appendLine(`[${name}] ${e instanceof Error ? (e.stack ?? msg) : msg}`);
      void vscode.window.showErrorMessage(`Ancestry: ${msg}`);
      return undefined;
    }
  };
}

function failNoPeople(): never {
  throw new Error('the People directory is not running');
}

export function registerCommands(services: Services, people?: PeopleClient): vscode.Disposable[] {
  // VS Code passes a command whatever arguments its caller gave: each handler declares its own.
  const reg = (id: string, fn: (...args: never[]) => unknown) =>
    vscode.commands.registerCommand(id, guarded(services, id, fn));
  return [
    reg(
      'ancestry.newCase',
      (opts?: { dir?: string; subject?: string; born?: string; place?: string; question?: string }) =>
        newCase(services, opts),
    ),
    reg('ancestry.researchPerson', (arg?: string | ResearchRequest) =>
      researchPerson(services, typeof arg === 'string' ? { person: arg } : (arg ?? {})),
    ),
    reg('ancestry.stopResearch', () => stopResearch(services)),
    reg('ancestry.importGedcom', (file?: string | vscode.Uri) => importGedcomCommand(services, file)),
    reg('ancestry.export', (format?: ExportFormat) => exportCommand(services, format)),
    reg('ancestry.transcribeDocument', async (file?: vscode.Uri) =>
      (await loadEngine('documents')).transcribeDocumentCommand(services, file),
    ),
    reg('ancestry.openDocument', async (file?: vscode.Uri) =>
      (await import('./webviews/documentPanel')).openDocumentCommand(services, file),
    ),
    reg('ancestry.showPedigree', async (id?: string | { id: string }, generations?: { up: number; down: number }) =>
      (await import('./webviews/pedigreePanel')).PedigreePanel.show(
        services,
        people ?? failNoPeople(),
        typeof id === 'string' ? id : id?.id,
        generations,
      ),
    ),
    // Merge review is an editor panel (issue #19 item 3); the Merges side bar stays for a glance.
    reg('ancestry.reviewMerges', async (select?: string) =>
      (await import('./webviews/mergeReviewPanel')).MergeReviewPanel.show(services, {
        select: typeof select === 'string' ? select : undefined,
      }),
    ),
    reg('ancestry.findDuplicates', async () =>
      (await import('./webviews/mergeReviewPanel')).findDuplicatesCommand(services),
    ),
    reg('ancestry.reviewConflicts', async (id?: string) =>
      (await import('./webviews/conflictsPanel')).ConflictsPanel.show(services, id),
    ),
    reg('ancestry.reviewStagedFacts', async (arg?: unknown) =>
      (await import('./reviewCommand')).reviewStagedFacts(services, arg),
    ),
    reg('ancestry.showHypothesisQueue', async () => (await import('./webviews/queuePanel')).QueuePanel.show(services)),
    reg('ancestry.setApiKey', (key?: string) => setApiKey(services, key)),
    reg('ancestry.setSourceCredential', async (key?: string, value?: string) =>
      (await import('./sourceCredentials')).setSourceCredential(
        services,
        async () =>
          (await loadEngine('engineBridge')).sourceCredentialChoices(
            services.context.extensionPath,
            services.model.root,
          ),
        { key, value },
      ),
    ),
    reg('ancestry.clearApiKey', async () => {
      await services.context.secrets.delete(API_KEY_SECRET);
      void vscode.window.showInformationMessage(
        'Ancestry: the Anthropic API key was removed; research runs deterministically.',
      );
    }),
    reg('ancestry.openResearchLog', async () => {
      const root = await services.requireCase();
      await vscode.commands.executeCommand('ancestry.log.focus');
      const file = vscode.Uri.file(join(root, 'log', 'research-log.jsonl'));
      try {
        await vscode.workspace.fs.stat(file);
        await vscode.window.showTextDocument(file, { preview: true });
      } catch {
        void vscode.window.showInformationMessage(
          'Ancestry: the research log is empty — run "Ancestry: Research Person…" first.',
        );
      }
    }),
    // The one place the extension opens a person (People view, pedigree, conflicts, merges): their page.
    reg('ancestry.openPerson', async (arg?: string | { id: string }) => {
      if (!people) throw new Error('the People directory is not running');
      let id = typeof arg === 'string' ? arg : arg?.id;
      // From the palette: pick the person first (the same search as Go to Person…).
      if (!id) {
        const root = services.model.root ?? (await services.model.discover());
        if (root && people.caseRoot !== root) await people.open(root);
        id = (await (await import('./peopleCommands')).pickPerson(people, 'Open Person Page'))?.id;
      }
      if (!id) return undefined;
      return (await import('./webviews/personPanel')).PersonPanel.show(services, people, id);
    }),
    reg('ancestry.openPersonText', async (arg?: string | { id?: string; row?: { id: string } }) => {
      // A People view row (context menu), an id, or the person page in front.
      const id =
        typeof arg === 'string'
          ? arg
          : (arg?.id ?? arg?.row?.id ?? (await import('./webviews/personPanel')).PersonPanel.current?.page?.id);
      if (!id) throw new Error('which person? (ancestry.openPersonText takes a person id)');
      return (await import('./webviews/personPanel')).openPersonText(services, people, id);
    }),
    // The user's decisions on the queue, with their reason (logged as agent User). From the
    // Hypotheses view the reason is asked for; automation passes it (or none).
    reg('ancestry.dismissHypothesis', async (h?: HypothesisArg, reason?: string) => {
      const id = idOf(h);
      if (!id) return;
      const why = reason ?? (typeof h === 'string' ? undefined : await askReason('Dismiss hypothesis'));
      if (why === null) return;
      await (await loadEngine('actions')).dismissHypothesis(await services.requireCase(), id, why);
      await services.model.reload();
    }),
    reg('ancestry.reopenHypothesis', async (h?: HypothesisArg, reason?: string) => {
      const id = idOf(h);
      if (!id) return;
      const why = reason ?? (typeof h === 'string' ? undefined : await askReason('Reopen hypothesis'));
      if (why === null) return;
      await (await loadEngine('actions')).reopenHypothesis(await services.requireCase(), id, why);
      await services.model.reload();
    }),
    reg('ancestry.reprioritiseHypothesis', async (h?: HypothesisArg, priority?: number, reason?: string) => {
      const id = idOf(h);
      if (!id) return;
      const current = services.model.snapshot?.hypotheses.find((x) => x.id === id)?.priority ?? 0.5;
      const value =
        priority ??
        Number(
          await vscode.window.showInputBox({
            title: 'Reprioritise hypothesis',
            prompt: 'Priority from 0 (lowest) to 1 (highest)',
            value: current.toFixed(2),
            validateInput: (v) =>
              Number(v) >= 0 && Number(v) <= 1 && v.trim() !== '' ? undefined : 'a number from 0 to 1',
          }),
        );
      if (!Number.isFinite(value) || value < 0 || value > 1) return;
      const why = reason ?? (priority === undefined ? await askReason('Reprioritise hypothesis') : undefined);
      if (why === null) return;
      await (await loadEngine('actions')).reprioritiseHypothesis(await services.requireCase(), id, value, why);
      await services.model.reload();
    }),
    reg('ancestry.refresh', () => services.model.reload()),
    reg('ancestry.selectCase', async () => {
      const { findCaseRoots } = await loadEngine('snapshot');
      const roots: string[] = [];
      for (const f of vscode.workspace.workspaceFolders ?? []) roots.push(...(await findCaseRoots(f.uri.fsPath)));
      const pick = await vscode.window.showQuickPick(
        roots.map((r) => ({ label: basename(r), description: r })),
        { title: 'Ancestry: Select Case' },
      );
      if (pick) services.model.setRoot(pick.description);
    }),
  ];
}

/** The user's reason for a decision (Enter with nothing: none given; Escape: the decision is dropped). */
async function askReason(title: string): Promise<string | undefined | null> {
  const v = await vscode.window.showInputBox({
    title,
    prompt: 'Why? Your reason goes into the research log with your decision (optional).',
  });
  return v === undefined ? null : v.trim() || undefined;
}

async function setApiKey(services: Services, key?: string): Promise<boolean> {
  const value =
    key ??
    (await vscode.window.showInputBox({
      title: 'Ancestry: Set Anthropic API Key',
      prompt:
        'Stored in VS Code SecretStorage, never in settings or the case folder. Without a key, research runs deterministically.',
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'sk-ant-…',
      validateInput: (v) => (v.trim().length >= 8 ? undefined : 'that does not look like an API key'),
    }));
  if (!value?.trim()) return false;
  await services.context.secrets.store(API_KEY_SECRET, value.trim());
  if (key === undefined)
    void vscode.window.showInformationMessage('Ancestry: API key saved in SecretStorage. Research will use Claude.');
  return true;
}

async function newCase(
  services: Services,
  opts: { dir?: string; subject?: string; born?: string; place?: string; question?: string } = {},
): Promise<string | undefined> {
  let dir = opts.dir;
  if (!dir) {
    const picked = await vscode.window.showOpenDialog({
      title: 'Ancestry: New Case — choose an empty folder for the case',
      canSelectFolders: true,
      canSelectFiles: false,
      canSelectMany: false,
      openLabel: 'Create case here',
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    dir = picked?.[0]?.fsPath;
  }
  if (!dir) return undefined;
  const subject =
    opts.subject ??
    (await vscode.window.showInputBox({
      title: 'New case (1/4): who?',
      prompt: 'The person to research, e.g. "Johann Friedrich Schmidt"',
      validateInput: (v) => (v.trim() ? undefined : 'a name is needed'),
    }));
  if (!subject?.trim()) return undefined;
  const born =
    opts.born ??
    (await vscode.window.showInputBox({
      title: 'New case (2/4): born',
      prompt: 'Birth date, a GEDCOM date phrase such as ABT 1842 (optional)',
    }));
  if (born === undefined) return undefined;
  const place =
    opts.place ??
    (await vscode.window.showInputBox({
      title: 'New case (3/4): where',
      prompt: 'A place associated with them, e.g. Springfield, Illinois (optional)',
    }));
  if (place === undefined) return undefined;
  const question =
    opts.question ??
    (await vscode.window.showInputBox({
      title: 'New case (4/4): research question',
      value: `Who were the parents, spouse and children of ${subject.trim()}, and when was he or she born and when did he or she die?`,
    }));
  if (!question?.trim()) return undefined;
  const s = readSettings();
  const { initCase } = await loadEngine('caseFolder');
  await initCase(dir, {
    question: question.trim(),
    subject: {
      name: subject.trim(),
      ...(born.trim() ? { born: born.trim() } : {}),
      ...(place.trim() ? { place: place.trim() } : {}),
    },
    budget: { maxCycles: s.maxCycles, maxUsd: s.maxUsd, maxRequests: s.maxRequests, maxMinutes: s.maxMinutes },
    tiers: { tier1: s.tier1, tier2: s.tier2 },
    privacy: { livingThresholdYears: s.livingThresholdYears, consent: s.consent },
    sources: { offline: s.offline, ...(s.userAgentContact ? { userAgentContact: s.userAgentContact } : {}) },
    llm: { model: s.model },
  });
  const inWorkspace = vscode.workspace.workspaceFolders?.some((f) => dir.startsWith(f.uri.fsPath));
  if (inWorkspace) {
    services.model.setRoot(dir);
    await services.model.reload();
    void vscode.window
      .showInformationMessage(`Ancestry: case created for ${subject.trim()}.`, 'Research Now')
      .then((c) => c && vscode.commands.executeCommand('ancestry.researchPerson'));
  } else if (!opts.dir) {
    const open = await vscode.window.showInformationMessage(`Ancestry: case created in ${dir}.`, 'Open Case Folder');
    if (open) await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(dir));
  }
  return dir;
}

async function importGedcomCommand(services: Services, file?: string | vscode.Uri): Promise<unknown> {
  const root = await services.requireCase();
  let path = typeof file === 'string' ? file : file?.fsPath;
  if (!path) {
    const picked = await vscode.window.showOpenDialog({
      title: 'Ancestry: Import GEDCOM',
      canSelectMany: false,
      filters: { GEDCOM: ['ged', 'gdz', 'GED'] },
      openLabel: 'Import',
    });
    path = picked?.[0]?.fsPath;
  }
  if (!path) return undefined;
  const target = path;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Ancestry: importing ${basename(target)}` },
    async (progress) => {
      const [{ openCase, withCaseLock }, { importGedcom }] = await Promise.all([
        loadEngine('caseFolder'),
        loadEngine('gedcomImport'),
      ]);
      const result = await withCaseLock(root, 'import (VS Code)', async () =>
        importGedcom(target, await openCase(root), { onProgress: (message) => progress.report({ message }) }),
      );
      services.output.appendLine(
        `[import] ${target}: ${result.persons.length} persons, ${result.sources.length} sources, ${result.warnings.length} warnings (${result.mode})`,
      );
      for (const w of result.warnings.slice(0, 200)) services.output.appendLine(`  ${JSON.stringify(w)}`);
      await services.model.reload();
      void vscode.window.showInformationMessage(
        `Ancestry: imported ${result.persons.length} persons and ${result.sources.length} sources from ${basename(target)}${result.warnings.length ? ` (${result.warnings.length} warnings in the Ancestry output)` : ''}.`,
      );
      return result;
    },
  );
}

type ExportFormat = 'gedcom' | 'gedcom7' | 'jsonld';

async function exportCommand(services: Services, format?: ExportFormat): Promise<string | undefined> {
  const root = await services.requireCase();
  const choice =
    format ??
    (
      await vscode.window.showQuickPick(
        [
          { label: 'GEDCOM 5.5.1', description: 'tree.ged — for most genealogy programs', format: 'gedcom' as const },
          { label: 'GEDCOM 7', description: 'tree7.ged — the current standard', format: 'gedcom7' as const },
          { label: 'JSON-LD', description: 'graph.jsonld — schema.org Person graph', format: 'jsonld' as const },
        ],
        { title: 'Ancestry: Export' },
      )
    )?.format;
  if (!choice) return undefined;
  const { exportCase } = await loadEngine('exporter');
  const { file, note } = await exportCase(root, choice);
  services.output.appendLine(`[export] ${file}${note ? `\n${note}` : ''}`);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
  return file;
}
