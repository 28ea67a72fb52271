import { planPullFromBytes, type PlannedPull, type PullInput } from './merge-plan.js';
import type { Direction } from './pull-changes.js';
import { compareBodies, type BodyShown, type ComparedBody, type PageBodySides } from './own-changes.js';

declare module '../../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A change request's page bodies compared with their bases and shown (`…/diff`, `…/changes`): two docs built per page. */
    compareOwnBodies: { input: { bodies: PageBodySides[]; shown: BodyShown }; output: ComparedBody[] };
    /** A change request's merge into main, or its update from main, planned from the bytes its docs held: every page it wrote merged by our rule. */
    planPull: { input: PullInput & { direction: Direction }; output: PlannedPull };
  }
}

export const mergeTasks = {
  compareOwnBodies: ({ bodies, shown }: { bodies: PageBodySides[]; shown: BodyShown }) => compareBodies(bodies, shown),
  planPull: planPullFromBytes,
};
