import { LoadedList } from '../components/Loaded.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import type { CommentTarget } from '../comments/comment-target.js';
import { contentReads } from './branch.js';
import { pageLinks, PageLinksContext } from './page-links.js';
import { placedPages } from './page-tree.js';
import { PageTree } from './PageTree.js';
import { PageView } from './PageView.js';

/** A space's main content: its page tree, and the open page (the first one until another is chosen). */
interface Props {
  org: string;
  spaceId: string;
  page?: string;
  onComment?(target: CommentTarget): void;
}

export function SpacePages({ org, spaceId, page, onComment }: Props) {
  const { client } = useWorkspace();
  const branch = { spaceId };
  const { resource, reload } = useResource(`pages/${spaceId}/main`, async () => {
    const pages = await contentReads(client, branch).pages();
    return pages.ok ? { ok: true as const, data: { items: pages.data } } : pages;
  });
  return (
    <section className="pages-layout" aria-label="Content">
      <LoadedList resource={resource} what="pages" empty="No pages yet: open a change request to write the first one." onRetry={reload}>
        {(pages) => {
          const open = page ?? placedPages(pages).find((placed) => placed.page.type === 'document')?.page.id;
          const hrefOf = (pageId: string) => hrefFor({ screen: 'space', org, space: spaceId, page: pageId });
          return (
            <PageLinksContext.Provider value={pageLinks(pages, hrefOf)}>
              <PageTree pages={pages} current={open} hrefOf={hrefOf} />
              {open && <PageView branch={branch} pageId={open} onComment={onComment} />}
            </PageLinksContext.Provider>
          );
        }}
      </LoadedList>
    </section>
  );
}
