import { useState } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import { documentToPm } from '../../src-shared/content/document-in.js';
import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import type { Outcome } from '../api/call.js';
import { Loaded } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { contentReads, type RevisionPage } from './branch.js';
import { blockChanges, pageChanges, type BlockLine, type PageChange } from './diff.js';
import { placedPages } from './page-tree.js';

interface Props {
  spaceId: string;
  changeRequestId: string;
  pageId?: string;
}

interface Changes {
  pages: PageChange[];
  blocks?: BlockLine[];
}

/** What the change request changes against main: its pages, and the open page block by block. */
export function ChangesPanel({ spaceId, changeRequestId, pageId }: Props) {
  const { client } = useWorkspace();
  const [open, setOpen] = useState(false);
  return (
    <section className="panel changes" aria-labelledby="changes-title">
      <div className="panel-head">
        <h2 id="changes-title">Changes against main</h2>
        <button type="button" className="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide changes' : 'Show changes'}
        </button>
      </div>
      {open && <ChangeList load={() => loadChanges(client, spaceId, changeRequestId, pageId)} loadKey={`${changeRequestId}/${pageId ?? ''}`} />}
    </section>
  );
}

function ChangeList({ load, loadKey }: { load(): Promise<Outcome<Changes>>; loadKey: string }) {
  const { resource, reload } = useResource(`changes/${loadKey}`, load);
  return (
    <Loaded resource={resource} what="the changes" onRetry={reload}>
      {(changes) => (
        <>
          <button type="button" className="quiet" onClick={reload}>
            Compare again
          </button>
          <h3>Pages</h3>
          {changes.pages.length === 0 ? <p className="note">No page added, removed, renamed or moved.</p> : <PageChanges changes={changes.pages} />}
          {changes.blocks && (
            <>
              <h3>This page</h3>
              <BlockDiff lines={changes.blocks} />
            </>
          )}
        </>
      )}
    </Loaded>
  );
}

const PAGE_WORDS: Record<PageChange['kind'], string> = { added: 'Added', removed: 'Deleted', renamed: 'Renamed', moved: 'Moved' };

function PageChanges({ changes }: { changes: PageChange[] }) {
  return (
    <ul className="rows">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.page.id}`} className={`diff-${change.kind}`}>
          <strong>{PAGE_WORDS[change.kind]}</strong> {change.page.title}
          {change.kind === 'renamed' && <span className="note"> (was “{change.before}”)</span>}
        </li>
      ))}
    </ul>
  );
}

const BLOCK_WORDS: Record<BlockLine['kind'], string> = { same: 'Unchanged', added: 'Added', removed: 'Removed', changed: 'Changed' };

export function BlockDiff({ lines }: { lines: BlockLine[] }) {
  if (lines.every((line) => line.kind === 'same')) return <p className="note">No change to this page&apos;s text.</p>;
  return (
    <ol className="block-diff">
      {lines.map((line) => (
        <li key={`${line.kind}:${line.id}`} className={`diff-${line.kind}`}>
          <span className="visually-hidden">{BLOCK_WORDS[line.kind]}: </span>
          {line.kind === 'changed' && <del>{line.before}</del>}
          {line.kind === 'removed' ? <del>{line.text}</del> : line.kind === 'same' ? line.text : <ins>{line.text}</ins>}
        </li>
      ))}
    </ol>
  );
}

async function loadChanges(client: ApiClient, spaceId: string, changeRequestId: string, pageId?: string): Promise<Outcome<Changes>> {
  const main = contentReads(client, { spaceId });
  const head = contentReads(client, { spaceId, changeRequestId });
  const [mainPages, headPages] = await Promise.all([main.pages(), head.pages()]);
  if (!mainPages.ok) return mainPages;
  if (!headPages.ok) return headPages;
  const pages = pageChanges(mainPages.data, headPages.data);
  if (!pageId) return { ok: true, data: { pages } };
  // A page the change request added is not in main: every block of it is new.
  const inMain = placedPages(mainPages.data).some((placed) => placed.page.id === pageId);
  const [mainPage, headPage] = await Promise.all([inMain ? main.page(pageId) : undefined, head.page(pageId)]);
  if (!headPage.ok) return headPage;
  if (mainPage && !mainPage.ok) return mainPage;
  const base = mainPage ? bodyOf(mainPage.data) : undefined;
  return { ok: true, data: { pages, blocks: blockChanges(base, bodyOf(headPage.data) ?? { type: 'doc', content: [] }) } };
}

function bodyOf(page: RevisionPage): PmNodeJson | undefined {
  if (page.type !== 'document' || !page.document) return undefined;
  const body = documentToPm(page.document);
  return body.ok ? body.value : undefined;
}
