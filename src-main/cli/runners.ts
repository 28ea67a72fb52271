/**
 * The engine side of the command lines (`folio` and `serve`), imported by them only once their
 * arguments are checked: loading the engine takes seconds, a refusal should not.
 */
export { bootstrapIfEmpty } from '../engine/admin/bootstrap.js';
export { AdminError, addMember, addOrganization, addUser, issueToken } from '../engine/admin/commands.js';
export { Engine } from '../engine/engine.js';
export { listen } from '../engine/http/server.js';
export { staticFiles } from '../engine/http/static-files.js';
export { saveUpstream } from '../engine/sync/sql.js';
export { startPostgresHub } from '../engine/sync/postgres/hub-server.js';
export { openPostgresEngine } from '../engine/sync/postgres/working-copy.js';
export { StoreRefused } from '../engine/sync/postgres/store.js';
export { BlobStoreRefused } from '../engine/sync/postgres/blob-address.js';
export { BlobMoveStopped, moveBlobs } from '../engine/sync/postgres/blob-move.js';
export { siteExport } from './site-export.js';
export { spaceFolder } from './space-folder.js';
