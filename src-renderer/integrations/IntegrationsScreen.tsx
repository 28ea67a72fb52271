import { useState } from 'react';
import { attempt } from '../api/call.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { IntegrationEvents } from './IntegrationEvents.js';
import { loadOrganizationIntegrations, type InstalledIntegration, type Integration } from './installed.js';

/** An organization's installed integrations with their events and logs, and the ones it could install. */
export function IntegrationsScreen({ org }: { org: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`integrations/${org}`, () => loadOrganizationIntegrations(client, org));
  return (
    <section aria-labelledby="integrations-title" className="screen">
      <h1 id="integrations-title">Integrations</h1>
      <p className="note">An integration's script runs on its events in a sandbox; what it logs is kept with each event.</p>
      <Loaded resource={resource} what="integrations" onRetry={reload}>
        {({ installed, available }) => (
          <>
            <h2>Installed</h2>
            {installed.length === 0 ? (
              <p className="note">No integration is installed in this organization.</p>
            ) : (
              <ul className="rows" aria-label="Installed integrations">
                {installed.map((entry) => (
                  <InstalledRow key={entry.integration.name} entry={entry} />
                ))}
              </ul>
            )}
            <h2>Available</h2>
            {available.length === 0 ? (
              <p className="note">No other integration is published.</p>
            ) : (
              <ul className="rows" aria-label="Available integrations">
                {available.map((integration) => (
                  <AvailableRow key={integration.name} org={org} integration={integration} onInstalled={reload} />
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

function Heading({ integration }: { integration: Integration }) {
  return (
    <>
      <strong>{integration.title}</strong>
      <span className="note">
        {integration.name} · version {integration.version} · by {integration.owner.title}
      </span>
    </>
  );
}

function InstalledRow({ entry }: { entry: InstalledIntegration }) {
  const { integration, installation } = entry;
  return (
    <li className="row-card" data-kind="installed-integration">
      <Heading integration={integration} />
      <span className="note">
        {installation.status === 'active' ? 'Active' : installation.status} since {formatDate(installation.updatedAt)}
      </span>
      <IntegrationEvents name={integration.name} />
    </li>
  );
}

function AvailableRow({ org, integration, onInstalled }: { org: string; integration: Integration; onInstalled(): void }) {
  const { client } = useWorkspace();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const install = async () => {
    setBusy(true);
    const outcome = await attempt(client, 'installIntegration', { params: { integrationName: integration.name }, body: { organization: org } });
    setBusy(false);
    if (outcome.ok) onInstalled();
    else setProblem(outcome.problem);
  };
  return (
    <li className="row-card" data-kind="available-integration">
      <Heading integration={integration} />
      {integration.description && <span>{integration.description}</span>}
      <button type="button" disabled={busy} onClick={() => void install()} aria-label={`Install ${integration.title}`}>
        Install
      </button>
      <ProblemLine problem={problem} />
    </li>
  );
}
