import type { SweptBytesStore } from '../../content/blob-gc.js';
import { EMPTY_SHA256 } from '../../api/content/sql.js';
import type { Database } from '../../db/database.js';
import { BlobStoreRefused } from './blob-address.js';
import { BlobBucket } from './blob-bucket.js';
import { BlobFolder } from './blob-folder.js';
import { connect } from './store.js';

/** Where a hub process keeps file bytes besides the database, as its flags name it; the environment holds a bucket's credentials. */
export type BlobStoreChoice = { kind: 'folder'; dir: string } | { kind: 's3'; location: string; env: Readonly<Record<string, string | undefined>> };

type Kind = BlobStoreChoice['kind'];

/** The store, checked (it exists and takes bytes), or `BlobStoreRefused`. */
export function openBlobStore(choice: BlobStoreChoice): SweptBytesStore & { stop?(): void } {
  return choice.kind === 'folder' ? BlobFolder.open(choice.dir) : BlobBucket.open(choice.location, choice.env);
}

const NAMED: Record<Kind, { where: string; flag: string }> = {
  folder: { where: 'a folder', flag: '--blob-dir DIR, the folder the others use' },
  s3: { where: 'an S3-compatible bucket', flag: '--blob-s3 URL, the bucket the others use' },
};

/**
 * Checks this process keeps file bytes where the hub's others do, and records it in the database
 * the first time a process is given a store (`folio_hub_meta` 'file_bytes'). A hub from before
 * that record whose rows hold no bytes keeps them in a folder, the only store there was.
 */
export async function checkBlobStoreKind(url: string, db: Database, kind: Kind | undefined): Promise<void> {
  const client = await connect(url);
  try {
    const read = async () => (await client.query<{ value: string }>("SELECT value FROM folio_hub_meta WHERE key = 'file_bytes'")).rows[0]?.value as Kind | undefined;
    let recorded = (await read()) ?? (bytesOutside(db) ? 'folder' : undefined);
    if (recorded === undefined && kind !== undefined) {
      // Two processes starting at once: the first record stands, and the other is checked against it.
      await client.query("INSERT INTO folio_hub_meta (key, value) VALUES ('file_bytes', $1) ON CONFLICT (key) DO NOTHING", [kind]);
      recorded = await read();
    }
    if (recorded === undefined || recorded === kind) return;
    const named = NAMED[recorded] ?? { where: `a store this Folio does not know (${recorded})`, flag: 'a newer Folio' };
    throw new BlobStoreRefused(`this hub keeps file bytes in ${named.where}${kind ? `, not ${NAMED[kind].where}` : ''}: start every process with ${named.flag}`);
  } finally {
    await client.end();
  }
}

/** Whether a file's row holds no bytes (an empty file aside): they are kept outside the database. */
function bytesOutside(db: Database): boolean {
  return db.get('SELECT 1 FROM file_blobs WHERE length(bytes) = 0 AND sha256 <> ? LIMIT 1', EMPTY_SHA256) !== undefined;
}
