import { attempt } from '../api/call.js';
import type { Site } from '../api/types.js';
import { LoadedList } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { NewSiteForm } from './NewSiteForm.js';
import { visibilityLabel } from './visibility.js';

/** An organization's sites, and a form to create one from its spaces. */
export function SitesScreen({ org }: { org: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`sites/${org}`, () => attempt(client, 'listSites', { params: { organizationId: org }, query: { limit: 1000 } }));
  return (
    <section aria-labelledby="sites-title" className="screen">
      <h1 id="sites-title">Sites</h1>
      <p className="note">A site publishes spaces to readers, at an address of its own.</p>
      <NewSiteForm org={org} />
      <LoadedList resource={resource} what="sites" empty="No sites yet. Create one from your spaces." onRetry={reload}>
        {(sites) => <SiteRows org={org} sites={sites} />}
      </LoadedList>
    </section>
  );
}

export function SiteRows({ org, sites }: { org: string; sites: Site[] }) {
  return (
    <ul className="rows" aria-label="Sites">
      {sites.map((site) => (
        <li key={site.id} className="row-card">
          <a href={hrefFor({ screen: 'site', org, site: site.id })}>{site.title}</a>
          <span className="note">
            {site.published ? 'Published' : 'Not published'} · {visibilityLabel(site.visibility)} · {site.siteSpaces} {site.siteSpaces === 1 ? 'space' : 'spaces'}
          </span>
        </li>
      ))}
    </ul>
  );
}
