import type { CliCommand } from '../command';
import { conflictCommand } from './conflict';
import { conflictsCommand } from './conflicts';
import { cyclesCommand } from './cycles';
import { exportCommand } from './export';
import { importCommand } from './import';
import { initCommand } from './init';
import { mergeCommand } from './merge';
import { mergesCommand } from './merges';
import { personsCommand } from './persons';
import { researchCommand } from './research';
import { reviewCommand } from './review';
import { searchCommand } from './search';
import { showCommand } from './show';
import { sourcesCommand } from './sources';
import { statusCommand } from './status';
import { transcribeCommand } from './transcribe';
import { validateCommand } from './validate';

/** Every verb, in help order. Each lives in its own module beside this one. */
export const commands: CliCommand[] = [
  initCommand,
  researchCommand,
  cyclesCommand,
  sourcesCommand,
  transcribeCommand,
  statusCommand,
  personsCommand,
  showCommand,
  searchCommand,
  validateCommand,
  conflictsCommand,
  conflictCommand,
  reviewCommand,
  mergesCommand,
  mergeCommand,
  importCommand,
  exportCommand,
];
