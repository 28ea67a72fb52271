import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { emojiGlyph } from '../components/emoji.js';
import { MoveForm } from '../components/MoveForm.js';
import { NameForm } from '../components/NameForm.js';
import { initialsOf } from '../editor/presence.js';
import { navigate } from '../routing/use-route.js';
import { useCommand } from '../search/commands.js';
import type { RevisionPage } from './branch.js';
import { ancestorsOf, childPages, dropPlace, keyPlace, movedPages, pageDestinations, placedPages, type DropZone, type KeyMove, type PagePlace } from './page-tree.js';

/** What a change request's tree lets a writer do; a space's main content is read here, not written. */
export interface PageActions {
  add(title: string, parent: string | null): Promise<boolean>;
  rename(page: RevisionPage, title: string): Promise<boolean>;
  /** Resolves whether the engine took the move. */
  move(page: RevisionPage, place: PagePlace): Promise<boolean>;
  remove(page: RevisionPage): Promise<unknown>;
}

interface Props {
  pages: RevisionPage[];
  current?: string;
  hrefOf(pageId: string): string;
  actions?: PageActions;
  /** Who else is on which page (a change request's writers). */
  present?: ReadonlyMap<string, readonly { id: string; name: string; slot: number }[]>;
}

type Mode = 'idle' | 'new' | 'add' | 'rename' | 'move' | 'delete';

const KEY_MOVES: Record<string, KeyMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };

/**
 * A branch's pages as an ARIA tree (docs/editor.md, "The page tree"): arrows walk and fold it,
 * Enter opens a page, F2 renames it in place; with actions, pages are dragged before, after or
 * into another, or moved with Alt and an arrow, and the toolbar acts on the page in focus.
 */
export function PageTree({ pages: loaded, current, hrefOf, actions, present }: Props) {
  // Moves are drawn at once (`moved`), and the next key or drop acts on that tree, not on the one
  // loaded before the move; the loaded tree takes over once it answers after the last move.
  const [moved, setMoved] = useState<RevisionPage[]>();
  const movesInFlight = useRef(0);
  /** Moves answered so far: a tree loaded before the last of them may not hold it yet. */
  const movesSettled = useRef(0);
  const sending = useRef(Promise.resolve());
  const pages = moved ?? loaded;
  // Counted when this tree is drawn, not when the effect runs: the effect may run after a move
  // settled meanwhile, and the tree would then be one loaded before it (the next load takes over).
  const settledWhenDrawn = movesSettled.current;
  useEffect(() => {
    if (movesInFlight.current === 0 && movesSettled.current === settledWhenDrawn) setMoved(undefined);
  }, [loaded]);
  // The moved page keeps the focus while the tree redraws (a row moved into another is a new element).
  const keepFocus = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (!keepFocus.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById(rowId(keepFocus.current))?.focus();
    if (movesInFlight.current === 0 && moved === undefined) keepFocus.current = undefined;
  });
  const placed = placedPages(pages);
  const [focused, setFocused] = useState<string | undefined>(current);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [mode, setMode] = useState<Mode>('idle');
  const [dragging, setDragging] = useState<string>();
  const [drop, setDrop] = useState<{ target: string; zone: DropZone }>();
  const selected = placed.find(({ page }) => page.id === (focused ?? current))?.page ?? placed[0]?.page;
  const idle = () => setMode('idle');
  const visible = placed.filter(({ page }) => !ancestorsOf(placed, page.id).some((id) => collapsed.has(id)));
  const focusRow = (id: string) => {
    setFocused(id);
    document.getElementById(rowId(id))?.focus();
  };
  const toggle = (id: string, open?: boolean) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (open ?? next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  useCommand('new-page', () => setMode('new'), actions !== undefined);
  const moveTo = (page: RevisionPage, place: PagePlace | undefined) => {
    if (!place || !actions) return;
    movesInFlight.current++;
    keepFocus.current = page.id;
    setMoved(movedPages(pages, page.id, place));
    // One at a time, in the order made: each place is counted in the tree the one before left.
    sending.current = sending.current
      .then(() => actions.move(page, place))
      .then((took) => {
        movesInFlight.current--;
        movesSettled.current++;
        // A refused move is undone on screen (the problem is shown above the tree).
        if (!took && movesInFlight.current === 0) setMoved(undefined);
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!selected || mode === 'rename' || !(event.target as HTMLElement).matches('[role=treeitem]')) return;
    const index = visible.findIndex(({ page }) => page.id === selected.id);
    const here = visible[index]!;
    const open = childPages(here.page).length > 0 && !collapsed.has(here.page.id);
    if (event.altKey && KEY_MOVES[event.key] && actions) {
      moveTo(here.page, keyPlace(pages, here.page.id, KEY_MOVES[event.key]!));
    } else if (event.key === 'ArrowDown' && visible[index + 1]) focusRow(visible[index + 1]!.page.id);
    else if (event.key === 'ArrowUp' && visible[index - 1]) focusRow(visible[index - 1]!.page.id);
    else if (event.key === 'Home' && visible[0]) focusRow(visible[0].page.id);
    else if (event.key === 'End' && visible.length > 0) focusRow(visible[visible.length - 1]!.page.id);
    else if (event.key === 'ArrowRight') {
      if (childPages(here.page).length === 0) return;
      if (open) focusRow(childPages(here.page)[0]!.id);
      else toggle(here.page.id, true);
    } else if (event.key === 'ArrowLeft') {
      if (open) toggle(here.page.id, false);
      else if (here.parent) focusRow(here.parent);
      else return;
    } else if (event.key === 'Enter') navigate(hrefOf(here.page.id));
    else if (event.key === 'F2' && actions) setMode('rename');
    else if (event.key === 'Delete' && actions) setMode('delete');
    else return;
    event.preventDefault();
  };

  const zoneOf = (event: DragEvent<HTMLElement>, page: RevisionPage): DropZone => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.3 ? 'before' : y > 0.7 || page.type === 'link' ? 'after' : 'into';
  };
  const dragProps = (page: RevisionPage) =>
    actions && {
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.stopPropagation();
        event.dataTransfer.setData('application/x-folio-page', page.id);
        event.dataTransfer.effectAllowed = 'move';
        setDragging(page.id);
      },
      onDragEnd: () => {
        setDragging(undefined);
        setDrop(undefined);
      },
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragging || !dropPlace(pages, dragging, page.id, zoneOf(event, page))) return;
        event.preventDefault();
        event.stopPropagation();
        const zone = zoneOf(event, page);
        if (drop?.target !== page.id || drop.zone !== zone) setDrop({ target: page.id, zone });
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        event.stopPropagation();
        const moving = placed.find((candidate) => candidate.page.id === dragging)?.page;
        if (moving) moveTo(moving, dropPlace(pages, moving.id, page.id, zoneOf(event, page)));
        setDragging(undefined);
        setDrop(undefined);
      },
    };

  const renderList = (list: RevisionPage[], level: number) =>
    list.map((page) => {
      const children = childPages(page);
      const open = !collapsed.has(page.id);
      const title = page.title || 'Untitled page';
      const renaming = mode === 'rename' && selected?.id === page.id && actions;
      return (
        <li
          key={page.id}
          id={rowId(page.id)}
          role="treeitem"
          aria-level={level}
          aria-expanded={children.length > 0 ? open : undefined}
          aria-selected={page.id === current}
          aria-current={page.id === current ? 'page' : undefined}
          tabIndex={page.id === selected?.id ? 0 : -1}
          className="tree-item"
          data-kind={page.type}
          onFocus={(event) => event.target === event.currentTarget && setFocused(page.id)}
        >
          <div
            className={`tree-row${drop?.target === page.id ? ` drop-${drop.zone}` : ''}${page.id === current ? ' current' : ''}`}
            onClick={() => navigate(hrefOf(page.id))}
            onDoubleClick={() => actions && (setFocused(page.id), setMode('rename'))}
            {...dragProps(page)}
          >
            <span
              aria-hidden="true"
              className="tree-twisty"
              onClick={(event) => {
                event.stopPropagation();
                if (children.length > 0) toggle(page.id);
              }}
            >
              {children.length === 0 ? '' : open ? '▾' : '▸'}
            </span>
            <span aria-hidden="true" className="tree-icon">
              {page.emoji ? emojiGlyph(page.emoji) : '•'}
            </span>
            {renaming ? (
              <NameForm
                label="New title"
                submitLabel="Rename"
                initial={page.title}
                maxLength={255}
                onCancel={() => (idle(), focusRow(page.id))}
                onSubmit={(name) => actions.rename(page, name)}
              />
            ) : (
              <span className="tree-label">{title}</span>
            )}
            {present?.get(page.id)?.map((other) => (
              <span key={other.id} className={`presence-chip presence-${other.slot}`} title={`${other.name} is here`}>
                <span aria-hidden="true">{initialsOf(other.name)}</span>
                <span className="visually-hidden">{`${other.name} is here`}</span>
              </span>
            ))}
          </div>
          {children.length > 0 && open && (
            <ul role="group" className="tree-children">
              {renderList(children, level + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <nav className="page-tree" aria-label="Pages">
      {actions && (
        <div className="page-tree-tools" role="toolbar" aria-label="Page actions">
          <button type="button" className="secondary" onClick={() => setMode('new')}>
            New page
          </button>
          {selected && (
            <>
              <button type="button" className="icon" title="Add a page inside" aria-label={`Add a page in ${selected.title || 'Untitled page'}`} onClick={() => setMode('add')}>
                +
              </button>
              <button type="button" className="icon" title="Rename (F2)" aria-label={`Rename page ${selected.title || 'Untitled page'}`} onClick={() => setMode('rename')}>
                ✎
              </button>
              <button type="button" className="icon" title="Move (or drag, or Alt and an arrow)" aria-label={`Move page ${selected.title || 'Untitled page'}`} onClick={() => setMode('move')}>
                ⇄
              </button>
              <button type="button" className="icon" title="Delete (Delete)" aria-label={`Delete page ${selected.title || 'Untitled page'}`} onClick={() => setMode('delete')}>
                ✕
              </button>
            </>
          )}
        </div>
      )}
      {actions && mode === 'new' && (
        <NameForm label="Page title" submitLabel="Add page" maxLength={255} onCancel={idle} onSubmit={(title) => actions.add(title, null)} />
      )}
      {actions && selected && mode === 'add' && (
        <NameForm label="Page title" submitLabel="Add page" maxLength={255} onCancel={idle} onSubmit={(name) => actions.add(name, selected.id)} />
      )}
      {actions && selected && mode === 'move' && (
        <MoveForm
          choices={pageDestinations(pages, selected.id)}
          current={placed.find(({ page }) => page.id === selected.id)?.parent ?? null}
          onMove={(parent) => actions.move(selected, { into: parent })}
          onCancel={idle}
        />
      )}
      {actions && selected && mode === 'delete' && (
        <ConfirmAction
          question={`Delete “${selected.title || 'Untitled page'}” and the pages inside it?`}
          confirmLabel="Delete"
          onConfirm={() => actions.remove(selected)}
          onCancel={idle}
        />
      )}
      {pages.length === 0 ? (
        <p className="note">No pages yet.</p>
      ) : (
        <ul role="tree" aria-label="Pages" className="tree" onKeyDown={onKeyDown}>
          {renderList(pages, 1)}
        </ul>
      )}
    </nav>
  );
}

const rowId = (pageId: string) => `page-row-${pageId}`;
