import { describe, expect, it } from 'vitest';
import { computedMarkdown, referencePages } from '../../../../src-main/engine/services/openapi-reference/pages.js';
import { markdownToPm } from '../../../../src-shared/content/markdown-in.js';
import { openapi30, openapi31, swagger2 } from '../../api/openapi-specs/fixtures.js';

describe('API-reference pages from a spec', () => {
  it('an overview page, and one page per tag in the order the spec declares them', () => {
    const root = referencePages('library', openapi30);
    expect(root.title).toBe('Library');
    expect(root.computed).toEqual({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'library' } } }, props: { doc: 'info' } });
    expect(root.pages.map((p) => [p.title, p.computed.props])).toEqual([
      ['books', { doc: 'operations', page: 'books' }],
      ['loans', { doc: 'operations', page: 'loans' }],
    ]);
    expect(root.markdown).toContain('Version `2.1.0`.');
    expect(root.markdown).toContain('| books | 1 |');
  });

  it("a tag's page lists each operation with its parameters, body and responses", () => {
    const [books, loans] = referencePages('library', openapi30).pages;
    expect(books!.markdown).toContain('The catalogue');
    expect(books!.markdown).toContain('## GET `/books`');
    expect(books!.markdown).toContain('| `author` | query | no | string | Only books by this author |');
    expect(books!.markdown).toContain('| 200 | Books |');
    expect(loans!.markdown).toContain('| `loanId` | path | yes | string |  |');
  });

  it('Swagger 2.0: servers from host and basePath, parameter types', () => {
    const root = referencePages('pets', swagger2);
    expect(root.markdown).toContain('- `https://pets.example.com/v1`');
    expect(root.pages.map((p) => p.title)).toEqual(['pets', 'owners']);
    expect(root.pages[1]!.markdown).toContain('| `ownerId` | path | yes | string |  |');
  });

  it('untagged operations go to one page of their own', () => {
    const root = referencePages('weather', openapi31);
    expect(root.pages.map((p) => [p.title, p.computed.props])).toEqual([['Other operations', { doc: 'operations', page: 'default' }]]);
    expect(computedMarkdown(root.pages[0]!.computed, openapi31)).toBe(root.pages[0]!.markdown);
  });

  it('every page reads into the content model', () => {
    for (const document of [openapi30, openapi31, swagger2]) {
      const root = referencePages('x', document);
      for (const page of [root, ...root.pages]) expect(markdownToPm(page.markdown).ok, page.markdown).toBe(true);
    }
  });
});
