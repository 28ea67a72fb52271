import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import { hrefFor, organizationOf, type Route } from '../routing/route.js';
import { navigate, useRoute } from '../routing/use-route.js';
import { SearchDialog } from '../search/SearchDialog.js';
import { Sidebar } from '../sidebar/Sidebar.js';
import type { Overview } from '../store/overview.js';
import type { ApiAccess } from '../store/session.js';
import { SyncContext } from '../sync/sync-context.js';
import { createSyncStore, type SyncState, type SyncStore } from '../sync/sync-store.js';
import { TrashShelf } from '../tree/trash-shelf.js';
import { createTreeStore } from '../tree/tree-store.js';
import { OrgSwitcher } from './OrgSwitcher.js';
import { Screen } from './Screen.js';
import { StatusBar } from './StatusBar.js';
import { TreeContext, WorkspaceContext } from './workspace-context.js';

interface Props extends Pick<Overview, 'user' | 'organizations'> {
  client: ApiClient;
  access: ApiAccess;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Given by the component tests; the app follows the address. */
  route?: Route;
  /** Loads the organizations again: sync with a hub may bring some, or take the empty starter away. */
  refreshOverview?(): void;
}

/** The signed-in app: top bar, sidebar of the open organization, the routed screen, status bar. */
export function Frame({ user, organizations, client, access, storage, route: fixedRoute, refreshOverview }: Props) {
  const addressRoute = useRoute();
  const route = openOnlyOrganization(fixedRoute ?? addressRoute, organizations);
  const org = organizationOf(route);
  const organization = organizations.find((candidate) => candidate.id === org);
  const workspace = useMemo(() => ({ client, user, access }), [client, user, access]);
  const tree = useMemo(() => (org ? createTreeStore(client, org, new TrashShelf(storage, org)) : undefined), [client, org, storage]);
  useEffect(() => void tree?.getState().load(), [tree]);
  const sync = useMemo(() => createSyncStore(client), [client]);
  useEffect(() => (refreshOverview ? followExchanges(sync, refreshOverview) : undefined), [sync, refreshOverview]);
  useLeaveDepartedOrganization(route, organizations);
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
              {org && <Sidebar org={org} organization={organization} route={route} />}
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

/** Each exchange with the hub (the status's last sync moving) may have brought or removed organizations. */
function followExchanges(sync: SyncStore, refresh: () => void): () => void {
  const lastSync = (state: SyncState) => (state.status.status === 'ready' ? state.status.data.lastSyncAt : null);
  let seen = lastSync(sync.getState());
  return sync.subscribe((state) => {
    const now = lastSync(state);
    if (now === seen) return;
    seen = now;
    refresh();
  });
}

/**
 * An organization open here that left the list since (the empty starter, removed once a hub's
 * organizations arrived): the same screen opens in the one that is left, or the list of them.
 */
function useLeaveDepartedOrganization(route: Route, organizations: Overview['organizations']): void {
  const known = useRef(new Set<string>());
  const org = organizationOf(route);
  useEffect(() => {
    const departed = org !== undefined && known.current.has(org) && !organizations.some((candidate) => candidate.id === org);
    known.current = new Set(organizations.map((organization) => organization.id));
    if (!departed) return;
    const only = organizations.length === 1 ? organizations[0]!.id : undefined;
    if (!only) return navigate(hrefFor({ screen: 'organizations' }));
    const orgWide = route.screen === 'settings' || route.screen === 'trash' || route.screen === 'sites' || route.screen === 'openapi';
    navigate(hrefFor(orgWide ? { ...route, org: only } : { screen: 'organization', org: only }));
  }, [org, organizations, route]);
}

/** With one organization there is nothing to choose: the app's front page is that organization's. */
function openOnlyOrganization(route: Route, organizations: Overview['organizations']): Route {
  const only = organizations.length === 1 ? organizations[0] : undefined;
  return route.screen === 'organizations' && only ? { screen: 'organization', org: only.id } : route;
}

// The skip link must not change the hash: the hash is the route.
function skipToMain(event: { preventDefault(): void }): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
