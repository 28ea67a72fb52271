import { useState } from 'react';
import type { FolioBridge } from '../../src-shared/client/bridge.js';
import { CopyButton } from '../components/CopyButton.js';
import { Loaded } from '../components/Loaded.js';
import { useResource } from '../hooks/use-resource.js';
import type { ApiAccess } from '../store/session.js';

/**
 * Where other programs reach this engine, and the token they send: in a browser this tab's own,
 * in the desktop window the loopback address and the owner's token, asked of the shell.
 */
export function ApiAccessPage({ access }: { access: ApiAccess }) {
  return (
    <section aria-labelledby="api-title">
      <h2 id="api-title">API access</h2>
      <p className="note">
        Programs on this computer can call the same API, for example the official <code>@gitbook/api</code> client.
      </p>
      {access.kind === 'browser' ? <AccessFields address={access.origin} token={access.token} /> : <DesktopAccess bridge={access.bridge} />}
      <p className="note">
        Send it as <code>Authorization: Bearer …</code>. Anyone holding it acts as you: keep it on this computer.
      </p>
    </section>
  );
}

function DesktopAccess({ bridge }: { bridge: FolioBridge }) {
  const { resource, reload } = useResource('desktop-settings', async () => {
    try {
      return { ok: true as const, data: await bridge.settings() };
    } catch {
      return { ok: false as const, problem: 'The app did not say where its API is. Restart Folio and try again.' };
    }
  });
  return (
    <Loaded resource={resource} what="the API address" onRetry={reload}>
      {(settings) => <AccessFields address={settings.apiAddress} token={settings.token} />}
    </Loaded>
  );
}

function AccessFields({ address, token }: { address: string; token: string }) {
  const [shown, setShown] = useState(false);
  return (
    <dl className="fields">
      <dt>Address</dt>
      <dd>
        <code data-testid="api-address">{address}</code> <CopyButton value={address} label="Copy the address" />
      </dd>
      <dt>Token</dt>
      <dd>
        <code data-testid="api-token">{shown ? token : '•'.repeat(12)}</code>{' '}
        <button type="button" className="quiet" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>{' '}
        <CopyButton value={token} label="Copy the token" />
      </dd>
    </dl>
  );
}
