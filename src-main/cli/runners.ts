/**
 * The engine side of the command lines (`folio` and `serve`), imported by them only once their
 * arguments are checked: loading the engine takes seconds, a refusal should not.
 */
export { bootstrapIfEmpty } from '../engine/app/admin/bootstrap.js';
export { AdminError, addMember, addOrganization, addUser, issueToken } from '../engine/app/admin/commands.js';
export { Engine } from '../engine/app/engine.js';
export { listen } from '../engine/app/http/server.js';
export { staticFiles } from '../engine/transports/http/static-files.js';
export { saveUpstream } from '../engine/services/sync/sql.js';
export { startPostgresHub } from '../engine/app/sync/postgres/hub-server.js';
export { openPostgresEngine } from '../engine/app/sync/postgres/working-copy.js';
export { StoreRefused } from '../engine/services/sync/postgres/store.js';
export { BlobStoreRefused } from '../engine/services/sync/postgres/blob-address.js';
export { BlobMoveStopped, moveBlobs } from '../engine/services/sync/postgres/blob-move.js';
export { siteExport } from './site-export.js';
export { spaceFolder } from './space-folder.js';
