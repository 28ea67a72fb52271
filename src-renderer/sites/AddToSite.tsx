import { useId, useState } from 'react';
import { attempt } from '../api/call.js';
import { Loaded } from '../components/Loaded.js';
import type { SiteSection } from '../api/types.js';
import { NewGroupForm } from './NewGroupForm.js';
import { useSiteActions } from './site-actions.js';
import { useOrganizationSpaces } from './use-organization-spaces.js';

/** Adds to a site: a space (into the default section, if any), a section holding a space, a group. */
export function AddToSite({ org, sections }: { org: string; sections: SiteSection[] }) {
  const { client, params, run } = useSiteActions();
  const id = useId();
  const [spaceId, setSpaceId] = useState('');
  const [grouping, setGrouping] = useState(false);
  const { resource, reload } = useOrganizationSpaces(org);
  return (
    <div className="card site-add">
      <Loaded resource={resource} what="spaces" onRetry={reload}>
        {(list) => (
          <div className="form-buttons">
            <label htmlFor={id}>Space</label>
            <select id={id} value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
              <option value="">Choose a space…</option>
              {list.items.map((space) => (
                <option key={space.id} value={space.id}>
                  {space.title}
                </option>
              ))}
            </select>
            <button type="button" disabled={!spaceId} onClick={() => void run(attempt(client, 'addSpaceToSite', { params, body: { spaceId } }))}>
              Add space
            </button>
            <button type="button" disabled={!spaceId} onClick={() => void run(attempt(client, 'addSectionToSite', { params, body: { spaceId } }))}>
              New section with this space
            </button>
            {sections.length > 0 && (
              <button type="button" onClick={() => setGrouping(true)}>
                New section group
              </button>
            )}
          </div>
        )}
      </Loaded>
      {grouping && <NewGroupForm sections={sections} onClose={() => setGrouping(false)} />}
    </div>
  );
}
