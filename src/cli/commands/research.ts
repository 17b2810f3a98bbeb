import { relative, resolve } from 'node:path';
import { CaseFileError, formatProblem, isCaseFolder } from '../../case';
import { openForResearch } from '../../case/research-scope';
import { withCaseLock } from '../../case/lock';
import { reportLock } from '../locks';
import { runResearch, type EngineEvent } from '../../engine/run';
import { DeterministicExtractor } from '../../agents/analyst/extract';
import { DeterministicPlanner } from '../../engine/lead-planner';
import { loadConnectors } from '../../sources';
import { createAgentsFromEnv, withCostReport } from '../../llm';
import { archiveProblems, describeArchiveProblems } from '../../sources/archive/problems';
import { withCaseArchive } from '../../sources/archive';
import { transcribeNewDocuments } from '../../sources/documents/research-hook';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry research <dir> [--person NAME|ID] [--max-cycles N] [--offline] [--no-llm] [--json]';

export const researchCommand: CliCommand = {
  name: 'research',
  usage: usage.slice('ancestry '.length),
  summary: 'run the research loop on a case until a termination condition holds (resumes a stopped run)',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        person: { type: 'string' },
        'max-cycles': { type: 'string' },
        offline: { type: 'boolean' },
        'no-llm': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      usage,
    );
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    let maxCycles: number | undefined;
    if (values['max-cycles'] !== undefined) {
      maxCycles = Number(values['max-cycles']);
      if (!Number.isInteger(maxCycles) || maxCycles < 1)
        throw new UsageError(`--max-cycles must be a positive whole number (got "${values['max-cycles']}")`);
    }
    const dir = resolve(positionals[0]);
    if (!isCaseFolder(dir))
      throw new UsageError(`${positionals[0]}: no case.yaml here: not a case folder (run "ancestry init")`);
    // One writer per case: the lock is taken before the case is read, so this run sees the last one's result.
    return withCaseLock(dir, 'research', async (lock) => {
      if (!values.json) reportLock(lock, io);
      // A big tree: opened from its index, the run sees the subject's neighbourhood (issue #16 item 5).
      const { store, scope } = await openForResearch(dir, values.person).catch((e: unknown) => {
        if (e instanceof CaseFileError) throw new UsageError(e.message);
        throw e;
      });
      for (const note of store.notes) io.err(`note: ${note}`);
      if (scope && !values.json)
        io.err(
          `Big tree: researching ${scope.subject} with its ${scope.persons} nearest persons (ancestors, descendants, spouses) and the person files`,
        );
      const config = store.config();
      const offline = Boolean(values.offline) || config.sources.offline;
      const { connectors, deferred } = await loadConnectors({ config, env: process.env, store, offline });
      // Claude agents only with a key, online, and not switched off; the deterministic ones otherwise.
      const llm =
        offline || values['no-llm']
          ? undefined
          : createAgentsFromEnv(process.env, {
              config,
              log: (e) => void store.appendLog([e]),
              fallback: { planner: new DeterministicPlanner(), extractor: new DeterministicExtractor() },
              persons: () => store.persons(),
              knownSources: () => [...store.sources().map((s) => s.id), ...connectors.map((c) => c.id), 'archive'],
            });
      // What the run reads as it is but the user should know (an edited capture, an unfinished import).
      if (!values.json)
        for (const p of store.problems) if (p.severity === 'warning') io.err(`Note: ${formatProblem(p)}`);
      // Archive records the reader cannot use are named here too, not only in the log (issue #21).
      const archiveReport = describeArchiveProblems(archiveProblems(store.root));
      if (archiveReport.skipped.length && !values.json) io.err(archiveReport.skippedText);
      // Images and PDFs added to archive/ since the last run are read into sidecars first (issue #17).
      await transcribeNewDocuments(store, {
        env: process.env,
        offline,
        gateway: llm?.gateway,
        signal: io.signal,
        say: values.json ? undefined : (l) => io.err(l),
      });
      const started = Date.now();
      const progress = (e: EngineEvent) => {
        if (values.json) return;
        const line = `${e.type === 'cycle' ? '\n' : ''}[cycle ${e.cycle}] ${e.type === 'finding' ? '★ ' : e.type === 'source' ? '  · ' : ''}${e.message}`;
        if (e.type !== 'done') io.err(line);
      };
      if (!values.json)
        io.err(
          `Researching ${config.subject.name} in ${store.root} (${offline ? 'offline: local archive only' : `${connectors.length + 1} source(s)`}${llm ? ', Claude agents' : ', deterministic agents'})`,
        );
      // With Claude: summary.md carries the model cost section, and Claude's web search is a source.
      // Tier 2 sources appear as prefilled links (never requested) only when the case allows Tier 2.
      const runStore = llm ? withCostReport(store, llm.meter) : store;
      const sources = llm?.webSearch ? [...connectors, llm.webSearch] : connectors;
      const result = await runResearch({
        store: runStore,
        connectors: withCaseArchive(store.root, sources),
        agents: llm,
        meter: llm?.meter,
        deferred: config.tiers.tier2 ? deferred : undefined,
        maxCycles,
        person: values.person,
        signal: io.signal,
        onEvent: progress,
      });
      if (values.json) {
        io.out(
          JSON.stringify(
            {
              ...result,
              case: store.root,
              seconds: (Date.now() - started) / 1000,
              problems: store.problems.map(formatProblem),
            },
            null,
            2,
          ),
        );
      } else {
        const rel = (p: string) => {
          const r = relative(process.cwd(), p);
          return r && !r.startsWith('..') ? r : p;
        };
        io.out(
          [
            '',
            `${result.status === 'completed' ? 'Done' : result.status === 'cancelled' ? 'Stopped' : 'Failed'}: ${result.terminationReason}`,
            `  ${result.cycles} cycle(s) · ${result.persons} person(s) · ${result.sources} source(s) captured · ${result.conflicts} conflict(s) · ${((Date.now() - started) / 1000).toFixed(1)} s`,
            `  Summary:   ${rel(result.summaryPath)}`,
            `  People:    ${rel(resolve(store.root, 'people'))}/`,
            `  Evidence:  ${rel(resolve(store.root, 'sources'))}/`,
            `  Conflicts: ${rel(resolve(store.root, 'conflicts'))}/`,
            `  Log:       ${rel(resolve(store.root, 'log/research-log.jsonl'))}`,
            scope
              ? '  Exports:   not rewritten for a big tree (run "ancestry export")'
              : `  Exports:   ${rel(resolve(store.root, 'exports'))}/ (graph.jsonld, tree.ged)`,
            result.status === 'cancelled' ? `Run "ancestry research ${positionals[0]}" again to resume.` : '',
          ].join('\n'),
        );
      }
      return result.status === 'failed' ? 1 : 0;
    });
  },
};
