import { useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { NameForm } from '../components/NameForm.js';
import { emojiGlyph } from '../components/emoji.js';
import { useTreeStore } from '../frame/workspace-context.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { destinations, type ItemRef, type TreeNode } from '../tree/build-tree.js';
import { carriesItem, droppedItem, startDrag } from './drag.js';
import { MoveForm } from '../components/MoveForm.js';

type Mode = 'idle' | 'rename' | 'move' | 'delete' | 'new-space' | 'new-collection';

interface Props {
  node: TreeNode;
  tree: TreeNode[];
  org: string;
  currentSpace?: string;
}

const TITLE_LIMIT = 50;

export function TreeRow({ node, tree, org, currentSpace }: Props) {
  const store = useTreeStore();
  const { rename, move, remove, createSpace, createCollection } = useStore(store);
  const [mode, setMode] = useState<Mode>('idle');
  const [expanded, setExpanded] = useState(true);
  const [dropping, setDropping] = useState(false);
  const ref: ItemRef = { kind: node.kind, id: node.item.id };
  const title = node.item.title || (node.kind === 'space' ? 'Untitled space' : 'Untitled collection');
  const idle = () => setMode('idle');
  // What the caller's role allows on this item (its `permissions`); what it does not is not offered.
  const manages = node.item.permissions.admin;
  const createsInside = node.kind === 'collection' && node.item.permissions.create;

  const dropHandlers =
    node.kind === 'collection'
      ? {
          onDragOver: (event: DragEvent) => {
            if (!carriesItem(event)) return;
            event.preventDefault();
            event.stopPropagation();
            setDropping(true);
          },
          onDragLeave: () => setDropping(false),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            event.stopPropagation();
            setDropping(false);
            const item = droppedItem(event);
            if (item && item.id !== node.item.id) void move(item, node.item.id);
          },
        }
      : {};

  return (
    <li className="tree-item" data-kind={node.kind}>
      <div
        className={`tree-row${dropping ? ' drop-target' : ''}`}
        draggable={manages}
        onDragStart={(event) => startDrag(event, ref)}
        {...dropHandlers}
      >
        {node.kind === 'space' ? (
          <a
            className="tree-link"
            href={hrefFor({ screen: 'space', org, space: node.item.id })}
            aria-current={currentSpace === node.item.id ? 'page' : undefined}
          >
            <span aria-hidden="true" className="tree-icon">
              {node.item.emoji ? emojiGlyph(node.item.emoji) : '•'}
            </span>
            {title}
          </a>
        ) : (
          <button type="button" className="tree-link collection" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            <span aria-hidden="true" className="tree-icon">
              {expanded ? '▾' : '▸'}
            </span>
            {title}
          </button>
        )}
        <span className="row-actions">
          {createsInside && (
            <>
              <button type="button" className="icon" title="New space here" aria-label={`New space in ${title}`} onClick={() => setMode('new-space')}>
                +
              </button>
              <button type="button" className="icon" title="New collection here" aria-label={`New collection in ${title}`} onClick={() => setMode('new-collection')}>
                ⊞
              </button>
            </>
          )}
          {manages && (
            <>
              <button type="button" className="icon" title="Rename" aria-label={`Rename ${title}`} onClick={() => setMode('rename')}>
                ✎
              </button>
              <button type="button" className="icon" title="Move" aria-label={`Move ${title}`} onClick={() => setMode('move')}>
                ⇄
              </button>
              <button type="button" className="icon" title="Delete" aria-label={`Delete ${title}`} onClick={() => setMode('delete')}>
                ✕
              </button>
            </>
          )}
        </span>
      </div>
      {mode === 'rename' && (
        <NameForm label="New name" submitLabel="Rename" initial={node.item.title} maxLength={TITLE_LIMIT} onCancel={idle} onSubmit={async (name) => (await rename(ref, name)).ok} />
      )}
      {mode === 'move' && <MoveForm choices={destinations(tree, ref)} current={node.item.parent ?? null} onMove={(parent) => move(ref, parent)} onCancel={idle} />}
      {mode === 'delete' && (
        <ConfirmAction
          question={node.kind === 'space' ? `Move “${title}” to the trash?` : `Delete “${title}”? Its spaces go to the trash.`}
          confirmLabel="Delete"
          onConfirm={() => remove(ref)}
          onCancel={idle}
        />
      )}
      {mode === 'new-space' && (
        <NameForm
          label="Space title"
          submitLabel="Create space"
          maxLength={TITLE_LIMIT}
          onCancel={idle}
          onSubmit={async (name) => {
            const created = await createSpace(name, node.item.id);
            if (created.ok) navigate(hrefFor({ screen: 'space', org, space: created.data.id }));
            return created.ok;
          }}
        />
      )}
      {mode === 'new-collection' && (
        <NameForm label="Collection title" submitLabel="Create collection" maxLength={TITLE_LIMIT} onCancel={idle} onSubmit={async (name) => (await createCollection(name, node.item.id)).ok} />
      )}
      {node.kind === 'collection' && expanded && node.children.length > 0 && (
        <ul className="tree-children">
          {node.children.map((child) => (
            <TreeRow key={`${child.kind}:${child.item.id}`} node={child} tree={tree} org={org} currentSpace={currentSpace} />
          ))}
        </ul>
      )}
    </li>
  );
}
