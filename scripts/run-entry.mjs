// `npm run serve` and `npm run cli`: `node scripts/run-entry.mjs serve|folio ARGS…` runs the
// program compiled from the sources as they are now (scripts/entry-bundle.mjs), in this process.
// The compiled copy is kept under .folio-build/, named by a digest of everything it is made of,
// so an edited source compiles it again (~1–2 s) at the next start and an unchanged one starts at
// once; builds unused for a week are removed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileEntries, ROOT } from './entry-bundle.mjs';

/** Each program, and what an engine program needs beside it (compileEntries). */
const PROGRAMS = {
  serve: 'src-main/cli/serve.ts',
  folio: 'src-main/cli/folio.ts',
};
const BESIDE = {
  'worker-bootstrap': 'src-main/engine/app/worker-entry.ts',
  'sandbox-child': 'src-main/engine/services/integrations/sandbox-child.mjs',
};

const BUILDS = join(ROOT, '.folio-build');
const UNUSED_MS = 7 * 24 * 3600 * 1000;

/** What the compiled programs are made of: the sources they may import, the packages' lock, and how they are compiled. */
function digest() {
  const hash = createHash('sha256');
  /** @param {string} dir */
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  visit(join(ROOT, 'src-main'));
  visit(join(ROOT, 'src-shared'));
  for (const file of ['package-lock.json', 'scripts/entry-bundle.mjs']) hash.update(readFileSync(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The folder of the programs compiled from the sources as they are; compiled first if there is none. */
function compiled() {
  const dir = join(BUILDS, digest());
  if (existsSync(join(dir, 'serve.mjs'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  // Compiled aside, then renamed: two starts at once each compile, and neither runs a half-written copy.
  const aside = `${dir}.${process.pid}`;
  compileEntries(aside, { ...PROGRAMS, ...BESIDE });
  try {
    renameSync(aside, dir);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
  removeUnused(dir);
  return dir;
}

/** Builds nobody started for a week (a process still running from one started from it, and its threads' programs are there). */
function removeUnused(/** @type {string} */ kept) {
  for (const entry of readdirSync(BUILDS)) {
    const dir = join(BUILDS, entry);
    if (dir !== kept && Date.now() - statSync(dir).mtimeMs > UNUSED_MS) rmSync(dir, { recursive: true, force: true });
  }
}

const [program, ...args] = process.argv.slice(2);
if (program !== 'serve' && program !== 'folio') {
  console.error('usage: node scripts/run-entry.mjs serve|folio [arguments]');
  process.exit(2);
}
let dir;
try {
  dir = compiled();
} catch (error) {
  // esbuild has printed what it could not compile.
  console.error(`${program}: could not compile the sources: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
  process.exit(1);
}
const entry = join(dir, `${program}.mjs`);
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
