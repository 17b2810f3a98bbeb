import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { LogEntry } from '../../../src/model';
import { deferredLinks } from '../../../src/sources/deferred';
import { deferredLogEntries } from '../../../src/engine/deferred-log';
import { loadPlugins } from '../../../src/sources/plugin';
import { REPO_ROOT } from '../../helpers/paths';

describe('Tier 2 deferred search links', () => {
  const plugins = loadPlugins(join(REPO_ROOT, 'plugins'), {});

  it('prefills a link for each Tier 2 source and none for Tier 0/1', () => {
    const links = deferredLinks(plugins, {
      given: 'Johann',
      surname: 'Schmidt',
      birthYear: 1850,
      place: 'Springfield, Illinois',
    });
    assert.deepEqual(
      links.map((l) => l.source),
      ['ancestry', 'myheritage', 'findagrave', 'freebmd'],
    );
    for (const l of links) assert.equal(l.tier, 2);
    const fag = new URL(links.find((l) => l.source === 'findagrave')!.url);
    assert.equal(fag.origin + fag.pathname, 'https://www.findagrave.com/memorial/search');
    assert.equal(fag.searchParams.get('firstname'), 'Johann');
    assert.equal(fag.searchParams.get('lastname'), 'Schmidt');
    assert.equal(fag.searchParams.get('birthyear'), '1850');
    assert.equal(fag.searchParams.get('location'), 'Springfield, Illinois');
    assert.equal(fag.searchParams.has('deathyear'), false, 'empty fields are dropped');
    const mh = new URL(links.find((l) => l.source === 'myheritage')!.url);
    assert.equal(mh.searchParams.get('qname'), 'Name fn.Johann ln.Schmidt');
    assert.equal(mh.searchParams.get('formId'), 'master');
    const anc = new URL(links.find((l) => l.source === 'ancestry')!.url);
    assert.equal(anc.searchParams.get('name'), 'Johann_Schmidt');
  });

  it('splits a bare name and gives nothing without one', () => {
    const [a] = deferredLinks(plugins, { name: 'Mary Ann Smith' });
    assert.equal(new URL(a.url).searchParams.get('name'), 'Mary Ann_Smith');
    assert.deepEqual(deferredLinks(plugins, { place: 'Cork' }), []);
  });

  it('respects the ToS gate: no link when link_out is not permitted', () => {
    const fag = plugins.find((p) => p.plugin_id === 'findagrave')!;
    const locked = {
      ...fag,
      compliance: {
        ...fag.compliance,
        allowed_actions: ['read_record' as const],
        prohibited_actions: ['link_out' as const],
      },
    };
    assert.deepEqual(deferredLinks([locked], { surname: 'Schmidt' }), []);
  });
});

describe('deferred log entries', () => {
  it('are valid research-log entries of kind deferred', () => {
    const plugins = loadPlugins(join(REPO_ROOT, 'plugins'), {});
    const q = { given: 'Johann', surname: 'Schmidt' };
    const entries = deferredLogEntries(deferredLinks(plugins, q), q);
    assert.equal(entries.length, 4);
    for (const e of entries) {
      const full = LogEntry.parse({ ...e, id: 'L-1', timestamp: new Date().toISOString(), sessionId: 'R-1' });
      assert.equal(full.actionType, 'deferred');
    }
  });
});
