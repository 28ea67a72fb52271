import * as organizations from './001-organizations.js';
import * as contentTree from './002-content-tree.js';
import * as contentGrants from './003-content-grants.js';
import * as yjsDocs from './004-yjs-docs.js';
import * as comments from './005-comments.js';
import * as revisionsChangeRequests from './006-revisions-change-requests.js';
import * as content from './007-content.js';
import * as changeRequestMerges from './008-change-request-merges.js';
import * as changeRequestComments from './009-change-request-comments.js';
import * as branchForks from './010-branch-forks.js';
import * as liveEditSessions from './011-live-edit-sessions.js';
import * as changeLog from './012-change-log.js';
import * as contentSearch from './013-content-search.js';
import * as sites from './014-sites.js';
import * as openapiSpecs from './015-openapi-specs.js';
import * as conversations from './016-conversations.js';
import * as syncDocs from './017-sync-docs.js';
import * as commentAnchors from './018-comment-anchors.js';
import * as syncChangeCursors from './019-sync-change-cursors.js';
import * as translations from './020-translations.js';
import * as integrations from './021-integrations.js';
import * as syncBlobs from './022-sync-blobs.js';
import * as device from './023-device.js';
import * as gitSync from './024-git-sync.js';
import * as changeRequestConflicts from './025-change-request-conflicts.js';
import * as changeRequestReviews from './026-change-request-reviews.js';
import * as changeLogTriggers from './027-change-log-triggers.js';
import * as fileBlobsRowid from './028-file-blobs-rowid.js';
import * as changeRequestRequestedTeams from './029-change-request-requested-teams.js';
import * as movedForkBases from './030-moved-fork-bases.js';
import * as movedBaseConflicts from './031-moved-base-conflicts.js';
import * as resolutionWrites from './032-resolution-writes.js';
import * as laterCopies from './033-later-copies.js';
import * as restoredBlocks from './035-restored-blocks.js';
import * as gitSyncHolds from './036-git-sync-holds.js';
import * as gitSyncHeldAsSet from './037-git-sync-held-as-set.js';
import * as appliedUpdatesLogged from './034-applied-updates-logged.js';

/** Numbered migrations, applied in order: literal SQL, never computed from current code, and never edited once released. */
export const migrations: readonly { version: number; name: string; sql: string; rebuildsTables?: boolean }[] = [
  { version: 1, name: 'organizations', sql: organizations.sql },
  { version: 2, name: 'content-tree', sql: contentTree.sql },
  { version: 3, name: 'content-grants', sql: contentGrants.sql },
  { version: 4, name: 'yjs-docs', sql: yjsDocs.sql },
  { version: 5, name: 'comments', sql: comments.sql },
  { version: 6, name: 'revisions-change-requests', sql: revisionsChangeRequests.sql },
  { version: 7, name: 'content', sql: content.sql },
  { version: 8, name: 'change-request-merges', sql: changeRequestMerges.sql },
  { version: 9, name: 'change-request-comments', sql: changeRequestComments.sql },
  { version: 10, name: 'branch-forks', sql: branchForks.sql },
  { version: 11, name: 'live-edit-sessions', sql: liveEditSessions.sql },
  { version: 12, name: 'change-log', sql: changeLog.sql },
  { version: 13, name: 'content-search', sql: contentSearch.sql },
  { version: 14, name: 'sites', sql: sites.sql },
  { version: 15, name: 'openapi-specs', sql: openapiSpecs.sql },
  { version: 16, name: 'conversations', sql: conversations.sql },
  { version: 17, name: 'sync-docs', sql: syncDocs.sql },
  { version: 18, name: 'comment-anchors', sql: commentAnchors.sql },
  { version: 19, name: 'sync-change-cursors', sql: syncChangeCursors.sql },
  { version: 20, name: 'translations', sql: translations.sql },
  { version: 21, name: 'integrations', sql: integrations.sql },
  { version: 22, name: 'sync-blobs', sql: syncBlobs.sql },
  { version: 23, name: 'device', sql: device.sql },
  { version: 24, name: 'git-sync', sql: gitSync.sql },
  { version: 25, name: 'change-request-conflicts', sql: changeRequestConflicts.sql },
  { version: 26, name: 'change-request-reviews', sql: changeRequestReviews.sql },
  { version: 27, name: 'change-log-triggers', sql: changeLogTriggers.sql },
  { version: 28, name: 'file-blobs-rowid', sql: fileBlobsRowid.sql, rebuildsTables: fileBlobsRowid.rebuildsTables },
  { version: 29, name: 'change-request-requested-teams', sql: changeRequestRequestedTeams.sql },
  { version: 30, name: 'moved-fork-bases', sql: movedForkBases.sql },
  { version: 31, name: 'moved-base-conflicts', sql: movedBaseConflicts.sql },
  { version: 32, name: 'resolution-writes', sql: resolutionWrites.sql },
  { version: 33, name: 'later-copies', sql: laterCopies.sql },
  { version: 34, name: 'applied-updates-logged', sql: appliedUpdatesLogged.sql },
  { version: 35, name: 'restored-blocks', sql: restoredBlocks.sql },
  { version: 36, name: 'git-sync-holds', sql: gitSyncHolds.sql },
  { version: 37, name: 'git-sync-held-as-set', sql: gitSyncHeldAsSet.sql },
];

/** The schema version a fully migrated database has. */
export const LATEST_SCHEMA = migrations.at(-1)!.version;
