/** Shared set-up for the LLM tests: a gateway over any LlmClient with a collected log. */
import { join } from 'node:path';
import { CostMeter } from '../../../src/llm/cost-meter';
import { LlmGateway } from '../../../src/llm/gateway';
import type { LlmClient } from '../../../src/llm/port';
import type { PlanningView } from '../../../src/engine/agents';
import { CaseConfig, type Conflict, type NewLogEntry, type SourceRecord } from '../../../src/model';
import { REPO_ROOT } from '../../helpers/paths';

export const LLM_FIXTURES = join(REPO_ROOT, 'test/fixtures/llm');
export const fixture = (name: string): string => join(LLM_FIXTURES, name);

export const NOW = new Date('2026-06-01T00:00:00Z');

export interface Harness {
  gateway: LlmGateway;
  meter: CostMeter;
  entries: NewLogEntry[];
}

export function harness(
  client: LlmClient,
  opts: {
    maxUsd?: number;
    maxTokens?: number;
    livingNames?: string[];
    consent?: boolean;
    model?: string;
    outputTokens?: number;
  } = {},
): Harness {
  const entries: NewLogEntry[] = [];
  const meter = new CostMeter({ maxUsd: opts.maxUsd ?? 2, maxTokens: opts.maxTokens ?? 400_000 });
  const gateway = new LlmGateway({
    client,
    meter,
    log: (e) => entries.push(e),
    model: opts.model ?? 'claude-haiku-4-5',
    maxTokens: opts.outputTokens ?? 1024,
    censor: () => ({
      now: NOW,
      thresholdYears: 100,
      consent: opts.consent ?? false,
      livingNames: opts.livingNames ?? [],
    }),
  });
  return { gateway, meter, entries };
}

export function ofKind<K extends NewLogEntry['actionType']>(
  entries: NewLogEntry[],
  kind: K,
): Extract<NewLogEntry, { actionType: K }>[] {
  return entries.filter((e): e is Extract<NewLogEntry, { actionType: K }> => e.actionType === kind);
}

/** A 1921 newspaper obituary (free text), older than the living threshold of the tests' clock. */
const OBITUARY =
  'OBITUARY. Mary Ellen Kowalski, 74, of Scranton, died Tuesday, March 3, 1921 at her home on Prospect Avenue. ' +
  'She was born May 12, 1846 in Posen, Prussia, daughter of the late Jan and Agnieszka Nowak. She was the widow of\n' +
  "Stanislaw Kowalski. (The parish register gives her age as 75.) Mrs. Kowalski's son, Jan Kowalski Jr., survives her. " +
  'Burial in Cathedral Cemetery.';

export const OBITUARY_RECORD: SourceRecord = {
  id: 'S-obit1921',
  title: 'Scranton Republican, 4 March 1921, obituary of Mary Ellen Kowalski',
  recordType: 'obituary',
  date: '4 MAR 1921',
  place: 'Scranton, Lackawanna, Pennsylvania, USA',
  repository: 'Chronicling America',
  sourceType: 'derivative',
  url: 'https://chroniclingamerica.loc.gov/lccn/sn00000000/1921-03-04/ed-1/seq-7/',
  sourceId: 'archive',
  tier: 0,
  persons: [],
  text: OBITUARY,
  accessedAt: '2026-06-01T00:00:00.000Z',
  sha256: 'a'.repeat(64),
};

export const CONFIG = CaseConfig.parse({
  question: 'Who were the parents of Johann Schmidt?',
  subject: { name: 'Johann Schmidt', born: 'ABT 1850', place: 'Bavaria' },
  // the installed SDK warns on stdout that claude-sonnet-4-5 (the case default) is deprecated
  llm: { model: 'claude-haiku-4-5' },
});

export function view(over: Partial<PlanningView> = {}): PlanningView {
  return {
    cycle: 3,
    strategy: 'deepen',
    question: CONFIG.question,
    subject: { id: 'P-1', name: 'Johann Schmidt' },
    counts: { persons: 4, assertions: 12, sources: 3, frontier: 2, clues: 1, openConflicts: 1 },
    budgetRemaining: { cycles: 47, requests: 480, tokens: 380_000, usd: 1.8 },
    recentDiscoveries: [
      'S-1880census (1880 census, Springfield): Johann Schmidt, head, age 30, born Bavaria',
      'Marriage record: John Schmidt and Anna Weber, 1875, Springfield',
    ],
    pendingClues: [
      {
        id: 'H-1',
        statement: 'Johann Schmidt may appear in a Bavarian baptism register around 1850',
        priority: 0.7,
        suggestedQueries: ['Johann Schmidt baptism Bavaria'],
      },
    ],
    frontier: [
      { id: 'T-1', taskType: 'SearchTask', priority: 0.6, query: { surname: 'Schmidt', place: 'Springfield' } },
    ],
    gaps: ['parents unknown', 'birth date conflict between census and marriage record'],
    ...over,
  };
}

/** A birth date two records disagree on: a baptism (primary) against an age in an obituary. */
export const CONFLICT: Conflict = {
  id: 'C-1',
  person: 'P-9',
  field: 'birth.date',
  preferred: '12 MAY 1846',
  rationale: '',
  status: 'open',
  nextActions: [],
  competing: [
    {
      value: '12 MAY 1846',
      weight: 0.8,
      evidence: [
        {
          source: 'S-bapt',
          snippet: 'baptised 12 May 1846',
          tier: 0,
          evidenceType: 'Primary',
          sourceClass: 'original',
          information: 'primary',
          evidence: 'direct',
          confidence: 1,
          method: 'structured',
        },
      ],
    },
    {
      value: 'ABT 1847',
      weight: 0.39,
      evidence: [
        {
          source: 'S-obit1921',
          snippet: 'Mary Ellen Kowalski, 74',
          tier: 0,
          evidenceType: 'Secondary',
          sourceClass: 'derivative',
          information: 'secondary',
          evidence: 'indirect',
          confidence: 0.7,
          method: 'pattern',
        },
      ],
    },
  ],
};
