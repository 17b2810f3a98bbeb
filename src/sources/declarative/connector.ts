/**
 * The connector of a plugin that has no code, only `search.result_selector` and `extraction_rules`
 * in its YAML. It is a PluginConnector like the hand-written ones, so the Censor's ToS gate, the
 * rate limit, the cache, robots.txt and the access log are the same; only the reading is declared.
 */
import type { Persona, PersonaRole, RawRecord, SearchQuery } from '../../model';
import { PersonaRole as PersonaRoleSchema, RecordType } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { personaName, verbatim } from '../normalize';
import { fillTemplate, queryValues, type QueryValues } from '../query-template';
import type { ExtractionRules, FieldRule, PersonRules } from './rules';
import { fieldValue } from './values';
import { selectAll } from './select';

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
export function personaOf(rules: PersonRules, node: unknown, defaultRole: PersonaRole): Persona | undefined {
  const read = (r: FieldRule | undefined) => (r ? fieldValue(r, node) : undefined);
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
function missingRequired(rules: ExtractionRules, result: unknown): string | undefined {
  const groups: [string, Record<string, FieldRule | undefined>][] = [
    ['record', rules.record],
    ['person', rules.person ?? {}],
  ];
  for (const [group, fields] of groups)
    for (const [key, rule] of Object.entries(fields))
      if (rule?.required && fieldValue(rule, result) === undefined) return `${group}.${key}`;
  return undefined;
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
    let results: unknown[] = [];
    for (let page = 0; page < (pages.type === 'none' ? 1 : pages.max_pages) && results.length < max; page++) {
      const paging: Record<string, number> = {};
      if (page > 0 && pages.param && pages.type === 'offset') paging[pages.param] = results.length;
      if (pages.param && pages.type === 'page_number') paging[pages.param] = page + 1;
      // The endpoint's own params are filled above; json() must not add the raw templates again.
      const data = await call.json('search', { ...endpoint, params: {} }, { params: { ...params, ...paging } });
      let batch: unknown[];
      try {
        batch = selectAll(data, selector);
      } catch (e) {
        throw new SourceError(this.id, 'malformed', `search.result_selector: ${(e as Error).message}`);
      }
      if (!batch.length) break;
      results = results.concat(batch);
    }
    for (const result of results.slice(0, max)) this.keep(found, this.read(result));
  }

  /** One result as a record; a result missing a required field is skipped with the field named. */
  private read(result: unknown): RawRecord | undefined {
    const rules = this.rules;
    const missing = missingRequired(rules, result);
    if (missing) return this.skip(`a result without ${missing}, which the plugin's extraction_rules require`);
    const persons: Persona[] = [];
    if (rules.person) {
      const p = personaOf(rules.person, result, 'principal');
      if (p) persons.push(p);
    }
    if (rules.persons)
      for (const node of selectAll(result, rules.persons.selector)) {
        const p = personaOf(rules.persons.fields, node, 'other');
        if (p) persons.push(p);
      }
    const r = rules.record;
    const read = (rule: FieldRule | undefined) => (rule ? str(fieldValue(rule, result)) : undefined);
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
      // The result as the source gave it: the transcription the evidence cites.
      text: verbatim({ hit: result }),
    };
    return this.record(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as typeof draft);
  }
}
