/**
 * Ancestry: Review Staged Facts… — the review queue from the keyboard: a multi-select QuickPick of
 * the staged facts (escalated and weakest first; type to filter, Space to select, Enter), then the
 * decision (accept, reject with a reason, edit the value), applied as `ancestry review` applies it
 * and logged as the user's. Run with an argument ({action, ids, reason?, value?}) it decides
 * without the pickers; the argument is validated with zod first.
 */
import * as vscode from 'vscode';
import type { ReviewItem, ReviewOutcome } from '../case/review-queue';
import type { ReviewCommandArg } from '../protocol/review';
import { loadEngine } from './loadEngine';
import type { Services } from './services';

interface ItemPick extends vscode.QuickPickItem {
  item: ReviewItem;
}

function itemPick(i: ReviewItem): ItemPick {
  const first = i.sources[0];
  return {
    item: i,
    label: `${i.escalated ? '$(warning) ' : ''}${i.person.name}: ${i.field} = ${i.value}`,
    description: `${i.confidence.toFixed(2)} · ${i.sources.length} source(s) · ${i.id}`,
    detail: i.escalated
      ? `Escalated: ${i.escalated.join('; ')}`
      : first
        ? `${first.id}${first.title ? ` ${first.title}` : ''}: "${first.snippet}"`
        : undefined,
  };
}

/** The staged facts to decide on; undefined when the user left the picker. */
async function pickItems(items: ReviewItem[]): Promise<ReviewItem[] | undefined> {
  const qp = vscode.window.createQuickPick<ItemPick>();
  qp.title = `Ancestry: Review Staged Facts (${items.length})`;
  qp.placeholder = 'Type to filter; Space selects one or more; Enter decides on the selection';
  qp.canSelectMany = true;
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.items = items.map(itemPick);
  return new Promise((resolve) => {
    let done = false;
    qp.onDidAccept(() => {
      // Enter with nothing selected decides on the highlighted item alone (the first, unfiltered).
      const chosen = qp.selectedItems.length
        ? qp.selectedItems
        : qp.activeItems.length
          ? qp.activeItems.slice(0, 1)
          : qp.value
            ? []
            : qp.items.slice(0, 1);
      done = true;
      qp.hide();
      resolve(chosen.map((c) => c.item));
    });
    qp.onDidHide(() => {
      qp.dispose();
      if (!done) resolve(undefined);
    });
    qp.show();
  });
}

type Action = ReviewCommandArg['action'];

async function pickAction(items: ReviewItem[]): Promise<Action | undefined> {
  const one = items.length === 1 ? items[0] : undefined;
  const choices: (vscode.QuickPickItem & { action: Action })[] = [
    { action: 'accept', label: '$(check) Accept', description: 'the evidence is enough: part of the conclusion' },
    {
      action: 'reject',
      label: '$(close) Reject…',
      description: 'with your reason; not proposed again from this evidence',
    },
  ];
  if (one?.kind === 'fact')
    choices.push({
      action: 'edit',
      label: '$(edit) Edit Value…',
      description: 'your reading, cited to the same evidence',
    });
  const pick = await vscode.window.showQuickPick(choices, {
    title: one ? `${one.person.name}: ${one.field} = ${one.value}` : `${items.length} staged facts`,
    placeHolder: 'Decide',
  });
  return pick?.action;
}

/** The decision's details from input boxes; undefined when the user escaped. */
async function askDetails(action: Action, items: ReviewItem[]): Promise<ReviewCommandArg | undefined> {
  const ids = items.map((i) => i.id);
  const reasonBox = (required: boolean) =>
    vscode.window.showInputBox({
      title: `${action === 'reject' ? 'Reject' : action === 'edit' ? 'Edit' : 'Accept'} ${ids.length > 1 ? `${ids.length} facts` : ids[0]}`,
      prompt: required
        ? 'Why reject? Kept with the decision and in the research log.'
        : 'Why? Kept in the research log with your decision (optional; Enter for none).',
      validateInput: (v) => (required && !v.trim() ? 'a reject needs a reason' : undefined),
    });
  if (action === 'edit') {
    const value = await vscode.window.showInputBox({
      title: `Edit ${items[0].field} of ${items[0].person.name}`,
      prompt: 'Your value, still cited to the same evidence (a date as a GEDCOM date: 14 MAR 1842, ABT 1842)',
      value: items[0].value,
      validateInput: (v) => (v.trim() ? undefined : 'a value is needed'),
    });
    if (value === undefined) return undefined;
    const reason = await reasonBox(false);
    if (reason === undefined) return undefined;
    return { action, ids, value, ...(reason.trim() ? { reason } : {}) };
  }
  const reason = await reasonBox(action === 'reject');
  if (reason === undefined) return undefined;
  return action === 'reject' ? { action, ids, reason } : { action, ids, ...(reason.trim() ? { reason } : {}) };
}

function summary(done: ReviewOutcome[]): string {
  if (done.length === 1) {
    const o = done[0];
    return o.decision === 'edited'
      ? `${o.id}: ${o.field} "${o.was}" → "${o.value}", accepted as yours.`
      : `${o.id} ${o.decision}.`;
  }
  return `${done.length} staged facts ${done[0].decision}.`;
}

export async function reviewStagedFacts(services: Services, arg?: unknown): Promise<ReviewOutcome[] | undefined> {
  const root = await services.requireCase();
  const engine = await loadEngine('reviewActions');
  let decision: ReviewCommandArg | undefined;
  if (arg !== undefined) {
    const { ReviewCommandArg } = await loadEngine('protocolReview');
    const r = ReviewCommandArg.safeParse(arg);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new Error(`review: ${issue.path.join('.') || 'argument'}: ${issue.message}`);
    }
    decision = r.data;
  } else {
    const items = await engine.listReview(root);
    if (!items.length) {
      void vscode.window.showInformationMessage('Ancestry: nothing to review, no staged fact.');
      return undefined;
    }
    const chosen = await pickItems(items);
    if (!chosen?.length) return undefined;
    const action = await pickAction(chosen);
    if (!action) return undefined;
    decision = await askDetails(action, chosen);
    if (!decision) return undefined;
  }
  const done = await engine.applyReview(root, decision);
  await services.model.reload();
  void vscode.window.showInformationMessage(`Ancestry: ${summary(done)} Logged as your decision.`);
  return done;
}
