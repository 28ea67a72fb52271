const STORAGE_KEY = 'folio.token';

/** The parts of a page that token handling touches, so it can be driven without a browser. */
export interface TokenPage {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * The browser's access token, kept for this tab only. A token handed over in the address
 * (`?token=…`) is moved into session storage and taken out of the address bar, so it is not
 * bookmarked, shared or left in the history.
 */
export class TabToken {
  constructor(private readonly page: TokenPage) {}

  adoptFromAddress(): void {
    const url = new URL(this.page.location.href);
    const token = url.searchParams.get('token');
    if (token === null) return;
    url.searchParams.delete('token');
    this.page.history.replaceState(this.page.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (token.trim()) this.set(token);
  }

  get(): string | undefined {
    return this.page.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  }

  set(token: string): void {
    this.page.sessionStorage.setItem(STORAGE_KEY, token.trim());
  }

  clear(): void {
    this.page.sessionStorage.removeItem(STORAGE_KEY);
  }
}
