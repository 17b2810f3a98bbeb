import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Document } from 'yaml';
import type { z } from 'zod';
import { CaseConfig, type Person } from '../model';
import { splitSubjectName } from '../model/names';
import { systemClock, type Clock } from '../engine/ports';
import { newId } from './ids';
import * as L from './layout';
import { FileCaseStore } from './store';
import { CaseWriter } from './writer';

export type CaseConfigInput = z.input<typeof CaseConfig>;

const HEADER = `# Ancestry Engine case. Edit freely: the extension re-reads this file.
# question: the research question; subject: the person to research (a GEDCOM date phrase for born/died).
`;

/**
 * Creates a case folder: case.yaml, the layout's folders, a .gitignore for derived data, and the
 * subject's person file (the user's starting facts are staged: they are claims, not yet evidence).
 */
export async function initCase(
  root: string,
  input: CaseConfigInput,
  opts: { clock?: Clock } = {},
): Promise<FileCaseStore> {
  if (existsSync(join(root, L.CASE_FILE))) throw new Error(`${join(root, L.CASE_FILE)} already exists`);
  const clock = opts.clock ?? systemClock;
  const config = CaseConfig.parse(input);
  const bootstrap = new CaseWriter(root, () => ({
    now: clock.now(),
    thresholdYears: config.privacy.livingThresholdYears,
    consent: config.privacy.consent,
  }));
  for (const dir of [L.PEOPLE_DIR, L.SOURCES_DIR, L.ARCHIVE_DIR, L.CONFLICTS_DIR, 'log', L.EXPORTS_DIR])
    await bootstrap.ensureDir(dir);
  await bootstrap.writeText('.gitignore', `${L.DERIVED_DIR}/\n`);
  const subjectId = config.subject.person ?? newId('P');
  const withSubject = { ...config, subject: { ...config.subject, person: subjectId } };
  await bootstrap.writeText(
    L.CASE_FILE,
    HEADER +
      new Document(input.subject ? { ...input, subject: withSubject.subject } : input).toString({ lineWidth: 0 }),
  );
  const store = new FileCaseStore(root, { clock }).load();
  if (!store.person(subjectId)) {
    const now = clock.now().toISOString();
    const assertions: Person['assertions'] = [];
    const birthEvent = newId('E');
    if (config.subject.born)
      assertions.push({
        id: newId('A'),
        field: 'birth.date',
        value: config.subject.born,
        status: 'staged',
        confidence: 0.5,
        event: birthEvent,
        evidence: [],
        assertedAt: now,
        note: 'given by the user at case creation',
      });
    if (config.subject.place)
      assertions.push({
        id: newId('A'),
        field: 'birth.place',
        value: config.subject.place,
        status: 'staged',
        confidence: 0.5,
        event: birthEvent,
        evidence: [],
        assertedAt: now,
        note: 'given by the user at case creation',
      });
    if (config.subject.died)
      assertions.push({
        id: newId('A'),
        field: 'death.date',
        value: config.subject.died,
        status: 'staged',
        confidence: 0.5,
        evidence: [],
        assertedAt: now,
        note: 'given by the user at case creation',
      });
    const { given, surname } = splitSubjectName(config.subject.name);
    await store.writePerson(
      {
        id: subjectId,
        names: [{ given, surname, type: 'birth' }],
        sex: 'U',
        assertions,
        relationships: [],
        externalIds: {},
        createdAt: now,
        updatedAt: now,
      },
      '\nResearch notes go here.\n',
    );
  }
  return store;
}
