import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import { organizationOf, type Route } from '../routing/route.js';
import { useRoute } from '../routing/use-route.js';
import { SearchDialog } from '../search/SearchDialog.js';
import { Sidebar } from '../sidebar/Sidebar.js';
import type { Overview } from '../store/overview.js';
import type { ApiAccess } from '../store/session.js';
import { SyncContext } from '../sync/sync-context.js';
import { createSyncStore } from '../sync/sync-store.js';
import { TrashShelf } from '../tree/trash-shelf.js';
import { createTreeStore } from '../tree/tree-store.js';
import { OrgSwitcher } from './OrgSwitcher.js';
import { Screen } from './Screen.js';
import { StatusBar } from './StatusBar.js';
import { TreeContext, WorkspaceContext } from './workspace-context.js';

interface Props extends Overview {
  client: ApiClient;
  access: ApiAccess;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Given by the component tests; the app follows the address. */
  route?: Route;
}

/** The signed-in app: top bar, sidebar of the open organization, the routed screen, status bar. */
export function Frame({ user, organizations, client, access, storage, route: fixedRoute }: Props) {
  const addressRoute = useRoute();
  const route = fixedRoute ?? addressRoute;
  const org = organizationOf(route);
  const workspace = useMemo(() => ({ client, user, access }), [client, user, access]);
  const tree = useMemo(() => (org ? createTreeStore(client, org, new TrashShelf(storage, org)) : undefined), [client, org, storage]);
  useEffect(() => void tree?.getState().load(), [tree]);
  const sync = useMemo(() => createSyncStore(client), [client]);
  // Under 900 px the sidebar folds away; Menu brings it over the screen, and going elsewhere folds it again.
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const where = JSON.stringify(route);
  useEffect(() => setSidebarOpen(false), [where]);

  return (
    <WorkspaceContext.Provider value={workspace}>
      <TreeContext.Provider value={tree}>
        <SyncContext.Provider value={sync}>
          <div className="frame">
            <a className="skip-link" href="#main" onClick={skipToMain}>
              Skip to content
            </a>
            <header className="bar">
              {org && (
                <button type="button" className="quiet sidebar-toggle" aria-expanded={sidebarOpen} aria-controls="sidebar" onClick={() => setSidebarOpen((open) => !open)}>
                  Menu
                </button>
              )}
              <span className="brand">Folio</span>
              <OrgSwitcher organizations={organizations} current={org} />
              {org && <SearchDialog key={org} org={org} />}
              <span className="who">
                Signed in as <strong>{user.displayName}</strong>
              </span>
            </header>
            <div className={org ? `frame-body with-sidebar${sidebarOpen ? ' sidebar-open' : ''}` : 'frame-body'}>
              {org && <Sidebar org={org} currentSpace={'space' in route ? route.space : undefined} />}
              <main id="main" tabIndex={-1}>
                <Screen route={route} organizations={organizations} />
              </main>
            </div>
            <StatusBar access={access} org={org} />
          </div>
        </SyncContext.Provider>
      </TreeContext.Provider>
    </WorkspaceContext.Provider>
  );
}

// The skip link must not change the hash: the hash is the route.
function skipToMain(event: { preventDefault(): void }): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
