/**
 * Work on a store's bytes under way, one per SHA-256: work asked for bytes already being worked on
 * joins it. Two replicas wanting one file at once cost the bucket one GET and the process one copy
 * of the bytes (`readAsync`); the same bytes uploaded twice at once are stored once (`put`).
 */
export class UnderWay<T> {
  private readonly running = new Map<string, Promise<T>>();

  join(sha256: string, start: () => Promise<T>): Promise<T> {
    const already = this.running.get(sha256);
    if (already) return already;
    const started = start().finally(() => this.running.delete(sha256));
    this.running.set(sha256, started);
    return started;
  }
}
