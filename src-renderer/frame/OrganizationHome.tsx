import { useStore } from 'zustand';
import { attempt } from '../api/call.js';
import { Loaded, LoadedList } from '../components/Loaded.js';
import { emojiGlyph } from '../components/emoji.js';
import { useResource } from '../hooks/use-resource.js';
import { cannotCreate, roleWords } from '../orgs/permissions.js';
import { hrefFor } from '../routing/route.js';
import { ChangeRequestRows } from '../space/ChangeRequestRows.js';
import type { Organization } from '../store/overview.js';
import { everySpace } from '../tree/build-tree.js';
import { useTreeStore, useWorkspace } from './workspace-context.js';

/** An organization's front page: its spaces to open, and the change requests waiting across them. */
export function OrganizationHome({ organization }: { organization: Organization }) {
  const { client } = useWorkspace();
  const treeStore = useTreeStore();
  const tree = useStore(treeStore, (state) => state.tree);
  const { resource, reload } = useResource(`org-change-requests/${organization.id}`, () =>
    attempt(client, 'listChangeRequestsForOrganization', { params: { organizationId: organization.id }, query: { limit: 50 } }),
  );
  const refusal = cannotCreate(organization.permissions);
  return (
    <section aria-labelledby="org-title" className="screen">
      <h1 id="org-title">{organization.title}</h1>
      <p className="note">{roleWords(organization.permissions)}.</p>
      <h2>Spaces</h2>
      <Loaded resource={tree} what="the spaces" onRetry={() => void treeStore.getState().load()}>
        {(nodes) => {
          const spaces = everySpace(nodes);
          if (spaces.length === 0) {
            return <p className="note">{refusal ? 'No spaces are shared with you yet.' : 'No spaces yet: create one with New space in the sidebar.'}</p>;
          }
          return (
            <ul className="space-cards">
              {spaces.map((space) => (
                <li key={space.id} className="card">
                  <a href={hrefFor({ screen: 'space', org: organization.id, space: space.id })}>
                    {space.emoji && <span aria-hidden="true">{emojiGlyph(space.emoji)} </span>}
                    {space.title || 'Untitled space'}
                  </a>
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
      <h2>Recent change requests</h2>
      <LoadedList resource={resource} what="change requests" empty="No change requests in this organization yet." onRetry={reload}>
        {(items) => <ChangeRequestRows org={organization.id} changeRequests={items} />}
      </LoadedList>
    </section>
  );
}
