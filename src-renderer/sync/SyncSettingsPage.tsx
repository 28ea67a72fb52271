import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { attempt, type Outcome } from '../api/call.js';
import { fieldProblem } from '../api/field-problem.js';
import { Loaded } from '../components/Loaded.js';
import { FormButtons } from '../components/FormButtons.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useSyncStore } from './sync-context.js';
import { pendingCount, pendingWords, type SyncStatus } from './sync-words.js';

/** The hub this engine replicates with: its state, and the address and token to connect with. */
export function SyncSettingsPage() {
  const store = useSyncStore();
  const status = useStore(store, (state) => state.status);
  const refresh = useStore(store, (state) => state.refresh);
  return (
    <section aria-labelledby="sync-title">
      <h2 id="sync-title">Sync</h2>
      <p className="note">
        Replicate this device's spaces with a hub your team runs (any Folio engine). Edits made offline wait here and are sent when the hub is back.
      </p>
      <Loaded resource={status} what="the sync status" onRetry={() => void refresh()}>
        {(current) => (
          <>
            <SyncDetails status={current} />
            {current.permissions.configure ? (
              <HubForm key={current.url ?? ''} status={current} onChanged={() => void refresh()} />
            ) : (
              <p className="note">Only this device&apos;s owner, whose token is in its data folder, connects it to a hub or disconnects it.</p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

const STATE_WORDS: Record<SyncStatus['state'], string> = {
  connected: 'Connected',
  connecting: 'Connecting',
  offline: 'Offline: waiting to try again',
  refused: 'Refused by the hub: not trying again until the settings change',
  disabled: 'Not set up',
};

export function SyncDetails({ status }: { status: SyncStatus }) {
  return (
    <dl className="fields" aria-label="Sync status">
      <dt>State</dt>
      <dd data-testid="sync-state">{STATE_WORDS[status.state]}</dd>
      <dt>Hub</dt>
      <dd>{status.url ? <code>{status.url}</code> : 'None'}</dd>
      {status.connectedTo && status.connectedTo !== status.url && (
        <>
          <dt>Connected to</dt>
          <dd data-testid="sync-connected-to">
            <code>{status.connectedTo}</code>
          </dd>
        </>
      )}
      <dt>Pending</dt>
      <dd data-testid="sync-pending">{pendingWords(pendingCount(status))}</dd>
      <dt>Last sync</dt>
      <dd>{status.lastSyncAt ? formatDate(status.lastSyncAt) : 'Never'}</dd>
      {status.lastProblem && (
        <>
          <dt>Last problem</dt>
          <dd className="problem">{status.lastProblem}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * Connect (or switch hubs) with an address and a token; disconnect forgets the hub, keeping local
 * work. The engine checks the hub before it saves (it answers "No hub answers at …", "The hub
 * refused this token"…), which can take a few seconds: the form says it is checking, and shows
 * a refusal beside the field it is about.
 */
export function HubForm({ status, onChanged }: { status: SyncStatus; onChanged(): void }) {
  const { client } = useWorkspace();
  const id = useId();
  const [url, setUrl] = useState(status.url ?? '');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState<'checking' | 'disconnecting'>();
  const [problem, setProblem] = useState<{ field?: 'url' | 'token'; text: string }>();
  const run = async (doing: 'checking' | 'disconnecting', change: Promise<Outcome<unknown>>) => {
    setBusy(doing);
    const outcome = await change;
    setBusy(undefined);
    setProblem(outcome.ok ? undefined : fieldProblem(outcome, ['url', 'token']));
    if (outcome.ok) onChanged();
  };
  const connect = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void run('checking', attempt(client, 'updateSyncSettings', { params: undefined, body: { url: url.trim(), token: token.trim() } }));
  };
  const about = (field: 'url' | 'token') => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {});
  return (
    <form className="card stacked-form" aria-labelledby={`${id}-legend`} aria-busy={busy !== undefined} onSubmit={connect}>
      <h3 id={`${id}-legend`}>{status.url ? 'Change the hub' : 'Connect to a hub'}</h3>
      <label htmlFor={`${id}-url`}>Hub address</label>
      <input
        id={`${id}-url`}
        value={url}
        required
        maxLength={2048}
        placeholder="ws://127.0.0.1:4471/v1/sync"
        onChange={(event) => setUrl(event.target.value)}
        {...about('url')}
      />
      <p className="note">A hub of several processes: their addresses separated by commas; Folio moves to the next when one fails.</p>
      <label htmlFor={`${id}-token`}>Hub token</label>
      <input
        id={`${id}-token`}
        type="password"
        autoComplete="off"
        value={token}
        required
        maxLength={512}
        onChange={(event) => setToken(event.target.value)}
        {...about('token')}
      />
      <p className="note">A token of your account on the hub. Folio checks the hub and the token before it saves them; the first connection makes this device's work yours there.</p>
      <div id={`${id}-problem`}>
        <ProblemLine problem={problem?.text} />
      </div>
      {busy === 'checking' && (
        <p role="status" className="note">
          Checking the hub…
        </p>
      )}
      <span className="form-buttons">
        <FormButtons submitLabel="Connect" busy={busy !== undefined} />
        {status.url && (
          <button type="button" className="secondary" disabled={busy !== undefined} onClick={() => void run('disconnecting', attempt(client, 'deleteSyncSettings', { params: undefined }))}>
            Disconnect
          </button>
        )}
      </span>
    </form>
  );
}
