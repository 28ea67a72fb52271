import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { Site } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { useSiteActions } from './site-actions.js';
import { VISIBILITIES, audienceOf, visibilityLabel, type Visibility } from './visibility.js';

/** A site's title, audience and publishing state, with the preview once it is published. */
export function SiteHeader({ org, site }: { org: string; site: Site }) {
  const { client, params, run } = useSiteActions();
  const [deleting, setDeleting] = useState(false);
  const setVisibility = (visibility: Visibility) => run(attempt(client, 'updateSiteById', { params, body: { visibility } }));
  const togglePublished = () => run(attempt(client, site.published ? 'unpublishSite' : 'publishSite', { params }));
  const remove = async () => {
    if (await run(attempt(client, 'deleteSiteById', { params }))) navigate(hrefFor({ screen: 'sites', org }));
  };
  return (
    <header className="site-head">
      <p className="note">
        <a href={hrefFor({ screen: 'sites', org })}>Sites</a>
      </p>
      <h1 id="site-title">{site.title}</h1>
      <p role="status" className="note">
        {site.published ? 'Published' : 'Not published'}
      </p>
      <div className="form-buttons">
        <label>
          Visibility{' '}
          <select value={site.visibility} onChange={(event) => void setVisibility(event.target.value as Visibility)}>
            {VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {visibilityLabel(visibility)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void togglePublished()}>
          {site.published ? 'Unpublish' : 'Publish'}
        </button>
        {site.published && site.urls.published && (
          <a className="button" href={site.urls.published} target="_blank" rel="noreferrer">
            Open preview
          </a>
        )}
        <button type="button" className="quiet" onClick={() => setDeleting(true)}>
          Delete site
        </button>
      </div>
      <p className="note">{audienceOf(site.visibility)}</p>
      {deleting && <ConfirmAction question={`Delete the site “${site.title}”? Its spaces stay.`} confirmLabel="Delete" onConfirm={remove} onCancel={() => setDeleting(false)} />}
    </header>
  );
}
