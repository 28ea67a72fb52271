import type { Answer } from '../api/types.js';

export type SyncStatus = Answer<'getSyncStatus'>;

/** How the indicator looks: its colour follows the tone. */
export type SyncTone = 'synced' | 'busy' | 'offline' | 'local';

export interface SyncSummary {
  tone: SyncTone;
  /** The line the status bar shows: state, pending changes, last sync. */
  label: string;
}

const STATE_WORDS: Record<SyncStatus['state'], string> = {
  connected: 'Connected',
  connecting: 'Connecting…',
  offline: 'Offline',
  refused: 'Refused by the hub',
  disabled: 'Local only',
};

/** The status bar's words for the engine's sync status, as of `now`. */
export function summarizeSync(status: SyncStatus, now: Date): SyncSummary {
  if (status.state === 'disabled') return { tone: 'local', label: 'Local only: sync is not set up on this device' };
  const parts = [STATE_WORDS[status.state], pendingWords(pendingCount(status)), `last sync ${relativeTime(status.lastSyncAt, now)}`];
  return { tone: toneOf(status), label: parts.join(' · ') };
}

function toneOf(status: SyncStatus): SyncTone {
  if (status.state === 'offline' || status.state === 'refused') return 'offline';
  return status.state === 'connected' && pendingCount(status) === 0 ? 'synced' : 'busy';
}

/** What waits for the hub: docs of the outbox and metadata changes, one count for the person. */
export function pendingCount(status: Pick<SyncStatus, 'outbox' | 'pendingChanges'>): number {
  return status.outbox + status.pendingChanges;
}

export function pendingWords(pending: number): string {
  if (pending === 0) return 'no pending changes';
  return pending === 1 ? '1 pending change' : `${pending} pending changes`;
}

/** "just now", "5 min ago", "3 h ago", then the date; "never" before the first sync. */
export function relativeTime(timestamp: string | null, now: Date): string {
  if (!timestamp) return 'never';
  const seconds = Math.max(0, (now.getTime() - new Date(timestamp).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(timestamp).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
