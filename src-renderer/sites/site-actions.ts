import { createContext, useContext } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import type { Outcome } from '../api/call.js';

/** What every row of a site's screen needs to change the site: the call's address and a runner that reloads. */
export interface SiteActions {
  client: ApiClient;
  params: { organizationId: string; siteId: string };
  run(change: Promise<Outcome<unknown>>): Promise<boolean>;
}

export const SiteActionsContext = createContext<SiteActions | undefined>(undefined);

export function useSiteActions(): SiteActions {
  const actions = useContext(SiteActionsContext);
  if (!actions) throw new Error('useSiteActions outside a site screen');
  return actions;
}
