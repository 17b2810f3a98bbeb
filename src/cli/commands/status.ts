import { resolve } from 'node:path';
import { CaseFileError, lockHolder, openCase } from '../../case';
import { readImportMarker } from '../../case/import-marker';
import { SESSION_FILE } from '../../case/layout';
import { formatProblem } from '../../case/problems';
import { countLiving, countPersons } from '../../case/person-catalog';
import { displayName } from '../../model';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry status <dir> [--json]';

export const statusCommand: CliCommand = {
  name: 'status',
  usage: usage.slice('ancestry '.length),
  summary: 'what the case holds: persons, sources, conflicts, queue, last session',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, usage);
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    // Indexed: a 100k-person tree is counted from its derived index, not read (issue #16).
    const store = await openCase(resolve(positionals[0]), { trees: 'indexed' }).catch((e: unknown) => {
      if (e instanceof CaseFileError) throw new UsageError(e.message);
      throw e;
    });
    // Derived data rebuilt because it was damaged or stale: one line each, on stderr.
    for (const note of store.notes) io.err(`note: ${note}`);
    const config = store.config();
    const session = store.session();
    // No session read is not "none yet" when the session file is there but broken: say which.
    const sessionProblem = session ? undefined : store.problems.find((p) => p.file === SESSION_FILE);
    const conflicts = store.conflicts();
    const subject = config.subject.person ? store.person(config.subject.person) : undefined;
    const status = {
      case: store.root,
      question: config.question,
      subject: subject ? { id: subject.id, name: displayName(subject) } : { name: config.subject.name },
      persons: countPersons(store),
      living: countLiving(store),
      sources: store.sources().length,
      conflicts: {
        open: conflicts.filter((c) => c.status !== 'resolved').length,
        resolved: conflicts.filter((c) => c.status === 'resolved').length,
      },
      merges: {
        proposed: store.merges().clusters.filter((c) => c.status === 'proposed').length,
        accepted: store.merges().clusters.filter((c) => c.status === 'accepted').length,
      },
      session: session
        ? {
            id: session.sessionId,
            cycle: session.cycle,
            frontier: session.frontier.length,
            hypotheses: session.hypotheses.filter((h) => h.status === 'pending').length,
            terminated: session.terminated,
            reason: session.terminationReason ?? null,
          }
        : null,
      sessionUnreadable: sessionProblem ? formatProblem(sessionProblem) : null,
      problems: store.problems.length,
      // A live writer (research, import, merge) or an import that was cut off.
      writer: lockHolder(store.root) ?? null,
      interruptedImport: lockHolder(store.root) ? null : (readImportMarker(store.root) ?? null),
    };
    if (values.json) {
      io.out(JSON.stringify(status, null, 2));
      return 0;
    }
    io.out(
      [
        `Case      ${status.case}`,
        `Question  ${status.question}`,
        `Subject   ${status.subject.name}${'id' in status.subject ? ` (${status.subject.id})` : ''}`,
        `Persons   ${status.persons} (${status.living} living, shown redacted)`,
        `Sources   ${status.sources} captured`,
        `Conflicts ${status.conflicts.open} open, ${status.conflicts.resolved} resolved`,
        `Merges    ${status.merges.proposed} proposed, ${status.merges.accepted} accepted`,
        session
          ? `Session   ${session.sessionId}: cycle ${session.cycle}, ${status.session?.frontier} tasks queued, ${status.session?.hypotheses} clues pending${session.terminated ? `, ended: ${session.terminationReason ?? ''}` : ''}`
          : sessionProblem
            ? `Session   not read: ${formatProblem(sessionProblem)} (left as it is; fix it, or move it away to start afresh)`
            : 'Session   none yet (run "ancestry research")',
        ...(status.writer
          ? [
              `Writer    "${status.writer.verb}" is writing this case (pid ${status.writer.pid} on ${status.writer.host}, since ${status.writer.startedAt})`,
            ]
          : []),
        ...(status.interruptedImport
          ? [
              `Import    INTERRUPTED: ${status.interruptedImport.file} (started ${status.interruptedImport.startedAt}); run the same import again to complete it`,
            ]
          : []),
        status.problems ? `Problems  ${status.problems} (run "ancestry validate")` : 'Problems  none',
      ].join('\n'),
    );
    return 0;
  },
};
