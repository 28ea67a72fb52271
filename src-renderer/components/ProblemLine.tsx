/** A failed action's reason, announced when it appears. */
export function ProblemLine({ problem }: { problem?: string }) {
  if (!problem) return null;
  return (
    <p role="alert" className="problem">
      {problem}
    </p>
  );
}
