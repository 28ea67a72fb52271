import { useStore } from 'zustand';
import { attempt } from '../api/call.js';
import { useTreeStore, useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor, type Route } from '../routing/route.js';
import type { Organization } from '../store/overview.js';
import { findNode } from '../tree/build-tree.js';

/**
 * Where the person is, at the top of the sidebar: the organization, then the space and the
 * change request open now. The deepest is the current page; each one above leads back up.
 */
export function Whereabouts({ org, organization, route }: { org: string; organization?: Organization; route: Route }) {
  const tree = useStore(useTreeStore(), (state) => state.tree);
  const spaceId = route.screen === 'space' || route.screen === 'change-request' ? route.space : undefined;
  const node = spaceId && tree.status === 'ready' ? findNode(tree.data, { kind: 'space', id: spaceId }) : undefined;
  const spaceTitle = node?.kind === 'space' ? node.item.title || 'Untitled space' : undefined;
  const number = route.screen === 'change-request' ? route.number : undefined;
  const deepest = number !== undefined ? 'change-request' : spaceId ? 'space' : 'organization';
  return (
    <div className="whereabouts" aria-label="Where you are" role="group">
      <a className="where-org" href={hrefFor({ screen: 'organization', org })} aria-current={deepest === 'organization' && route.screen === 'organization' ? 'page' : undefined}>
        <span className="where-kind">Organization</span>
        {organization?.title ?? 'This organization'}
      </a>
      {spaceId && spaceTitle && (
        <a className="where-space" href={hrefFor({ screen: 'space', org, space: spaceId })} aria-current={deepest === 'space' ? 'page' : undefined}>
          <span className="where-kind">Space</span>
          {spaceTitle}
        </a>
      )}
      {spaceId && number !== undefined && <ChangeRequestPlace org={org} spaceId={spaceId} number={number} />}
    </div>
  );
}

function ChangeRequestPlace({ org, spaceId, number }: { org: string; spaceId: string; number: number }) {
  const { client } = useWorkspace();
  const { resource } = useResource(`where/${spaceId}/${number}`, () =>
    attempt(client, 'getChangeRequestById', { params: { spaceId, changeRequestId: String(number) } }),
  );
  const subject = resource.status === 'ready' ? resource.data.subject : undefined;
  return (
    <a className="where-change-request" href={hrefFor({ screen: 'change-request', org, space: spaceId, number })} aria-current="page">
      <span className="where-kind">Change request</span>#{number}
      {subject ? ` ${subject}` : ''}
    </a>
  );
}
