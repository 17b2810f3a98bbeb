import type { CliCommand } from '../command';

/** Every verb, in help order. Each lives in its own module beside this one. */
export const commands: CliCommand[] = [];
