import type { IntegrationEventStatus } from '../../../../src-shared/contract/integrations.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import {
  findEventById, findInstallationById, findIntegrationById, recordEventOutcome, unfinishedEventIds, type EventRow,
  type InstallationRow, type IntegrationRow,
} from '../../domain/integrations/sql.js';
import { allowedOrigins } from './allowed-origins.js';
import type { RecordedEvents } from './recorded-events.js';
import { MIN_MEMORY_MB, runInSandbox, type SandboxLimits } from './sandbox.js';
import type { SandboxProgram } from './sandbox-program.js';
import { deliverToTunnel } from './tunnel.js';
import { Trace } from './trace.js';

declare module '../../core/pipeline/context.js' {
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

/** Two: the machines Folio runs on may have two cores, and the engine needs one. */
export const DEFAULT_CONCURRENT_RUNS = 2;

export interface RunnerSettings extends SandboxLimits {
  /** How many events run at once (a process each); the others wait their turn. */
  concurrentRuns: number;
  /** How a run's process is started (the desktop app names its bundled program). */
  program: SandboxProgram;
}

/** An event asked for, with its integration once known: an integration's events run one at a time. */
interface Waiting {
  eventId: string;
  integrationId?: string;
}

/**
 * Runs integration events in the background: each in a process of its own running the
 * integration's script (sandbox.ts), or, in development mode, sent to the developer's tunnel. At
 * most `concurrentRuns` at once; an integration's events one at a time, in the order they
 * happened, so that one busy or runaway integration holds up only itself. Requests record an event
 * and ask for it once they commit; the outcome and the trace are recorded in a short transaction
 * of their own. Events a previous run of the engine left unfinished are taken up at start.
 */
export class IntegrationRunner {
  private readonly stop = new AbortController();
  private readonly waiting: Waiting[] = [];
  /** The ids in `waiting`. */
  private readonly asked = new Set<string>();
  /** Running events by id, with their integration's id. */
  private readonly running = new Map<string, string>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly engineOrigin: () => string,
    readonly settings: RunnerSettings,
    recorded: RecordedEvents,
  ) {
    if (settings.memoryMb < MIN_MEMORY_MB) throw new Error(`integrations.memoryMb: at least ${MIN_MEMORY_MB} MB`);
    if (!(settings.concurrentRuns >= 1)) throw new Error('integrations.concurrentRuns: at least 1');
    // Events the triggers record: the runner loads each in a later tick, after the transaction ended.
    recorded.listen((eventId) => this.enqueue(eventId));
    for (const id of unfinishedEventIds(db)) this.enqueue(id);
  }

  /** Asks for an event once the current transaction commits (at once outside one). */
  enqueueAfterCommit(eventId: string): void {
    if (!this.db.raw.inTransaction) return this.enqueue(eventId);
    this.db.onTransactionEnd((committed) => committed && this.enqueue(eventId));
  }

  /** Starts in a later tick, after the current synchronous stretch: an engine closed in it (the CLI) runs nothing. */
  enqueue(eventId: string): void {
    if (this.running.has(eventId) || this.asked.has(eventId)) return;
    this.asked.add(eventId);
    this.waiting.push({ eventId });
    void Promise.resolve().then(() => this.pump());
  }

  /** Settles once every event asked for so far has run (and any asked for meanwhile). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.stop.abort();
    this.waiting.length = 0;
    this.asked.clear();
    this.pump();
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && this.running.size === 0;
  }

  /** Starts waiting events while there is room, skipping those whose integration is already running one. */
  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.running.size < this.settings.concurrentRuns && !this.stop.signal.aborted; ) {
      const entry = this.waiting[i]!;
      entry.integrationId ??= findEventById(this.db, entry.eventId)?.integration_id;
      if (entry.integrationId === undefined) {
        this.waiting.splice(i, 1);
        this.asked.delete(entry.eventId);
      } else if ([...this.running.values()].includes(entry.integrationId)) {
        i++;
      } else {
        this.waiting.splice(i, 1);
        this.asked.delete(entry.eventId);
        this.running.set(entry.eventId, entry.integrationId);
        void this.processLogged(entry.eventId).finally(() => {
          this.running.delete(entry.eventId);
          this.pump();
        });
      }
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** A failure of our own on one event must not stop the others. */
  private async processLogged(eventId: string): Promise<void> {
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
    if (goesToTunnel(integration, installation)) return deliverToTunnel(integration.dev_tunnel_url!, payload, { timeMs: this.settings.timeMs, stop }, trace);
    return runInSandbox({
      script: integration.script,
      event: payload,
      environment: {
        integration: { name: integration.name, version: integration.version },
        installation: installation ? { id: installation.id, organization: installation.organization_id } : null,
        secrets: JSON.parse(integration.secrets) as Record<string, string>,
      },
      allowedOrigins: allowedOrigins(integration, this.engineOrigin()),
      limits: this.settings,
      program: this.settings.program,
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
