import { resolve } from 'node:path';
import { CaseFileError, openCase } from '../../case';
import { isStreamTarget } from '../../case/writer';
import { exportGedcom, type GedcomVersion } from '../../interchange/gedcom/export';
import { exportJsonLd } from '../../interchange/jsonld';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage =
  'ancestry export <dir> --format gedcom|gedcom7|jsonld [--out FILE|-] [--gedcom-version 7.0|7.1] [--include-staged] [--json]';

export const exportCommand: CliCommand = {
  name: 'export',
  usage: usage.slice('ancestry '.length),
  summary:
    'export the accepted conclusions of the case as GEDCOM 5.5.1, GEDCOM 7 or schema.org JSON-LD (with a loss report); --include-staged adds unproven findings, marked',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        format: { type: 'string' },
        out: { type: 'string' },
        'gedcom-version': { type: 'string' },
        'include-staged': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      usage,
    );
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const format = values.format;
    if (format !== 'gedcom' && format !== 'gedcom7' && format !== 'jsonld')
      throw new UsageError(`--format must be gedcom, gedcom7 or jsonld; usage: ${usage}`);
    const v7 = values['gedcom-version'];
    if (v7 !== undefined && (format !== 'gedcom7' || !['7.0', '7.1'].includes(v7)))
      throw new UsageError('--gedcom-version takes 7.0 or 7.1 and only with --format gedcom7');
    const store = await openCase(resolve(positionals[0])).catch((e: unknown) => {
      if (e instanceof CaseFileError) throw new UsageError(e.message);
      throw e;
    });
    // `--out -` (or /dev/stdout) is standard output: the export alone goes there, unescaped; its loss
    // report goes to the case's exports/ folder and the "Wrote …" lines to stderr, away from the data.
    // Another device or pipe (a FIFO) is written into, not replaced.
    const toStdout = values.out === '-' || values.out === '/dev/stdout';
    const out = toStdout || !values.out ? undefined : resolve(values.out);
    const quiet = toStdout || (out !== undefined && isStreamTarget(out));
    const say = (text: string): void => (quiet ? io.err(text) : io.out(text));
    const emit = async (fallback: string, text: string): Promise<string> => {
      if (!toStdout) return store.writeExport(out ?? fallback, text, { censoredByField: true });
      if (io.data) io.data(text);
      else io.out(text);
      return 'standard output';
    };
    // Accepted conclusions only, unless the user asks for the staged findings too (marked as staged).
    const includeStaged = Boolean(values['include-staged']);
    if (format === 'jsonld') {
      const file = await emit('graph.jsonld', exportJsonLd(store, { includeStaged }));
      say(values.json ? JSON.stringify({ file }) : `Wrote ${file}`);
      return 0;
    }
    const version: GedcomVersion = format === 'gedcom' ? '5.5.1' : ((v7 as GedcomVersion | undefined) ?? '7.0');
    const result = exportGedcom(store, { version, includeStaged });
    const fallback = format === 'gedcom' ? 'tree.ged' : 'tree7.ged';
    const file = await emit(fallback, result.text);
    const lossFile = await store.writeExport(`${out && !quiet ? out : fallback}.loss.md`, result.lossReport);
    if (values.json) say(JSON.stringify({ file, lossReport: lossFile, counts: result.counts }));
    else
      say(
        `Wrote ${file} (GEDCOM ${version}: ${result.counts.individuals} individuals, ${result.counts.families} families, ${result.counts.sources} sources)\nLoss report: ${lossFile}`,
      );
    return 0;
  },
};
