import { useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { Loaded } from '../components/Loaded.js';
import { walkLinks } from '../components/walk-links.js';
import { NameForm } from '../components/NameForm.js';
import { useTreeStore } from '../frame/workspace-context.js';
import { hrefFor, type Route } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { cannotCreate } from '../orgs/permissions.js';
import type { Organization } from '../store/overview.js';
import { carriesItem, droppedItem } from './drag.js';
import { TreeRow } from './TreeRow.js';
import { Whereabouts } from './Whereabouts.js';

interface Props {
  org: string;
  /** The open organization as the caller's list has it: its title and the caller's `permissions`. */
  organization?: Organization;
  route: Route;
}

export function Sidebar({ org, organization, route }: Props) {
  const currentSpace = route.screen === 'space' || route.screen === 'change-request' ? route.space : undefined;
  // What the caller may create follows their role; without it, the buttons say why they are off.
  const refusal = organization ? cannotCreate(organization.permissions) : undefined;
  const store = useTreeStore();
  const { tree, problem, load, createSpace, createCollection, move } = useStore(store);
  const [creating, setCreating] = useState<'space' | 'collection' | undefined>();
  const [dropping, setDropping] = useState(false);

  const toTopLevel = {
    onDragOver: (event: DragEvent) => {
      if (!carriesItem(event)) return;
      event.preventDefault();
      setDropping(true);
    },
    onDragLeave: () => setDropping(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDropping(false);
      const item = droppedItem(event);
      if (item) void move(item, null);
    },
  };

  return (
    <nav id="sidebar" className="sidebar" aria-label="Collections and spaces" onKeyDown={walkLinks}>
      <Whereabouts org={org} organization={organization} route={route} />
      <div className="sidebar-actions">
        <button type="button" disabled={!!refusal} aria-describedby={refusal ? 'sidebar-refusal' : undefined} onClick={() => setCreating('space')}>
          New space
        </button>
        <button type="button" className="secondary" disabled={!!refusal} aria-describedby={refusal ? 'sidebar-refusal' : undefined} onClick={() => setCreating('collection')}>
          New collection
        </button>
      </div>
      {refusal && (
        <p id="sidebar-refusal" className="note">
          {refusal}
        </p>
      )}
      {creating && (
        <NameForm
          label={creating === 'space' ? 'Space title' : 'Collection title'}
          submitLabel={creating === 'space' ? 'Create space' : 'Create collection'}
          maxLength={50}
          onCancel={() => setCreating(undefined)}
          onSubmit={async (title) => {
            if (creating === 'collection') return (await createCollection(title)).ok;
            const created = await createSpace(title);
            if (created.ok) navigate(hrefFor({ screen: 'space', org, space: created.data.id }));
            return created.ok;
          }}
        />
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <Loaded resource={tree} what="collections and spaces" onRetry={() => void load()}>
        {(nodes) => (
          <div className={`tree-drop${dropping ? ' drop-target' : ''}`} {...toTopLevel}>
            {nodes.length === 0 ? (
              <p className="note">No spaces yet. Create one to start writing.</p>
            ) : (
              <ul className="tree">
                {nodes.map((node) => (
                  <TreeRow key={`${node.kind}:${node.item.id}`} node={node} tree={nodes} org={org} currentSpace={currentSpace} />
                ))}
              </ul>
            )}
            <p className="drop-hint note">Drag an item here to move it to the top level.</p>
          </div>
        )}
      </Loaded>
      <ul className="sidebar-links">
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'sites', org })}>
            Sites
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'openapi', org })}>
            OpenAPI specs
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'clusters', org })}>
            Conversation clusters
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'translations', org })}>
            Translations
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'integrations', org })}>
            Integrations
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'trash', org })}>
            Trash
          </a>
        </li>
        <li>
          <a className="tree-link" href={hrefFor({ screen: 'settings', org, section: 'api' })}>
            Settings
          </a>
        </li>
      </ul>
    </nav>
  );
}
