import { AdminError } from '../engine/app/admin/commands.js';
import type { Engine } from '../engine/app/engine.js';
import { exportSite } from '../engine/services/publishing/export.js';

/** `site export`: the published site as static files in `folder`; prints the folder's `index.html`. */
export function siteExport(engine: Engine, siteId: string, folder: string): string | AdminError {
  const result = exportSite(engine, siteId, folder);
  if (!result) return new AdminError(`no published site with id ${siteId} (publish it first)`);
  return `exported ${result.pages} pages and ${result.files} files: ${folder}/index.html`;
}
