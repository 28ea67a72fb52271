import * as Y from 'yjs';
import type { DocumentJson, Result } from '../../../../src-shared/content/index.js';
import { prereadBlocks, type PrereadBlocks } from './body-preread.js';
import { presentPageBody } from './page-body.js';

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A page body, from its doc's state, as a read asks for it: a `Document` or Markdown. */
    presentPageBody: {
      input: { state: Uint8Array; format: 'document' | 'markdown' | undefined };
      output: Result<{ document: DocumentJson } | { markdown: string }>;
    };
    /** A large page body's blocks read from its rows while the event loop builds its doc for live edits (body-preread.ts). */
    prereadBodyBlocks: { input: Uint8Array[]; output: PrereadBlocks };
  }
}

export const contentTasks = {
  presentPageBody({ state, format }: { state: Uint8Array; format: 'document' | 'markdown' | undefined }) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    return presentPageBody(doc, format);
  },
  prereadBodyBlocks: (updates: Uint8Array[]) => prereadBlocks(updates),
};
