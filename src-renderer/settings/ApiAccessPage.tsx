import { useState } from 'react';
import { CopyButton } from '../components/CopyButton.js';
import type { ApiAccess } from '../store/session.js';

/** Where other programs reach this engine: the loopback address and the token of this session. */
export function ApiAccessPage({ access }: { access: ApiAccess }) {
  const [shown, setShown] = useState(false);
  if (access.kind === 'desktop') {
    return (
      <section aria-labelledby="api-title">
        <h2 id="api-title">API access</h2>
        <p>
          This window talks to the engine over the desktop app&apos;s own channel, without a token. The app also serves the
          API on a loopback port for other programs; the address is printed when the app starts, and the owner&apos;s token
          is the file <code>token</code> in the app&apos;s data folder.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="api-title">
      <h2 id="api-title">API access</h2>
      <p className="note">
        Programs on this computer can call the same API, for example the official <code>@gitbook/api</code> client.
      </p>
      <dl className="fields">
        <dt>Address</dt>
        <dd>
          <code data-testid="api-address">{access.origin}</code> <CopyButton value={access.origin} label="Copy the address" />
        </dd>
        <dt>Token</dt>
        <dd>
          <code data-testid="api-token">{shown ? access.token : '•'.repeat(12)}</code>{' '}
          <button type="button" className="quiet" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>{' '}
          <CopyButton value={access.token} label="Copy the token" />
        </dd>
      </dl>
      <p className="note">
        Send it as <code>Authorization: Bearer …</code>. Anyone holding it acts as you: keep it on this computer.
      </p>
    </section>
  );
}
