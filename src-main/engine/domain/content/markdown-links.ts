import type { PmNodeJson } from '../../../../src-shared/content/index.js';
import { mapAddresses, resolveAddress } from '../git-sync/layout/links.js';
import type { TreePage } from './tree.js';

/**
 * Relative links in Markdown given to the API, resolved as a repository's are (Git Sync): each
 * page of the branch stands as the file `<its path>.md` (a page with pages under it also as
 * `<its path>/README.md`), so that `[FAQ](../faq.md)` written on `guide/install` becomes a
 * reference to the page at `faq`. Links that name no page stay as written (and the links report
 * calls a relative link to a Markdown file broken). Returns `body` itself when no link resolved.
 */
export function resolveMarkdownLinks(body: PmNodeJson, pages: ReadonlyMap<string, TreePage>, at: { parent: string | null; slug: string }): PmNodeJson {
  const pathOf = new Map<string, string>();
  const path = (page: TreePage, seen = new Set<string>()): string => {
    const known = pathOf.get(page.id);
    if (known !== undefined) return known;
    const parent = page.parent === null ? undefined : pages.get(page.parent);
    const own = parent && !seen.has(parent.id) ? `${path(parent, seen.add(page.id))}/${page.slug}` : page.slug;
    pathOf.set(page.id, own);
    return own;
  };
  // The branch's files, listed only once a relative link asks for them: most pages have none, and
  // listing a 1,000-page branch for each page of an import was a tenth of its requests' time.
  let files: Map<string, string> | undefined;
  const listFiles = (): Map<string, string> => {
    files = new Map();
    const parents = new Set([...pages.values()].map((page) => page.parent));
    for (const page of pages.values()) {
      if (page.type !== 'document') continue;
      files.set(`${path(page)}.md`, page.id);
      if (parents.has(page.id)) files.set(`${path(page)}/README.md`, page.id);
    }
    return files;
  };
  const index = { get pages() { return files ?? listFiles(); }, files: new Map<string, string>() };
  const parent = at.parent === null ? undefined : pages.get(at.parent);
  const from = `${parent ? `${path(parent)}/` : ''}${at.slug}.md`;
  let resolved = false;
  const mapped = mapAddresses(body, (address) => {
    const to = resolveAddress(address, from, index);
    resolved ||= to !== undefined;
    return to;
  });
  // Nothing resolved: the body itself, so that a caller can tell that it is the body it read.
  return resolved ? mapped : body;
}
