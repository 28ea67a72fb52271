import { useState } from 'react';
import { attempt } from '../api/call.js';
import type { SamlProvider } from '../api/types.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { LoadedList } from '../components/Loaded.js';
import { NameForm } from '../components/NameForm.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { SamlProviderForm } from './SamlProviderForm.js';
import { useAction } from './use-action.js';

/** Single sign-on: the organization's SAML providers, what the identity provider needs, and their setup. */
export function SsoPage({ org }: { org: string }) {
  const { client } = useWorkspace();
  const [creating, setCreating] = useState(false);
  const params = { organizationId: org };
  const { resource, reload } = useResource(`saml/${org}`, () => attempt(client, 'listSAMLProvidersInOrganizationById', { params }));
  const { problem, run } = useAction(reload);
  return (
    <section aria-labelledby="sso-title">
      <div className="panel-head">
        <h2 id="sso-title">Single sign-on</h2>
        <button type="button" onClick={() => setCreating(true)}>
          New SAML provider
        </button>
      </div>
      {creating && (
        <NameForm label="Provider label" submitLabel="Create provider" maxLength={30} onCancel={() => setCreating(false)} onSubmit={(label) => run(attempt(client, 'createOrganizationSAMLProvider', { params, body: { label } }))} />
      )}
      <ProblemLine problem={problem} />
      <LoadedList resource={resource} what="SAML providers" empty="No SAML provider: members sign in with their Folio tokens." onRetry={reload}>
        {(providers) => (
          <ul className="rows">
            {providers.map((provider) => (
              <ProviderRow key={provider.id} org={org} provider={provider} run={run} />
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}

function ProviderRow({ org, provider, run }: { org: string; provider: SamlProvider; run(change: Promise<unknown>): Promise<boolean> }) {
  const { client } = useWorkspace();
  const [mode, setMode] = useState<'idle' | 'edit' | 'delete'>('idle');
  const params = { organizationId: org, samlProviderId: provider.id };
  const idle = () => setMode('idle');
  return (
    <li className="row-card provider">
      <strong>{provider.label}</strong>
      <span className={`badge status-${provider.status}`}>{provider.status === 'active' ? 'active' : 'pending setup'}</span>
      <span className="form-buttons">
        <button type="button" className="quiet" aria-label={`Edit ${provider.label}`} onClick={() => setMode('edit')}>
          Edit
        </button>
        <button type="button" className="quiet" aria-label={`Delete ${provider.label}`} onClick={() => setMode('delete')}>
          Delete
        </button>
      </span>
      <dl className="fields">
        <dt>ACS URL</dt>
        <dd>
          <code>{provider.service.acsURL}</code>
        </dd>
        <dt>Entity ID for the identity provider</dt>
        <dd>
          <code>{provider.service.entityID}</code>
        </dd>
      </dl>
      {mode === 'edit' && (
        <SamlProviderForm provider={provider} onCancel={idle} onSave={(body) => run(attempt(client, 'updateOrganizationSAMLProvider', { params, body }))} />
      )}
      {mode === 'delete' && (
        <ConfirmAction question={`Delete the provider “${provider.label}”?`} confirmLabel="Delete" onConfirm={() => run(attempt(client, 'deleteOrganizationSAMLProvider', { params }))} onCancel={idle} />
      )}
    </li>
  );
}
