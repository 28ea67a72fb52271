import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import {
  findSpecById, insertVersion, latestVersion, markInProgress, recordOutcome, unfinishedSpecIds, type ProcessOutcome, type SpecRow,
} from '../api/openapi-specs/sql.js';
import { fetchSource, type FetchPolicy } from './fetch-source.js';
import type { ParsedSpec } from './parse-spec.js';
import { specFileName } from './file-name.js';
import { JobQueue } from '../jobs/job-queue.js';

/** Told, inside the transaction that cut it, that a spec has a new version. */
export type VersionHook = (spec: SpecRow, versionId: string, now: string) => void;

export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;

const processors = new WeakMap<Database, OpenAPIProcessor>();

/** The processor working for this database (the engine's). */
export function processorOf(db: Database): OpenAPIProcessor {
  const processor = processors.get(db);
  if (!processor) throw new Error('no OpenAPI processor runs on this database');
  return processor;
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

  /** `parse` reads and validates a specification's text off the event loop (the engine's parse workers). */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly policy: FetchPolicy,
    private readonly parse: (text: string) => Promise<ParsedSpec>,
  ) {
    processors.set(db, this);
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
    this.record(spec, outcome);
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

  private record(claimed: SpecRow, result: RunResult): void {
    const now = this.clock.now().toISOString();
    this.db.transaction(() => {
      const spec = findSpecById(this.db, claimed.id);
      if (!spec || spec.source_generation !== claimed.source_generation) return;
      if ('failed' in result) return recordOutcome(this.db, spec.id, result.failed, now);
      const contentHash = createHash('sha256').update(result.text).digest('hex');
      const changed = latestVersion(this.db, spec.id)?.content_hash !== contentHash;
      const versionId = changed ? insertVersion(this.db, spec.id, { contentHash, ...result }, now) : null;
      recordOutcome(this.db, spec.id, { versionId, errorCode: null, errors: [] }, now);
      if (versionId) for (const hook of this.versionHooks) hook(findSpecById(this.db, spec.id)!, versionId, now);
    });
  }
}

type RunResult =
  | { failed: ProcessOutcome }
  | { text: string; url: string | null; document: Record<string, unknown>; fileName: string };
