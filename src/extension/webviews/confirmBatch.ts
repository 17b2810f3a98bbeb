/**
 * Many merges at once are said in numbers before anything is written, from either merge view (the
 * sidebar and the Merge Review panel): a modal with the count and the score; one undo takes them
 * back ("Undo batch"). One proposal or none needs no question.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';

export async function confirmBatch(services: Services, minScore: number): Promise<boolean> {
  const snap = await services.model.ensure();
  const n = snap
    ? snap.merges.clusters.filter(
        (c) => c.status === 'proposed' && c.recommendation === 'merge' && c.similarity >= minScore,
      ).length
    : 0;
  if (n <= 1) return true;
  const ok = await vscode.window.showWarningMessage(
    `Accept ${n} merge proposals scoring at least ${minScore}? They are accepted as one batch, undone together with "Undo batch".`,
    { modal: true },
    'Accept Batch',
  );
  return ok === 'Accept Batch';
}
