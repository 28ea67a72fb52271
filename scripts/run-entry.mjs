// `npm run serve` and `npm run cli`: `node scripts/run-entry.mjs serve|folio ARGS…` runs the
// program compiled from the sources as they are now (scripts/entry-bundle.mjs), in this process.
// The compiled copy is kept under .folio-build/, named by a digest of everything it is made of,
// so an edited source compiles it again (a few seconds) at the next start and an unchanged one
// starts at once. A copy is removed once it is not the newest and no process started from it
// runs (each notes its pid in the copy's `.running/`): a running engine starts its worker
// threads' program from its copy, and a copy weighs ~40 MB.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileEntries, ENGINE_ENTRIES, ROOT } from './entry-bundle.mjs';

const BUILDS = join(ROOT, '.folio-build');

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
  if (existsSync(join(dir, 'serve.mjs'))) return dir;
  // Compiled aside, then renamed: two starts at once each compile, and neither runs a half-written copy.
  const aside = `${dir}.${process.pid}`;
  compileEntries(aside, ENGINE_ENTRIES);
  try {
    renameSync(aside, dir);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
  return dir;
}

/** Notes this process in its copy's `.running/` until it exits; not where it may not write (a service's user: docs/hub.md, "Deployment"). */
function noteRunning(/** @type {string} */ dir) {
  const note = join(dir, '.running', String(process.pid));
  try {
    mkdirSync(join(dir, '.running'), { recursive: true });
    writeFileSync(note, '');
  } catch {
    return;
  }
  process.once('exit', () => rmSync(note, { force: true }));
}

/** The other copies no running process was started from (a note of a process that is gone is stale), and those left half-compiled. */
function removeUnused(/** @type {string} */ kept) {
  for (const entry of readdirSync(BUILDS)) {
    const dir = join(BUILDS, entry);
    if (dir === kept) continue;
    // A copy being compiled aside is its compiler's, while it runs.
    const compiling = /\.(\d+)$/.exec(entry);
    const running = compiling ? [compiling[1]] : existsSync(join(dir, '.running')) ? readdirSync(join(dir, '.running')) : [];
    if (!running.some((pid) => alive(Number(pid)))) rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
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
noteRunning(dir);
removeUnused(dir);
const entry = join(dir, `${program}.mjs`);
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
