import { useState } from 'react';
import { attempt } from '../api/call.js';
import { Loaded, LoadedList } from '../components/Loaded.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import type { IntegrationEvent } from './installed.js';

/** An integration's finished events, newest first; each opens onto its logs. */
export function IntegrationEvents({ name }: { name: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`integration-events/${name}`, () =>
    attempt(client, 'listIntegrationEvents', { params: { integrationName: name }, query: { limit: 50 } }),
  );
  return (
    <div className="integration-events">
      <div className="panel-head">
        <h3>Events</h3>
        <button type="button" onClick={reload} aria-label={`Refresh the events of ${name}`}>
          Refresh
        </button>
      </div>
      <LoadedList resource={resource} what="events" empty="No event has run yet (events run just after they happen)." onRetry={reload}>
        {(events) => (
          <ul className="rows" aria-label={`Events of ${name}`}>
            {events.map((event) => (
              <EventRow key={event.id} name={name} event={event} />
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}

function EventRow({ name, event }: { name: string; event: IntegrationEvent }) {
  const [open, setOpen] = useState(false);
  return (
    <li data-kind="integration-event">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className={event.status === 'success' ? 'badge status-active' : 'badge event-failed'}>{event.status === 'success' ? 'Succeeded' : 'Failed'}</span>{' '}
          {event.payload.type} · {formatDate(event.createdAt)}
        </summary>
        {open && <EventLogs name={name} eventId={event.id} />}
      </details>
    </li>
  );
}

function EventLogs({ name, eventId }: { name: string; eventId: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`integration-event/${name}/${eventId}`, () =>
    attempt(client, 'getIntegrationEvent', { params: { integrationName: name, eventId } }),
  );
  return (
    <Loaded resource={resource} what="logs" onRetry={reload}>
      {({ trace }) =>
        !trace || trace.logs.length === 0 ? (
          <p className="note">The script logged nothing.</p>
        ) : (
          <ol className="event-logs" aria-label="Logs">
            {trace.logs.map((log, i) => (
              <li key={i} data-level={log.level}>
                <span className="note">{log.level}</span> <code>{log.message}</code>
              </li>
            ))}
          </ol>
        )
      }
    </Loaded>
  );
}
