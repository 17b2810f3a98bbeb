/**
 * A hostile model for the local Messages API: every answer is fabricated but shaped to the tool
 * schemas. Some fabrications are crude (invented names, years, URLs, out-of-range numbers) and the
 * firewall rejects them; others are plausible enough to pass it (a premature "stop", a merge of a
 * pair with bland reasons, the lightest competing value preferred with a confident analysis) and
 * must be overruled by the deterministic floor.
 */

/** Words of the fabrication: none of them may reach a case file outside the research log. */
export const HOSTILE_MARKERS = ['Zebediah', 'Quux', 'Atlantis', 'fabricated.example', 'hostile-stop-reason'];

type Body = Record<string, unknown>;

function outputTool(body: Body): string {
  const choice = body.tool_choice as { type: string; name?: string } | undefined;
  const tools = (body.tools as { name: string }[] | undefined) ?? [];
  return choice?.type === 'tool' && choice.name ? choice.name : (tools[tools.length - 1]?.name ?? '');
}

function userJson(body: Body): Record<string, unknown> {
  const m = (body.messages as { content: unknown }[] | undefined)?.[0];
  const text = typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '');
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The candidate target the engine ranks last (the prompt lists them best first), if any. */
function worstCandidate(body: Body): string | undefined {
  const m = (body.messages as { content: unknown }[] | undefined)?.[0];
  const text = typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '');
  const ids = [...text.matchAll(/- ((?:gap|conflict|person|hypothesis):\S+) — /g)].map((x) => x[1]);
  return ids.at(-1);
}

function hostileInput(tool: string, body: Body, call: number): unknown {
  const user = userJson(body);
  switch (tool) {
    case 'submit_plan':
      return {
        reasoning: 'hostile-stop-reason: Zebediah Quux of Atlantis answers the question.',
        next_actions: [
          {
            action: 'fetch',
            query: { given: 'Zebediah', surname: 'Quux', place: 'Atlantis' },
            source_tier: 0,
            priority: 0.99,
            reason: 'see https://fabricated.example/tree',
          },
        ],
        query_expansions: [{ given: 'Zebediah', surname: 'Quux' }],
        revisit_schedule: [],
        hypotheses: [],
        // Plausible and firewall-clean: only the loop's own rules may end the research.
        should_stop: true,
        stop_reason: 'hostile-stop-reason: the research question is fully answered',
        // Every other cycle a target the engine never offered, with a strategy that is none (overruled:
        // UCB1 chooses); else the candidate it ranks last, with the wrong strategy for it.
        target:
          call % 2 || !worstCandidate(body)
            ? { id: 'person:P-Zebediah', strategy: 'conquer Atlantis', reason: 'hostile-stop-reason: Zebediah Quux' }
            : { id: worstCandidate(body), strategy: 'explore', reason: 'hostile-stop-reason: Zebediah Quux says so' },
      };
    case 'submit_verification': {
      const raw = typeof user.raw_text === 'string' ? user.raw_text : '';
      const realSnippet = raw.slice(0, 30).trim() || 'x';
      const extracted = (user.extracted_fields as unknown[] | undefined) ?? [];
      return {
        persons: [
          ...extracted.slice(0, 3).map((_, ref) => ({
            ref,
            fields: [
              // fabricated values quoting real text: rejected (not grounded)
              {
                field: 'birthDate',
                value: '1 JAN 1777',
                status: 'Verified',
                confidence: 0.99,
                citation_snippet: realSnippet,
                rationale: '',
              },
              {
                field: 'birthPlace',
                value: 'Atlantis',
                status: 'Verified',
                confidence: 0.95,
                citation_snippet: realSnippet,
                rationale: '',
              },
              {
                field: 'name',
                value: 'Zebediah Quux',
                status: 'Verified',
                confidence: 0.99,
                citation_snippet: realSnippet,
                rationale: '',
              },
              {
                field: 'occupation',
                value: 'alchemist',
                status: 'Verified',
                confidence: 1.4,
                citation_snippet: realSnippet,
                rationale: '',
              },
            ],
          })),
          {
            ref: null,
            fields: [
              {
                field: 'name',
                value: 'Zebediah Quux',
                status: 'Verified',
                confidence: 0.99,
                citation_snippet: realSnippet,
                rationale: '',
              },
            ],
          },
        ],
        hypotheses: [
          {
            type: 'parental_discovery',
            text: 'Zebediah Quux of Atlantis was the father',
            evidence_hint: '',
            priority: 0.9,
            is_fact: true,
            suggested_queries: ['Zebediah Quux'],
          },
        ],
        hallucination_flags: [],
      };
    }
    case 'submit_adjudication':
      // Alternates a crude fabrication with a confident, bland merge the firewall cannot fault.
      return call % 2
        ? {
            similarity_score: 1.5,
            feature_scores: { name: { score: 2, reason: 'both Zebediah' } },
            merge_rationale: 'Both are in the Atlantis census',
            why_not_merge: 'none',
            recommendation: 'merge',
            confidence: 1,
          }
        : {
            similarity_score: 0.97,
            feature_scores: {},
            merge_rationale: 'The names agree.',
            why_not_merge: 'none',
            recommendation: 'merge',
            confidence: 0.99,
          };
    case 'submit_conflict_analysis': {
      const claims = (user.competing_claims as { value: string; weight: number }[] | undefined) ?? [];
      const lightest = [...claims].sort((a, b) => a.weight - b.weight)[0]?.value ?? '';
      return call % 2
        ? {
            analysis: 'The Atlantis register of Zebediah Quux settles it.',
            evidence_ranking: [{ claim_index: 99, rank: 1, reason: 'x' }],
            recommended_value: '1 JAN 1777',
            confidence: 1.2,
            is_tentative: false,
            next_actions: ['Visit https://fabricated.example'],
            preserve_alternatives: false,
          }
        : {
            analysis: 'The later record is clearly the more reliable one.',
            evidence_ranking: [],
            recommended_value: lightest,
            confidence: 0.95,
            is_tentative: false,
            next_actions: ['Trust the later record.'],
            preserve_alternatives: true,
          };
    }
    case 'submit_validation': {
      // The Validator's items: every fabrication a model could try on them, none grounded.
      const items = (user.items as { id: string; evidence: { snippet: string }[] }[] | undefined) ?? [];
      const first = items[0];
      return {
        verdicts: [
          // An item never given, and a "pass" on each (a model can never promote).
          { item: 'P-fabricated/A-fabricated', verdict: 'needs_more_evidence', reason: 'Zebediah Quux disagrees.' },
          ...items.map((i) => ({ item: i.id, verdict: 'pass', reason: 'Confirmed by the Atlantis register.' })),
          ...(first
            ? [
                // Held back on words the evidence never held, then on an invented person and year.
                { item: first.id, verdict: 'reject', reason: 'Fabricated.', quote: 'Zebediah Quux of Atlantis' },
                {
                  item: first.id,
                  verdict: 'needs_more_evidence',
                  reason: 'Zebediah Quux recorded it otherwise in 1777.',
                  quote: first.evidence[0]?.snippet ?? '',
                },
              ]
            : []),
        ],
      };
    }
    default:
      return {};
  }
}

/** A Messages API responder (see messages-server.ts) that fabricates every answer. */
export function hostileResponder(): (body: Body) => { body: unknown } {
  let calls = 0;
  return (body) => {
    calls += 1;
    const tool = outputTool(body);
    return {
      body: {
        id: `msg_hostile_${calls}`,
        type: 'message',
        role: 'assistant',
        model: String(body.model),
        content: [{ type: 'tool_use', id: `toolu_h${calls}`, name: tool, input: hostileInput(tool, body, calls) }],
        stop_reason: 'tool_use',
        usage: {
          input_tokens: Math.ceil(JSON.stringify(body).length / 4),
          output_tokens: 300,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    };
  };
}
