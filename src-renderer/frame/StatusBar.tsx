import type { ApiAccess } from '../store/session.js';
import { SyncIndicator } from '../sync/SyncIndicator.js';

/** The bottom line: how this window reaches the engine, and the engine's sync with its hub. */
export function StatusBar({ access, org }: { access: ApiAccess; org?: string }) {
  return (
    <footer className="status-bar">
      <span className="connection">
        {access.kind === 'desktop' ? 'Engine: this app, over IPC' : `Engine: ${access.origin}`}
      </span>
      <span className="sync-slot" data-slot="sync" aria-label="Sync status">
        <SyncIndicator org={org} />
      </span>
    </footer>
  );
}
