import { useEffect } from 'react';
import { rememberPage } from '../search/recent-pages.js';
import { blockText } from '../../src-shared/content/text.js';
import { documentToPm } from '../../src-shared/content/document-in.js';
import { blockLabel, type CommentTarget } from '../comments/comment-target.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { emojiGlyph } from '../components/emoji.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { contentReads, type ContentBranch, type RevisionPage } from './branch.js';
import { PageBody } from './PageBody.js';

/** A page of a branch, drawn for reading. */
interface Props {
  branch: ContentBranch;
  pageId: string;
  refreshOn?: unknown;
  /** Given where comments may be posted: the page and each block offer to be commented on. */
  onComment?(target: CommentTarget): void;
}

export function PageView({ branch, pageId, refreshOn, onComment }: Props) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(
    `page/${branch.spaceId}/${branch.changeRequestId ?? 'main'}/${pageId}`,
    () => contentReads(client, branch).page(pageId),
    refreshOn,
  );
  return (
    <Loaded resource={resource} what="the page" onRetry={reload}>
      {(page) => <ReadPage page={page} onComment={onComment} />}
    </Loaded>
  );
}

export function ReadPage({ page, onComment }: { page: RevisionPage; onComment?(target: CommentTarget): void }) {
  const title = page.title || 'Untitled page';
  useEffect(() => rememberPage({ href: window.location.hash, title, where: 'Main content' }), [page.id, title]);
  const header = (
    <div className="panel-head">
      <h2 className="page-title">
        {page.emoji ? `${emojiGlyph(page.emoji)} ` : ''}
        {title}
      </h2>
      {onComment && (
        <button type="button" className="secondary" onClick={() => onComment({ page: page.id, label: title })}>
          Comment on this page
        </button>
      )}
    </div>
  );
  if (page.type !== 'document') {
    return (
      <article className="page">
        {header}
        <p className="note">{page.type === 'group' ? 'A group of pages.' : `A link${page.href ? ` to ${page.href}` : ''}.`}</p>
      </article>
    );
  }
  const body = page.document ? documentToPm(page.document) : undefined;
  return (
    <article className="page">
      {header}
      {page.description && <p className="note">{page.description}</p>}
      {body === undefined ? null : body.ok ? (
        <PageBody
          body={body.value}
          onComment={onComment && ((block) => onComment({ page: page.id, node: String(block.attrs?.id), label: blockLabel(blockText(block)) }))}
        />
      ) : (
        <ProblemLine problem={`This page's content could not be read: ${body.error.kind}`} />
      )}
    </article>
  );
}
