import { useState } from 'react';
import { useStore } from 'zustand';
import type { CommentTarget } from '../comments/comment-target.js';
import { attempt } from '../api/call.js';
import { CommentsPanel } from '../comments/CommentsPanel.js';
import { Loaded } from '../components/Loaded.js';
import { useTreeStore, useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { SpacePages } from '../content/SpacePages.js';
import { ChangeRequestsSection } from './ChangeRequestsSection.js';
import { FolderImport } from './FolderImport.js';
import { GitSyncPanel } from './GitSyncPanel.js';
import { SpaceHeader } from './SpaceHeader.js';

/** A space: its header, its pages, its change requests, and the comments on it. */
export function SpaceScreen({ org, spaceId, page }: { org: string; spaceId: string; page?: string }) {
  const { client } = useWorkspace();
  const tree = useTreeStore();
  const changes = useStore(tree, (state) => state.changes);
  const [target, setTarget] = useState<CommentTarget>();
  const { resource, reload } = useResource(`space/${spaceId}`, () => attempt(client, 'getSpaceById', { params: { spaceId } }), changes);
  return (
    <Loaded resource={resource} what="the space" onRetry={reload}>
      {(space) => (
        <div className="screen space-screen">
          {space.deletedAt && (
            <p role="alert" className="problem">
              This space is in the trash. Restore it from the Trash to change it.
            </p>
          )}
          <SpaceHeader
            space={space}
            onChanged={() => {
              reload();
              void tree.getState().load();
            }}
          />
          {/* A new revision of main (a merge, an import) is read afresh. */}
          <SpacePages key={space.revision} org={org} spaceId={space.id} page={page} onComment={space.permissions.comment ? setTarget : undefined} />
          <div className="space-columns">
            <ChangeRequestsSection org={org} space={space} />
            <CommentsPanel place={{ spaceId: space.id }} canComment={space.permissions.comment} target={target} onClearTarget={() => setTarget(undefined)} />
          </div>
          {!space.deletedAt && <GitSyncPanel org={org} space={space} onChanged={reload} />}
          {!space.deletedAt && (
            <FolderImport
              org={org}
              space={space}
              onImported={() => {
                reload();
                void tree.getState().load();
              }}
            />
          )}
        </div>
      )}
    </Loaded>
  );
}
