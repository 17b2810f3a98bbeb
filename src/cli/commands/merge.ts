import {
  acceptBatch,
  acceptMerge,
  isBatchId,
  MergeError,
  rejectMerge,
  undoBatch,
  undoMerge,
} from '../../agents/analyst/merge';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage =
  'ancestry merge accept|reject|undo <id> [--case <dir>] [--reason TEXT] [--canonical ID] [--keep FIELD=ID ...] [--force] [--json]\n       ancestry merge accept --min-score X [--limit N] [--case <dir>] [--json]   (every open MERGE ≥ X, one batch)\n       ancestry merge undo <batch id> [--case <dir>] [--force]';

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
        // accept: which member's value the merged person keeps for a field (repeatable)
        keep: { type: 'string', multiple: true },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
        'min-score': { type: 'string' },
        limit: { type: 'string' },
      },
      usage,
    );
    const [action, id] = positionals;
    if (!action || !['accept', 'reject', 'undo'].includes(action))
      throw new UsageError(`expected accept, reject or undo; usage: ${usage}`);
    const minScore = values['min-score'];
    if (action === 'accept' && !id && minScore !== undefined) {
      const score = Number(minScore);
      if (!Number.isFinite(score) || score <= 0 || score > 1)
        throw new UsageError(`--min-score must be a number in (0, 1] (got "${minScore}")`);
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
        throw new UsageError(`--limit must be a positive integer (got "${values.limit}")`);
      const store = await openReviewCase(values.case ?? '.', usage, { verb: 'merge accept', io });
      const r = await acceptBatch(store, { minScore: score, limit }, store.clock.now());
      if (values.json) io.out(JSON.stringify(r, null, 2));
      else if (!r.accepted.length)
        io.out(
          `No open MERGE proposal at or above ${score}${r.skipped.length ? ` (${r.skipped.length} skipped)` : ''}.`,
        );
      else
        io.out(
          `Batch ${r.batch}: ${r.accepted.length} merge(s) accepted${r.skipped.length ? `, ${r.skipped.length} skipped (${r.skipped.map((x) => `${x.id}: ${x.why}`).join('; ')})` : ''}. "ancestry merge undo ${r.batch}" undoes the whole batch.`,
        );
      return 0;
    }
    if (!id) throw new UsageError(`missing merge id (see "ancestry merges <dir>"); usage: ${usage}`);
    if (action === 'undo' && isBatchId(id)) {
      const store = await openReviewCase(values.case ?? '.', usage, { verb: 'merge undo', io });
      try {
        const undone = await undoBatch(store, id, store.clock.now(), { force: values.force });
        if (values.json) io.out(JSON.stringify(undone, null, 2));
        else io.out(`${id} undone: ${undone.length} merge(s), the files back exactly as they were before the batch.`);
        return 0;
      } catch (e) {
        if (e instanceof MergeError) throw new UsageError(e.message);
        throw e;
      }
    }
    if (action === 'reject' && !values.reason?.trim())
      throw new UsageError('reject needs --reason "…": the reason is remembered so the pair is never proposed again');
    const keep: Record<string, string> = {};
    for (const k of values.keep ?? []) {
      const m = /^([a-z_.]+)=(\S+)$/.exec(k);
      if (!m || action !== 'accept')
        throw new UsageError(`--keep FIELD=ID goes with accept, e.g. --keep birth.date=P-b (got "${k}")`);
      keep[m[1]] = m[2];
    }
    const store = await openReviewCase(values.case ?? '.', usage, { verb: `merge ${action}`, io });
    const now = store.clock.now();
    try {
      const cluster =
        action === 'accept'
          ? await acceptMerge(store, id, now, { canonicalId: values.canonical, reason: values.reason, keep })
          : action === 'reject'
            ? await rejectMerge(store, id, values.reason!, now)
            : await undoMerge(store, id, now, { force: values.force, reason: values.reason });
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
