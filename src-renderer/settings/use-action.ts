import { useState } from 'react';
import type { Outcome } from '../api/call.js';

/**
 * Runs a change and keeps its failure in words; on success `onDone` runs (usually a reload).
 * Resolves whether it worked, which the forms use to close.
 */
export function useAction(onDone: () => void): { problem?: string; run(change: Promise<Outcome<unknown>>): Promise<boolean> } {
  const [problem, setProblem] = useState<string>();
  const run = async (change: Promise<Outcome<unknown>>) => {
    const outcome = await change;
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) onDone();
    return outcome.ok;
  };
  return { problem, run };
}
