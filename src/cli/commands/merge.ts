import { acceptMerge, MergeError, rejectMerge, undoMerge } from '../../agents/analyst/merge';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from './merges';

const usage =
  'ancestry merge accept|reject|undo <id> [--case <dir>] [--reason TEXT] [--canonical ID] [--force] [--json]';

export const mergeCommand: CliCommand = {
  name: 'merge',
  usage: usage.slice('ancestry '.length),
  summary: 'accept a merge (reversible), reject it as "not the same person" (remembered), or undo it byte for byte',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        case: { type: 'string' },
        reason: { type: 'string' },
        canonical: { type: 'string' },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
      },
      usage,
    );
    const [action, id] = positionals;
    if (!action || !['accept', 'reject', 'undo'].includes(action))
      throw new UsageError(`expected accept, reject or undo\nusage: ${usage}`);
    if (!id) throw new UsageError(`missing merge id (see "ancestry merges <dir>")\nusage: ${usage}`);
    if (action === 'reject' && !values.reason?.trim())
      throw new UsageError('reject needs --reason "…": the reason is remembered so the pair is never proposed again');
    const store = await openReviewCase(values.case ?? '.', usage, { verb: `merge ${action}`, io });
    const now = store.clock.now();
    try {
      const cluster =
        action === 'accept'
          ? await acceptMerge(store, id, now, { canonicalId: values.canonical })
          : action === 'reject'
            ? await rejectMerge(store, id, values.reason!, now)
            : await undoMerge(store, id, now, { force: values.force });
      if (values.json) io.out(JSON.stringify(cluster, null, 2));
      else
        io.out(
          action === 'accept'
            ? `${id} accepted: ${cluster.memberIds.filter((m) => m !== cluster.canonicalId).join(', ')} merged into ${cluster.canonicalId}. Prior files kept in ${cluster.snapshot}; "ancestry merge undo ${id}" restores them.`
            : action === 'reject'
              ? `${id} rejected: ${cluster.memberIds.join(' and ')} are not the same person ("${cluster.reason}"). They will not be proposed again.`
              : `${id} undone: the files are back exactly as they were before the merge.`,
        );
      return 0;
    } catch (e) {
      if (e instanceof MergeError) throw new UsageError(e.message);
      throw e;
    }
  },
};
