import * as Y from 'yjs';
import { markdownToPm } from '../../../../src-shared/content/index.js';
import { describeContentError, parsePageDocument, writePageBody } from '../../domain/content/page-body.js';
import { computedMarkdown, type ComputedOpenAPI } from './pages.js';

/** A computed page to write anew: where it is, what it is computed from, and its body doc's state now. */
export interface ReferencePageWork {
  spaceId: string;
  pageId: string;
  computed: string;
  state: Uint8Array;
}

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** Each computed page of a spec's new version: its Markdown, read into its body; the updates to append. */
    referencePageUpdates: { input: { document: string; pages: ReferencePageWork[] }; output: { spaceId: string; pageId: string; update: Uint8Array }[] };
  }
}

export const referenceTasks = {
  referencePageUpdates({ document, pages }: { document: string; pages: ReferencePageWork[] }) {
    const spec = JSON.parse(document) as Record<string, unknown>;
    return pages.map(({ spaceId, pageId, computed, state }) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, state);
      const before = Y.encodeStateVector(doc);
      const page = parsePageDocument({ markdown: computedMarkdown(JSON.parse(computed) as ComputedOpenAPI, spec) }, markdownToPm);
      if (!page.ok) throw new Error(`reference page ${pageId}: ${describeContentError(page.error)}`);
      const written = writePageBody(doc, page.value);
      if (!written.ok) throw new Error(`reference page ${pageId}: ${describeContentError(written.error)}`);
      return { spaceId, pageId, update: Y.encodeStateAsUpdate(doc, before) };
    });
  },
};
