/** Where the person is, kept in the address's hash so that reloads and the back button work. */
export type SettingsSection = 'api' | 'members' | 'teams' | 'sso' | 'sync';
export const SETTINGS_SECTIONS: readonly SettingsSection[] = ['api', 'members', 'teams', 'sso', 'sync'];

export type Route =
  | { screen: 'organizations' }
  | { screen: 'organization'; org: string }
  | { screen: 'space'; org: string; space: string; page?: string }
  | { screen: 'change-request'; org: string; space: string; number: number; page?: string }
  | { screen: 'trash'; org: string }
  | { screen: 'settings'; org: string; section: SettingsSection }
  | { screen: 'sites'; org: string }
  | { screen: 'site'; org: string; site: string }
  | { screen: 'openapi'; org: string }
  | { screen: 'openapi-spec'; org: string; slug: string }
  | { screen: 'clusters'; org: string }
  | { screen: 'translations'; org: string }
  | { screen: 'not-found'; hash: string };

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { screen: 'organizations' };
  const [orgs, org, kind, id, sub, number, pages, page] = parts;
  if (orgs !== 'orgs' || !org) return { screen: 'not-found', hash };
  if (parts.length === 2) return { screen: 'organization', org };
  if (kind === 'trash' && parts.length === 3) return { screen: 'trash', org };
  if (kind === 'settings' && parts.length <= 4) {
    const section = (id ?? 'api') as SettingsSection;
    if (SETTINGS_SECTIONS.includes(section)) return { screen: 'settings', org, section };
  }
  if (kind === 'sites' && parts.length === 3) return { screen: 'sites', org };
  if (kind === 'sites' && id && parts.length === 4) return { screen: 'site', org, site: id };
  if (kind === 'openapi' && parts.length === 3) return { screen: 'openapi', org };
  if (kind === 'openapi' && id && parts.length === 4) return { screen: 'openapi-spec', org, slug: id };
  if (kind === 'clusters' && parts.length === 3) return { screen: 'clusters', org };
  if (kind === 'translations' && parts.length === 3) return { screen: 'translations', org };
  if (kind !== 'spaces' || !id) return { screen: 'not-found', hash };
  if (parts.length === 4) return { screen: 'space', org, space: id };
  if (sub === 'pages' && number && parts.length === 6) return { screen: 'space', org, space: id, page: number };
  if (sub === 'change-requests' && number && /^\d+$/.test(number)) {
    const changeRequest = { screen: 'change-request' as const, org, space: id, number: Number(number) };
    if (parts.length === 6) return changeRequest;
    if (pages === 'pages' && page && parts.length === 8) return { ...changeRequest, page };
  }
  return { screen: 'not-found', hash };
}

export function hrefFor(route: Exclude<Route, { screen: 'not-found' }>): string {
  const at = (...parts: (string | number)[]) => `#/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;
  switch (route.screen) {
    case 'organizations':
      return '#/';
    case 'organization':
      return at('orgs', route.org);
    case 'space':
      return at('orgs', route.org, 'spaces', route.space, ...(route.page ? ['pages', route.page] : []));
    case 'change-request':
      return at('orgs', route.org, 'spaces', route.space, 'change-requests', route.number, ...(route.page ? ['pages', route.page] : []));
    case 'trash':
      return at('orgs', route.org, 'trash');
    case 'settings':
      return at('orgs', route.org, 'settings', route.section);
    case 'sites':
      return at('orgs', route.org, 'sites');
    case 'site':
      return at('orgs', route.org, 'sites', route.site);
    case 'openapi':
      return at('orgs', route.org, 'openapi');
    case 'openapi-spec':
      return at('orgs', route.org, 'openapi', route.slug);
    case 'clusters':
      return at('orgs', route.org, 'clusters');
    case 'translations':
      return at('orgs', route.org, 'translations');
  }
}

/** The organization a route is inside, if any. */
export function organizationOf(route: Route): string | undefined {
  return 'org' in route ? route.org : undefined;
}
