/**
 * Research Person: picks who (a person of the case, or a name with dates and place), then runs the
 * engine's loop under a cancellable progress notification that shows the current step, with the
 * status bar showing cycle and cost. Optionally commits the case after each cycle (built-in Git).
 */
import type { RunResult } from '../engine/events';
import * as vscode from 'vscode';
import type { Services } from './services';
import { readSettings } from './settings';
import { loadEngine } from './loadEngine';

export interface ResearchRequest {
  /** A person id of the case, or a description ("Name b. 1850 in Place"). */
  person?: string;
  /** Research the case subject without asking. */
  subject?: boolean;
  maxCycles?: number;
  /** Skip the completion message (tests, automation). */
  quiet?: boolean;
}

/** What a research run reports (the engine's own result type; a type import adds no code). */
export type ResearchOutcome = RunResult;

interface PickItem extends vscode.QuickPickItem {
  id?: string;
  isNew?: boolean;
  isSubject?: boolean;
}

/** Who to research: a person id or a described new person; `undefined` person means the case subject. */
interface Target {
  person?: string;
  label: string;
}

/** Asks who to research: the case's persons first (subject on top), or someone new. */
async function pickPerson(services: Services): Promise<Target | undefined> {
  const snap = await services.model.ensure();
  const { personLabel } = await loadEngine('labels');
  const subject = snap?.config?.subject.person;
  const items: PickItem[] = [];
  const cfgSubject = snap?.config?.subject;
  // Before the first run the subject exists only in case.yaml.
  if (cfgSubject && !(subject && snap?.persons.has(subject))) {
    items.push({
      label: `$(star-full) ${cfgSubject.name}`,
      description: [cfgSubject.born && `b. ${cfgSubject.born}`, cfgSubject.place, 'case subject']
        .filter(Boolean)
        .join(' · '),
      isSubject: true,
    });
  }
  items.push({
    label: '$(add) Research someone new…',
    description: 'name, dates and place',
    isNew: true,
    alwaysShow: true,
  });
  if (snap) {
    const people = [...snap.persons.values()]
      .map((e) => ({ e, l: personLabel(e.person, snap) }))
      .filter(({ l }) => !l.living);
    people.sort(
      (a, b) =>
        Number(b.e.person.id === subject) - Number(a.e.person.id === subject) || a.l.sortKey.localeCompare(b.l.sortKey),
    );
    if (people.length) items.push({ label: 'People of this case', kind: vscode.QuickPickItemKind.Separator });
    for (const { e, l } of people)
      items.push({
        label: l.name,
        description: [l.lifespan, e.person.id === subject ? 'subject' : ''].filter(Boolean).join(' · '),
        detail: e.person.id,
        id: e.person.id,
      });
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Ancestry: Research Person',
    placeHolder: 'Pick a person of the case, or research someone new',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  if (picked.isSubject) return { label: cfgSubject!.name };
  if (!picked.isNew) return { person: picked.id, label: picked.label };
  const name = await vscode.window.showInputBox({
    title: 'Research someone new (1/3)',
    prompt: 'Name, e.g. "Johann Schmidt"',
    validateInput: (v) => (v.trim() ? undefined : 'a name is needed'),
  });
  if (!name) return undefined;
  const born = await vscode.window.showInputBox({
    title: 'Research someone new (2/3)',
    prompt: 'Born (GEDCOM date: 1850, ABT 1850, BET 1848 AND 1852) — optional',
  });
  if (born === undefined) return undefined;
  const place = await vscode.window.showInputBox({
    title: 'Research someone new (3/3)',
    prompt: 'Place, e.g. "Springfield, Illinois" — optional',
  });
  if (place === undefined) return undefined;
  const described = [name.trim(), born.trim() && `b. ${born.trim()}`, place.trim() && `in ${place.trim()}`]
    .filter(Boolean)
    .join(' ');
  return { person: described, label: name.trim() };
}

export async function researchPerson(
  services: Services,
  request: ResearchRequest = {},
): Promise<ResearchOutcome | undefined> {
  if (services.progress.running) {
    void vscode.window.showWarningMessage(
      'Ancestry: research is already running. Stop it first (Ancestry: Stop Research).',
    );
    return undefined;
  }
  const root = await services.requireCase();
  const target: Target | undefined =
    request.person !== undefined || request.subject
      ? { person: request.person, label: request.person ?? 'the case subject' }
      : await pickPerson(services);
  if (!target) return undefined;
  const person = target.person;
  const settings = readSettings();
  const controller = new AbortController();
  services.abort = controller;
  const known = person ? services.model.snapshot?.persons.get(person) : undefined;
  const display = known
    ? (await loadEngine('labels')).personLabel(known.person, services.model.snapshot!).name
    : person
      ? target.label
      : (services.model.snapshot?.config?.subject.name ?? target.label);
  services.setProgress({ running: true, person: display, cycle: 0, costUsd: 0, step: 'starting' });
  services.output.appendLine(`[research] ${display} in ${root}`);
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Ancestry: researching ${display}`, cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort(new Error('user cancel')));
        const { runEngine } = await loadEngine('engineBridge');
        const git = settings.gitCommitAfterCycle
          ? (await import('./git')).gitCommitter(root, services.output)
          : undefined;
        let lastCycle = 0;
        const result = await runEngine({
          root,
          person,
          maxCycles: request.maxCycles ?? settings.maxCycles,
          settings,
          apiKey: await services.apiKey(),
          secrets: services.context.secrets,
          extensionPath: services.context.extensionPath,
          signal: controller.signal,
          log: (line) => services.output.appendLine(line),
          onEvent: (e) => {
            progress.report({ message: `cycle ${e.cycle}: ${e.message}` });
            services.setProgress({ cycle: e.cycle, costUsd: e.costUsd ?? services.progress.costUsd, step: e.message });
            if (e.type === 'cycle' || e.type === 'done') services.model.scheduleReload(50);
            // 'cycle' announces the start of a cycle, so the previous one is complete on disk.
            const finished = e.type === 'cycle' ? e.cycle - 1 : e.type === 'done' ? e.cycle : 0;
            if (git && finished > lastCycle) {
              lastCycle = finished;
              void git(`Ancestry: research cycle ${finished} — ${display}`);
            }
          },
        });
        await git?.flush();
        return result;
      },
    );
    services.output.appendLine(
      `[research] ${outcome.status}: ${outcome.terminationReason} (${outcome.cycles} cycles, ${outcome.persons} persons, ${outcome.sources} sources, ${outcome.conflicts} conflicts)`,
    );
    await services.model.reload();
    if (!request.quiet) {
      const open = 'Open Summary';
      const pedigree = 'Show Pedigree';
      const verb = outcome.status === 'completed' ? 'finished' : outcome.status;
      void vscode.window
        .showInformationMessage(
          `Ancestry: research ${verb} — ${outcome.terminationReason}. ${outcome.persons} persons, ${outcome.sources} sources, ${outcome.conflicts} conflicts.`,
          open,
          pedigree,
        )
        .then((choice) => {
          if (choice === open) void vscode.window.showTextDocument(vscode.Uri.file(outcome.summaryPath));
          if (choice === pedigree)
            void vscode.commands.executeCommand(
              'ancestry.showPedigree',
              services.model.snapshot?.config?.subject.person,
            );
        });
    }
    return outcome;
  } finally {
    services.abort = undefined;
    services.setProgress({ running: false, step: undefined });
  }
}

export function stopResearch(services: Services): boolean {
  if (!services.abort) {
    void vscode.window.showInformationMessage('Ancestry: no research is running.');
    return false;
  }
  services.abort.abort(new Error('user cancel'));
  services.setProgress({ step: 'stopping after the current step…' });
  return true;
}
