/**
 * The Analyst's pipeline for one captured record (DESIGN.md "Analyst"): extract → ground → match →
 * assert → relate → detect and resolve conflicts (Z weights, alternatives kept) → stage or accept
 * (seed 004) → generate clues. Returns what changed and the log entries that explain it; the engine
 * persists them.
 */
import { sameConflict } from './conflicts/brought-together';
import type { ClueHypothesis, Conflict, NewLogEntry, Person, SourceRecord } from '../../model';
import { displayName } from '../../model';
import type { ConflictAnalyst, ExtractionResult, PairAdjudicator, RecordExtractor } from '../../engine/agents';
import { detectConflicts } from './conflicts';
import { compatibleValues } from './conflicts';
import { withModelOpinion } from './conflicts/model-opinion';
import { snippetInSource } from './extract/evidence-text';
import { extractStatements } from './extract/statements';
import type { KnowledgeGraph } from './graph';
import { anchorIndex, integrateRecord } from './integrate';
import { conflictResolutionEntry } from './conflicts/log-entry';
import type { IntegrationResult, UnresolvedMention } from './integration-result';
import { resolveMentions } from './identity/resolve-mentions';
import { ACCEPT_THRESHOLD, restage, type StagingDecision } from './staging';
import type { ValidationContext } from '../validator';
import { withoutNonPersons } from './non-persons';
import { withdrawSource, type Withdrawn } from './withdraw';
import { clueOf, generateClues, personQuery, type ClueDraft } from './clues';
import type { SearchQuery } from '../../model';

export interface AnalystOptions {
  graph: KnowledgeGraph;
  extractor: RecordExtractor;
  adjudicator?: PairAdjudicator;
  conflictAnalyst?: ConflictAnalyst;
  now: () => Date;
  newPersonId: () => string;
  /** Conflicts already in the case (their user resolutions are kept). */
  existingConflict: (id: string) => Conflict | undefined;
  notSame: ReadonlySet<string>;
  /** Mentions left unresolved by earlier records (a later record or person may resolve them). */
  mentions?: UnresolvedMention[];
  /** A captured source by id: the Validator checks every promoted fact's evidence is in it. */
  source?: (id: string) => SourceRecord | undefined;
}

export interface ConflictRevisit {
  conflict: Conflict;
  query: SearchQuery;
}

export interface AnalysisOutput {
  extraction: ExtractionResult;
  integration: IntegrationResult;
  clues: ClueHypothesis[];
  conflicts: Conflict[];
  revisits: ConflictRevisit[];
  staging: StagingDecision[];
  log: NewLogEntry[];
  /** Persons whose files must be rewritten. */
  touched: string[];
}

export class Analyst {
  /** Unresolved mentions of this run, oldest first. */
  readonly mentions: UnresolvedMention[];

  /** What the Validator checks promotions against (its grounding answers cached for the run). */
  readonly validation: ValidationContext;

  constructor(private readonly opts: AnalystOptions) {
    this.mentions = [...(opts.mentions ?? [])];
    this.validation = {
      threshold: ACCEPT_THRESHOLD,
      source: opts.source,
      personExists: (id) => Boolean(opts.graph.get(id)),
      grounded: new Map(),
    };
  }

  async analyse(source: SourceRecord, cycle: number, signal?: AbortSignal): Promise<AnalysisOutput> {
    return this.analyseFor(source, cycle, undefined, signal);
  }

  /** `target`: the person the search that found this record was looking for. */
  async analyseFor(
    source: SourceRecord,
    cycle: number,
    target: string | undefined,
    signal?: AbortSignal,
  ): Promise<AnalysisOutput> {
    const { graph } = this.opts;
    const log: NewLogEntry[] = [];
    const raw = await this.opts.extractor.extract(source, signal);
    // Hallucination firewall check 2 applies to every extractor: a snippet must be in the source.
    const extraction: ExtractionResult = { ...raw, personas: [], rejected: [...raw.rejected] };
    // What the record states between its persons is read from its index whichever extractor ran.
    if ((source.relationships?.length || source.events?.length) && (!raw.relations || !raw.events)) {
      const stated = extractStatements(source);
      extraction.relations = raw.relations ?? stated.relations;
      extraction.events = raw.events ?? stated.events;
    }
    const rawAnchor = anchorIndex(raw.personas);
    for (const [i, gp] of raw.personas.entries()) {
      const bad = Object.entries(gp.snippets).filter(([, s]) => !snippetInSource(s, source));
      if (bad.length) {
        if (i === rawAnchor) extraction.anchorRejected = true;
        extraction.rejected.push({
          reason: `${gp.persona.name}: snippet for ${bad.map(([k]) => k).join(', ')} not found verbatim in ${source.id}`,
          check: 2,
        });
        log.push({
          agent: 'Analyst',
          actionType: 'firewall_rejection',
          check: 2,
          reason: `persona "${gp.persona.name}" cites text not in ${source.id}`,
          rationale: bad.map(([k, s]) => `${k}: "${s.slice(0, 60)}"`).join('; '),
          context: source.id,
          cycle,
        });
        continue;
      }
      extraction.personas.push(gp);
    }
    // The Virgin or a saint as godparent names no one who lived; a godparent or foster parent is no parent.
    for (const d of withoutNonPersons(extraction))
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'not_a_person',
        optionsConsidered: ['new person', 'text of the record'],
        chosenOption: 'text of the record',
        rationale: `"${d.replace(/\//g, '')}" in ${source.id} is a devotional name (the Virgin or a saint), not a person: kept as the record's text, no person and no relationship`,
        context: source.id,
        cycle,
      });
    const integration = await integrateRecord(
      {
        graph,
        now: this.opts.now(),
        newPersonId: this.opts.newPersonId,
        adjudicator: this.opts.adjudicator,
        notSame: this.opts.notSame,
        signal,
        target,
      },
      source,
      extraction,
    );
    for (const m of integration.matches) {
      if (m.how === 'source') continue;
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'persona_match',
        optionsConsidered: [...m.options.slice(0, 5), { person: 'new person' }],
        chosenOption: m.created ? `new person ${m.person}` : m.person,
        confidence: m.similarity !== undefined ? Number(Math.max(0, Math.min(1, m.similarity)).toFixed(4)) : undefined,
        rationale: `"${m.persona}"${m.key ? ` (${m.key})` : ''} in ${source.id} → ${m.created ? 'new person' : displayName(graph.get(m.person)!)} (${m.how}): ${m.rationale}`,
        context: source.id,
        cycle,
      });
    }
    for (const n of integration.namesakes) {
      const p = graph.get(n.person);
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'namesake_kept_apart',
        optionsConsidered: [n.person, 'another person'],
        chosenOption: 'another person',
        rationale: `"${n.persona.replace(/\//g, '')}" in ${source.id} is not ${p ? displayName(p) : n.person} (${n.person}): ${n.reason}`,
        context: source.id,
        cycle,
      });
    }
    for (const m of integration.mentions) {
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'mention_unresolved',
        optionsConsidered: ['new person', 'known person', 'unresolved mention'],
        chosenOption: 'unresolved mention',
        rationale: `"${m.name}" in ${source.id} stays a mention, not a person: ${m.reason}${m.relatedTo && m.kind ? ` (the record names them as ${m.kind} of ${displayName(graph.get(m.relatedTo)!)}; a record naming them in full will resolve it)` : ''}`,
        context: source.id,
        cycle,
      });
    }
    // Earlier mentions a person now fits (the daughter "Lena" once a baptism names Lena Müller).
    for (const r of resolveMentions(graph, this.mentions, integration.touched)) {
      integration.touched.add(r.person).add(r.mention.relatedTo!);
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'mention_resolved',
        optionsConsidered: ['unresolved mention', r.person],
        chosenOption: r.person,
        rationale: `"${r.mention.name}" in ${r.mention.source} is ${displayName(graph.get(r.person)!)}: ${r.why}`,
        context: r.mention.source,
        cycle,
      });
    }
    this.mentions.push(...integration.mentions.filter((m) => m.relatedTo && m.kind && m.claim));
    for (const r of integration.refused)
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'relationship_refused',
        optionsConsidered: ['link', 'refuse'],
        chosenOption: 'refuse',
        rationale: r,
        context: source.id,
        cycle,
      });

    // Conflicts for every person this record touched (AnalystResolveConflict), then seed 004: accept or stage.
    const { conflicts, revisits, disputedBy } = await this.weighConflicts(integration.touched, log, cycle, signal);
    const staging = this.stage(integration.touched, disputedBy, log, source.id, cycle);
    const now = this.opts.now();
    const drafts: ClueDraft[] = generateClues(graph, source, integration, extraction.hypotheses);
    const clues = dedupe(drafts.map((d) => clueOf(d, now)));
    return { extraction, integration, clues, conflicts, revisits, staging, log, touched: [...integration.touched] };
  }

  /**
   * ResolveTask (Z AnalystResolveConflict on one conflict): the conflict analysis run again on the
   * conflict `id` of `person` as the person stands now, and the person's facts staged again. A
   * conflict a user resolved is left alone; `stands` is false when its values no longer compete.
   */
  async resolveConflict(
    id: string,
    person: string,
    cycle: number,
    signal?: AbortSignal,
  ): Promise<{
    stands: boolean;
    conflicts: Conflict[];
    revisits: ConflictRevisit[];
    staging: StagingDecision[];
    log: NewLogEntry[];
  }> {
    const log: NewLogEntry[] = [];
    const p = this.opts.graph.get(person);
    const stands = Boolean(p && detectConflicts(p).some((c) => c.id === id));
    if (!p || !stands) return { stands, conflicts: [], revisits: [], staging: [], log };
    const { conflicts, revisits, disputedBy } = await this.weighConflicts([person], log, cycle, signal, id);
    const staging = conflicts.length ? this.stage([person], disputedBy, log, id, cycle) : [];
    return { stands, conflicts, revisits, staging, log };
  }

  /**
   * The claims of a superseded source withdrawn from every person citing it (withdraw.ts), then
   * their conflicts weighed and their facts staged again as after any record: a value only it
   * supported is gone, and a value it alone disputed is no longer disputed.
   */
  async withdrawSource(
    sourceId: string,
    cycle: number,
    signal?: AbortSignal,
  ): Promise<{
    withdrawn: Omit<Withdrawn, 'person'>;
    touched: string[];
    conflicts: Conflict[];
    revisits: ConflictRevisit[];
    staging: StagingDecision[];
    log: NewLogEntry[];
  }> {
    const { graph } = this.opts;
    const log: NewLogEntry[] = [];
    const withdrawn: Omit<Withdrawn, 'person'> = { removed: [], reduced: [], kept: [] };
    const touched: string[] = [];
    for (const p of graph.citing(sourceId)) {
      const w = withdrawSource(p, sourceId);
      withdrawn.removed.push(...w.removed.map((x) => `${p.id} ${x}`));
      withdrawn.reduced.push(...w.reduced.map((x) => `${p.id} ${x}`));
      withdrawn.kept.push(...w.kept.map((x) => `${p.id} ${x}`));
      if (w.person === p) continue;
      // A value outweighed only in a conflict that no longer stands is weighed afresh (restage).
      const disputedFields = new Set(detectConflicts(w.person).map((c) => c.field));
      graph.put({
        ...w.person,
        assertions: w.person.assertions.map((a) =>
          a.status === 'disputed' && !a.reviewed && !disputedFields.has(a.field) ? { ...a, status: 'staged' } : a,
        ),
      });
      touched.push(p.id);
    }
    const { conflicts, revisits, disputedBy } = await this.weighConflicts(touched, log, cycle, signal);
    const staging = this.stage(touched, disputedBy, log, sourceId, cycle);
    return { withdrawn, touched, conflicts, revisits, staging, log };
  }

  /** The conflicts of the persons `ids` weighed (all, or only the conflict `only`); a user's resolution is kept. */
  private async weighConflicts(
    ids: Iterable<string>,
    log: NewLogEntry[],
    cycle: number,
    signal: AbortSignal | undefined,
    only?: string,
  ): Promise<{ conflicts: Conflict[]; revisits: ConflictRevisit[]; disputedBy: Map<string, Set<string>> }> {
    const { graph } = this.opts;
    const conflicts: Conflict[] = [];
    const revisits: ConflictRevisit[] = [];
    const disputedBy = new Map<string, Set<string>>();
    for (const id of ids) {
      const p = graph.get(id)!;
      for (const found of detectConflicts(p)) {
        if (only !== undefined && found.id !== only) continue;
        const prior = this.opts.existingConflict(found.id);
        if (prior?.resolvedBy === 'user') continue;
        let c = found;
        if (this.opts.conflictAnalyst && c.status !== 'resolved') {
          const a = await this.opts.conflictAnalyst.analyse(c, signal);
          c = withModelOpinion(c, a, this.opts.conflictAnalyst.kind);
        }
        if (prior && sameConflict(prior, c)) continue;
        c = { ...c, resolvedAt: c.status === 'tentative' ? this.opts.now().toISOString() : undefined };
        conflicts.push(c);
        if (c.status === 'tentative') {
          const losers = new Set(
            c.competing
              .filter((x) => !compatibleValues(c.field, x.value, c.preferred))
              .map((x) => x.assertion)
              .filter((x): x is string => Boolean(x)),
          );
          const set = disputedBy.get(id) ?? new Set<string>();
          for (const l of losers) set.add(l);
          disputedBy.set(id, set);
        }
        log.push(conflictResolutionEntry(c, `${displayName(p)} (${p.id})`, cycle));
        revisits.push({ conflict: c, query: personQuery(p, { recordTypes: recordTypesFor(c.field) }) });
      }
    }
    return { conflicts, revisits, disputedBy };
  }

  /** Seed 004: the persons `ids` accepted or staged again (losers of a tentative conflict disputed); logged once. */
  private stage(
    ids: Iterable<string>,
    disputedBy: ReadonlyMap<string, Set<string>>,
    log: NewLogEntry[],
    context: string,
    cycle: number,
  ): StagingDecision[] {
    const { graph } = this.opts;
    const staging: StagingDecision[] = [];
    for (const id of ids) {
      const p = graph.get(id)!;
      const keepDisputed = new Set(p.assertions.filter((a) => a.status === 'disputed').map((a) => a.id));
      for (const d of disputedBy.get(id) ?? []) keepDisputed.add(d);
      const r = restage(p, keepDisputed, this.validation);
      staging.push(...r.decisions);
      graph.put(r.person);
    }
    if (staging.length) {
      log.push({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'stage_or_accept',
        optionsConsidered: ['accepted', 'staged', 'disputed'],
        chosenOption: `${staging.filter((s) => s.to === 'accepted').length} accepted, ${staging.filter((s) => s.to === 'staged').length} staged for review, ${staging.filter((s) => s.to === 'disputed').length} disputed`,
        rationale:
          staging
            .slice(0, 12)
            .map((s) => s.reason)
            .join('; ') + (staging.length > 12 ? `; … ${staging.length - 12} more` : ''),
        context,
        cycle,
      });
    }
    return staging;
  }
}

function dedupe(cs: ClueHypothesis[]): ClueHypothesis[] {
  const seen = new Set<string>();
  return cs.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

export function recordTypesFor(field: string): string[] {
  const event = field.split('.')[0];
  switch (event) {
    case 'birth':
    case 'baptism':
      return ['birth', 'baptism'];
    case 'death':
    case 'burial':
      return ['death', 'burial'];
    case 'marriage':
      return ['marriage'];
    default:
      return [];
  }
}

export type { Person };
