import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runServeToEnd } from '../../../../support/processes.js';
import { allRefusedInOneLine, changeRequestOn, insertFile, refusedInOneLine, storedBlobRows, tableCount, teamOn, uploadedOnOneReadOnOther } from './blob-files.js';
import { describeWithPostgres, hubClusterEachTest, hubUser, startHubInProcess } from './hub-processes.js';

describeWithPostgres('file bytes in a folder the processes of a hub share (serve --postgres --blob-dir)', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'folio-blobs-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('a file uploaded through one process is kept in the folder, not the database, and served by the other', async () => {
    const sha256 = await uploadedOnOneReadOnOther(cluster, ['--blob-dir', folder]);
    expect(readFileSync(join(folder, sha256.slice(0, 2), sha256), 'utf8')).toBe('written through the first process');
    // The database holds the file's row, without its bytes.
    const rows = await storedBlobRows(cluster.database());
    expect(rows.get(sha256)).toEqual(Buffer.alloc(0));
  }, 180_000);

  it('refuses in one line, before touching the database: a folder that is not there, not a folder, or not writable', async () => {
    const database = cluster.database();
    const notThere = join(folder, 'missing');
    const aFile = join(folder, 'a-file');
    writeFileSync(aFile, 'not a folder');
    await allRefusedInOneLine([
      [runServeToEnd(['--postgres', database, '--blob-dir', notThere]), new RegExp(`--blob-dir: ${notThere} cannot be read \\(ENOENT\\)`)],
      [runServeToEnd(['--postgres', database, '--blob-dir', aFile]), /--blob-dir: .* is not a folder/],
      // /proc takes no files, even from root.
      [runServeToEnd(['--postgres', database, '--blob-dir', '/proc']), /--blob-dir: cannot write files in \/proc/],
      [runServeToEnd(['--data-dir', join(folder, 'data'), '--blob-dir', folder]), /--blob-dir goes with --postgres/],
    ]);
    expect(await tableCount(database)).toBe(0);
  }, 120_000);

  it('refuses a process started without the folder once the hub keeps file bytes in one', async () => {
    const database = cluster.database();
    const ann = await hubUser(database, 'ann@example.com', 'Team');
    // The upload through the hub in this process: the refused process is the subject.
    const hub = await startHubInProcess(database, { kind: 'folder', dir: folder });
    try {
      const a = await cluster.replicaOn(hub.syncUrl, ann.token);
      const { spaceId, changeRequestId } = await changeRequestOn(a.client, (await teamOn(a)).id);
      await insertFile(a.client, spaceId, changeRequestId, 'kept in the folder');
      const sha256 = createHash('sha256').update('kept in the folder').digest('hex');
      await vi.waitFor(async () => expect((await storedBlobRows(database)).has(sha256)).toBe(true), { timeout: 60_000, interval: 50 });
    } finally {
      await hub.close();
    }
    refusedInOneLine(await runServeToEnd(['--postgres', database]), /this hub keeps file bytes in a folder: start every process with --blob-dir DIR/);
  }, 180_000);
});
