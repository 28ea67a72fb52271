import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Thrown for bad command lines; the CLI prints its message on one line and exits non-zero. */
export class UsageError extends Error {}

type Parsed<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>;

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T): Parsed<T> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}
