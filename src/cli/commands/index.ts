import type { CliCommand } from '../command';
import { exportCommand } from './export';
import { importCommand } from './import';
import { initCommand } from './init';
import { statusCommand } from './status';
import { validateCommand } from './validate';

/** Every verb, in help order. Each lives in its own module beside this one. */
export const commands: CliCommand[] = [initCommand, statusCommand, validateCommand, importCommand, exportCommand];
