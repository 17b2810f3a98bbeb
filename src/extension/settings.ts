/** The extension's settings (package.json `contributes.configuration`), read in one place. */
import * as vscode from 'vscode';

export interface AncestrySettings {
  model: string;
  /** The user chose a model in settings (else the case's llm.model applies). */
  modelExplicit: boolean;
  maxCycles: number;
  maxUsd: number;
  maxRequests: number;
  maxMinutes: number;
  tier1: boolean;
  tier2: boolean;
  livingThresholdYears: number;
  consent: boolean;
  userAgentContact: string;
  offline: boolean;
  gitCommitAfterCycle: boolean;
  pedigreeGenerations: number;
}

export function readSettings(): AncestrySettings {
  const c = vscode.workspace.getConfiguration('ancestry');
  return {
    model: c.get('llm.model', 'claude-sonnet-4-6'),
    modelExplicit: isSet('llm.model'),
    maxCycles: c.get('budget.maxCycles', 10),
    maxUsd: c.get('budget.maxUsd', 2),
    maxRequests: c.get('budget.maxRequests', 500),
    maxMinutes: c.get('budget.maxMinutes', 30),
    tier1: c.get('tiers.tier1', false),
    tier2: c.get('tiers.tier2', false),
    livingThresholdYears: c.get('privacy.livingThresholdYears', 100),
    consent: c.get('privacy.consent', false),
    userAgentContact: c.get('sources.userAgentContact', ''),
    offline: c.get('sources.offline', false),
    gitCommitAfterCycle: c.get('git.commitAfterCycle', false),
    pedigreeGenerations: c.get('pedigree.generations', 4),
  };
}

/** Whether the user set a key explicitly (then it overrides the case's own value). */
export function isSet(key: string): boolean {
  const i = vscode.workspace.getConfiguration('ancestry').inspect(key);
  return (
    i !== undefined &&
    (i.globalValue !== undefined || i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined)
  );
}
