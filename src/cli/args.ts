import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

/** node:util parseArgs with usage errors that exit 2. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}; usage: ${usage}`);
  }
}
