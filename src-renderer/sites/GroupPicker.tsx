import { useId, useState } from 'react';
import { attempt } from '../api/call.js';
import type { SiteSection, SiteSectionGroup } from '../api/types.js';
import { useSiteActions } from './site-actions.js';

/** Puts a section at the end of a group: the move the structure sort cannot make, across parents. */
export function GroupPicker({ section, groups }: { section: SiteSection; groups: SiteSectionGroup[] }) {
  const { client, params, run } = useSiteActions();
  const id = useId();
  const [group, setGroup] = useState(groups[0]?.id ?? '');
  const putIn = () => run(attempt(client, 'addSectionToGroup', { params: { ...params, siteSectionGroupId: group }, body: { sectionId: section.id } }));
  return (
    <span className="form-buttons">
      <label htmlFor={id}>Group for {section.title}</label>
      <select id={id} value={group} onChange={(event) => setGroup(event.target.value)}>
        {groups.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </select>
      <button type="button" className="quiet" disabled={!group} onClick={() => void putIn()}>
        Put {section.title} in the group
      </button>
    </span>
  );
}
