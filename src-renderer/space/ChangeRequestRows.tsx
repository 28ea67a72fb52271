import type { ChangeRequest } from '../api/types.js';
import { formatDate } from '../components/format.js';
import { hrefFor } from '../routing/route.js';

export function ChangeRequestRows({ org, changeRequests }: { org: string; changeRequests: ChangeRequest[] }) {
  return (
    <ul className="rows">
      {changeRequests.map((changeRequest) => (
        <li key={changeRequest.id} className="row-card">
          <a href={hrefFor({ screen: 'change-request', org, space: changeRequest.space, number: changeRequest.number })}>
            <span className="number">#{changeRequest.number}</span> {changeRequest.subject || 'Untitled change request'}
          </a>
          <span className={`badge status-${changeRequest.status}`}>{changeRequest.status}</span>
          <span className="note">
            by {changeRequest.createdBy.displayName}, {formatDate(changeRequest.createdAt)}
            {changeRequest.outdated ? ' · behind main' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
