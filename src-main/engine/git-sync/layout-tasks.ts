import { prepareImport, type PrepareResult } from './layout/prepare.js';
import type { RepositoryFile } from './layout/read-repository.js';
import { planExport, type ExportPlan, type LayoutState, type SpaceFile, type SpacePage } from './layout/write-repository.js';
import type { PmNodeJson } from '../../../src-shared/content/index.js';

/** The layout's long work, as messages a worker thread answers (layout-worker.ts). */
export type LayoutTask =
  | { kind: 'prepare-import'; files: Map<string, RepositoryFile & { oid: string }>; previous: LayoutState | undefined; projectDirectory: string }
  | { kind: 'plan-export'; pages: SpacePage[]; files: SpaceFile[]; state: LayoutState; bodies: Map<string, PmNodeJson> };

export type LayoutAnswer<T extends LayoutTask> = T extends { kind: 'prepare-import' } ? PrepareResult : ExportPlan;

export function runTask(task: LayoutTask): PrepareResult | ExportPlan {
  if (task.kind === 'prepare-import') return prepareImport(task.files, task.previous, task.projectDirectory);
  return planExport(task.pages, task.files, task.state, (pageId) => task.bodies.get(pageId));
}
