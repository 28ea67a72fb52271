import { errorWords, stateWords, type OpenApiSpec } from './spec-words.js';

/** A spec's processing state and, after a failed run, its error code and each problem found. */
export function SpecStatus({ spec }: { spec: OpenApiSpec }) {
  const failure = errorWords(spec);
  return (
    <div className="spec-status">
      <span className="badges">
        <span className={`badge state-${spec.processingState}`} data-testid="processing-state">
          {spec.processingState}
        </span>
        <span className="note">{stateWords(spec)}</span>
        {spec.lastProcessErrorCode && (
          <span className="badge status-locked" data-testid="error-code">
            {spec.lastProcessErrorCode}
          </span>
        )}
      </span>
      {failure && (
        <div role="alert" className="problem">
          <p>{failure}</p>
          {spec.lastProcessedErrors && spec.lastProcessedErrors.length > 0 && (
            <ul className="spec-errors">
              {spec.lastProcessedErrors.map((error, index) => (
                <li key={index}>
                  {error.code && <code>{error.code}</code>} {error.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
