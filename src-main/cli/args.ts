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

/** `--postgres URL` as both commands take it: refused in one line unless it is PostgreSQL's. */
export function checkPostgresUrl(url: string): void {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--postgres: not a PostgreSQL URL (postgres://user@host:port/database): ${url}`);
}
