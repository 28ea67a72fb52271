import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Resource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { useSyncStore } from './sync-context.js';
import { summarizeSync, type SyncStatus, type SyncSummary } from './sync-words.js';

/** The status bar's sync line, always visible; polls while it is shown. Leads to Settings › Sync in an organization. */
export function SyncIndicator({ org }: { org?: string }) {
  const store = useSyncStore();
  const status = useStore(store, (state) => state.status);
  useEffect(() => store.getState().follow(), [store]);
  return <SyncIndicatorView status={status} now={new Date()} href={org ? hrefFor({ screen: 'settings', org, section: 'sync' }) : undefined} />;
}

export function SyncIndicatorView({ status, now, href }: { status: Resource<SyncStatus>; now: Date; href?: string }) {
  const summary = summaryOf(status, now);
  const problem = status.status === 'failed' ? status.problem : status.status === 'ready' ? status.data.lastProblem : null;
  return (
    <span
      className="sync-indicator"
      role="status"
      data-tone={summary.tone}
      data-state={status.status === 'ready' ? status.data.state : status.status}
      data-outbox={status.status === 'ready' ? status.data.outbox : undefined}
      title={problem ?? undefined}
    >
      <span className="sync-dot" aria-hidden="true" />
      {href ? <a href={href}>{summary.label}</a> : summary.label}
    </span>
  );
}

function summaryOf(status: Resource<SyncStatus>, now: Date): SyncSummary {
  if (status.status === 'loading') return { tone: 'busy', label: 'Checking sync…' };
  if (status.status === 'failed') return { tone: 'offline', label: 'Sync status unavailable' };
  return summarizeSync(status.data, now);
}
