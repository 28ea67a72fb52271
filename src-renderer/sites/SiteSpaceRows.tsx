import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { SiteSpace } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { MoveButtons } from './MoveButtons.js';
import { useSiteActions } from './site-actions.js';

/** The site spaces of a section, or of a site's root when `section` is absent. */
export function SiteSpaceRows({ siteSpaces, section }: { siteSpaces: SiteSpace[]; section?: string }) {
  if (siteSpaces.length === 0) return <p className="note">No spaces here yet.</p>;
  return (
    <ul className="rows site-spaces">
      {siteSpaces.map((siteSpace, index) => (
        <SiteSpaceRow key={siteSpace.id} siteSpace={siteSpace} siblings={siteSpaces} index={index} section={section} />
      ))}
    </ul>
  );
}

function SiteSpaceRow({ siteSpace, siblings, index, section }: { siteSpace: SiteSpace; siblings: SiteSpace[]; index: number; section?: string }) {
  const { client, params, run } = useSiteActions();
  const [removing, setRemoving] = useState(false);
  const { title } = siteSpace;
  const spaceParams = { ...params, siteSpaceId: siteSpace.id };
  const makeDefault = () =>
    run(
      section
        ? attempt(client, 'updateSiteSectionById', { params: { ...params, siteSectionId: section }, body: { defaultSiteSpace: siteSpace.id } })
        : attempt(client, 'updateSiteById', { params, body: { defaultSiteSpace: siteSpace.id } }),
    );
  return (
    <li className="row-card" data-kind="site-space">
      <strong>{title}</strong>
      <span className="note">
        /{siteSpace.path}
        {siteSpace.default && ' · Default'}
        {siteSpace.hidden && ' · Hidden from navigation'}
      </span>
      <span className="form-buttons">
        <MoveButtons siblings={siblings} index={index} title={title} />
        <button type="button" className="quiet" onClick={() => void run(attempt(client, 'updateSiteSpaceById', { params: spaceParams, body: { hidden: !siteSpace.hidden } }))}>
          {siteSpace.hidden ? `Show ${title}` : `Hide ${title}`}
        </button>
        {!siteSpace.default && (
          <button type="button" className="quiet" onClick={() => void makeDefault()}>
            Make {title} the default
          </button>
        )}
        <button type="button" className="quiet" aria-label={`Remove ${title} from the site`} onClick={() => setRemoving(true)}>
          Remove
        </button>
      </span>
      {removing && (
        <ConfirmAction
          question={`Remove “${title}” from the site? The space stays.`}
          confirmLabel="Remove"
          onConfirm={() => run(attempt(client, 'deleteSiteSpaceById', { params: spaceParams }))}
          onCancel={() => setRemoving(false)}
        />
      )}
    </li>
  );
}
