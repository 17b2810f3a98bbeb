/**
 * Prompt size per cycle for a small case and a ×10 case (issue 6: "equal within the budget").
 * The planner prompt is built exactly as the Claude Lead sends it (system prompt + cached case
 * context + sectioned planning context + strategy, after the Censor), for 40 cycles of a case that
 * grows as research goes on; the ×10 case has ten times the persons, sources, clues, tasks and
 * discoveries at every cycle. Also: the verifier prompt for a 5,000- and a 50,000-character OCR page.
 * Run: npx tsx bench/llm-context.ts
 */
import type { PlanningView } from '../src/engine/agents';
import { verificationUserPrompt } from '../src/llm/agents/extractor';
import { planningUserPrompt } from '../src/llm/agents/planner';
import { caseContext, CONTEXT_BUDGET_CHARS } from '../src/llm/context';
import { preparePrompt } from '../src/llm/prompt-gate';
import { PLANNER_SYSTEM, VERIFIER_SYSTEM } from '../src/llm/prompts';
import { CaseConfig, type SourceRecord } from '../src/model';

const config = CaseConfig.parse({
  question: 'Who were the parents of Johann Friedrich Schmidt?',
  subject: { name: 'Johann Friedrich Schmidt', born: 'ABT 1842', place: 'Bavaria' },
});
const censor = { now: new Date(), thresholdYears: 100, consent: false, livingNames: ['Thomas J. Schmidt'] };
const GIVEN = ['Johann', 'Anna', 'Wilhelm', 'Karl', 'Maria', 'Georg', 'Katharina', 'Friedrich', 'Emma', 'Charles'];
const PLACES = ['Springfield', 'Bavaria', 'Sangamon', 'Bremen', 'Chicago', 'Peoria'];

/** The view the engine would build at `cycle` for a case `scale` times the sample's size. */
function viewAt(cycle: number, scale: number): PlanningView {
  const n = (k: number) => Math.round(k * cycle * scale);
  const name = (i: number) => `${GIVEN[i % GIVEN.length]} Schmidt`;
  return {
    cycle,
    strategy: (['explore', 'deepen', 'challenge'] as const)[cycle % 3],
    question: config.question,
    subject: { id: 'P-1', name: config.subject.name },
    counts: { persons: n(3), assertions: n(12), sources: n(2), frontier: n(4), clues: n(2), openConflicts: n(0.5) },
    budgetRemaining: {
      cycles: Math.max(0, 40 - cycle),
      requests: 300 - n(2),
      tokens: 400_000 - cycle * 9000,
      usd: 2 - cycle * 0.05,
    },
    recentDiscoveries: Array.from(
      { length: n(2) },
      (_, i) =>
        `S-${i.toString(16).padStart(12, '0')} (census, ${PLACES[i % PLACES.length]}): ${name(i)}, age ${20 + (i % 50)}, born ${1840 + (i % 40)}; ${i % 3 ? 'matched to an existing person' : 'new person'}`,
    ),
    pendingClues: Array.from({ length: n(2) }, (_, i) => ({
      id: `H-${i}`,
      statement: `${name(i)} may appear in the ${1850 + (i % 50)} census of ${PLACES[i % PLACES.length]}`,
      priority: ((i * 37) % 100) / 100,
      suggestedQueries: [`${name(i)} ${PLACES[i % PLACES.length]}`],
    })),
    frontier: Array.from({ length: n(4) }, (_, i) => ({
      id: `T-${i}`,
      taskType: 'SearchTask' as const,
      priority: ((i * 13) % 100) / 100,
      query: {
        given: GIVEN[i % GIVEN.length],
        surname: 'Schmidt',
        place: PLACES[i % PLACES.length],
        birthYear: 1840 + (i % 40),
      },
    })),
    gaps: Array.from({ length: n(1) }, (_, i) =>
      i % 4 === 0 ? `birth date conflict for ${name(i)}` : `${name(i)}: parents unknown`,
    ),
  };
}

function plannerPromptChars(view: PlanningView): number {
  return preparePrompt(
    { system: PLANNER_SYSTEM, context: caseContext(config), user: planningUserPrompt(view) },
    censor,
    'bench',
    () => {},
  ).chars;
}

const rows: { cycle: number; small: number; large: number }[] = [];
const CYCLES = [1, 2, 3, 5, 10, 20, 30, 40];
for (const cycle of CYCLES)
  rows.push({ cycle, small: plannerPromptChars(viewAt(cycle, 1)), large: plannerPromptChars(viewAt(cycle, 10)) });

console.log(`Planner prompt characters per cycle (context budget ${CONTEXT_BUDGET_CHARS} chars in six sections)`);
console.log('cycle | small case (persons) | prompt chars | ×10 case (persons) | prompt chars | ×10 / small');
for (const r of rows) {
  console.log(
    `${String(r.cycle).padStart(5)} | ${String(viewAt(r.cycle, 1).counts.persons).padStart(20)} | ${String(r.small).padStart(12)} | ${String(viewAt(r.cycle, 10).counts.persons).padStart(18)} | ${String(r.large).padStart(12)} | ${(r.large / r.small).toFixed(2)}`,
  );
}
const maxSmall = Math.max(...rows.map((r) => r.small));
const maxLarge = Math.max(...rows.map((r) => r.large));
const late = rows.slice(-3);
console.log(
  `max prompt: small ${maxSmall}, ×10 ${maxLarge} (ratio ${(maxLarge / maxSmall).toFixed(3)}); case size ratio 10.0`,
);
console.log(`last cycles (20, 30, 40), ×10 / small: ${late.map((r) => (r.large / r.small).toFixed(3)).join(', ')}`);
const r20 = rows.find((r) => r.cycle === 20)!;
const r40 = rows.find((r) => r.cycle === 40)!;
console.log(
  `growth: ×10 case from cycle 20 to 40 (${viewAt(20, 10).counts.persons} → ${viewAt(40, 10).counts.persons} persons) → prompt ×${(r40.large / r20.large).toFixed(4)}`,
);
const ceiling = CONTEXT_BUDGET_CHARS + PLANNER_SYSTEM.length + caseContext(config).length + 2000;
console.log(
  `bounded: every prompt ≤ ${ceiling} chars (budget + system + case + strategy): ${rows.every((r) => r.large <= ceiling && r.small <= ceiling) ? 'yes' : 'NO'}`,
);

const page = (chars: number): SourceRecord => ({
  id: 'S-ocr',
  title: 'Illinois State Register, page 4',
  recordType: 'newspaper',
  repository: 'LoC',
  sourceType: 'derivative',
  sourceId: 'loc',
  tier: 0,
  persons: [],
  text: 'Died, at his residence in Springfield, John F. Schmidt, aged 69 years. '
    .repeat(Math.ceil(chars / 70))
    .slice(0, chars),
  accessedAt: new Date().toISOString(),
  sha256: '0'.repeat(64),
});
const verifierChars = (chars: number) =>
  preparePrompt({ system: VERIFIER_SYSTEM, user: verificationUserPrompt(page(chars), []) }, censor, 'bench', () => {})
    .chars;
const v1 = verifierChars(5_000);
const v10 = verifierChars(50_000);
console.log(
  `Verifier prompt: 5,000-char page ${v1} chars, 50,000-char page ${v10} chars (×10 input → ×${(v10 / v1).toFixed(2)} prompt)`,
);
if (rows.some((r) => r.large > ceiling)) process.exit(1);
