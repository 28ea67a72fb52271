import type { ReactNode } from 'react';
import type { Resource } from '../hooks/use-resource.js';
import { Problem } from './Problem.js';

interface Props<T> {
  resource: Resource<T>;
  /** What is being loaded, for the loading line: "Loading members…". */
  what: string;
  onRetry(): void;
  children(data: T): ReactNode;
}

/** The loading and error states every screen shares; the screen draws only its data. */
export function Loaded<T>({ resource, what, onRetry, children }: Props<T>) {
  switch (resource.status) {
    case 'loading':
      return (
        <p role="status" className="note">
          Loading {what}…
        </p>
      );
    case 'failed':
      return <Problem message={resource.problem} onRetry={onRetry} />;
    case 'ready':
      return <>{children(resource.data)}</>;
  }
}

interface ListProps<T> {
  resource: Resource<{ items: T[] }>;
  what: string;
  /** Said instead of an empty list. */
  empty: string;
  onRetry(): void;
  children(items: T[]): ReactNode;
}

/** A loaded list: its loading and error states, and a sentence when there is nothing in it. */
export function LoadedList<T>({ resource, what, empty, onRetry, children }: ListProps<T>) {
  return (
    <Loaded resource={resource} what={what} onRetry={onRetry}>
      {(list) => (list.items.length === 0 ? <p className="note">{empty}</p> : children(list.items))}
    </Loaded>
  );
}
