import type pg from 'pg';
import type { SweptBytesStore } from '../../../domain/content/blob-gc.js';
import { EMPTY_SHA256 } from '../../../domain/content/sql.js';
import type { Database } from '../../../core/db/database.js';
import { BlobStoreRefused, type StoreLabel } from './blob-address.js';
import { BlobBucket } from './blob-bucket.js';
import { BlobFolder } from './blob-folder.js';
import { connect } from './store.js';

/** Where a hub process keeps file bytes besides the database, as its flags name it; the environment holds a bucket's credentials. */
export type BlobStoreChoice = { kind: 'folder'; dir: string } | { kind: 's3'; location: string; env: Readonly<Record<string, string | undefined>> };

/** Where the hub keeps file bytes: its database (no flag), a folder or a bucket. */
export type StoreKind = 'database' | BlobStoreChoice['kind'];

/** A folder or a bucket, opened and checked. */
export type OpenedBlobStore = SweptBytesStore & {
  /** How it is named to an operator: the folder's path, the bucket's URL. */
  readonly where: string;
  /** Stores bytes, the event loop waiting: for `blobs move`, which serves nobody meanwhile. */
  write(sha256: string, bytes: Uint8Array): void;
  label(): StoreLabel | undefined;
  setLabel(label: StoreLabel): void;
  holdsAnything(): boolean;
  stop?(): void;
};

/** The store, checked (it exists and takes bytes), or `BlobStoreRefused`; `beforeWriting` looks at it before it is written to. */
export function openBlobStore(choice: BlobStoreChoice, beforeWriting?: (store: OpenedBlobStore) => void): OpenedBlobStore {
  return choice.kind === 'folder' ? BlobFolder.open(choice.dir, beforeWriting) : BlobBucket.open(choice.location, choice.env, beforeWriting);
}

/**
 * What the database records of where the hub keeps file bytes (`folio_hub_meta`): the kind
 * ('file_bytes', recorded by the first process given a store, or by `blobs move`), and once a
 * move chose the store, its label's id ('file_bytes_store') and where the move was told it is
 * ('file_bytes_at', for messages). No kind: nothing recorded yet, the database.
 */
export interface RecordedStore {
  hub: string;
  kind: string | undefined;
  store?: string;
  at?: string;
}

export async function readRecordedStore(client: pg.Client): Promise<RecordedStore> {
  const rows = (await client.query<{ key: string; value: string }>("SELECT key, value FROM folio_hub_meta WHERE key IN ('hub_id', 'file_bytes', 'file_bytes_store', 'file_bytes_at')")).rows;
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  const recorded: RecordedStore = { hub: meta.get('hub_id') ?? '', kind: meta.get('file_bytes') };
  if (meta.has('file_bytes_store')) recorded.store = meta.get('file_bytes_store');
  if (meta.has('file_bytes_at')) recorded.at = meta.get('file_bytes_at');
  return recorded;
}

const NAMED: Record<StoreKind, { a: string; the: string; flag: (at: string | undefined) => string }> = {
  database: { a: 'the database', the: 'the database', flag: () => 'neither --blob-dir nor --blob-s3' },
  folder: { a: 'a folder', the: 'the folder', flag: (at) => (at ? `--blob-dir ${at}` : '--blob-dir DIR, the folder the others use') },
  s3: { a: 'an S3-compatible bucket', the: 'the bucket', flag: (at) => (at ? `--blob-s3 ${at}` : '--blob-s3 URL, the bucket the others use') },
};

/**
 * Why a process given `choice` (none: the database) and a store labelled `label` may not keep
 * file bytes for the hub whose database records `recorded`, in one line ending in what to do
 * (`instruct`: who is to be given which flag); undefined when it may.
 */
export function storeRefusal(recorded: RecordedStore, choice: BlobStoreChoice | undefined, label: StoreLabel | undefined, instruct = 'start every process with'): string | undefined {
  const kind = recorded.kind ?? 'database';
  const given: StoreKind = choice?.kind ?? 'database';
  const named = NAMED[kind as StoreKind] ?? { a: `a store this Folio does not know (${kind})`, the: '', flag: () => 'a newer Folio' };
  const where = recorded.at ? `${named.the} ${recorded.at}` : named.a;
  const what = `${instruct} ${named.flag(recorded.at)}`;
  if (kind !== given) return `this hub keeps file bytes in ${where}${given === 'database' ? '' : `, not ${NAMED[given].a}`}: ${what}`;
  if (choice === undefined) return undefined;
  const givenAt = choice.kind === 'folder' ? choice.dir : choice.location;
  if (label && label.hub !== recorded.hub) return `${givenAt} holds the file bytes of another Folio hub (${label.hub}): ${what}`;
  if (recorded.store !== undefined && label?.store !== recorded.store) return `this hub keeps file bytes in ${where}, not ${givenAt}: ${what}`;
  if (recorded.store === undefined && label) return `${givenAt} is where \`folio blobs move\` is moving this hub's file bytes, and they are not all there yet: run it again to finish, or ${what}`;
  return undefined;
}

/**
 * Checks this process keeps file bytes where the hub's others do (`choice`, opened as `store`),
 * and records it in the database the first time a process is given a store (`folio_hub_meta`
 * 'file_bytes'). A hub from before that record whose rows hold no bytes keeps them in a folder,
 * the only store there was.
 */
export async function checkBlobStore(url: string, db: Database, choice: BlobStoreChoice | undefined, store: OpenedBlobStore | undefined): Promise<void> {
  const client = await connect(url);
  try {
    let recorded = await readRecordedStore(client);
    if (recorded.kind === undefined && bytesOutside(db)) recorded = { ...recorded, kind: 'folder' };
    if (recorded.kind === undefined && choice !== undefined) {
      // Two processes starting at once: the first record stands, and the other is checked against it.
      await client.query("INSERT INTO folio_hub_meta (key, value) VALUES ('file_bytes', $1) ON CONFLICT (key) DO NOTHING", [choice.kind]);
      recorded = await readRecordedStore(client);
    }
    const refusal = storeRefusal(recorded, choice, store?.label());
    if (refusal) throw new BlobStoreRefused(refusal);
  } finally {
    await client.end();
  }
}

/** Whether a file's row holds no bytes (an empty file aside): they are kept outside the database. */
function bytesOutside(db: Database): boolean {
  return db.get('SELECT 1 FROM file_blobs WHERE length(bytes) = 0 AND sha256 <> ? LIMIT 1', EMPTY_SHA256) !== undefined;
}
