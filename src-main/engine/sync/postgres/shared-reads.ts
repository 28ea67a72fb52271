/**
 * Reads of a store's bytes under way (`FileBytesStore.readAsync`): a read of bytes already being
 * read joins it, so that replicas wanting one file at once (a team opening the same new page)
 * cost the bucket one GET, and the process one copy of the bytes in memory.
 */
export class SharedReads {
  private readonly reading = new Map<string, Promise<Buffer | undefined>>();

  read(sha256: string, read: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
    const already = this.reading.get(sha256);
    if (already) return already;
    const started = read().finally(() => this.reading.delete(sha256));
    this.reading.set(sha256, started);
    return started;
  }
}
