/** A captured source a panel links to, opened beside the panel as a preview (conflicts, merge review). */
import * as vscode from 'vscode';
import type { Services } from '../services';

export async function openSourceBeside(services: Services, id: string): Promise<void> {
  const file = services.model.snapshot?.sources.get(id)?.file;
  if (file)
    await vscode.window.showTextDocument(vscode.Uri.file(file), {
      preview: true,
      viewColumn: vscode.ViewColumn.Beside,
    });
}
