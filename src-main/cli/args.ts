import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Thrown for bad command lines; the CLI prints its message on one line and exits non-zero. */
export class UsageError extends Error {}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}
