import type { ValidateFunction } from 'ajv';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReferenceChecker } from './checker.js';
import { DEPARTURES } from './departures.js';
import { loadReference } from './reference.js';

/** The environment variable that names the compiled validators' module to the test forks. */
export const VALIDATORS_VARIABLE = 'FOLIO_REFERENCE_VALIDATORS';

const require = createRequire(import.meta.url);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const CACHE = join(HERE, '../../../node_modules/.cache/folio-reference');

/**
 * A module of ajv's standalone code for every schema the checker can check an answer against
 * (`ReferenceChecker.standaloneCode`), made once and kept in node_modules/.cache under a hash of
 * what it is made of: the reference, this folder's sources, ajv's and ajv-formats' versions. Each
 * fork compiled them again (~250 schemas, 5–7 s of CPU a fork; every isolated file paid its share);
 * loading the module is ~0.3 s. Returns its path.
 */
export function compiledValidatorsModule(): string {
  const hash = createHash('sha256');
  const sources = readdirSync(HERE).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort().map((name) => join(HERE, name));
  for (const file of [require.resolve('@gitbook/api/spec/openapi.json'), require.resolve('ajv/package.json'), require.resolve('ajv-formats/package.json'), ...sources]) {
    hash.update(file).update(readFileSync(file));
  }
  const file = join(CACHE, `${hash.digest('hex').slice(0, 16)}.cjs`);
  if (existsSync(file)) return file;
  const code = new ReferenceChecker(loadReference(), DEPARTURES, { source: true }).standaloneCode();
  // Only the last one made is kept.
  mkdirSync(CACHE, { recursive: true });
  for (const old of readdirSync(CACHE)) rmSync(join(CACHE, old), { force: true });
  writeFileSync(`${file}.${process.pid}`, code);
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

/**
 * The validators compiled ahead for this run (validators-setup.ts), by the checker's keys; none
 * outside vitest, nor when another run in this checkout has replaced the module meanwhile (the
 * checker then compiles on use).
 */
export function compiledValidators(): Record<string, ValidateFunction> | undefined {
  const file = process.env[VALIDATORS_VARIABLE];
  if (file === undefined || !existsSync(file)) return undefined;
  return require(file) as Record<string, ValidateFunction>;
}
