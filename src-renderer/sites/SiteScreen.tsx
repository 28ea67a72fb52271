import { attempt } from '../api/call.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { useAction } from '../settings/use-action.js';
import { AddToSite } from './AddToSite.js';
import { SiteActionsContext } from './site-actions.js';
import { sectionsIn } from './site-order.js';
import { SiteHeader } from './SiteHeader.js';
import { SiteStructureView } from './SiteStructureView.js';

/** One site: its settings, publishing, and the structure readers navigate. */
export function SiteScreen({ org, siteId }: { org: string; siteId: string }) {
  const { client } = useWorkspace();
  const params = { organizationId: org, siteId };
  // The published structure is the site's structure in its order, which the creation-ordered lists are not.
  const { resource, reload } = useResource(`site/${org}/${siteId}`, () => attempt(client, 'getPublishedContentSite', { params, query: {} }));
  const { problem, run } = useAction(reload);
  return (
    <section aria-labelledby="site-title" className="screen">
      <Loaded resource={resource} what="the site" onRetry={reload}>
        {(published) => (
          <SiteActionsContext.Provider value={{ client, params, run }}>
            <SiteHeader org={org} site={published.site} />
            <ProblemLine problem={problem} />
            <AddToSite org={org} sections={sectionsIn(published.structure)} />
            <SiteStructureView structure={published.structure} />
          </SiteActionsContext.Provider>
        )}
      </Loaded>
    </section>
  );
}
