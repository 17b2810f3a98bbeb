/** Live progress for hosts (CLI progress lines, VS Code notification and status bar). */
export interface EngineEvent {
  type: 'step' | 'cycle' | 'source' | 'finding' | 'done';
  message: string;
  cycle: number;
  costUsd?: number;
}

export interface RunResult {
  status: 'completed' | 'cancelled' | 'failed';
  terminationReason: string;
  cycles: number;
  persons: number;
  sources: number;
  conflicts: number;
  summaryPath: string;
  /** The Z invariant checks the run made (after every step and cycle) and the time they took. */
  invariants?: { checks: number; ms: number };
}
