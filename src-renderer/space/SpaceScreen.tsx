import { useStore } from 'zustand';
import { attempt } from '../api/call.js';
import { CommentsPanel } from '../comments/CommentsPanel.js';
import { Loaded } from '../components/Loaded.js';
import { useTreeStore, useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { ChangeRequestsSection } from './ChangeRequestsSection.js';
import { SpaceHeader } from './SpaceHeader.js';

/** A space: its header, its change requests, and the comments on it. */
export function SpaceScreen({ org, spaceId }: { org: string; spaceId: string }) {
  const { client } = useWorkspace();
  const tree = useTreeStore();
  const changes = useStore(tree, (state) => state.changes);
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
          <div className="space-columns">
            <ChangeRequestsSection org={org} space={space} />
            <CommentsPanel place={{ spaceId: space.id }} canComment={space.permissions.comment} />
          </div>
        </div>
      )}
    </Loaded>
  );
}
