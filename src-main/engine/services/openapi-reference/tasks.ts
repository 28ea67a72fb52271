import { markdownToPm } from '../../../../src-shared/content/index.js';
import { describeContentError, parsePageDocument } from '../../domain/content/page-body.js';
import { planPageBody, type PlannedBody } from '../../domain/content/planned-body.js';
import { computedMarkdown, type ComputedOpenAPI } from './pages.js';

/** A computed page to write anew: where it is, what it is computed from, and its body doc's rows now. */
export interface ReferencePageWork {
  spaceId: string;
  pageId: string;
  computed: string;
  rows: Uint8Array[];
}

/** A computed page's new body as its doc's update, with the state vector it brings and the facts its projection writes. */
export interface ReferencePageUpdate extends PlannedBody {
  spaceId: string;
  pageId: string;
}

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** Each computed page of a spec's new version: its Markdown, read into its body; the updates to append. */
    referencePageUpdates: { input: { document: string; pages: ReferencePageWork[] }; output: ReferencePageUpdate[] };
  }
}

export const referenceTasks = {
  referencePageUpdates({ document, pages }: { document: string; pages: ReferencePageWork[] }) {
    const spec = JSON.parse(document) as Record<string, unknown>;
    return pages.map(({ spaceId, pageId, computed, rows }): ReferencePageUpdate => {
      const page = parsePageDocument({ markdown: computedMarkdown(JSON.parse(computed) as ComputedOpenAPI, spec) }, markdownToPm);
      if (!page.ok) throw new Error(`reference page ${pageId}: ${describeContentError(page.error)}`);
      const planned = planPageBody({ rows, body: page.value.body, fromMarkdown: page.value.fromMarkdown });
      if (!planned) throw new Error(`reference page ${pageId}: does not fit the content model`);
      return { spaceId, pageId, ...planned };
    });
  },
};
