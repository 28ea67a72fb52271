import type { LinkStatus } from '../../../../src-shared/contract/links.js';
import { slugFromTitle } from '../content/slugs.js';
import type { LinkRow } from './sql.js';

/** What a link points at, once an anchor on "this page" is named by its page. */
export type LinkTarget =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string }
  | { kind: 'file'; file: string }
  | { kind: 'anchor'; page: string; anchor: string };

/** What the status of a link is decided against: the branch's pages, files and headings, and the app's origin. */
export interface Existing {
  origin: string;
  pages: ReadonlySet<string>;
  files: ReadonlySet<string>;
  /** Per page, the anchors its headings answer to: their block ids and the slugs of their text. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
}

export function linkTarget(link: LinkRow): LinkTarget {
  switch (link.kind) {
    case 'url':
      return { kind: 'url', url: link.target };
    case 'page':
      return { kind: 'page', page: link.target };
    case 'file':
      return { kind: 'file', file: link.target };
    case 'anchor': {
      const split = link.target.indexOf('#');
      return { kind: 'anchor', page: link.target.slice(0, split) || link.page_id, anchor: link.target.slice(split + 1) };
    }
  }
}

/** One string per distinct target, to group the places a target is linked from. */
export function targetKey(target: LinkTarget): string {
  switch (target.kind) {
    case 'url':
      return `url ${target.url}`;
    case 'page':
      return `page ${target.page}`;
    case 'file':
      return `file ${target.file}`;
    case 'anchor':
      return `anchor ${target.page}#${target.anchor}`;
  }
}

/**
 * The status rules (docs/search.md, "Links"): a page, file or anchor of the content that exists
 * is `ok`, one that does not is `broken`; a URL on the app's own origin, or relative to it, is
 * `in-app`; any other URL is `ok`, as Folio never fetches anything to check it.
 */
export function linkStatus(target: LinkTarget, existing: Existing): LinkStatus {
  switch (target.kind) {
    case 'url':
      // A relative link to a Markdown file is one no page answered (Git Sync and Markdown input
      // turn those that resolve into page references): it leads nowhere.
      if (isMarkdownPath(target.url)) return 'broken';
      return isInApp(target.url, existing.origin) ? 'in-app' : 'ok';
    case 'page':
      return existing.pages.has(target.page) ? 'ok' : 'broken';
    case 'file':
      return existing.files.has(target.file) ? 'ok' : 'broken';
    case 'anchor':
      return existing.anchors.get(target.page)?.has(target.anchor) ? 'ok' : 'broken';
  }
}

function isMarkdownPath(url: string): boolean {
  return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) && !url.startsWith('//') && /\.md$/i.test(url.split(/[?#]/)[0]!);
}

function isInApp(url: string, origin: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** The anchors each heading answers to: its block id, and the slug of its text (the service's anchors). */
export function anchorsByPage(headings: readonly { page_id: string; anchor: string; heading: string }[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const { page_id, anchor, heading } of headings) {
    const set = out.get(page_id) ?? new Set<string>();
    set.add(anchor);
    if (heading.trim() !== '') set.add(slugFromTitle(heading));
    out.set(page_id, set);
  }
  return out;
}
