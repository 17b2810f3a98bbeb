import { ConflictError, resolveConflictByUser } from '../../agents/analyst/conflicts';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage = 'ancestry conflict resolve <id> --value VALUE [--reason TEXT] [--case <dir>] [--json]';

export const conflictCommand: CliCommand = {
  name: 'conflict',
  usage: usage.slice('ancestry '.length),
  summary: 'resolve a conflict yourself: the chosen value is accepted, the others kept as disputed',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      { case: { type: 'string' }, value: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } },
      usage,
    );
    const [action, id] = positionals;
    if (action !== 'resolve') throw new UsageError(`expected "resolve"; usage: ${usage}`);
    if (!id) throw new UsageError(`missing conflict id (see "ancestry conflicts <dir>"); usage: ${usage}`);
    if (!values.value?.trim()) throw new UsageError(`missing --value; usage: ${usage}`);
    const store = await openReviewCase(values.case ?? '.', usage, { verb: 'conflict resolve', io });
    try {
      const r = await resolveConflictByUser(store, id, values.value.trim(), store.clock.now(), values.reason);
      if (values.json) io.out(JSON.stringify(r.conflict, null, 2));
      else
        io.out(
          `${id} resolved: "${values.value.trim()}" accepted${r.disputed.length ? `; ${r.disputed.length} other assertion(s) kept as disputed` : ''}.`,
        );
      return 0;
    } catch (e) {
      if (e instanceof ConflictError) throw new UsageError(e.message);
      throw e;
    }
  },
};
