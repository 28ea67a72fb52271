import { useState } from 'react';
import { attempt } from '../api/call.js';
import { LoadedList } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { ClusterCard } from './ClusterCard.js';

type OrderBy = 'updatedAt' | 'issues' | 'conversations';
const ORDERS: Record<OrderBy, string> = { issues: 'Most issues', conversations: 'Most conversations', updatedAt: 'Recently updated' };

/** The organization's conversation issue clusters: what customers run into, grouped, with mute. */
export function ClustersScreen({ org }: { org: string }) {
  const { client } = useWorkspace();
  const [orderBy, setOrderBy] = useState<OrderBy>('issues');
  const { resource, reload } = useResource(`clusters/${org}/${orderBy}`, () =>
    attempt(client, 'listConversationsIssuesClusters', { params: { organizationId: org }, query: { orderBy, order: 'desc', limit: 200 } }),
  );
  return (
    <section aria-labelledby="clusters-title" className="screen">
      <h1 id="clusters-title">Conversation clusters</h1>
      <p className="note">Support conversations are read on this device into issues, and similar issues grouped. A muted cluster is left out of new change requests.</p>
      <label className="filters">
        Order{' '}
        <select value={orderBy} onChange={(event) => setOrderBy(event.target.value as OrderBy)}>
          {Object.entries(ORDERS).map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <LoadedList resource={resource} what="clusters" empty="No clusters yet: ingest conversations through the API to see what they are about." onRetry={reload}>
        {(clusters) => (
          <ul className="rows" aria-label="Clusters">
            {clusters.map((cluster) => (
              <ClusterCard key={cluster.id} org={org} cluster={cluster} onChanged={reload} />
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
