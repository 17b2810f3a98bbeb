/** Shared set-up for connector contract tests: a replay server and a plugin pointed at it. */
import { join } from 'node:path';
import type { ConnectorContext } from '../../../src/engine/ports';
import type { NewLogEntry } from '../../../src/model';
import { HttpClient } from '../../../src/sources/http/client';
import { loadPlugins, overrideEnvName, type SourcePlugin } from '../../../src/sources/plugin';
import { REPO_ROOT } from '../../helpers/paths';
import { ReplayServer } from '../../helpers/replay-server';

export const UA =
  'AncestryEngine/0.1.0 (+https://github.com/ancestry-engine/ancestry-engine; contact: tests@example.org)';

export interface Harness {
  server: ReplayServer;
  plugin: SourcePlugin;
  http: HttpClient;
  log: NewLogEntry[];
  ctx: ConnectorContext;
}

export async function harness(
  id: string,
  httpOpts: Partial<ConstructorParameters<typeof HttpClient>[0]> = {},
): Promise<Harness> {
  const server = await ReplayServer.start();
  const plugin = loadPlugins(join(REPO_ROOT, 'plugins'), { [overrideEnvName(id)]: server.url }).find(
    (p) => p.plugin_id === id,
  );
  if (!plugin) throw new Error(`no plugin ${id}`);
  const http = new HttpClient({ userAgent: UA, backoffBaseMs: 5, timeoutMs: 2000, ...httpOpts });
  const log: NewLogEntry[] = [];
  return { server, plugin, http, log, ctx: { log: (e) => log.push(e) } };
}

export function accesses(log: NewLogEntry[]) {
  return log.flatMap((e) => (e.actionType === 'source_access' ? [e] : []));
}
