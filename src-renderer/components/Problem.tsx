export function Problem({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="card problem-card">
      <p role="alert" className="problem">
        {message}
      </p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
