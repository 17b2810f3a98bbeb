/** Plugins without code reading web pages: CSS selectors checked at load, and text read as a reader sees it. */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';
import { personaOf } from '../../../src/sources/declarative/connector';
import { parsePage } from '../../../src/sources/declarative/html';
import { FieldRule, PersonRules } from '../../../src/sources/declarative/rules';
import { fieldValue } from '../../../src/sources/declarative/values';
import { loadPluginFile, PluginError } from '../../../src/sources/plugin';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { recordedPage } from '../../helpers/replay-server';

const HTML_PLUGIN = join(REPO_ROOT, 'test/fixtures/plugins-declarative-html/openarch_page.yaml');
const JSON_PLUGIN = join(REPO_ROOT, 'test/fixtures/plugins-declarative/openarchives_search.yaml');

/** A fixture plugin with one change (yaml's Document API), in a temporary file. */
function variant(fixture: string, change: (doc: Document) => void): string {
  const doc = parseDocument(readFileSync(fixture, 'utf8'));
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

describe('declarative HTML plugins: CSS selectors checked at load', () => {
  it('loads the HTML fixture plugin with its format, selectors and attributes', () => {
    const p = loadPluginFile(HTML_PLUGIN);
    assert.equal(p.search.format, 'html');
    assert.equal(p.search.result_selector, ".container:has(> [itemtype$='/HistoricalRecord'])");
    assert.deepEqual(p.extraction_rules?.persons?.fields.given, {
      selector: 'meta[itemprop=givenName]',
      attr: 'content',
      type: 'text',
      required: false,
    });
    // A plugin that says nothing reads JSON, as before.
    assert.equal(loadPluginFile(JSON_PLUGIN).search.format, 'json');
  });

  it('names the file and the field of a selector that is not CSS', () => {
    const file = variant(HTML_PLUGIN, (d) =>
      d.setIn(['extraction_rules', 'persons', 'fields', 'given', 'selector'], 'meta[itemprop=givenName'),
    );
    const message = loadError(file);
    assert.ok(message.startsWith(file), message);
    assert.match(
      message,
      /extraction_rules\.persons\.fields\.given\.selector: not a CSS selector: Attribute selector didn't terminate/,
    );
    assert.match(
      loadError(variant(HTML_PLUGIN, (d) => d.setIn(['search', 'result_selector'], 'div:nope'))),
      /search\.result_selector: not a CSS selector: Unknown pseudo-class :nope/,
    );
    assert.match(
      loadError(variant(HTML_PLUGIN, (d) => d.setIn(['extraction_rules', 'persons', 'selector'], '> > li'))),
      /extraction_rules\.persons\.selector: not a CSS selector/,
    );
    assert.match(
      loadError(variant(HTML_PLUGIN, (d) => d.setIn(['extraction_rules', 'record', 'title'], { template: '{h1[}' }))),
      /extraction_rules\.record\.title\.template: not a CSS selector/,
    );
  });

  it('tells a JSONPath from CSS by the plugin format, and keeps attributes to HTML', () => {
    // A JSONPath in an HTML plugin, and CSS in a JSON plugin, each say which the plugin reads.
    assert.match(
      loadError(variant(HTML_PLUGIN, (d) => d.setIn(['extraction_rules', 'record', 'date', 'selector'], '$.date'))),
      /extraction_rules\.record\.date\.selector: not a CSS selector \(a JSONPath: an HTML plugin selects with CSS\)/,
    );
    assert.match(
      loadError(variant(JSON_PLUGIN, (d) => d.setIn(['search', 'result_selector'], 'li.result'))),
      /search\.result_selector: a JSONPath starts with "\$".*; a web page's CSS selectors need search\.format: html/,
    );
    assert.match(
      loadError(variant(JSON_PLUGIN, (d) => d.setIn(['extraction_rules', 'record', 'url', 'attr'], 'href'))),
      /extraction_rules\.record\.url\.attr: attr reads an HTML attribute: it needs search\.format: html/,
    );
    assert.match(
      loadError(variant(HTML_PLUGIN, (d) => d.setIn(['extraction_rules', 'record', 'title', 'attr'], 'con tent'))),
      /extraction_rules\.record\.title\.attr: an attribute name/,
    );
    assert.match(loadError(variant(HTML_PLUGIN, (d) => d.setIn(['search', 'format'], 'xml'))), /search\.format:/);
    assert.match(
      loadError(
        variant(HTML_PLUGIN, (d) => d.setIn(['extraction_rules', 'record', 'title'], { template: 'no braces' })),
      ),
      /extraction_rules\.record\.title\.template: a template names at least one \{selector\}/,
    );
  });
});

describe('declarative HTML plugins: reading a page', () => {
  const page = parsePage(
    `<!DOCTYPE html><html><head><title>t</title><base href="/records/">
      <style>.name { color: red }</style><script>var name = "not text";</script></head>
     <body><ul>
      <li class="hit" data-id="  42 "><span class="name">Maria&nbsp;&amp;
          Jan   <b>Coret</b></span><script>document.write("Mallory")</script>
        <span class="born">born&#32;3-11-1855<br>'s-Hertogenbosch</span>
        <a class="rec" href="show.php?id=42&amp;lang=en">record</a>
        <a class="bad" href="javascript:alert(1)">x</a>
        <template><span class="name">hidden</span></template>
        <p>Father</p><p>Hendrik</p></li>
      <li class="hit"><span class="name">Anna</span></li>
     </ul></body></html>`,
    'https://www.example.org/search/?q=Coret',
  );
  const [hit, second] = page.nodes(page.document, 'li.hit');

  it('takes text as a reader sees it: entities decoded, whitespace normalised, scripts, styles and templates left out', () => {
    assert.equal(page.nodes(page.document, 'li').length, 2);
    assert.equal(fieldValue(rule('.name'), hit, page), 'Maria & Jan Coret');
    assert.equal(fieldValue(rule('.born'), hit, page), "born 3-11-1855 's-Hertogenbosch");
    // Blocks are not run together; several matches are joined as for JSON.
    assert.equal(fieldValue(rule('p'), hit, page), 'Father; Hendrik');
    assert.equal(fieldValue(rule('.missing'), hit, page), undefined);
    assert.equal(fieldValue(rule({ selector: '.missing', default: 'other' }), hit, page), 'other');
    // One line per block: inline spans run on, a <br> or a paragraph starts a new line.
    assert.equal(page.verbatim(hit), "Maria & Jan Coret born 3-11-1855\n's-Hertogenbosch record x\nFather\nHendrik");
    assert.doesNotMatch(page.verbatim(page.document), /not text|Mallory|color: red|hidden/);
  });

  it('reads attributes, the result itself (:scope), patterns and dates, and resolves links against the page', () => {
    assert.equal(fieldValue(rule({ selector: ':scope', attr: 'data-id', type: 'number' }), hit, page), 42);
    assert.equal(fieldValue(rule({ selector: ':scope', attr: 'DATA-ID' }), hit, page), '42');
    assert.equal(fieldValue(rule({ selector: ':scope > .name' }), second, page), 'Anna');
    assert.equal(
      fieldValue(rule({ selector: '.born', pattern: '(\\d+-\\d+-\\d{4})', type: 'date' }), hit, page),
      '3-11-1855',
    );
    // <base href="/records/"> on https://www.example.org/search/?q=Coret
    assert.equal(
      fieldValue(rule({ selector: 'a.rec', attr: 'href', type: 'url' }), hit, page),
      'https://www.example.org/records/show.php?id=42&lang=en',
    );
    assert.equal(fieldValue(rule({ selector: 'a.bad', attr: 'href', type: 'url' }), hit, page), undefined);
    // As text, the link is what the page says; only `type: url` resolves it.
    assert.equal(fieldValue(rule({ selector: 'a.rec', attr: 'href' }), hit, page), 'show.php?id=42&lang=en');
  });

  it('fills templates with CSS selectors, attr applying to each', () => {
    assert.equal(fieldValue(rule({ template: '{.name b}, {.name}' }), hit, page), 'Coret, Maria & Jan Coret');
    assert.equal(
      fieldValue(rule({ template: 'https://x.org/r/{:scope}', attr: 'data-id', type: 'url' }), hit, page),
      'https://x.org/r/42',
    );
    assert.equal(fieldValue(rule({ template: 'https://x.org/{.missing}' }), hit, page), undefined);
  });

  it('reads the persons of a recorded Open Archives baptism: roles from link titles, a child without surname', () => {
    const baptism = parsePage(
      recordedPage('openarch-show-baptism.html'),
      'https://www.openarch.nl/show.php?archive=elo&identifier=f0b964b5-2d86-b61e-66b1-fcbd25b9c47c&lang=en',
    );
    const rules = PersonRules.parse({
      given: { selector: 'meta[itemprop=givenName]', attr: 'content' },
      surname: { selector: 'meta[itemprop=familyName]', attr: 'content' },
      sex: { selector: 'meta[itemprop=gender]', attr: 'content', type: 'sex' },
      role: {
        selector: "a[title^='Search for']",
        attr: 'title',
        pattern: '^Search for (.+)$',
        map: { father: 'father', mother: 'mother', child: 'child', witness: 'witness' },
      },
    });
    const persons = baptism
      .nodes(baptism.document, "[itemtype$='schema.org/Person']")
      .map((n) => personaOf(rules, n, 'other', baptism));
    assert.deepEqual(persons, [
      { name: 'Cornlis /Immerzeel/', role: 'father', sex: 'M' },
      { name: 'Geertruij /van Hassel/', role: 'mother', sex: 'F' },
      { name: 'Johannes', role: 'child' },
      { name: 'Job /Buijteweg/', role: 'witness' },
      { name: 'Aaltie /Nierman/', role: 'witness' },
    ]);
    // The links are relative on the page; as URLs they are absolute against its address.
    const [father] = baptism.nodes(baptism.document, "[itemtype$='schema.org/Person']");
    assert.equal(
      fieldValue(rule({ selector: 'a', attr: 'href', type: 'url' }), father, baptism),
      'https://www.openarch.nl/search.php?name=Cornlis+Immerzeel&lang=en',
    );
    const date = baptism.nodes(baptism.document, "[itemtype$='/HistoricalRecord'] > meta[itemprop=date]");
    assert.equal(
      fieldValue(rule({ selector: ':scope', attr: 'content', type: 'date' }), date[0], baptism),
      '29 MAY 1707',
    );
  });
});
