/**
 * The Lead planner on Claude (seed 001 §3.1/§5.1 with Winterfox strategies): the bounded planning
 * context goes out, a submit_plan tool call comes back, and only firewall-approved actions reach the
 * engine. Without budget, it asks the run to stop; on any other model failure it falls back to the
 * deterministic planner (or an empty plan, which leaves the engine's own frontier in charge).
 */
import type { LeadPlanner, PlanDecision, PlanningView } from '../../engine/agents';
import type { CaseConfig } from '../../model';
import { buildPlanningContext, caseContext, leadContext } from '../context';
import { checkPlan } from '../firewall';
import type { LlmGateway } from '../gateway';
import { LlmError } from '../port';
import { PLANNER_SUCCESS, PLANNER_SYSTEM, STRATEGY_INSTRUCTIONS } from '../prompts';
import { PLAN_TOOL } from '../schemas';
import { askTool, isRecoverable, logRejections } from './ask';

const EMPTY: PlanDecision = { nextActions: [], queryExpansions: [], revisits: [], shouldStop: false };

export function planningUserPrompt(view: PlanningView): string {
  return [
    `# Research objective\n${view.question}`,
    buildPlanningContext(view).text,
    ...(view.lead ? [leadContext(view.lead)] : []),
    STRATEGY_INSTRUCTIONS[view.strategy],
    PLANNER_SUCCESS,
  ].join('\n\n');
}

export class LlmLeadPlanner implements LeadPlanner {
  readonly kind = 'llm' as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly config: CaseConfig,
    private readonly opts: { fallback?: LeadPlanner; knownSources?: () => string[]; model?: string } = {},
  ) {}

  private async fallback(view: PlanningView, signal?: AbortSignal): Promise<PlanDecision> {
    return this.opts.fallback ? this.opts.fallback.plan(view, signal) : { ...EMPTY };
  }

  async plan(view: PlanningView, signal?: AbortSignal): Promise<PlanDecision> {
    const { meter, log } = this.gateway;
    meter.setCycle(view.cycle);
    const exhausted = meter.exhausted();
    if (exhausted) return { ...(await this.fallback(view, signal)), shouldStop: true, stopReason: exhausted };
    let answer;
    try {
      answer = await askTool(
        this.gateway,
        {
          purpose: `plan cycle ${view.cycle} (${view.strategy})`,
          role: 'lead',
          agent: 'Lead',
          system: PLANNER_SYSTEM,
          context: caseContext(this.config),
          user: planningUserPrompt(view),
          model: this.opts.model,
          signal,
        },
        PLAN_TOOL,
      );
    } catch (err) {
      if (err instanceof LlmError && err.kind === 'budget')
        return { ...(await this.fallback(view, signal)), shouldStop: true, stopReason: err.message };
      if (!isRecoverable(err)) throw err;
      if (err.kind === 'invalid_response')
        log({
          actionType: 'error',
          agent: 'Lead',
          message: `planner output unusable: ${err.message}`,
          rationale: 'fell back to the deterministic planner',
          context: '',
          cycle: view.cycle,
        });
      return this.fallback(view, signal);
    }
    const { decision, rejected } = checkPlan(answer.output, {
      contextText: answer.seen,
      knownSources: this.opts.knownSources?.() ?? [],
    });
    logRejections(log, 'Lead', rejected, `plan cycle ${view.cycle}`, view.cycle);
    if (
      !decision.shouldStop &&
      decision.nextActions.length === 0 &&
      decision.queryExpansions.length === 0 &&
      decision.revisits.length === 0 &&
      this.opts.fallback
    ) {
      // A plan that only names the target keeps it; the actions come from the fallback.
      const fb = await this.opts.fallback.plan(view, signal);
      return decision.target ? { ...fb, target: decision.target } : fb;
    }
    return decision;
  }
}
