import type { RequestContext } from '../../pipeline/context.js';
import type { Failure } from '../../pipeline/failure.js';
import type { ContentTarget } from '../content/rules.js';
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
