import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { publish } from '../../api/search/fixture.js';
import { FixtureRepository } from './repository-fixture.js';

/**
 * Byte-stable round trips over generated repositories in the service's layout: pages nested in
 * folders, with and without SUMMARY.md, written the many ways people write Markdown (either
 * bullet, emphasis with `*` or `_`, setext headings, loose spacing, trailing spaces, hints,
 * tabs, tables out of line, links between the pages). Importing then exporting changes no byte;
 * an edit of one page exports as a commit of that file alone.
 */

const FRAGMENTS = [
  'Some *emphasis* and __strong__ text.',
  '* one\n* two\n\n\n* three after a gap',
  '- [ ] open task\n- [x] done task',
  'Setext heading\n--------------',
  '1) first\n2) second',
  'Trailing spaces here   \nand a hard break above.',
  '| a |b|\n|---|:-:|\n| 1 | 2 |',
  '{% hint style="warning" %}\nCareful.\n{% endhint %}',
  '{% tabs %}\n{% tab title="One" %}\nFirst tab.\n{% endtab %}\n{% endtabs %}',
  '```js\nconst x = 1;\n```',
  '> quoted\n> text',
  '<details>\n\n<summary>More</summary>\n\nHidden text.\n\n</details>',
  'A line with a [link out](https://example.com/a?b=c).',
  '***',
];

interface PageSpec {
  name: string;
  folder: number;
  fragments: number[];
  /** Index of another page this one links to. */
  link: number | undefined;
}

const FOLDERS = ['', 'guide/', 'guide/deep/', 'reference/'];

const pageSpec = fc.record({
  name: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'),
  folder: fc.integer({ min: 0, max: FOLDERS.length - 1 }),
  fragments: fc.array(fc.integer({ min: 0, max: FRAGMENTS.length - 1 }), { minLength: 0, maxLength: 4 }),
  link: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
});

const repository = fc.record({
  pages: fc.uniqueArray(pageSpec, { minLength: 1, maxLength: 6, selector: (page) => `${FOLDERS[page.folder]}${page.name}` }),
  summary: fc.boolean(),
  crlf: fc.boolean(),
  frontMatter: fc.boolean(),
});

type Repository = typeof repository extends fc.Arbitrary<infer T> ? T : never;

function filesOf(repo: Repository): Record<string, string> {
  const paths = repo.pages.map((page) => `${FOLDERS[page.folder]}${page.name}.md`);
  const files: Record<string, string> = { 'README.md': '# Home\n\nThe start.\n' };
  repo.pages.forEach((page: PageSpec, i) => {
    const parts = page.fragments.map((n) => FRAGMENTS[n]!);
    if (page.link !== undefined && page.link < paths.length) {
      const from = paths[i]!.split('/').slice(0, -1);
      const to = paths[page.link]!.split('/');
      const up = from.map(() => '..');
      parts.push(`See [${page.name}](${[...up, ...to].join('/')}).`);
    }
    const front = repo.frontMatter ? `---\ndescription: About ${page.name}\nlayout: custom\n---\n\n` : '';
    let text = `${front}# ${page.name[0]!.toUpperCase()}${page.name.slice(1)}\n\n${parts.join('\n\n')}\n`;
    if (repo.crlf) text = text.replace(/\n/g, '\r\n');
    files[paths[i]!] = text;
  });
  if (repo.summary) {
    files['SUMMARY.md'] = `# Table of contents\n\n* [Home](README.md)\n${paths.map((path, i) => `* [${repo.pages[i]!.name}](${path})`).join('\n')}\n`;
  }
  return files;
}

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ git: { pollIntervalMs: 3_600_000 } });
});
afterAll(async () => {
  await t.stop();
});

async function run(spaceId: string, direction: 'import' | 'export', repo: FixtureRepository) {
  const params = { spaceId };
  const body = { url: repo.url, ref: 'refs/heads/main' };
  const res =
    direction === 'import'
      ? await t.owner.client.call('importGitRepository', { params, body })
      : await t.owner.client.call('exportToGitRepository', { params, body: { ...body, commitMessage: 'Round trip' } });
  expect(res.ok).toBe(true);
  await t.engine.gitSync.whenIdle();
  const operation = ok(await t.owner.client.call('getSpaceGitOperation', { params }));
  expect(operation).toMatchObject({ state: 'success' });
  return operation;
}

// Each run imports and exports through real git processes: seconds apiece on a busy machine.
describe('round trips through a repository', { timeout: 240_000 }, () => {
  it('leave every file byte for byte, and an edit changes its file alone', async () => {
    await fc.assert(
      fc.asyncProperty(repository, fc.nat(), async (spec, pick) => {
        const repo = new FixtureRepository();
        try {
          const files = filesOf(spec);
          const first = repo.commit(files);
          const spaceId = (await newSpace(t.owner, t.organizationId)).id;
          await run(spaceId, 'import', repo);
          await run(spaceId, 'export', repo);
          expect(repo.head()).toBe(first);

          // One page edited in Folio: one commit, that page's file only.
          const documents = ok(await t.owner.client.call('listPages', { params: { spaceId } })).pages;
          const all = documents.flatMap(function walk(page): typeof documents {
            return [page, ...(('pages' in page ? page.pages : []) as typeof documents).flatMap(walk)];
          }).filter((page) => page.type === 'document');
          const edited = all[pick % all.length]!;
          await publish(t, spaceId, [{ operation: 'update_page', page: edited.id, document: { markdown: 'Rewritten in Folio.\n' } } as never]);
          await run(spaceId, 'export', repo);
          const changed = repo.changedFiles();
          expect(changed).toHaveLength(1);
          expect(changed[0]).toMatch(/^M\t/);
          expect(repo.show(changed[0]!.slice(2)).toString()).toContain('Rewritten in Folio.');
          const unchanged = Object.entries(files).filter(([path]) => path !== changed[0]!.slice(2));
          expect(repo.showAll(unchanged.map(([path]) => path)).map((bytes) => bytes.toString())).toEqual(unchanged.map(([, text]) => text));
        } finally {
          repo.remove();
        }
      }),
      { numRuns: 12 },
    );
  });
});
