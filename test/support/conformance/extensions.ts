/**
 * Folio's own operations: not in `@gitbook/api@0.146.0`, so nothing there to check them against
 * (our contract checks them). Each says why it exists.
 */
export const EXTENSIONS: ReadonlySet<string> = new Set([
  // The CLI and a first start create organizations; over HTTP a signed-in user may too (docs/decisions.md).
  'createOrganization',
  // A file's bytes: the reference's `downloadURL` points at an address it does not describe.
  'downloadFile',
  'downloadFileInChangeRequest',
  // Writing pages into a change request (docs/content-design.md); the reference edits through its app.
  'updateChangeRequestContent',
  // Part B documents it (muting a cluster); no version of the reference has it (REFERENCE §1.2, #127).
  'updateConversationsIssuesCluster',
  // The app asks the person's name on a new data dir (docs/decisions.md, "First start and device identity").
  'getFirstStart',
  'completeFirstStart',
  // Sync with a hub (docs/sync.md).
  'getSyncStatus',
  'updateSyncSettings',
  'deleteSyncSettings',
  // Git Sync's link and its last operation (docs/git-sync.md); the reference links repositories in its app.
  'getSpaceGitLink',
  'setSpaceGitLink',
  'deleteSpaceGitLink',
  'getSpaceGitOperation',
  // A folder uploaded as a zip, imported as a repository would be (the app's "Import a folder").
  'importSpaceArchive',
  // Conflicts of a change request, resolved block by block, and its diff against its base (docs/content-design.md).
  'listChangeRequestConflicts',
  'getChangeRequestConflict',
  'resolveChangeRequestConflict',
  'getChangeRequestDiff',
  'getChangeRequestMergeability',
  // The editor links to pages and headings of the change request it edits (docs/search.md); the reference searches main only.
  'searchChangeRequestContent',
]);
