/**
 * Merges a change request in a process of its own, for the SIGKILL test. With `pause`, it stops
 * inside the merge's transaction once every doc is written (when the merge revision is inserted),
 * says `paused` on stdout and waits there to be killed. A temporary trigger on this connection
 * alone does it: the engine and the database file are as they always are.
 */
import { readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../../../src-main/engine/app/engine.js';

const [dataDir, spaceId, changeRequestId, mode] = process.argv.slice(2) as [string, string, string, string | undefined];
const engine = new Engine({ dataDir });
if (mode === 'pause') {
  engine.db.raw.function('paused_in_merge', () => {
    writeSync(1, 'paused\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    return 0;
  });
  engine.db.raw.exec('CREATE TEMP TRIGGER pause_in_merge AFTER INSERT ON main.revisions BEGIN SELECT paused_in_merge(); END');
}
const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
const response = await engine.request({
  method: 'POST',
  path: `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`,
  headers: { authorization: `Bearer ${token}` },
});
writeSync(1, `${JSON.stringify(response)}\n`);
engine.close();
