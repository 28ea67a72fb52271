import { planMerge, type MergeInput, type PlannedMerge } from './merge-plan.js';
import { compareBodies, type BodyShown, type ComparedBody, type PageBodySides } from './own-changes.js';

declare module '../../workers/tasks.js' {
  interface WorkerTasks {
    /** A change request's page bodies compared with their bases and shown (`…/diff`, `…/changes`): two docs built per page. */
    compareOwnBodies: { input: { bodies: PageBodySides[]; shown: BodyShown }; output: ComparedBody[] };
    /** A change request's merge into main planned from the bytes its docs held (`mergeChangeRequest`): every page it changed merged by our rule. */
    planMerge: { input: MergeInput; output: PlannedMerge };
  }
}

export const mergeTasks = {
  compareOwnBodies: ({ bodies, shown }: { bodies: PageBodySides[]; shown: BodyShown }) => compareBodies(bodies, shown),
  planMerge,
};
