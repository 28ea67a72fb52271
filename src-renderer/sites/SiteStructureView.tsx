import { attempt } from '../api/call.js';
import type { SiteSection, SiteSectionGroup, SiteStructure } from '../api/types.js';
import { GroupPicker } from './GroupPicker.js';
import { MoveButtons } from './MoveButtons.js';
import { RenameDelete } from './RenameDelete.js';
import { useSiteActions } from './site-actions.js';
import { groupsIn, type StructureItem } from './site-order.js';
import { SiteSpaceRows } from './SiteSpaceRows.js';

type SectionItem = SiteSection | SiteSectionGroup;

/** What readers navigate: site spaces at the root, or sections and the groups gathering them. */
export function SiteStructureView({ structure }: { structure: SiteStructure }) {
  return (
    <section aria-labelledby="site-structure-title">
      <h2 id="site-structure-title">Structure</h2>
      {structure.type === 'siteSpaces' ? <SiteSpaceRows siteSpaces={structure.structure} /> : <SectionItems items={structure.structure} groups={groupsIn(structure)} />}
    </section>
  );
}

/** Sections and groups sharing a parent: the root, or the group `group`; `groups` are all the site's groups. */
function SectionItems({ items, group, groups }: { items: SectionItem[]; group?: string; groups: SiteSectionGroup[] }) {
  return (
    <ul className="rows site-sections">
      {items.map((item, index) =>
        item.object === 'site-section' ? (
          <SectionRow key={item.id} section={item} siblings={items} index={index} group={group} groups={groups} />
        ) : (
          <GroupRow key={item.id} group={item} siblings={items} index={index} groups={groups} />
        ),
      )}
    </ul>
  );
}

interface SectionRowProps {
  section: SiteSection;
  siblings: StructureItem[];
  index: number;
  group?: string;
  groups: SiteSectionGroup[];
}

function SectionRow({ section, siblings, index, group, groups }: SectionRowProps) {
  const { client, params, run } = useSiteActions();
  const sectionParams = { ...params, siteSectionId: section.id };
  return (
    <li className="row-card" data-kind="site-section">
      <strong>{section.title}</strong>
      <span className="note">
        Section · /{section.path}
        {section.default && ' · Default'}
      </span>
      <RenameDelete
        title={`section ${section.title}`}
        label="Section title"
        maxLength={128}
        deleteQuestion={`Delete the section “${section.title}” with its site spaces? The spaces stay.`}
        rename={(title) => attempt(client, 'updateSiteSectionById', { params: sectionParams, body: { title } })}
        remove={() => attempt(client, 'deleteSiteSectionById', { params: sectionParams })}
      >
        <MoveButtons siblings={siblings} index={index} title={`section ${section.title}`} />
        {!section.default && (
          <button type="button" className="quiet" onClick={() => void run(attempt(client, 'updateSiteById', { params, body: { defaultSiteSection: section.id } }))}>
            Make {section.title} the default
          </button>
        )}
        {group && (
          <button type="button" className="quiet" onClick={() => void run(attempt(client, 'removeSectionFromGroup', { params: { ...sectionParams, siteSectionGroupId: group } }))}>
            Take {section.title} out of the group
          </button>
        )}
        {!group && groups.length > 0 && <GroupPicker section={section} groups={groups} />}
      </RenameDelete>
      <SiteSpaceRows siteSpaces={section.siteSpaces} section={section.id} />
    </li>
  );
}

function GroupRow({ group, siblings, index, groups }: { group: SiteSectionGroup; siblings: StructureItem[]; index: number; groups: SiteSectionGroup[] }) {
  const { client, params } = useSiteActions();
  const groupParams = { ...params, siteSectionGroupId: group.id };
  return (
    <li className="row-card" data-kind="site-section-group">
      <strong>{group.title}</strong>
      <span className="note">Section group</span>
      <RenameDelete
        title={`group ${group.title}`}
        label="Group title"
        maxLength={100}
        deleteQuestion={`Delete the group “${group.title}”? What it holds moves up.`}
        rename={(title) => attempt(client, 'updateSiteSectionGroupById', { params: groupParams, body: { title } })}
        remove={() => attempt(client, 'deleteSiteSectionGroupById', { params: groupParams })}
      >
        <MoveButtons siblings={siblings} index={index} title={`group ${group.title}`} />
      </RenameDelete>
      {group.children.length === 0 ? <p className="note">No sections in this group yet.</p> : <SectionItems items={group.children} group={group.id} groups={groups} />}
    </li>
  );
}
