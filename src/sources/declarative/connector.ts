/**
 * The connector of a plugin that has no code, only `search.result_selector` and `extraction_rules`
 * in its YAML. It is a PluginConnector like the hand-written ones, so the Censor's ToS gate, the
 * rate limit, the cache, robots.txt and the access log are the same; only the reading is declared.
 * The answer is JSON, or with `search.format: html` a web page (read by CSS selectors, and gated by
 * the Censor as `scrape` as well as `search`: see SearchCall.page).
 */
import type { Persona, PersonaRole, RawRecord, SearchQuery } from '../../model';
import { PersonaRole as PersonaRoleSchema, RecordType } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import type { Endpoint } from '../plugin';
import { SourceError } from '../http/errors';
import { personaName } from '../normalize';
import { fillTemplate, queryValues, type QueryValues } from '../query-template';
import type { ExtractionRules, FieldRule, PersonRules } from './rules';
import { fieldValue } from './values';
import { jsonSelection, selectAll, type Selection } from './select';

const str = (v: string | number | undefined): string | undefined => (v === undefined ? undefined : String(v));

/** Persona keys filled from rules of the same name (snake_case in YAML, camelCase in the model). */
const PERSONA_FIELDS = [
  ['sex', 'sex'],
  ['birth_date', 'birthDate'],
  ['birth_place', 'birthPlace'],
  ['death_date', 'deathDate'],
  ['death_place', 'deathPlace'],
  ['burial_date', 'burialDate'],
  ['burial_place', 'burialPlace'],
  ['residence', 'residence'],
  ['occupation', 'occupation'],
  ['relationship', 'relationship'],
  ['external_id', 'externalId'],
] as const satisfies readonly (readonly [keyof PersonRules, keyof Persona])[];

/** A persona read from one node of the answer, or undefined when it has no name. */
export function personaOf(
  rules: PersonRules,
  node: unknown,
  defaultRole: PersonaRole,
  sel: Selection = jsonSelection,
): Persona | undefined {
  const read = (r: FieldRule | undefined) => (r ? fieldValue(r, node, sel) : undefined);
  const name = personaName(str(read(rules.given)), str(read(rules.surname)), str(read(rules.name)));
  if (!name) return undefined;
  const roleText = str(read(rules.role));
  const role = PersonaRoleSchema.safeParse(roleText ?? defaultRole);
  const persona: Persona = { name, role: role.success ? role.data : 'other' };
  // A role the source names but we have no word for is kept as written, as the archive format does.
  if (!role.success && roleText) persona.relationship = roleText;
  for (const [key, field] of PERSONA_FIELDS) {
    const v = str(read(rules[key]));
    if (v !== undefined) (persona as Record<string, unknown>)[field] = v;
  }
  const age = read(rules.age);
  if (age !== undefined) persona.age = age;
  return persona;
}

/** Why a result cannot be read: the first required field it lacks. */
function missingRequired(rules: ExtractionRules, result: unknown, sel: Selection): string | undefined {
  const groups: [string, Record<string, FieldRule | undefined>][] = [
    ['record', rules.record],
    ['person', rules.person ?? {}],
  ];
  for (const [group, fields] of groups)
    for (const [key, rule] of Object.entries(fields))
      if (rule?.required && fieldValue(rule, result, sel) === undefined) return `${group}.${key}`;
  return undefined;
}

/** One result of the answer and how its selectors read it. */
interface Result {
  node: unknown;
  sel: Selection;
}

export class DeclarativeConnector extends PluginConnector {
  private get rules(): ExtractionRules {
    // loadPluginFile refuses extraction_rules without a result_selector, so both are here.
    return this.plugin.extraction_rules!;
  }

  /** The endpoint's params with the query's placeholders filled; a param with none of its values is left out. */
  private params(values: QueryValues): Record<string, string | number> {
    const out: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(this.plugin.search.endpoint?.params ?? {})) {
      if (typeof v === 'number') out[k] = v;
      else {
        const filled = fillTemplate(v, values);
        if (filled !== undefined) out[k] = filled;
      }
    }
    return out;
  }

  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const endpoint = this.plugin.search.endpoint;
    const selector = this.plugin.search.result_selector;
    if (!endpoint || !selector) return;
    const values = queryValues(query);
    if (!values.name) return;
    const params = this.params(values);
    const { max_results: max } = this.plugin.search;
    const pages = this.plugin.pagination;
    let results: Result[] = [];
    for (let page = 0; page < (pages.type === 'none' ? 1 : pages.max_pages) && results.length < max; page++) {
      const paging: Record<string, number> = {};
      if (page > 0 && pages.param && pages.type === 'offset') paging[pages.param] = results.length;
      if (pages.param && pages.type === 'page_number') paging[pages.param] = page + 1;
      // The endpoint's own params are filled above; the request must not add the raw templates again.
      const request = { ...endpoint, params: {} };
      const opts = { params: { ...params, ...paging } };
      const batch =
        this.plugin.search.format === 'html'
          ? await this.htmlResults(call, request, opts, selector)
          : this.jsonResults(await call.json('search', request, opts), selector);
      if (!batch.length) break;
      results = results.concat(batch);
    }
    for (const { node, sel } of results.slice(0, max)) this.keep(found, this.read(node, sel));
  }

  private jsonResults(data: unknown, selector: string): Result[] {
    try {
      return selectAll(data, selector).map((node) => ({ node, sel: jsonSelection }));
    } catch (e) {
      throw new SourceError(this.id, 'malformed', `search.result_selector: ${(e as Error).message}`);
    }
  }

  /** One page of results: the HTML reader is loaded here, when a plugin first reads a page. */
  private async htmlResults(
    call: SearchCall,
    endpoint: Endpoint,
    opts: { params: Record<string, string | number> },
    selector: string,
  ): Promise<Result[]> {
    const answer = await call.page('search', endpoint, opts);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use, not at start
    const { parsePage } = require('./html') as typeof import('./html');
    const page = parsePage(answer.body, answer.url);
    return page.nodes(page.document, selector).map((node) => ({ node, sel: page }));
  }

  /** One result as a record; a result missing a required field is skipped with the field named. */
  private read(result: unknown, sel: Selection): RawRecord | undefined {
    const rules = this.rules;
    const missing = missingRequired(rules, result, sel);
    if (missing) return this.skip(`a result without ${missing}, which the plugin's extraction_rules require`);
    const persons: Persona[] = [];
    if (rules.person) {
      const p = personaOf(rules.person, result, 'principal', sel);
      if (p) persons.push(p);
    }
    if (rules.persons)
      for (const node of sel.nodes(result, rules.persons.selector)) {
        const p = personaOf(rules.persons.fields, node, 'other', sel);
        if (p) persons.push(p);
      }
    const r = rules.record;
    const read = (rule: FieldRule | undefined) => (rule ? str(fieldValue(rule, result, sel)) : undefined);
    const recordType = RecordType.safeParse(read(r.record_type) ?? 'other');
    const title =
      read(r.title) ?? [persons[0]?.name.replace(/\//g, ''), read(r.place), read(r.date)].filter(Boolean).join(', ');
    const draft = {
      title,
      recordType: recordType.success ? recordType.data : 'other',
      date: read(r.date),
      place: read(r.place),
      url: read(r.url),
      externalId: read(r.external_id),
      repository: read(r.repository),
      persons,
      // The result as the source gave it (JSON, or a page's text): the transcription the evidence cites.
      text: sel.verbatim(result),
    };
    return this.record(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as typeof draft);
  }
}
