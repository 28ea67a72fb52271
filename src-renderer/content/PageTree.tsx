import { useState } from 'react';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { emojiGlyph } from '../components/emoji.js';
import { MoveForm } from '../components/MoveForm.js';
import { NameForm } from '../components/NameForm.js';
import { walkLinks } from '../components/walk-links.js';
import type { RevisionPage } from './branch.js';
import { childPages, pageDestinations } from './page-tree.js';

/** What a change request's tree lets a writer do; a space's main content is read here, not written. */
export interface PageActions {
  add(title: string, parent: string | null): Promise<boolean>;
  rename(page: RevisionPage, title: string): Promise<boolean>;
  move(page: RevisionPage, parent: string | null): Promise<unknown>;
  remove(page: RevisionPage): Promise<unknown>;
}

interface Props {
  pages: RevisionPage[];
  current?: string;
  hrefOf(pageId: string): string;
  actions?: PageActions;
}

/** A branch's pages, nested; with actions, the writer's tools on each. */
export function PageTree({ pages, current, hrefOf, actions }: Props) {
  const [adding, setAdding] = useState(false);
  return (
    <nav className="page-tree" aria-label="Pages" onKeyDown={walkLinks}>
      {actions && (
        <button type="button" className="secondary" onClick={() => setAdding(true)}>
          New page
        </button>
      )}
      {adding && actions && (
        <NameForm label="Page title" submitLabel="Add page" maxLength={255} onCancel={() => setAdding(false)} onSubmit={(title) => actions.add(title, null)} />
      )}
      {pages.length === 0 ? (
        <p className="note">No pages yet.</p>
      ) : (
        <PageList pages={pages} all={pages} parent={null} current={current} hrefOf={hrefOf} actions={actions} />
      )}
    </nav>
  );
}

type Placed = { all: RevisionPage[]; parent: string | null };

function PageList({ pages, ...rest }: Props & Placed) {
  return (
    <ul className="tree">
      {pages.map((page) => (
        <PageRow key={page.id} page={page} {...rest} />
      ))}
    </ul>
  );
}

type Mode = 'idle' | 'add' | 'rename' | 'move' | 'delete';

function PageRow({ page, all, parent, current, hrefOf, actions }: Omit<Props, 'pages'> & Placed & { page: RevisionPage }) {
  const [mode, setMode] = useState<Mode>('idle');
  const idle = () => setMode('idle');
  const title = page.title || 'Untitled page';
  const children = childPages(page);
  return (
    <li className="tree-item" data-kind={page.type}>
      <div className="tree-row">
        <a className="tree-link" href={hrefOf(page.id)} aria-current={current === page.id ? 'page' : undefined}>
          <span aria-hidden="true" className="tree-icon">
            {page.emoji ? emojiGlyph(page.emoji) : '•'}
          </span>
          {title}
        </a>
        {actions && (
          <span className="row-actions">
            <button type="button" className="icon" title="Add a page inside" aria-label={`Add a page in ${title}`} onClick={() => setMode('add')}>
              +
            </button>
            <button type="button" className="icon" title="Rename" aria-label={`Rename page ${title}`} onClick={() => setMode('rename')}>
              ✎
            </button>
            <button type="button" className="icon" title="Move" aria-label={`Move page ${title}`} onClick={() => setMode('move')}>
              ⇄
            </button>
            <button type="button" className="icon" title="Delete" aria-label={`Delete page ${title}`} onClick={() => setMode('delete')}>
              ✕
            </button>
          </span>
        )}
      </div>
      {actions && mode === 'add' && (
        <NameForm label="Page title" submitLabel="Add page" maxLength={255} onCancel={idle} onSubmit={(name) => actions.add(name, page.id)} />
      )}
      {actions && mode === 'rename' && (
        <NameForm label="New title" submitLabel="Rename" initial={page.title} maxLength={255} onCancel={idle} onSubmit={(name) => actions.rename(page, name)} />
      )}
      {actions && mode === 'move' && (
        <MoveForm choices={pageDestinations(all, page.id)} current={parent} onMove={(parent) => actions.move(page, parent)} onCancel={idle} />
      )}
      {actions && mode === 'delete' && (
        <ConfirmAction question={`Delete “${title}” and the pages inside it?`} confirmLabel="Delete" onConfirm={() => actions.remove(page)} onCancel={idle} />
      )}
      {children.length > 0 && (
        <div className="tree-children">
          <PageList pages={children} all={all} parent={page.id} current={current} hrefOf={hrefOf} actions={actions} />
        </div>
      )}
    </li>
  );
}
