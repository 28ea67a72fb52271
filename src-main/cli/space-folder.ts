import { AdminError } from '../engine/app/admin/commands.js';
import type { Engine } from '../engine/app/engine.js';
import { exportFolder, importFolder, type Progress } from '../engine/services/git-sync/folder.js';

/**
 * `space import --dir` / `space export --dir`: a space from or to a folder of Markdown
 * (docs/git-sync.md, "Folders"). A bar on standard error follows long runs in a terminal.
 */
export function spaceFolder(engine: Engine, direction: 'import' | 'export', spaceId: string, dir: string): string | AdminError {
  const now = new Date().toISOString();
  const run = direction === 'import' ? importFolder : exportFolder;
  const store = { db: engine.db, docs: engine.docs, capture: engine.changeCapture, projector: engine.projector };
  const result = run(store, spaceId, dir, now, progressBar());
  if (process.stderr.isTTY) process.stderr.write('\n');
  return result.ok ? result.message : new AdminError(result.message);
}

/** A bar drawn in place on a terminal, for runs of more than 50 steps; nothing elsewhere. */
function progressBar(): Progress | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total, what) => {
    if (total <= 50) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.round((done / total) * 100)}% ${done}/${total} ${what}`);
  };
}
