/**
 * The spaces this device sent to the trash, per organization. The API restores a space by id
 * but lists only live spaces, so the trash screen remembers what it may offer to restore; each
 * entry is checked against the engine when shown.
 */
export class TrashShelf {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    private readonly organizationId: string,
  ) {}

  private get key(): string {
    return `folio.trash.${this.organizationId}`;
  }

  list(): string[] {
    try {
      const stored: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]');
      return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  add(ids: string[]): void {
    this.save([...ids, ...this.list().filter((id) => !ids.includes(id))]);
  }

  drop(ids: string[]): void {
    this.save(this.list().filter((id) => !ids.includes(id)));
  }

  private save(ids: string[]): void {
    this.storage.setItem(this.key, JSON.stringify(ids));
  }
}
