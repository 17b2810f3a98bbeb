/**
 * Problems panel: parse and schema errors in case files, and GPS gaps in person files, each at its
 * file and line. Recomputed from every new snapshot.
 */
import * as vscode from 'vscode';
import type { CaseSnapshot } from './core/snapshot';
import type { Services } from './services';
import { loadEngine } from './loadEngine';

export class CaseDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('ancestry');
  private readonly sub: vscode.Disposable;

  constructor(services: Services) {
    this.sub = services.model.onDidChange((snap) => void this.update(snap));
  }

  async update(snap: CaseSnapshot | undefined): Promise<void> {
    this.collection.clear();
    if (!snap) return;
    const { gpsGaps } = await loadEngine('gps');
    const byFile = new Map<string, vscode.Diagnostic[]>();
    const add = (file: string, d: vscode.Diagnostic) => byFile.set(file, [...(byFile.get(file) ?? []), d]);
    const range = (line: number, column: number) => {
      const l = Math.max(0, line - 1);
      return new vscode.Range(l, Math.max(0, column - 1), l, Number.MAX_SAFE_INTEGER);
    };
    for (const p of snap.problems) {
      const d = new vscode.Diagnostic(
        range(p.line, p.column),
        p.field ? `${p.field}: ${p.message}` : p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      d.source = 'ancestry';
      d.code = 'case-file';
      add(p.file, d);
    }
    const severity = {
      error: vscode.DiagnosticSeverity.Error,
      warning: vscode.DiagnosticSeverity.Warning,
      info: vscode.DiagnosticSeverity.Information,
    };
    for (const g of gpsGaps(snap)) {
      const d = new vscode.Diagnostic(range(g.line, g.column), g.message, severity[g.severity]);
      d.source = 'ancestry GPS';
      d.code = g.code;
      add(g.file, d);
    }
    for (const [file, list] of byFile) this.collection.set(vscode.Uri.file(file), list);
  }

  dispose(): void {
    this.sub.dispose();
    this.collection.dispose();
  }
}
