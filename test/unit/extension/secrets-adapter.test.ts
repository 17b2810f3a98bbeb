import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { secretsAdapter, sourceCredentialChoices } from '../../../src/extension/engineBridge';
import { CaseConfig } from '../../../src/model';
import { loadConnectors } from '../../../src/sources';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

/** The shape of vscode.SecretStorage reads: a Thenable over a key-value store. */
function secretStorage(values: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    get: (key: string): PromiseLike<string | undefined> => (asked.push(key), Promise.resolve(values[key])),
  };
}

describe('extension secrets adapter (SecretStorage → loadConnectors)', () => {
  it('serves every SecretStorage key, the Anthropic key from the request, and nothing for blank values', async () => {
    const storage = secretStorage({
      'familysearch.accessToken': 'fs-token',
      'nara.apiKey': '   ',
      'wikitree.appId': 'my-app',
    });
    const s = secretsAdapter(storage, 'sk-ant-x');
    assert.equal(await s.get('familysearch.accessToken'), 'fs-token');
    assert.equal(await s.get('wikitree.appId'), 'my-app');
    assert.equal(await s.get('nara.apiKey'), undefined, 'a blank stored value is no credential');
    assert.equal(await s.get('ANTHROPIC_API_KEY'), 'sk-ant-x');
    assert.equal(await s.get('unknown.key'), undefined);
    assert.equal(await secretsAdapter(undefined).get('familysearch.accessToken'), undefined);
  });

  it('lets loadConnectors enable a Tier 1 source from a credential held only in SecretStorage', async () => {
    const config = CaseConfig.parse({
      question: 'Who?',
      subject: { name: 'Samuel Clemens', born: '1835' },
      tiers: { tier1: true },
    });
    const store = await initCase(join(tempDir(), 'case'), config);
    const pluginDir = join(REPO_ROOT, 'plugins');
    const without = await loadConnectors({
      config,
      env: {},
      store,
      offline: false,
      pluginDir,
      secrets: secretsAdapter(secretStorage({}), 'sk-ant-x'),
    });
    assert.equal(
      without.connectors.some((c) => c.id === 'familysearch'),
      false,
    );
    const storage = secretStorage({ 'familysearch.accessToken': 'fs-token', 'nara.apiKey': 'nara-key' });
    const withCreds = await loadConnectors({
      config,
      env: {},
      store,
      offline: false,
      pluginDir,
      secrets: secretsAdapter(storage, 'sk-ant-x'),
    });
    assert.deepEqual(
      withCreds.connectors.filter((c) => c.tier === 1).map((c) => c.id),
      ['familysearch', 'nara'],
    );
    assert.ok(storage.asked.includes('familysearch.accessToken') && storage.asked.includes('nara.apiKey'));
  });

  it('offers every credential a bundled plugin stores in SecretStorage for the Set Source Credential command', () => {
    const keys = sourceCredentialChoices(REPO_ROOT).map((c) => c.secretKey);
    assert.deepEqual(keys.sort(), ['familysearch.accessToken', 'nara.apiKey', 'wikitree.appId']);
  });
});
