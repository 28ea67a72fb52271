import { statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';

declare module '../workers/tasks.js' {
  interface WorkerTasks {
    /** The database file's WAL copied into it (a passive checkpoint, fsyncs included) on a connection of the worker's own. */
    checkpointWal: { input: { file: string; nativeBinding?: string }; output: WalCheckpoint };
  }
}

/** What a passive checkpoint found: the frames in the WAL, how many of them are now in the database file. */
export interface WalCheckpoint {
  frames: number;
  copied: number;
}

/** Passes a checkpoint makes at most to catch up with the writes that came during the one before. */
const CHECKPOINT_PASSES = 8;

export const walTasks = {
  checkpointWal: ({ file, nativeBinding }: { file: string; nativeBinding?: string }): WalCheckpoint => {
    const connection = new BetterSqlite3(file, { nativeBinding, fileMustExist: true });
    try {
      // PASSIVE waits for no one: the engine's connection goes on reading and committing meanwhile.
      // The WAL starts over (and stops growing) only at a write that finds it all copied, so the
      // frames written during a pass are copied by another, until a pass finds nothing new; a
      // pass with nothing to copy neither copies nor syncs.
      let last: WalCheckpoint = { frames: -1, copied: -1 };
      for (let pass = 0; pass < CHECKPOINT_PASSES; pass++) {
        const [row] = connection.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
        const now = { frames: row?.log ?? 0, copied: row?.checkpointed ?? 0 };
        const caughtUp = now.copied === now.frames && now.frames === last.frames;
        last = now;
        if (caughtUp) break;
      }
      return last;
    } finally {
      connection.close();
    }
  },
};

/** SQLite's own threshold, 1,000 pages of 4 KiB: a WAL smaller than that is left alone. */
export const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;
/** A WAL past the threshold is copied at most this often while writes come. */
export const CHECKPOINT_SPACING_MS = 1_000;

/**
 * Checkpoints of a connection that never runs one itself (`wal_autocheckpoint = 0`). SQLite's
 * automatic checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages: it copies the
 * WAL into the file and fsyncs both, 30–200 ms on the event loop under load, in whichever write
 * happened to cross the line (a keystroke's). Here a write that commits asks for one, and
 * `checkpoint` runs it on another connection (a worker thread); what is committed is in the WAL
 * either way, so no write waits for it and a crash loses nothing it would not have lost.
 */
export class WalCheckpoints {
  private running: Promise<void> | undefined;
  private lastEnded = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly connection: BetterSqlite3.Database,
    private readonly checkpoint: (file: string) => Promise<WalCheckpoint>,
  ) {
    connection.pragma('wal_autocheckpoint = 0');
  }

  /** After a write committed: a checkpoint starts if the WAL is past the threshold and none ran within the spacing. */
  afterWrite(): void {
    if (this.running || performance.now() - this.lastEnded < CHECKPOINT_SPACING_MS) return;
    if (walBytes(this.connection.name) < CHECKPOINT_WAL_BYTES) return;
    this.running = this.checkpoint(this.connection.name).then(
      () => undefined,
      // The threads are gone (the engine closing) or could not open the file: this connection does it, as SQLite would have.
      () => {
        if (this.connection.open) this.connection.pragma('wal_checkpoint(PASSIVE)');
      },
    ).finally(() => {
      this.running = undefined;
      this.lastEnded = performance.now();
    });
  }

  /** Settles once the checkpoint running now, if any, is done (tests, close). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}

function walBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
