/** Plugins without code: the rules are checked when the plugin loads, and each field reads as its type says. */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';
import { personaOf } from '../../../src/sources/declarative/connector';
import { FieldRule, PersonRules } from '../../../src/sources/declarative/rules';
import { fieldValue } from '../../../src/sources/declarative/values';
import { loadPluginFile, PluginError } from '../../../src/sources/plugin';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

const FIXTURE = join(REPO_ROOT, 'test/fixtures/plugins-declarative/openarchives_search.yaml');

/** The fixture plugin with one change (yaml's Document API: set or delete at a path), in a temporary file. */
function variant(change: (doc: Document) => void): string {
  const doc = parseDocument(readFileSync(FIXTURE, 'utf8'));
  change(doc);
  const file = join(tempDir(), 'plugin.yaml');
  writeFileSync(file, doc.toString());
  return file;
}

function loadError(file: string): string {
  try {
    loadPluginFile(file);
  } catch (e) {
    assert.ok(e instanceof PluginError, String(e));
    return e.message;
  }
  assert.fail('the plugin loaded');
}

const rule = (r: unknown) => FieldRule.parse(r);

describe('declarative plugins: rules checked at load', () => {
  it('loads the fixture plugins', () => {
    const p = loadPluginFile(FIXTURE);
    assert.equal(p.search.result_selector, '$.response.docs[*]');
    assert.equal(p.extraction_rules?.person?.name?.selector, '$.personname');
    // A bare string is a text selector.
    assert.deepEqual(p.extraction_rules?.record.place, { selector: '$.eventplace', type: 'text', required: false });
  });

  it('names the file and the field of a path that is not JSONPath', () => {
    const file = variant((d) => d.setIn(['extraction_rules', 'person', 'name', 'selector'], '$.response[docs'));
    const message = loadError(file);
    assert.ok(message.startsWith(file), message);
    assert.match(message, /extraction_rules\.person\.name\.selector: unbalanced "\[\]"/);
    assert.match(
      loadError(variant((d) => d.setIn(['search', 'result_selector'], 'response.docs'))),
      /search\.result_selector: a JSONPath starts with "\$"/,
    );
  });

  it('refuses a role or record type we have no word for, naming the mapped value', () => {
    const roles = loadError(
      variant((d) => d.setIn(['extraction_rules', 'person', 'role', 'map', 'Bride'], 'brideish')),
    );
    assert.match(roles, /extraction_rules\.person\.role\.map\.Bride: "brideish" is not a persona role/);
    const types = loadError(
      variant((d) => d.setIn(['extraction_rules', 'record', 'record_type', 'default'], 'marriages')),
    );
    assert.match(types, /extraction_rules\.record\.record_type\.default: "marriages" is not a record type/);
  });

  it('needs a result selector, a person, and a way to read each field', () => {
    assert.match(
      loadError(variant((d) => d.deleteIn(['search', 'result_selector']))),
      /search\.result_selector: extraction_rules need/,
    );
    assert.match(
      loadError(variant((d) => d.deleteIn(['extraction_rules', 'person']))),
      /extraction_rules needs person or persons/,
    );
    assert.match(
      loadError(variant((d) => d.setIn(['extraction_rules', 'record', 'url'], { type: 'url' }))),
      /extraction_rules\.record\.url: a field needs a selector, a template or a default/,
    );
    assert.match(
      loadError(variant((d) => d.setIn(['extraction_rules', 'record', 'url'], { selector: '$.url', pattern: '(' }))),
      /extraction_rules\.record\.url\.pattern: not a regular expression/,
    );
    assert.match(
      loadError(variant((d) => d.setIn(['extraction_rules', 'persons'], { selector: '$.x', fields: {} }))),
      /a person needs name/,
    );
  });
});

describe('declarative plugins: reading a field', () => {
  const hit = {
    personname: '  Maria   Coret ',
    eventdate: { day: 3, month: 11, year: 1855 },
    born: '1853-00-00',
    bornMonth: '1857-04-00',
    year: 1816,
    relationtype: 'BRIDE',
    Name: 'Clemens-2682',
    roles: ['Bride', 'Witness'],
    gender: 'Vrouw',
    url: 'javascript:alert(1)',
    empty: '',
  };

  it('reads text, dates in the forms sources give them, years and sexes', () => {
    assert.equal(fieldValue(rule('$.personname'), hit), 'Maria Coret');
    assert.equal(fieldValue(rule({ selector: '$.eventdate', type: 'date' }), hit), '3 NOV 1855');
    assert.equal(fieldValue(rule({ selector: '$.born', type: 'date' }), hit), '1853');
    assert.equal(fieldValue(rule({ selector: '$.bornMonth', type: 'date' }), hit), 'APR 1857');
    assert.equal(fieldValue(rule({ selector: '$.year', type: 'date' }), hit), '1816');
    assert.equal(fieldValue(rule({ selector: '$.eventdate.year', type: 'year' }), hit), 1855);
    assert.equal(fieldValue(rule({ selector: '$.gender', type: 'sex', map: { Vrouw: 'F', Man: 'M' } }), hit), 'F');
  });

  it('cuts with a pattern, maps case-insensitively, joins several matches and falls back to the default', () => {
    assert.equal(fieldValue(rule({ selector: '$.Name', pattern: '^(.+?)-\\d+$' }), hit), 'Clemens');
    assert.equal(fieldValue(rule({ selector: '$.relationtype', map: { Bride: 'bride' } }), hit), 'bride');
    assert.equal(fieldValue(rule('$.roles[*]'), hit), 'Bride; Witness');
    assert.equal(fieldValue(rule({ selector: '$.missing', default: 'other' }), hit), 'other');
    assert.equal(fieldValue(rule('$.empty'), hit), undefined);
  });

  it('fills templates, and gives no value when every path of the template is empty', () => {
    assert.equal(fieldValue(rule({ template: '{$.Name}: {$.personname}' }), hit), 'Clemens-2682: Maria Coret');
    assert.equal(fieldValue(rule({ template: 'https://x.org/{$.nothing}' }), hit), undefined);
  });

  it('keeps only http(s) URLs', () => {
    assert.equal(fieldValue(rule({ selector: '$.url', type: 'url' }), hit), undefined);
    assert.equal(
      fieldValue(rule({ template: 'https://www.wikitree.com/wiki/{$.Name}', type: 'url' }), hit),
      'https://www.wikitree.com/wiki/Clemens-2682',
    );
  });

  it("makes a persona: name from parts, a role we know or the source's word kept as the relationship", () => {
    const rules = PersonRules.parse({
      given: '$.given',
      surname: { selector: '$.Name', pattern: '^(.+?)-\\d+$' },
      role: { selector: '$.role', map: { Bruid: 'bride' } },
      birth_date: { selector: '$.born', type: 'date' },
      age: { selector: '$.age', type: 'number' },
    });
    assert.deepEqual(
      personaOf(
        rules,
        { given: 'Samuel', Name: 'Clemens-1', role: 'Bruid', born: '1835-11-30', age: '23' },
        'principal',
      ),
      {
        name: 'Samuel /Clemens/',
        role: 'bride',
        birthDate: '30 NOV 1835',
        age: 23,
      },
    );
    assert.deepEqual(personaOf(rules, { given: 'Jan', role: 'Getuige' }, 'principal'), {
      name: 'Jan',
      role: 'other',
      relationship: 'Getuige',
    });
    assert.equal(personaOf(rules, { role: 'Bruid' }, 'principal'), undefined);
  });
});
