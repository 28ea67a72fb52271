import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['scripts/run-entry.mjs', ...args], { cwd: ROOT, encoding: 'utf8' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

/** `npm run cli` and `npm run serve`: the program compiled from the sources as they are, kept for the next start. */
describe('scripts/run-entry.mjs', () => {
  it('runs folio with its arguments from one compiled copy of the sources, its exit code passed on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-run-entry-'));
    try {
      const added = await run(['folio', '--data-dir', dataDir, 'user', 'add', '--email', 'ann@example.com', '--name', 'Ann']);
      expect(added).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\w{20}\n$/), stderr: '' });
      const builds = readdirSync(join(ROOT, '.folio-build'));
      // The same sources: the copy made (or found) above, nothing compiled again.
      expect(await run(['folio', '--data-dir', dataDir, 'user', 'add', '--email', 'ann@example.com', '--name', 'Ann'])).toMatchObject({
        code: 2,
        stderr: 'folio: user add: a user with e-mail ann@example.com already exists\n',
      });
      expect(readdirSync(join(ROOT, '.folio-build'))).toEqual(builds);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('removes the copies no running process was started from, and those left half-compiled', async () => {
    const builds = join(ROOT, '.folio-build');
    const copy = (name: string, pid?: number) => {
      mkdirSync(join(builds, name, '.running'), { recursive: true });
      if (pid !== undefined) writeFileSync(join(builds, name, '.running', String(pid)), '');
    };
    // A pid no process has (Linux's largest is 2^22), and this test's own.
    const gone = 4_194_304 + 1;
    copy('0000000000000000', gone);
    copy('1111111111111111', process.pid);
    copy(`2222222222222222.${gone}`);
    copy(`3333333333333333.${process.pid}`);
    try {
      expect(await run(['folio', '--help'])).toMatchObject({ code: 0 });
      const left = readdirSync(builds);
      expect(left).not.toContain('0000000000000000');
      expect(left).not.toContain(`2222222222222222.${gone}`);
      expect(left).toEqual(expect.arrayContaining(['1111111111111111', `3333333333333333.${process.pid}`]));
    } finally {
      for (const name of ['0000000000000000', '1111111111111111', `2222222222222222.${gone}`, `3333333333333333.${process.pid}`]) {
        rmSync(join(builds, name), { recursive: true, force: true });
      }
    }
  }, 60_000);

  it('names the programs it runs when asked for another', async () => {
    expect(await run(['nothing'])).toEqual({ code: 2, stdout: '', stderr: 'usage: node scripts/run-entry.mjs serve|folio [arguments]\n' });
  });
});
