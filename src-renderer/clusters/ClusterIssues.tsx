import { attempt } from '../api/call.js';
import { LoadedList } from '../components/Loaded.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { DocumentText } from './DocumentText.js';
import { impactWords, type IssueWithConversation } from './cluster-words.js';

/** The issues of one cluster, newest first, each with the conversation it came from. */
export function ClusterIssues({ org, clusterId, label }: { org: string; clusterId: string; label: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`cluster-issues/${org}/${clusterId}`, () =>
    attempt(client, 'listConversationsIssues', { params: { organizationId: org }, query: { cluster: clusterId, limit: 100 } }),
  );
  return (
    <LoadedList resource={resource} what="issues" empty="No issues in this cluster any more." onRetry={reload}>
      {(items) => <IssueRows items={items} label={label} />}
    </LoadedList>
  );
}

export function IssueRows({ items, label }: { items: IssueWithConversation[]; label: string }) {
  return (
    <ul className="cluster-issues" aria-label={`Issues of ${label}`}>
      {items.map(({ issue, conversation }) => (
        <li key={issue.id} data-kind="conversation-issue">
          <strong>{issue.title}</strong> <span className={`badge impact-${issue.impact}`}>{impactWords(issue.impact)}</span>
          <p className="note">
            {conversation.subject ? `“${conversation.subject}”` : 'A conversation'} · {conversation.source} · {formatDate(issue.createdAt)}
          </p>
          <DocumentText document={issue.details} />
        </li>
      ))}
    </ul>
  );
}
