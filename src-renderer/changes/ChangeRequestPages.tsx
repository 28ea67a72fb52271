import { useEffect, useMemo, useState } from 'react';
import { rememberPage } from '../search/recent-pages.js';
import type { ChangeRequest, Space } from '../api/types.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { Loaded } from '../components/Loaded.js';
import { attempt } from '../api/call.js';
import { contentReads } from '../content/branch.js';
import type { CommentTarget } from '../comments/comment-target.js';
import { ChangesPanel } from '../content/ChangesPanel.js';
import { pageLinks, PageLinksContext } from '../content/page-links.js';
import { placedPages } from '../content/page-tree.js';
import { PageTree, type PageActions } from '../content/PageTree.js';
import { PageView } from '../content/PageView.js';
import { presenceUser } from '../editor/presence.js';
import type { PagePresence, TreePresence } from '../editor/tree-presence.js';
import type { ApiAccess } from '../store/session.js';
import { engineFiles } from '../editor/engine-files.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { changeRequestBranch, changeRequestTreeDoc, pageDoc } from '../../src-shared/sync/doc-names.js';
import { navigate } from '../routing/use-route.js';
import { contentWrites } from './content-writes.js';

type PageEditorView = typeof import('../editor/PageEditor.js').PageEditor;
let editorChunk: Promise<PageEditorView> | undefined;
let loadedEditor: PageEditorView | undefined;

/**
 * The editor (ProseMirror, Yjs and the rest) is a chunk of its own, asked for once a change request
 * open for edits is on screen: while its pages load, not after them. It is not a `lazy` component:
 * React holds a Suspense boundary's content back until 300 ms after its fallback showed, a third of
 * a cold open.
 */
function useEditorChunk(wanted: boolean): { PageEditor?: PageEditorView; problem?: string } {
  const [chunk, setChunk] = useState<{ PageEditor?: PageEditorView; problem?: string }>(() => ({ PageEditor: loadedEditor }));
  useEffect(() => {
    if (!wanted || chunk.PageEditor) return;
    let current = true;
    editorChunk ??= import('../editor/PageEditor.js').then((module) => (loadedEditor = module.PageEditor));
    editorChunk.then(
      (PageEditor) => current && setChunk({ PageEditor }),
      (error: unknown) => {
        editorChunk = undefined;
        if (current) setChunk({ problem: `The editor could not be loaded (${error instanceof Error ? error.message : String(error)}); reload to try again.` });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, chunk.PageEditor]);
  return chunk;
}

interface Props {
  org: string;
  space: Space;
  changeRequest: ChangeRequest;
  page?: string;
  /** Moves when the change request's content changed elsewhere on the screen (an update from main). */
  refreshOn: unknown;
  onComment?(target: CommentTarget): void;
}

/** A change request's pages: the tree with the writer's tools, the open page in the editor, the changes. */
export function ChangeRequestPages({ org, space, changeRequest, page, refreshOn, onComment }: Props) {
  const { client, access } = useWorkspace();
  const [problem, setProblem] = useState<string>();
  const files = useMemo(() => engineFiles(client, access, space.id, changeRequest.id), [client, access, space.id, changeRequest.id]);
  const [openPageId, setOpenPageId] = useState<string>();
  const present = usePagePresence(access, changeRequestTreeDoc(space.id, changeRequest.id), openPageId);
  const branch = { spaceId: space.id, changeRequestId: changeRequest.id };
  const { resource, reload } = useResource(
    `pages/${space.id}/${changeRequest.id}`,
    async () => {
      const pages = await contentReads(client, branch).pages();
      return pages.ok ? { ok: true as const, data: { items: pages.data } } : pages;
    },
    refreshOn,
  );
  const hrefOf = (pageId: string) => hrefFor({ screen: 'change-request', org, space: space.id, number: changeRequest.number, page: pageId });
  // Headings for links are found by the engine's search of this change request's content.
  const searchSections = useMemo(
    () => async (query: string) => {
      const found = await attempt(client, 'searchChangeRequestContent', { params: { spaceId: space.id, changeRequestId: changeRequest.id }, query: { query, limit: 10 } });
      return found.ok ? found.data.items : undefined;
    },
    [client, space.id, changeRequest.id],
  );
  const writable = space.permissions.edit && (changeRequest.status === 'open' || changeRequest.status === 'draft');
  const { PageEditor, problem: editorProblem } = useEditorChunk(writable);
  const writes = contentWrites(client, space.id, changeRequest.id);
  const settle = async <T,>(sent: Promise<{ ok: true; data: T } | { ok: false; problem: string }>) => {
    const outcome = await sent;
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) reload();
    return outcome;
  };
  const actions: PageActions | undefined = writable
    ? {
        add: async (title, parent) => {
          const added = await settle(writes.add(title, parent));
          if (added.ok && added.data) navigate(hrefOf(added.data));
          return added.ok;
        },
        rename: async (target, title) => (await settle(writes.rename(target, title))).ok,
        move: async (target, place) => (await settle(writes.move(target, place))).ok,
        remove: (target) => settle(writes.remove(target)),
      }
    : undefined;

  return (
    <>
      <ProblemLine problem={problem} />
      <section className="pages-layout" aria-label="Content of the change request">
        <Loaded resource={resource} what="pages" onRetry={reload}>
          {({ items: pages }) => {
            const open = page ?? placedPages(pages).find((placed) => placed.page.type === 'document')?.page.id;
            const openPage = placedPages(pages).find((placed) => placed.page.id === open)?.page;
            return (
              <PageLinksContext.Provider value={pageLinks(pages, hrefOf, searchSections)}>
                <Remember pageId={open} onOpen={setOpenPageId} />
                <PageTree pages={pages} current={open} hrefOf={hrefOf} actions={actions} present={present} />
                <div className="page-column">
                  {openPage && writable && openPage.type === 'document' ? (
                    <>
                      <h2 className="page-title">{openPage.title || 'Untitled page'}</h2>
                      <RememberRecent title={openPage.title || 'Untitled page'} where={`#${changeRequest.number} ${changeRequest.subject}`} />
                      {PageEditor ? (
                        <PageEditor
                          key={openPage.id}
                          room={pageDoc(space.id, changeRequestBranch(changeRequest.id), openPage.id)}
                          access={access}
                          label={`Body of ${openPage.title || 'the page'}`}
                          files={files}
                          onComment={onComment && ((target) => onComment({ page: openPage.id, ...target }))}
                        />
                      ) : editorProblem ? (
                        <ProblemLine problem={editorProblem} />
                      ) : (
                        <p role="status" className="note">
                          Opening the editor…
                        </p>
                      )}
                    </>
                  ) : (
                    open && <PageView branch={branch} pageId={open} refreshOn={refreshOn} onComment={onComment} />
                  )}
                  <ChangesPanel spaceId={space.id} changeRequestId={changeRequest.id} pageId={open} />
                </div>
              </PageLinksContext.Provider>
            );
          }}
        </Loaded>
      </section>
    </>
  );
}

/** Keeps the page open for writing among the quick switcher's recent pages. */
function RememberRecent({ title, where }: { title: string; where: string }) {
  useEffect(() => rememberPage({ href: window.location.hash, title, where }), [title, where]);
  return null;
}

/** Tells the screen which page is open once the pages are loaded (it decides it inside the loaded view). */
function Remember({ pageId, onOpen }: { pageId: string | undefined; onOpen(pageId: string | undefined): void }) {
  useEffect(() => onOpen(pageId), [pageId, onOpen]);
  return null;
}

/**
 * Who is on which page of the change request (editor/tree-presence.ts), this person placed on
 * `page`; the link's code (Yjs and the rest) is loaded with it, not with the app.
 */
function usePagePresence(access: ApiAccess, room: string, page: string | undefined): PagePresence {
  const { user } = useWorkspace();
  const [present, setPresent] = useState<PagePresence>(new Map());
  const [joined, setJoined] = useState<TreePresence>();
  useEffect(() => {
    let live: TreePresence | undefined;
    let stopped = false;
    void import('../editor/tree-presence.js').then(({ joinTreePresence }) => {
      if (stopped) return;
      live = joinTreePresence(access, room, presenceUser(user.id, user.displayName), setPresent);
      setJoined(live);
    });
    return () => {
      stopped = true;
      live?.stop();
      setJoined(undefined);
    };
  }, [access, room, user.id, user.displayName]);
  useEffect(() => joined?.at(page), [joined, page]);
  return present;
}
