import type { ApiAccess } from '../store/session.js';

/** The bottom line: how this window reaches the engine, and the place the sync status will take. */
export function StatusBar({ access }: { access: ApiAccess }) {
  return (
    <footer className="status-bar">
      <span className="connection">
        {access.kind === 'desktop' ? 'Engine: this app, over IPC' : `Engine: ${access.origin}`}
      </span>
      <span className="sync-slot" data-slot="sync" aria-label="Sync status">
        Local only: sync is not set up on this device
      </span>
    </footer>
  );
}
