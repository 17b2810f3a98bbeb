import { resolve } from 'node:path';
import { decideReview, ReviewError, reviewQueue, type ReviewAction, type ReviewItem } from '../../case/review-queue';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage =
  'ancestry review <dir> [--all] [--limit N] [--json]\n       ancestry review <dir> accept|reject|edit <id…> [--reason TEXT] [--value VALUE] [--json]   (reject needs --reason, edit --value)';

const ACTIONS = ['accept', 'reject', 'edit'] as const;

function row(i: ReviewItem): string {
  const head = `${i.id}  ${i.person.name} (${i.person.id})  ${i.field} = ${i.value}  confidence ${i.confidence.toFixed(2)}${i.status === 'staged' ? '' : `  [${i.reviewed?.decision ?? i.status} by you${i.reviewed?.reason ? `: ${i.reviewed.reason}` : ''}]`}`;
  const lines = [head];
  if (i.escalated) lines.push(`    escalated: ${i.escalated.join('; ')}`);
  for (const s of i.sources)
    lines.push(
      `    ${s.id}${s.title ? ` ${s.title}` : ''} (${s.information} information, ${s.evidence}, ${s.confidence.toFixed(2)}): "${s.snippet}"`,
    );
  return lines.join('\n');
}

export const reviewCommand: CliCommand = {
  name: 'review',
  usage: usage.slice('ancestry '.length),
  summary:
    'the review queue: staged facts and relationships, escalated and weakest first, with their sources; accept, reject (with a reason) or edit one or a batch, logged as your decision',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        json: { type: 'boolean' },
        all: { type: 'boolean' },
        limit: { type: 'string' },
        reason: { type: 'string' },
        value: { type: 'string' },
      },
      usage,
    );
    const [dir, action, ...ids] = positionals;
    if (!dir) throw new UsageError(`missing <dir>; usage: ${usage}`);
    if (action === undefined) {
      if (values.reason !== undefined || values.value !== undefined)
        throw new UsageError(`--reason and --value go with accept, reject or edit; usage: ${usage}`);
      const limit = values.limit === undefined ? Infinity : Number(values.limit);
      if (values.limit !== undefined && !(Number.isInteger(limit) && limit > 0))
        throw new UsageError(`--limit must be a positive integer (got "${values.limit}")`);
      const store = await openReviewCase(dir, usage, undefined, { trees: 'indexed' });
      const items = reviewQueue(store, { all: values.all });
      const staged = items.filter((i) => i.status === 'staged').length;
      const shown = items.slice(0, limit);
      if (values.json) io.out(JSON.stringify({ staged, items: shown }, null, 2));
      else if (!items.length) io.out(values.all ? 'Nothing staged or reviewed.' : 'Nothing to review: no staged fact.');
      else {
        io.out(shown.map(row).join('\n'));
        io.out(
          `${staged} staged${shown.length < items.length ? ` (${shown.length} shown)` : ''}. Decide with "ancestry review ${dir} accept|reject|edit <id…>".`,
        );
      }
      return 0;
    }
    if (!(ACTIONS as readonly string[]).includes(action))
      throw new UsageError(`expected accept, reject or edit after <dir> (got "${action}"); usage: ${usage}`);
    if (!ids.length) throw new UsageError(`${action}: missing id (see "ancestry review ${dir}"); usage: ${usage}`);
    if (action === 'reject' && !values.reason?.trim())
      throw new UsageError('reject needs --reason "…": it is kept with the decision and in the research log');
    if (action === 'edit' && values.value === undefined)
      throw new UsageError(`edit needs --value VALUE; usage: ${usage}`);
    if (action !== 'edit' && values.value !== undefined)
      throw new UsageError(`--value goes with edit only; usage: ${usage}`);
    const decision: ReviewAction =
      action === 'reject'
        ? { action, reason: values.reason! }
        : action === 'edit'
          ? { action, value: values.value!, reason: values.reason }
          : { action: 'accept', reason: values.reason };
    const store = await openReviewCase(resolve(dir), usage, { verb: `review ${action}`, io }, { trees: 'indexed' });
    try {
      const done = await decideReview(store, ids, decision, store.clock.now());
      if (values.json) io.out(JSON.stringify(done, null, 2));
      else
        io.out(
          done
            .map((o) =>
              o.decision === 'edited'
                ? `${o.id} edited: ${o.field} "${o.was}" → "${o.value}", accepted as yours, still cited to the same evidence.`
                : `${o.id} ${o.decision}.`,
            )
            .join('\n'),
        );
      return 0;
    } catch (e) {
      if (e instanceof ReviewError) throw new UsageError(e.message);
      throw e;
    }
  },
};
