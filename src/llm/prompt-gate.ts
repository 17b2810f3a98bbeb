/**
 * The Censor before every prompt (DESIGN.md: it runs before every prompt leaves the machine). Every
 * model call passes through preparePrompt: living persons' exact dates and addresses and all PII
 * (SSN, phone, e-mail) are redacted from every text block, and the decision is logged as a
 * compliance entry (check "prompt"). Consent (case.yaml privacy.consent) lifts living-person
 * redaction, and the log says so.
 */
import { type CensorContext, isLiving, redactText } from '../agents/censor';
import { displayName, type NewLogEntry, type Person } from '../model';

export interface PromptParts {
  system: string;
  /** Stable per-case context (cached); may hold names and dates, so it is censored too. */
  context?: string;
  user: string;
}

export interface PreparedPrompt extends PromptParts {
  redactions: number;
  kinds: string[];
  chars: number;
}

export function promptChars(p: PromptParts): number {
  return p.system.length + (p.context?.length ?? 0) + p.user.length;
}

export function preparePrompt(
  parts: PromptParts,
  ctx: CensorContext,
  purpose: string,
  log: (e: NewLogEntry) => void,
): PreparedPrompt {
  const kinds: string[] = [];
  const scrub = (text: string): string => {
    const r = redactText(text, ctx);
    for (const red of r.redactions) kinds.push(`${red.kind}:${red.what}`);
    return r.text;
  };
  const out: PromptParts = {
    system: scrub(parts.system),
    user: scrub(parts.user),
    ...(parts.context !== undefined ? { context: scrub(parts.context) } : {}),
  };
  const distinct = [...new Set(kinds)];
  log({
    actionType: 'compliance',
    agent: 'Censor',
    check: 'prompt',
    subject: purpose,
    allowed: true,
    reason: ctx.consent
      ? 'user consent: living-person details sent unredacted'
      : kinds.length
        ? `${kinds.length} redaction(s) before the prompt left the machine: ${distinct.join(', ')}`
        : 'no living-person details or PII found in the prompt',
    rationale: `living names checked: ${ctx.livingNames?.length ?? 0}`,
    context: '',
  });
  return { ...out, redactions: kinds.length, kinds: distinct, chars: promptChars(out) };
}

/** Name forms of living persons, so their details are found in free text (full name, "Surname, Given"). */
export function livingNamesOf(persons: readonly Person[], now: Date, thresholdYears: number): string[] {
  const names = new Set<string>();
  for (const p of persons) {
    if (!isLiving(p, now, thresholdYears)) continue;
    for (const n of p.names) {
      const full = [n.given, n.surname].filter(Boolean).join(' ').trim();
      if (full) names.add(full);
      if (n.given && n.surname) names.add(`${n.surname}, ${n.given}`);
    }
    names.add(displayName(p));
  }
  return [...names];
}
