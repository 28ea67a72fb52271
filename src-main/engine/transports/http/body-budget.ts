/**
 * Bytes of request bodies held in memory at once, per client (an authenticated caller) and in
 * all: bodies are read only after authentication, so every byte counted here has a known owner.
 */
export class BodyBudget {
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perClient: number,
    readonly overall: number,
  ) {}

  /** Holds `bytes` more for `client`; false (and nothing held) when that would pass a limit. */
  take(client: string, bytes: number): boolean {
    const mine = this.held.get(client) ?? 0;
    if (mine + bytes > this.perClient || this.total + bytes > this.overall) return false;
    this.held.set(client, mine + bytes);
    this.total += bytes;
    return true;
  }

  release(client: string, bytes: number): void {
    const left = (this.held.get(client) ?? 0) - bytes;
    if (left > 0) this.held.set(client, left);
    else this.held.delete(client);
    this.total -= bytes;
  }
}
