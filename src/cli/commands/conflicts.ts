import { caseConflicts } from '../../agents/analyst/conflicts';
import { displayName } from '../../model';
import { parse } from '../args';
import type { CliCommand } from '../command';
import { openReviewCase } from '../review-case';

const usage = 'ancestry conflicts <dir> [--all] [--json]';

export const conflictsCommand: CliCommand = {
  name: 'conflicts',
  usage: usage.slice('ancestry '.length),
  summary: 'competing values of one fact side by side: evidence, Z weights, preferred value, status, next actions',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, all: { type: 'boolean' } }, usage);
    const store = await openReviewCase(positionals[0], usage);
    const all = caseConflicts(store);
    const shown = all.filter((c) => values.all || c.status !== 'resolved');
    if (values.json) {
      io.out(
        JSON.stringify(
          {
            total: all.length,
            open: all.filter((c) => c.status !== 'resolved').length,
            conflicts: shown.map((c) => ({
              ...c,
              personName: (() => {
                const p = store.person(c.person);
                return p ? displayName(p) : null;
              })(),
            })),
          },
          null,
          2,
        ),
      );
      return 0;
    }
    if (!shown.length) {
      io.out(all.length ? `No open conflicts (${all.length} resolved; --all lists them).` : 'No conflicts.');
      return 0;
    }
    for (const c of shown) {
      const p = store.person(c.person);
      io.out(
        `${c.id}  ${c.status}${c.resolvedBy ? ` (${c.resolvedBy})` : ''}  ${p ? displayName(p) : c.person} — ${c.field}`,
      );
      for (const x of c.competing) {
        const ev =
          x.evidence
            .map(
              (e) => `${e.source} ${e.sourceClass}/${e.information}/${e.evidence}, ${e.evidenceType}, tier ${e.tier}`,
            )
            .join('; ') || 'no captured evidence';
        io.out(`    ${x.value === c.preferred ? '*' : ' '} ${x.value.padEnd(28)} weight ${x.weight.toFixed(2)}  ${ev}`);
      }
      io.out(`    rationale: ${c.rationale}`);
      for (const a of c.nextActions) io.out(`    next: ${a}`);
    }
    io.out(
      `\n${shown.length} shown. * = preferred. "ancestry conflict resolve <id> --value … --case <dir>" records your decision.`,
    );
    return 0;
  },
};
