import { ChangeRequestScreen } from '../changes/ChangeRequestScreen.js';
import { ClustersScreen } from '../clusters/ClustersScreen.js';
import { OrganizationList } from '../components/OrganizationList.js';
import { OpenApiSpecScreen } from '../openapi/OpenApiSpecScreen.js';
import { OpenApiSpecsScreen } from '../openapi/OpenApiSpecsScreen.js';
import type { Route } from '../routing/route.js';
import { hrefFor } from '../routing/route.js';
import { SettingsScreen } from '../settings/SettingsScreen.js';
import { SiteScreen } from '../sites/SiteScreen.js';
import { SitesScreen } from '../sites/SitesScreen.js';
import { SpaceScreen } from '../space/SpaceScreen.js';
import type { Organization } from '../store/overview.js';
import { TranslationsScreen } from '../translations/TranslationsScreen.js';
import { TrashScreen } from '../trash/TrashScreen.js';
import { OrganizationHome } from './OrganizationHome.js';

/** The main area's screen for a route. */
export function Screen({ route, organizations }: { route: Route; organizations: Organization[] }) {
  switch (route.screen) {
    case 'organizations':
      return <OrganizationList organizations={organizations} />;
    case 'organization': {
      const organization = organizations.find((candidate) => candidate.id === route.org);
      return organization ? <OrganizationHome organization={organization} /> : <NotFound what="This organization" />;
    }
    case 'space':
      return <SpaceScreen key={route.space} org={route.org} spaceId={route.space} page={route.page} />;
    case 'change-request':
      return <ChangeRequestScreen key={`${route.space}/${route.number}`} org={route.org} spaceId={route.space} number={route.number} page={route.page} />;
    case 'trash':
      return <TrashScreen org={route.org} />;
    case 'settings':
      return <SettingsScreen org={route.org} section={route.section} />;
    case 'sites':
      return <SitesScreen org={route.org} />;
    case 'site':
      return <SiteScreen key={route.site} org={route.org} siteId={route.site} />;
    case 'openapi':
      return <OpenApiSpecsScreen org={route.org} />;
    case 'openapi-spec':
      return <OpenApiSpecScreen key={route.slug} org={route.org} slug={route.slug} />;
    case 'clusters':
      return <ClustersScreen org={route.org} />;
    case 'translations':
      return <TranslationsScreen org={route.org} />;
    case 'not-found':
      return <NotFound what="This address" />;
  }
}

function NotFound({ what }: { what: string }) {
  return (
    <section className="card">
      <h1>Not found</h1>
      <p role="alert" className="problem">
        {what} does not lead anywhere you can open.
      </p>
      <a href={hrefFor({ screen: 'organizations' })}>Back to your organizations</a>
    </section>
  );
}
