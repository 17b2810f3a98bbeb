import { resolve } from 'node:path';
import { CaseFileError, isCaseFolder, openCase } from '../../case';
import { lockCase } from '../locks';
import { displayName, type MergeCluster } from '../../model';
import { gedcomXref, proposeMerges } from '../../agents/analyst/merge';
import { parse } from '../args';
import { type CliCommand, type CliIo, UsageError } from '../command';

const usage = 'ancestry merges <dir> [--all] [--json]';

/**
 * Shared by the review verbs (merges, merge, conflicts, conflict): a bad case folder is exit 2. The
 * verbs that write (`lock`: merges proposes, merge, conflict resolve) hold the case's write lock.
 */
export async function openReviewCase(
  dir: string | undefined,
  usage: string,
  lock?: { verb: string; io: Pick<CliIo, 'err'> },
) {
  if (!dir) throw new UsageError(`missing case folder\nusage: ${usage}`);
  if (lock && isCaseFolder(resolve(dir))) await lockCase(resolve(dir), lock.verb, lock.io);
  return openCase(resolve(dir)).catch((e) => {
    if (e instanceof CaseFileError) throw new UsageError(e.message);
    throw e;
  });
}

export const mergesCommand: CliCommand = {
  name: 'merges',
  usage: usage.slice('ancestry '.length),
  summary: 'find duplicate persons and list merge proposals with their reasons (--all: decided ones too)',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, all: { type: 'boolean' } }, usage);
    const store = await openReviewCase(positionals[0], usage, { verb: 'merges', io });
    const { added, merges } = await proposeMerges(store, store.clock.now());
    const shown = merges.clusters.filter((c) => values.all || c.status === 'proposed');
    const member = (id: string) => {
      const p = store.person(id);
      return { id, name: p ? displayName(p) : '(no longer in the case)', xref: gedcomXref(p) ?? null };
    };
    const rows = shown.map((c: MergeCluster) => ({ ...c, members: c.memberIds.map(member) }));
    if (values.json) {
      io.out(JSON.stringify({ added: added.length, clusters: rows, notSamePerson: merges.notSamePerson }, null, 2));
      return 0;
    }
    if (!rows.length) {
      io.out(
        values.all
          ? 'No merge proposals.'
          : `No open merge proposals (${merges.clusters.length} decided; --all lists them).`,
      );
      return 0;
    }
    for (const c of rows) {
      io.out(`${c.id}  ${c.status}  ${c.recommendation.toUpperCase()}  similarity ${c.similarity.toFixed(3)}`);
      for (const m of c.members)
        io.out(`    ${m.id === c.canonicalId ? '*' : ' '} ${m.id}${m.xref ? ` (${m.xref})` : ''}  ${m.name}`);
      io.out(`    why merge:     ${c.rationale}`);
      io.out(`    why not merge: ${c.whyNotMerge}`);
      if (c.reason) io.out(`    decision:      ${c.reason}`);
    }
    io.out(
      `\n${rows.length} shown, ${added.length} new. * = canonical person. "ancestry merge accept|reject|undo <id> --case <dir>" decides.`,
    );
    return 0;
  },
};
