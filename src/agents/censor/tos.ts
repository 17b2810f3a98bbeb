/**
 * The Censor's terms-of-service gate (seed 000 Z schema CensorCheckSourceAccess). The rules come
 * from each plugin's `compliance.allowed_actions` / `prohibited_actions`. Seed 000 leaves actions
 * that are in neither set undefined; we fail closed and deny them.
 */
import type { NewLogEntry } from '../../model';

/** The part of a source plugin the gate reads (src/sources/plugin.ts SourcePlugin fits). */
export interface TosRules {
  plugin_id: string;
  display_name?: string;
  tier: 0 | 1 | 2;
  compliance: { allowed_actions: readonly string[]; prohibited_actions?: readonly string[] };
}

export interface TosDecision {
  allowed: boolean;
  reason: string;
}

export function checkSourceAccess(plugin: TosRules, action: string): TosDecision {
  const source = plugin.plugin_id;
  // Prohibition wins over an allowance listed by mistake in the same plugin.
  if (plugin.compliance.prohibited_actions?.includes(action))
    return { allowed: false, reason: `Action prohibited by ToS: ${source}` };
  if (plugin.compliance.allowed_actions.includes(action)) return { allowed: true, reason: 'Action permitted' };
  return { allowed: false, reason: `Action not listed in ToS rules of ${source} (denied by default): ${action}` };
}

/** The compliance entry the Z schema appends to the research log for every decision. */
export function tosLogEntry(plugin: TosRules, action: string, decision: TosDecision): NewLogEntry {
  return {
    actionType: 'compliance',
    agent: 'Censor',
    check: 'tos',
    subject: `${plugin.plugin_id}:${action}`,
    allowed: decision.allowed,
    reason: decision.reason,
    rationale: '',
    context: '',
  };
}
