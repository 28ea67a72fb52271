import type { z } from 'zod';
import type { ContentLocation } from '../../../../src-shared/contract/links.js';
import { findMembership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure } from '../../core/pipeline/failure.js';
import { toChangeRequest } from '../change-requests/serialize.js';
import { revisionOf } from '../content/reads.js';
import type { ContentTarget } from '../content/rules.js';
import { nestPages, toFile, type PageJson } from '../content/serialize.js';
import { allFilesOfBranch, pagesOfBranch, type ContentFileRow } from '../content/sql.js';
import { findOrganization } from '../orgs/sql.js';
import { toOrganization } from '../orgs/serialize.js';
import { toSpace } from '../spaces/serialize.js';
import type { LinkTarget } from './status.js';

type Location = z.input<typeof ContentLocation>;

/**
 * A branch's content as links see it: its pages (nested, as the content reads give them), its
 * files, and how to describe a place in it as a `ContentLocation`. The organization, space and
 * version context are built once per request and shared by every location.
 */
export class LinkedContent {
  readonly pages: ReadonlyMap<string, PageJson>;
  readonly files: ReadonlyMap<string, ContentFileRow>;
  private readonly around: Pick<Extract<Location, { kind: 'page' }>, 'organization' | 'space' | 'versionContext'>;

  constructor(
    private readonly ctx: RequestContext,
    private readonly content: ContentTarget,
  ) {
    const rows = pagesOfBranch(ctx.db, content.space.id, content.rows);
    this.pages = indexNested(nestPages(ctx, content.place, rows));
    this.files = new Map(allFilesOfBranch(ctx.db, content.space.id, content.rows).map((row) => [row.file_id, row]));
    const organization = findOrganization(ctx.db, content.space.organization_id)!;
    this.around = {
      organization: toOrganization(ctx, organization, findMembership(ctx.db, organization.id, ctx.actor.id)?.role),
      space: toSpace(ctx, content.space, content.role),
      versionContext: this.versionContext(),
    };
  }

  /** Where a link stands: a page, at an anchor of it when given. Undefined for a page the content does not hold. */
  page(pageId: string, anchor?: string): Location | undefined {
    const page = this.pages.get(pageId);
    if (!page) return undefined;
    return { kind: 'page', ...this.around, page, ...(anchor !== undefined ? { internalLocation: { type: 'anchor' as const, anchor } } : {}) };
  }

  file(fileId: string): Location | undefined {
    const file = this.files.get(fileId);
    return file && { kind: 'file', ...this.around, file: toFile(this.ctx, this.content.place, file) };
  }

  /** What a link points at, when it exists. */
  targetOf(target: LinkTarget): Location | undefined {
    switch (target.kind) {
      case 'url':
        return { kind: 'url', url: target.url };
      case 'page':
        return this.page(target.page);
      case 'file':
        return this.file(target.file);
      case 'anchor':
        return this.page(target.page, target.anchor);
    }
  }

  /** Main content is at the space's revision; a change request's content is the change request's. */
  private versionContext(): Extract<Location, { kind: 'page' }>['versionContext'] {
    const { changeRequest } = this.content;
    if (changeRequest) return { type: 'changeRequest', changeRequest: toChangeRequest(this.ctx, changeRequest) };
    const revision = revisionOf(this.ctx, this.content);
    return isFailure(revision) ? undefined : { type: 'revision', revision };
  }
}

function indexNested(roots: readonly PageJson[]): Map<string, PageJson> {
  const out = new Map<string, PageJson>();
  const visit = (page: PageJson) => {
    out.set(page.id, page);
    if ('pages' in page) (page.pages as PageJson[]).forEach(visit);
  };
  roots.forEach(visit);
  return out;
}
