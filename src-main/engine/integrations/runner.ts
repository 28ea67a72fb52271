import type { IntegrationEventStatus } from '../../../src-shared/contract/integrations.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import {
  findEventById, findInstallationById, findIntegrationById, recordEventOutcome, unfinishedEventIds, type EventRow,
  type InstallationRow, type IntegrationRow,
} from '../api/integrations/sql.js';
import { allowedOrigins } from './allowed-origins.js';
import type { RecordedEvents } from './recorded-events.js';
import { runInSandbox, type SandboxLimits } from './sandbox.js';
import { deliverToTunnel } from './tunnel.js';
import { Trace } from './trace.js';

declare module '../pipeline/context.js' {
  interface Services {
    /** Runs integration events: a handler asks for one once its transaction commits. */
    integrations: Pick<IntegrationRunner, 'enqueueAfterCommit'>;
  }
}

/** One event, as its run needs it. */
interface Work {
  event: EventRow;
  integration: IntegrationRow;
  installation: InstallationRow | undefined;
}

/**
 * Runs integration events in the background, one at a time, in the order they happened: each in a
 * sandbox worker running the integration's script, or, in development mode, sent to the
 * developer's tunnel. Requests record an event and ask for it once they commit; the outcome and
 * the trace are recorded in a short transaction of their own. Events a previous run of the
 * engine left unfinished are taken up at start.
 */
export class IntegrationRunner {
  private readonly stop = new AbortController();
  /** The last event asked for: each waits for the one before, so events run one at a time, in order. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly engineOrigin: () => string,
    readonly limits: SandboxLimits,
    recorded: RecordedEvents,
  ) {
    // Events the triggers record: the runner loads each in a later tick, after the transaction ended.
    recorded.listen((eventId) => this.enqueue(eventId));
    for (const id of unfinishedEventIds(db)) this.enqueue(id);
  }

  /** Asks for an event once the current transaction commits (at once outside one). */
  enqueueAfterCommit(eventId: string): void {
    if (!this.db.raw.inTransaction) return this.enqueue(eventId);
    this.db.onTransactionEnd((committed) => committed && this.enqueue(eventId));
  }

  /** Chained, so it starts after the current synchronous stretch: an engine closed in it (the CLI) runs nothing. */
  enqueue(eventId: string): void {
    this.tail = this.tail.then(() => this.processLogged(eventId));
  }

  /** Settles once every event asked for so far has run. */
  whenIdle(): Promise<void> {
    return this.tail;
  }

  close(): void {
    this.stop.abort();
  }

  /** A failure of our own on one event must not stop the others. */
  private async processLogged(eventId: string): Promise<void> {
    if (this.stop.signal.aborted) return;
    try {
      await this.process(eventId);
    } catch (error) {
      if (!this.stop.signal.aborted) console.error(`Integration event ${eventId}: running it failed`, error);
    }
  }

  private async process(eventId: string): Promise<void> {
    const work = this.load(eventId);
    if (!work) return;
    const trace = new Trace(() => this.clock.now().toISOString());
    const status = await this.run(work, trace);
    if (this.stop.signal.aborted) return;
    this.db.transaction(() => {
      if (findEventById(this.db, eventId)) recordEventOutcome(this.db, eventId, { status, logs: trace.entries() }, this.clock.now().toISOString());
    });
  }

  /** The event and what it belongs to; undefined once finished or deleted with its integration. */
  private load(eventId: string): Work | undefined {
    return this.db.transaction(() => {
      const event = findEventById(this.db, eventId);
      if (!event || event.status !== null) return undefined;
      const integration = findIntegrationById(this.db, event.integration_id)!;
      const installation = event.installation_id ? findInstallationById(this.db, event.installation_id) : undefined;
      return { event, integration, installation };
    }, 'read');
  }

  private run({ event, integration, installation }: Work, trace: Trace): Promise<IntegrationEventStatus> {
    const payload = { ...(JSON.parse(event.payload) as object), eventId: event.id };
    const stop = this.stop.signal;
    if (goesToTunnel(integration, installation)) return deliverToTunnel(integration.dev_tunnel_url!, payload, { timeMs: this.limits.timeMs, stop }, trace);
    return runInSandbox({
      script: integration.script,
      event: payload,
      environment: {
        integration: { name: integration.name, version: integration.version },
        installation: installation ? { id: installation.id, organization: installation.organization_id } : null,
        secrets: JSON.parse(integration.secrets) as Record<string, string>,
      },
      allowedOrigins: allowedOrigins(integration, this.engineOrigin()),
      limits: this.limits,
      trace,
      stop,
    });
  }
}

/** In development mode, the owner's own events go to the tunnel; everyone's with `all`. */
function goesToTunnel(integration: IntegrationRow, installation: InstallationRow | undefined): boolean {
  if (integration.dev_tunnel_url === null) return false;
  return integration.dev_all === 1 || installation?.organization_id === integration.owner_id;
}
