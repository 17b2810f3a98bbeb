import { existsSync, readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { CaseFileError, initCase, isCaseFolder, openCase } from '../../case';
import { beginImport, endImport, pendingImport } from '../../case/import-marker';
import { removeAddedEntries, removeCreatedFolder } from '../../case/writer';
import { type CaseLock, withCaseLock } from '../../case/lock';
import { reportLock } from '../locks';
import { decodeGedcom } from '../../interchange/gedcom/decode';
import { GedcomInputError, importGedcom, readGedcomBytes } from '../../interchange/gedcom/import';
import { importKeyOf, sanitize } from '../../interchange/gedcom/map-import';
import { GedcomSyntaxError, parseGedcom } from '../../interchange/gedcom/parse';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry import <file.ged|file.gdz> --case <dir> [--as files|tree] [--strict] [--json]';

/** The first person of a file, to be the subject of a case created by the import. */
function firstPerson(file: string): { id: string; name: string } | undefined {
  const bytes = readGedcomBytes(file);
  // Persons are only located, and the first one parsed: a big file is not parsed twice.
  const doc = parseGedcom(decodeGedcom(bytes, basename(file)).text, { file: basename(file), defer: new Set(['INDI']) });
  const first = doc.records.find((r) => r.tag.toUpperCase() === 'INDI' && r.xref);
  if (!first) return undefined;
  const indi = doc.expand(first);
  const name =
    (indi.children.find((c) => c.tag.toUpperCase() === 'NAME')?.value ?? '')
      .replace(/\//g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Unknown';
  return { id: `P-${importKeyOf(bytes)}-${sanitize(indi.xref!)}`, name };
}

export const importCommand: CliCommand = {
  name: 'import',
  usage: usage.slice('ancestry '.length),
  summary: 'import a GEDCOM 5.5.1/7 file (or .gdz) into a case; malformed input exits 2 naming the line',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      { case: { type: 'string' }, as: { type: 'string' }, strict: { type: 'boolean' }, json: { type: 'boolean' } },
      usage,
    );
    const file = positionals[0];
    if (!file) throw new UsageError(`missing <file>; usage: ${usage}`);
    if (!values.case) throw new UsageError(`missing --case <dir>; usage: ${usage}`);
    if (values.as !== undefined && !['files', 'tree', 'auto'].includes(values.as))
      throw new UsageError(`--as must be files, tree or auto (got "${values.as}")`);
    const path = resolve(file);
    if (!existsSync(path)) throw new UsageError(`${file}: no such file`);
    const dir = resolve(values.case);
    // A file that cannot be imported leaves no case behind: the folder is created only for a real
    // import, and removed again if the import fails before it is done.
    const createdDir = !existsSync(dir);
    const newCase = !isCaseFolder(dir);
    // A folder that was there (empty, or the user's): on failure only what the import added goes.
    const existing = newCase && !createdDir ? new Set(readdirSync(dir)) : undefined;
    let promote: string[] = [];
    let first: { id: string; name: string } | undefined;
    try {
      // Read before anything is made: a file without a person fails here and creates nothing.
      if (newCase) first = firstPerson(path);
      if (first) promote = [first.id];
      // The lock before the case: two imports into one new folder must not both create it, nor one
      // remove, when it fails, the case the other is writing.
      return await withCaseLock(dir, 'import', async (lock) => {
        // Another import may have made the case since this one looked.
        const creating = newCase && !isCaseFolder(dir);
        try {
          return await importLocked(lock, creating);
        } catch (e) {
          if (creating) {
            if (createdDir) removeCreatedFolder(dir);
            else removeAddedEntries(dir, existing ?? new Set());
          }
          throw e;
        }
      });
    } catch (e) {
      if (e instanceof GedcomSyntaxError || e instanceof GedcomInputError || e instanceof CaseFileError)
        throw new UsageError(e.message);
      throw e;
    }

    async function importLocked(lock: CaseLock, creating: boolean): Promise<number> {
      if (!values.json) reportLock(lock, io);
      const target = creating
        ? await initCase(dir, {
            question: `Research the family tree imported from ${basename(path)}`,
            subject: { name: first?.name ?? basename(path), ...(first ? { person: first.id } : {}) },
          })
        : await openCase(dir);
      // The marker makes a cut-off import visible (status, validate) until it is run again to its end.
      const pending = pendingImport(target);
      if (pending && pending.file === path) promote = [...new Set([...promote, ...pending.promote])];
      // A case whose creating import was cut off before its subject was written: the subject still
      // gets its person file when the import is run again.
      const subjectId = target.config().subject.person;
      if (!creating && subjectId && !target.person(subjectId)) promote = [...new Set([...promote, subjectId])];
      await beginImport(target, { file: path, promote, startedAt: new Date().toISOString() });
      const result = await importGedcom(path, target, {
        as: (values.as as 'files' | 'tree' | 'auto' | undefined) ?? 'auto',
        strict: values.strict,
        promote,
        onProgress: io.tty && !values.json ? (m) => io.err(m) : undefined,
      });
      await endImport(target);
      // Said once the import is done: a file that cannot be imported leaves no case to speak of.
      if (creating && !values.json) io.err(`Created case ${dir}${first ? ` with subject ${first.name}` : ''}`);
      if (values.json) {
        io.out(JSON.stringify({ ...result, persons: result.persons.length, sources: result.sources.length }, null, 2));
        return 0;
      }
      const s = result.stats;
      io.out(
        [
          `Imported ${result.file} (GEDCOM ${result.version}, ${result.encoding}) into ${dir}`,
          `  ${s.individuals} individuals, ${s.families} families, ${s.events} events, ${s.sources} sources, ${s.citations} citations, ${s.notes} notes, ${s.media} media, ${s.customTags} custom tags`,
          result.mode === 'tree'
            ? `  written as one tree: ${result.treeFile} (persons become person files when research touches them)`
            : `  written as ${result.persons.length} person files under people/`,
          ...(result.warnings.length
            ? [
                `  ${result.warnings.length} warning(s):`,
                ...result.warnings.slice(0, 20).map((w) => `    ${w.message}`),
              ]
            : []),
        ].join('\n'),
      );
      return 0;
    }
  },
};
