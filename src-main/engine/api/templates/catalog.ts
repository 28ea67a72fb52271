import type { RequestContext } from '../../core/pipeline/context.js';
import type { Failure } from '../../core/pipeline/failure.js';
import type { ContentTarget } from '../../domain/content/rules.js';
import { openapiReferenceTemplate } from './openapi-reference.js';

/** A page a template adds, with the pages under it. */
export interface TemplatePage {
  title: string;
  emoji?: string;
  markdown: string;
  pages?: TemplatePage[];
  /** Set on a computed page: where its content comes from (API-reference pages). */
  computed?: unknown;
}

/**
 * A built-in template. `contentRefs` names the references it takes (`params.contentRefs`): each
 * is a file of the space, shown where the template's Markdown says `{{name}}`.
 */
export interface StaticTemplate {
  id: string;
  pages: TemplatePage[];
  contentRefs: readonly string[];
}

/** A template whose pages are made from what its content refs name (`openapi-reference`: a spec). */
export interface GeneratedTemplate {
  id: string;
  contentRefs: readonly string[];
  pagesFor(ctx: RequestContext, target: ContentTarget, refs: ContentRefs): TemplatePage[] | Failure;
}

export type Template = StaticTemplate | GeneratedTemplate;
export type ContentRefs = Record<string, { kind: string; [key: string]: unknown }>;

const page = (title: string, markdown: string, pages?: TemplatePage[]): TemplatePage => ({ title, markdown, ...(pages ? { pages } : {}) });

/** The built-in templates (listed with their pages in the README). */
export const TEMPLATES: readonly Template[] = [
  openapiReferenceTemplate,
  {
    // The space a new data dir starts with (admin/bootstrap.ts): a page tree to look at and pages to edit.
    id: 'welcome',
    contentRefs: [],
    pages: [
      page(
        'Getting started',
        'This space was made for you when Folio started for the first time. Read it, change it, or delete it: it is yours.\n\n' +
          '## Where things are\n\n' +
          '- The **sidebar** lists the collections and spaces of the organization you are in; the organization is named at the top.\n' +
          '- A **space** holds pages, like this one. What you read here is the space as it was last merged: its *main* content.\n' +
          '- A **change request** is where you write: a copy of the pages that becomes main when it is merged.\n\n' +
          '{% hint style="info" %}\nPress Ctrl-K (Cmd-K on a Mac) to search every space of the organization.\n{% endhint %}\n\n' +
          '## Next\n\n1. Open **Writing** to make your first change.\n2. Open **Reviewing & merging** to put it into main.\n3. Open **Sync** to work with your team.\n',
      ),
      page(
        'Writing',
        'Everything you write happens in a change request, so that main only changes when you say so.\n\n' +
          '## Make a change\n\n1. Open this space and choose **New change request**.\n2. Pick a page in its page tree, or add one.\n3. Type. Your words are saved as you write, on this device first, even offline.\n\n' +
          '## Formatting\n\n| Keys | Does |\n| --- | --- |\n| Ctrl-B | **bold** |\n| Ctrl-I | *italic* |\n| Ctrl-E | `code` |\n| Ctrl-Alt-1 to 3 | a heading |\n\n' +
          '- [ ] Write your first page\n- [ ] Ask someone to review it\n',
      ),
      page(
        'Reviewing & merging',
        'A change request shows its **changes against main**, page by page and block by block, and its comments.\n\n' +
          '## Review\n\n- Comment on the whole change request, on a page, or on one block.\n- Mark it *ready for review* when it is done.\n\n' +
          '## Merge\n\n**Merge** puts the change request into main. When someone changed the same block in main meanwhile, Folio keeps both and says where to look.\n\n' +
          '{% hint style="success" %}\nMerging takes the review role; writing takes the edit role. Settings › Members says who has which.\n{% endhint %}\n',
      ),
      page(
        'Sync',
        'Folio works on this device without any server. To share spaces with your team, connect it to a **hub**: any Folio engine your team runs (`npm run serve`).\n\n' +
          '## Connect\n\n1. Open **Settings › Sync**.\n2. Enter the hub address (`ws://HOST:PORT/v1/sync`) and a token of your account on the hub.\n3. Choose **Connect**. Folio checks the hub and the token before it saves them.\n\n' +
          'Your work made here so far becomes yours on the hub. Edits made offline wait on this device and are sent when the hub is back; the status bar shows what is pending.\n',
      ),
    ],
  },
  {
    id: 'getting-started',
    contentRefs: [],
    pages: [
      page('Welcome', 'This space holds our documentation. Start with the pages below.\n\n## What is here\n\n- **Quickstart**: the shortest way to a first result.\n- **Installation**: every way to set things up.\n'),
      page('Quickstart', '## Before you start\n\nCheck that you have access to the space.\n\n## First steps\n\n1. Install the tools.\n2. Run the first command.\n3. Read the result.\n'),
      page('Installation', '## Requirements\n\nList what a machine needs here.\n\n## Install\n\n```sh\n# the install command\n```\n'),
    ],
  },
  {
    id: 'api-reference-skeleton',
    contentRefs: [],
    pages: [
      page('API reference', 'How to call the API, and the reference of every endpoint.', [
        page('Authentication', '## Tokens\n\nEvery request carries `Authorization: Bearer <token>`.\n\n## Errors\n\nA refused token answers `401`.\n'),
        page('Pagination', 'Lists answer `items`, `count` and `next`. Pass `next.page` as `page` to read on.\n'),
        page('Errors', '| Code | Meaning |\n| --- | --- |\n| 400 | the request is invalid |\n| 404 | nothing matches |\n'),
        page('Endpoints', '## GET /items\n\nLists items.\n\n## POST /items\n\nCreates an item.\n'),
      ]),
    ],
  },
  {
    id: 'product-docs',
    contentRefs: ['logo'],
    pages: [
      page('Overview', '{{logo}}\n\nWhat the product does, for whom, and where to start.\n'),
      page('Guides', 'Task-by-task guides.', [
        page('First project', '## Create a project\n\nDescribe the first steps.\n'),
        page('Configuration', '## Settings\n\nDescribe each setting.\n'),
      ]),
      page('FAQ', '## Who is it for?\n\nAnswer here.\n\n## How much does it cost?\n\nAnswer here.\n'),
      page('Changelog', '## Unreleased\n\n- Describe each change.\n'),
    ],
  },
  {
    id: 'meeting-notes',
    contentRefs: [],
    pages: [
      page('Meeting notes', 'One page per meeting, newest first.', [
        page('Meeting template', '## Attendees\n\n- Name\n\n## Agenda\n\n1. Topic\n\n## Decisions\n\n- Decision\n\n## Action items\n\n- [ ] Owner: task\n'),
      ]),
    ],
  },
];

export function findTemplate(id: string): Template | undefined {
  return TEMPLATES.find((template) => template.id === id);
}
