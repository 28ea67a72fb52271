import { writeBody } from '../../../../src-shared/content/index.js';
import { buildBody } from '../content/built-body.js';
import { bodyFromRows } from '../content/page-body.js';
import { prepareArchive, type ArchivePrepared } from './layout/archive.js';
import { prepareImport, type PrepareResult } from './layout/prepare.js';
import type { RepositoryFile } from './layout/read-repository.js';
import { planExport, type ExportPlan, type LayoutState, type SpaceFile, type SpaceListing, type SpacePage } from './layout/write-repository.js';

export interface PrepareImportInput {
  files: Map<string, RepositoryFile & { oid: string }>;
  previous: LayoutState | undefined;
  projectDirectory: string;
  /** Files Git found renamed since the last sync, new path to old. */
  renames?: Map<string, string>;
  /** On a first import, the space as it is, its pages matched by path, and the ids an earlier one proposed (`prepareImport`). */
  space?: SpaceListing;
  proposed?: Map<string, string>;
}

export interface PrepareArchiveInput {
  zip: Uint8Array;
  previous: LayoutState | undefined;
  space?: SpaceListing;
  proposed?: Map<string, string>;
}

export interface PlanExportInput {
  pages: SpacePage[];
  files: SpaceFile[];
  state: LayoutState;
  /** Page id → its body doc's rows as stored: read into bodies here, off the event loop. */
  bodies: Map<string, Uint8Array[]>;
}

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A repository's files read into pages (a thousand pages of Markdown take seconds). */
    gitPrepareImport: { input: PrepareImportInput; output: PrepareResult };
    /** A folder uploaded as a zip, inflated and read into pages. */
    gitPrepareArchive: { input: PrepareArchiveInput; output: ArchivePrepared };
    /** A space's pages rendered into the files of its repository. */
    gitPlanExport: { input: PlanExportInput; output: ExportPlan };
  }
}

/** Git Sync's long work, which the engine's worker threads run (docs/git-sync.md). */
export const layoutTasks = {
  gitPrepareImport: ({ files, previous, projectDirectory, space, proposed, renames }: PrepareImportInput) =>
    withBuiltBodies(prepareImport(files, previous, projectDirectory, { space, proposed, renames }), previous),
  gitPrepareArchive: ({ zip, previous, space, proposed }: PrepareArchiveInput) => prepareArchive(zip, previous, { space, proposed }),
  gitPlanExport: ({ pages, files, state, bodies }: PlanExportInput) => planExport(pages, files, state, (pageId) => {
    const rows = bodies.get(pageId);
    return rows && bodyFromRows(rows);
  }),
};

/**
 * The bodies of pages the last sync did not know, written into new docs here in the worker, as
 * the import writes a new page's (space-content.ts): the import's one transaction then appends
 * them and writes their rows, rather than building and reading every new doc on the event loop
 * (most of a first import's 4.8 s transaction for 208 pages).
 */
function withBuiltBodies(result: PrepareResult, previous: LayoutState | undefined): PrepareResult {
  if (!result.ok) return result;
  // A renamed file's page is not new: its doc is there, and the import rewrites it in place.
  const known = new Set([...(previous?.keys.keys() ?? []), ...result.value.renamed.keys()]);
  for (const page of result.value.imported.pages) {
    const body = page.body;
    if (body && !known.has(page.key)) page.built = buildBody((doc) => writeBody(doc, body));
  }
  return result;
}
