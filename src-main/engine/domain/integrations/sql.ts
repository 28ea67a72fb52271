import type {
  InstallationSetupEvent, IntegrationEventLog, IntegrationEventStatus, IntegrationInstallationStatus, IntegrationTarget,
  IntegrationVisibility, PublishIntegration,
} from '../../../../src-shared/contract/integrations.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';

export interface IntegrationRow {
  id: string;
  name: string;
  owner_id: string;
  version: number;
  runtime: string;
  title: string;
  description: string;
  summary: string | null;
  icon: string | null;
  preview_images: string;
  visibility: IntegrationVisibility;
  target: IntegrationTarget;
  scopes: string;
  categories: string;
  blocks: string;
  content_sources: string;
  configurations: string | null;
  external_links: string;
  content_security_policy: string | null;
  script: string;
  secrets: string;
  dev_tunnel_url: string | null;
  dev_all: number;
  created_at: string;
  updated_at: string;
}

export interface InstallationRow {
  id: string;
  integration_id: string;
  organization_id: string;
  status: IntegrationInstallationStatus;
  configuration: string;
  external_ids: string;
  space_selection: 'all' | 'selected';
  site_selection: 'all' | 'selected';
  created_at: string;
  updated_at: string;
}

export interface EventRow {
  id: string;
  integration_id: string;
  installation_id: string | null;
  seq: number;
  payload: string;
  status: IntegrationEventStatus | null;
  logs: string;
  created_at: string;
  finished_at: string | null;
}

export function findIntegration(db: Database, name: string): IntegrationRow | undefined {
  return db.get<IntegrationRow>('SELECT * FROM integrations WHERE name = ?', name);
}

export function findIntegrationById(db: Database, id: string): IntegrationRow | undefined {
  return db.get<IntegrationRow>('SELECT * FROM integrations WHERE id = ?', id);
}

export function allIntegrations(db: Database): IntegrationRow[] {
  return db.all<IntegrationRow>('SELECT * FROM integrations ORDER BY name');
}

const json = (value: unknown) => JSON.stringify(value);

/** The manifest columns a publication writes; the script and the secrets are among them. */
function manifestColumns(body: PublishIntegration): unknown[] {
  return [
    body.runtime, body.title, body.description, body.summary ?? null, body.icon ?? null, json(body.previewImages ?? []),
    body.visibility, body.target, json(body.scopes), json(body.categories ?? []), json(body.blocks ?? []),
    json(body.contentSources ?? []), body.configurations ? json(body.configurations) : null, json(body.externalLinks ?? []),
    body.contentSecurityPolicy !== undefined ? json(body.contentSecurityPolicy) : null, body.script, json(body.secrets ?? {}),
  ];
}

const MANIFEST = `runtime, title, description, summary, icon, preview_images, visibility, target, scopes, categories, blocks,
  content_sources, configurations, external_links, content_security_policy, script, secrets`;

export function insertIntegration(db: Database, name: string, ownerId: string, body: PublishIntegration, now: string): void {
  db.run(
    `INSERT INTO integrations (id, name, owner_id, version, ${MANIFEST}, created_at, updated_at)
     VALUES (?, ?, ?, 1, ${Array(17).fill('?').join(', ')}, ?, ?)`,
    newId(), name, ownerId, ...manifestColumns(body), now, now,
  );
}

/** A new version: the manifest is replaced; the development tunnel and the installations stay. */
export function republishIntegration(db: Database, id: string, body: PublishIntegration, now: string): void {
  const assignments = MANIFEST.split(',').map((column) => `${column.trim()} = ?`).join(', ');
  db.run(`UPDATE integrations SET version = version + 1, ${assignments}, updated_at = ? WHERE id = ?`, ...manifestColumns(body), now, id);
}

export function deleteIntegration(db: Database, id: string): void {
  db.run('DELETE FROM integrations WHERE id = ?', id);
}

export function setDevelopmentTunnel(db: Database, id: string, tunnel: { url: string; all: boolean } | null, now: string): void {
  db.run(
    'UPDATE integrations SET dev_tunnel_url = ?, dev_all = ?, updated_at = ? WHERE id = ?',
    tunnel?.url ?? null, tunnel?.all ? 1 : 0, now, id,
  );
}

export function findInstallation(db: Database, integrationId: string, organizationId: string): InstallationRow | undefined {
  return db.get<InstallationRow>(
    'SELECT * FROM integration_installations WHERE integration_id = ? AND organization_id = ?', integrationId, organizationId,
  );
}

export function findInstallationById(db: Database, id: string): InstallationRow | undefined {
  return db.get<InstallationRow>('SELECT * FROM integration_installations WHERE id = ?', id);
}

export function insertInstallation(db: Database, integrationId: string, organizationId: string, now: string): InstallationRow {
  const id = newId();
  db.run(
    `INSERT INTO integration_installations (id, integration_id, organization_id, status, created_at, updated_at)
     VALUES (?, ?, ?, 'active', ?, ?)`,
    id, integrationId, organizationId, now, now,
  );
  return findInstallationById(db, id)!;
}

/** Installing again sets an installation up again: it is active from now. */
export function reactivateInstallation(db: Database, id: string, now: string): InstallationRow {
  db.run("UPDATE integration_installations SET status = 'active', updated_at = ? WHERE id = ?", now, id);
  return findInstallationById(db, id)!;
}

/**
 * The installations of an integration in the given organizations (all of them when `organizations`
 * is undefined), oldest first; `externalId` keeps those that carry it.
 */
export function installationsOf(
  db: Database,
  integrationId: string,
  organizations: readonly string[] | undefined,
  externalId: string | undefined,
): InstallationRow[] {
  const rows = db.all<InstallationRow>(
    'SELECT * FROM integration_installations WHERE integration_id = ? ORDER BY created_at, id', integrationId,
  );
  return rows.filter(
    (row) =>
      (organizations === undefined || organizations.includes(row.organization_id)) &&
      (externalId === undefined || (JSON.parse(row.external_ids) as string[]).includes(externalId)),
  );
}

export function insertEvent(db: Database, integrationId: string, payload: Omit<InstallationSetupEvent, 'eventId'>, now: string): string {
  const id = newId();
  db.run(
    `INSERT INTO integration_events (id, integration_id, installation_id, seq, payload, created_at)
     VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM integration_events), ?, ?)`,
    id, integrationId, payload.installationId, json(payload), now,
  );
  return id;
}

/** A finished event, with the organization its installation is in. */
export function findEvent(
  db: Database,
  integrationId: string,
  eventId: string,
): (EventRow & { installation_organization: string | null }) | undefined {
  return db.get(
    `SELECT e.*, i.organization_id AS installation_organization FROM integration_events e
     LEFT JOIN integration_installations i ON i.id = e.installation_id
     WHERE e.integration_id = ? AND e.id = ? AND e.status IS NOT NULL`,
    integrationId, eventId,
  );
}

export function findEventById(db: Database, eventId: string): EventRow | undefined {
  return db.get<EventRow>('SELECT * FROM integration_events WHERE id = ?', eventId);
}

/**
 * The finished events of an integration, newest first; those of installations in `organizations`
 * only, unless it is undefined (the owner's administrators see every event).
 */
export function eventsOf(integrationId: string, organizations: readonly string[] | undefined): KeysetQuery {
  const inOrganizations = organizations === undefined
    ? ''
    : ` AND installation_id IN (SELECT id FROM integration_installations WHERE organization_id IN (${organizations.map(() => '?').join(', ') || 'NULL'}))`;
  return {
    select: '*',
    from: 'integration_events',
    where: `integration_id = ? AND status IS NOT NULL${inOrganizations}`,
    params: [integrationId, ...(organizations ?? [])],
    order: [{ expr: 'seq', column: 'seq', desc: true }],
  };
}

export function unfinishedEventIds(db: Database): string[] {
  return db.all<{ id: string }>('SELECT id FROM integration_events WHERE status IS NULL ORDER BY seq').map((row) => row.id);
}

export function recordEventOutcome(
  db: Database,
  eventId: string,
  outcome: { status: IntegrationEventStatus; logs: IntegrationEventLog[] },
  now: string,
): void {
  db.run(
    'UPDATE integration_events SET status = ?, logs = ?, finished_at = ? WHERE id = ?',
    outcome.status, json(outcome.logs), now, eventId,
  );
}
