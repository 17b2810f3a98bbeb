/**
 * Gramps (Debian's gramps 5.1) as an outside reader of our exports: a GEDCOM file is imported into a
 * fresh family tree headless (`gramps -y -C <db> -i file.ged`), then counted through Gramps's own
 * Python API. See ../shared/TESTING.md "Gramps as an outside reader of our exports".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GrampsCounts {
  persons: number;
  families: number;
  events: number;
  places: number;
  sources: number;
  citations: number;
  /** Notes, less those Gramps writes itself about lines it could not import ("Records not imported into …"). */
  notes: number;
  /** Dates Gramps could not parse (kept as text only). */
  invalidDates: number;
  /** Lines of its import report that name a problem ("Line ignored", "Could not …"). */
  errors: number;
  /** The first few problem lines, for a failing test's message. */
  errorLines: string[];
}

export function grampsAvailable(): boolean {
  return spawnSync('gramps', ['--version'], { encoding: 'utf8', env: grampsEnv(tmpdir()) }).status === 0;
}

function grampsEnv(home: string): NodeJS.ProcessEnv {
  // A clean environment for Gramps: its own home, no display, no user settings.
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GRAMPSHOME: home,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
  };
}

const COUNT_PY = `
import json, sys
from gramps.gen.db.utils import open_database
from gramps.gen.lib import Date
db = open_database(sys.argv[1], force_unlock=True)
invalid = 0
# Gramps writes a note of its own per record with an import problem: a count of problems, not data.
own = sum(1 for h in db.get_note_handles() if db.get_note_from_handle(h).get().startswith('Records not imported into'))
for handle in db.get_event_handles():
    d = db.get_event_from_handle(handle).get_date_object()
    if d.get_modifier() == Date.MOD_TEXTONLY and d.get_text():
        invalid += 1
out = dict(persons=db.get_number_of_people(), families=db.get_number_of_families(), events=db.get_number_of_events(),
           places=db.get_number_of_places(), sources=db.get_number_of_sources(), citations=db.get_number_of_citations(),
           notes=db.get_number_of_notes() - own, invalidDates=invalid)
db.close()
print(json.dumps(out))
`;

/** Imports one GEDCOM file into a fresh Gramps tree and counts what Gramps made of it. */
export function grampsImport(file: string): GrampsCounts {
  const home = mkdtempSync(join(tmpdir(), 'gramps-home-'));
  try {
    const env = grampsEnv(home);
    const imp = spawnSync('gramps', ['-y', '-C', 'tree', '-i', file], {
      encoding: 'utf8',
      env,
      timeout: 600_000,
      maxBuffer: 64 << 20,
    });
    if (imp.status !== 0)
      throw new Error(
        `gramps import of ${file} failed (exit ${imp.status}): ${(imp.stderr || imp.stdout).slice(-2000)}`,
      );
    const report = `${imp.stdout}\n${imp.stderr}`;
    // "GEDCOM import report: 46 errors detected" then one "<what>   Line N: <line>" per problem.
    const total = /GEDCOM import report: (\d+) errors? detected/.exec(report);
    const problems = report
      .split(/[\r\n]+/)
      .map((l) => l.replace(/^.*errors? detected\s*/, '').trim())
      .filter((l) => /Line\s+\d+:/.test(l));
    const count = spawnSync('/usr/bin/python3', ['-c', COUNT_PY, 'tree'], { encoding: 'utf8', env, timeout: 600_000 });
    if (count.status !== 0) throw new Error(`gramps count failed: ${count.stderr.slice(-2000)}`);
    const json = JSON.parse(count.stdout.trim().split('\n').pop()!) as Omit<GrampsCounts, 'errors' | 'errorLines'>;
    return { ...json, errors: total ? Number(total[1]) : 0, errorLines: problems.slice(0, 8) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
