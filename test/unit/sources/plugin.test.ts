import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSourceAccess } from '../../../src/agents/censor/tos';
import { endpointUrl, loadPluginFile, loadPlugins, overrideEnvName, PluginError } from '../../../src/sources/plugin';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

const PLUGINS = join(REPO_ROOT, 'plugins');

describe('source plugins (seed 001 §4)', () => {
  it('loads every plugin of registry.yaml with the tiers of the issue', () => {
    const plugins = loadPlugins(PLUGINS, {});
    const tiers = Object.fromEntries(plugins.map((p) => [p.plugin_id, p.tier]));
    assert.deepEqual(tiers, {
      wikitree: 0,
      wikidata: 0,
      loc: 0,
      openarchives: 0,
      internetarchive: 0,
      familysearch: 1,
      nara: 1,
      ancestry: 2,
      myheritage: 2,
      findagrave: 2,
      freebmd: 2,
    });
    for (const p of plugins) {
      assert.ok(p.compliance.rate_limit_requests_per_minute > 0, p.plugin_id);
      assert.ok(p.reliability.base_weight > 0, p.plugin_id);
      if (p.tier === 2) {
        assert.ok(p.search.link_template, `${p.plugin_id} has a link template`);
        assert.equal(checkSourceAccess(p, 'search').allowed, false, `${p.plugin_id} is never searched automatically`);
        assert.equal(checkSourceAccess(p, 'link_out').allowed, true);
      } else {
        assert.ok(p.search.endpoint, `${p.plugin_id} has a search endpoint`);
        assert.equal(checkSourceAccess(p, 'search').allowed, true);
      }
      if (p.tier === 1) assert.equal(p.auth.required, true);
    }
    const wikitree = plugins.find((p) => p.plugin_id === 'wikitree')!;
    assert.equal(wikitree.auth.param, 'appId');
    assert.equal(
      plugins.find((p) => p.plugin_id === 'wikidata')!.compliance.max_concurrent,
      1,
      'WDQS: no parallel queries',
    );
  });

  it('overrides every base URL with ANCESTRY_SOURCE_<ID>_URL and re-roots absolute endpoints', () => {
    assert.equal(overrideEnvName('wikitree'), 'ANCESTRY_SOURCE_WIKITREE_URL');
    const plugins = loadPlugins(PLUGINS, {
      ANCESTRY_SOURCE_WIKIDATA_URL: 'http://127.0.0.1:9/mirror',
      ANCESTRY_SOURCE_WIKITREE_URL: 'http://127.0.0.1:8',
    });
    const wd = plugins.find((p) => p.plugin_id === 'wikidata')!;
    assert.equal(wd.overridden, true);
    assert.equal(endpointUrl(wd, wd.record.sparql).toString(), 'http://127.0.0.1:9/mirror/sparql');
    assert.equal(endpointUrl(wd, wd.search.endpoint!).toString(), 'http://127.0.0.1:9/mirror/w/api.php');
    const wt = plugins.find((p) => p.plugin_id === 'wikitree')!;
    assert.equal(endpointUrl(wt, wt.search.endpoint!).toString(), 'http://127.0.0.1:8/api.php');
    const loc = plugins.find((p) => p.plugin_id === 'loc')!;
    assert.equal(loc.overridden, false);
    assert.equal(
      endpointUrl(loc, loc.search.endpoint!).toString(),
      'https://www.loc.gov/collections/chronicling-america/',
    );
    const unWd = loadPlugins(PLUGINS, {}).find((p) => p.plugin_id === 'wikidata')!;
    assert.equal(endpointUrl(unWd, unWd.record.sparql).toString(), 'https://query.wikidata.org/sparql');
  });

  it('reports a bad plugin with its file and field, and a bad override URL', () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      'plugin_id: bad\ndisplay_name: Bad\ntier: 5\nbase_url: https://x.example\ncompliance:\n  robots_txt: yes\n',
    );
    assert.throws(
      () => loadPluginFile(bad),
      (e: unknown) =>
        e instanceof PluginError && e.message.startsWith(bad) && /tier/.test(e.message) && /compliance/.test(e.message),
    );
    writeFileSync(bad, 'plugin_id: [unclosed\n');
    assert.throws(() => loadPluginFile(bad), /invalid YAML/);
    assert.throws(
      () => loadPlugins(PLUGINS, { ANCESTRY_SOURCE_LOC_URL: 'not a url' }),
      /ANCESTRY_SOURCE_LOC_URL is not a URL/,
    );
  });

  it('rejects a registry whose tier disagrees with the plugin', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'registry.yaml'),
      `sources:\n  - id: wikitree\n    tier: 1\n    config: ${join(PLUGINS, 'wikitree.yaml')}\n`,
    );
    assert.throws(() => loadPlugins(dir), /tier 0 differs from registry tier 1/);
  });
});

describe('Censor ToS gate (Z CensorCheckSourceAccess)', () => {
  const rules = {
    plugin_id: 'findagrave',
    tier: 2 as const,
    compliance: { allowed_actions: ['link_out', 'search'], prohibited_actions: ['search', 'scrape'] },
  };
  it('permits listed actions with the Z reason', () => {
    assert.deepEqual(checkSourceAccess(rules, 'link_out'), { allowed: true, reason: 'Action permitted' });
  });
  it('denies prohibited actions with the Z reason, even when also listed as allowed', () => {
    assert.deepEqual(checkSourceAccess(rules, 'scrape'), {
      allowed: false,
      reason: 'Action prohibited by ToS: findagrave',
    });
    assert.deepEqual(checkSourceAccess(rules, 'search'), {
      allowed: false,
      reason: 'Action prohibited by ToS: findagrave',
    });
  });
  it('fails closed on actions the rules do not mention', () => {
    const d = checkSourceAccess(rules, 'read_record');
    assert.equal(d.allowed, false);
    assert.match(d.reason, /not listed/);
  });
});
