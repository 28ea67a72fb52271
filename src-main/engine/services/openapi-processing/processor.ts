import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import {
  findSpecById, insertVersion, latestVersion, markInProgress, recordOutcome, unfinishedSpecIds, type ProcessOutcome, type SpecRow,
} from '../../domain/openapi-specs/sql.js';
import { fetchSource, type FetchPolicy } from './fetch-source.js';
import type { ParsedSpec } from './parse-spec.js';
import { specFileName } from './file-name.js';
import { JobQueue } from '../../core/jobs/job-queue.js';

/** Told, once the transaction that cut it has committed, that a spec has a new version; the spec's run ends when it settles. */
export type VersionHook = (spec: SpecRow, versionId: string, now: string) => Promise<void>;

export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** Processes OpenAPI specs: a handler asks for one once its transaction commits, under the engine's fetch policy. */
    openapi: Pick<OpenAPIProcessor, 'enqueueAfterCommit' | 'policy'>;
  }
}

/**
 * Processes OpenAPI specs in the background, one at a time, in the order asked: fetch (when the
 * source is an address), parse and validate, then record the outcome and cut a version when the
 * text changed. Requests only mark a spec `pending` and ask for it after their transaction
 * commits; each step here runs in its own short transaction, and a run whose spec got a new
 * source meanwhile records nothing (the new source is already queued). Specs left unfinished by
 * a previous run of the engine are taken up again at start.
 */
export class OpenAPIProcessor {
  private readonly jobs: JobQueue;
  private readonly versionHooks: VersionHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly policy: FetchPolicy,
    /** Reads and validates a specification's text, off the event loop (the engine's worker threads). */
    private readonly parse: (text: string) => Promise<ParsedSpec>,
  ) {
    this.jobs = new JobQueue(db, 'OpenAPI spec', (specId) => this.process(specId));
    for (const id of unfinishedSpecIds(db)) this.enqueue(id);
  }

  /** Runs `hook` whenever a version is cut (computed pages follow their spec). */
  onVersion(hook: VersionHook): void {
    this.versionHooks.push(hook);
  }

  /** Asks for a spec once the current transaction commits (at once outside one). */
  enqueueAfterCommit(specId: string): void {
    this.jobs.enqueueAfterCommit(specId);
  }

  enqueue(specId: string): void {
    this.jobs.enqueue(specId);
  }

  /** Settles once nothing is queued or running. */
  whenIdle(): Promise<void> {
    return this.jobs.whenIdle();
  }

  close(): void {
    this.jobs.close();
  }

  private get closed(): boolean {
    return this.jobs.closed;
  }

  private async process(specId: string): Promise<void> {
    const spec = this.claim(specId);
    if (!spec) return;
    const outcome = await this.run(spec);
    if (this.closed) return;
    const version = this.record(spec, outcome);
    if (!version) return;
    for (const hook of this.versionHooks) {
      try {
        await hook(version.spec, version.versionId, version.now);
      } catch (error) {
        // The version stands; what follows it (computed pages) is written again with the next one.
        if (!this.closed) console.error(`OpenAPI spec ${spec.id}: following version ${version.versionId} failed`, error);
      }
    }
    if (this.closed) return;
    // Complete once what follows the version shows it, as when both were written at once.
    this.db.transaction(() => {
      const current = findSpecById(this.db, spec.id);
      if (current && current.source_generation === spec.source_generation) recordOutcome(this.db, spec.id, { versionId: version.versionId, errorCode: null, errors: [] }, version.now);
    });
  }

  /** Marks the spec in progress; undefined when it was deleted meanwhile. */
  private claim(specId: string): SpecRow | undefined {
    if (this.closed) return undefined;
    return this.db.transaction(() => {
      const spec = findSpecById(this.db, specId);
      if (spec) markInProgress(this.db, specId);
      return spec;
    });
  }

  private async run(spec: SpecRow): Promise<RunResult> {
    let text = spec.source_text;
    let url: string | null = null;
    if (spec.source_url !== null) {
      const fetched = await fetchSource(spec.source_url, this.policy, this.jobs.signal);
      if (!fetched.ok) return { failed: { versionId: null, errorCode: fetched.code, errors: fetched.errors } };
      text = fetched.text;
      url = spec.source_url;
    }
    const parsed = await this.parse(text!);
    if (!parsed.ok) return { failed: { versionId: null, errorCode: 'PARSE_ERROR', errors: parsed.errors } };
    return { text: text!, url, document: parsed.document, fileName: specFileName(url, parsed.format) };
  }

  /**
   * Records the run's outcome; when it cut a version, answers it instead, the spec still in
   * progress: the outcome is recorded once the hooks have followed the version.
   */
  private record(claimed: SpecRow, result: RunResult): { spec: SpecRow; versionId: string; now: string } | undefined {
    const now = this.clock.now().toISOString();
    return this.db.transaction(() => {
      const spec = findSpecById(this.db, claimed.id);
      if (!spec || spec.source_generation !== claimed.source_generation) return undefined;
      if ('failed' in result) {
        recordOutcome(this.db, spec.id, result.failed, now);
        return undefined;
      }
      const contentHash = createHash('sha256').update(result.text).digest('hex');
      const latest = latestVersion(this.db, spec.id);
      if (latest?.content_hash !== contentHash) return { spec, versionId: insertVersion(this.db, spec.id, { contentHash, ...result }, now), now };
      // Cut by a run the engine stopped in before what follows it was written: followed now.
      if (latest.id !== spec.last_version_id) return { spec, versionId: latest.id, now };
      recordOutcome(this.db, spec.id, { versionId: null, errorCode: null, errors: [] }, now);
      return undefined;
    });
  }
}

type RunResult =
  | { failed: ProcessOutcome }
  | { text: string; url: string | null; document: Record<string, unknown>; fileName: string };
