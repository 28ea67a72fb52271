import { buildDoc } from '../../core/docs/updates.js';
import type { DocumentJson, Result } from '../../../../src-shared/content/index.js';
import { prereadBlocks, type PrereadBlocks } from './body-preread.js';
import { presentPageBody } from './page-body.js';
import { planPageBody } from './planned-body.js';

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A page body, from its doc's rows as stored, as a read asks for it: a `Document` or Markdown. */
    presentPageBody: {
      input: { rows: Uint8Array[]; format: 'document' | 'markdown' | undefined };
      output: Result<{ document: DocumentJson } | { markdown: string }>;
    };
    /** A large page body's blocks read from its rows while the event loop builds its doc for live edits (body-preread.ts). */
    prereadBodyBlocks: { input: Uint8Array[]; output: PrereadBlocks };
  }
}

export const contentTasks = {
  presentPageBody: ({ rows, format }: { rows: Uint8Array[]; format: 'document' | 'markdown' | undefined }) => presentPageBody(buildDoc(rows), format),
  prereadBodyBlocks: (updates: Uint8Array[]) => prereadBlocks(updates),
  planPageBody,
};
