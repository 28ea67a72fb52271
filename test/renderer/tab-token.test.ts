import { describe, expect, it } from 'vitest';
import { TabToken } from '../../src-renderer/api/tab-token.js';
import { fakePage } from './fake-page.js';

const unused = () => ({ status: 500, headers: {}, body: undefined });

describe('TabToken', () => {
  it('moves ?token= from the address bar into this tab, keeping the rest of the address', () => {
    const { page, storage } = fakePage('http://127.0.0.1:4470/app?token=folio_abc&view=list#top', unused);
    const token = new TabToken(page);
    token.adoptFromAddress();
    expect(page.location.href).toBe('http://127.0.0.1:4470/app?view=list#top');
    expect(token.get()).toBe('folio_abc');
    expect([...storage.values()]).toEqual(['folio_abc']);
  });

  it('leaves an address without a token alone', () => {
    const { page } = fakePage('http://127.0.0.1:4470/', unused);
    const token = new TabToken(page);
    token.adoptFromAddress();
    expect(page.history.replaceState).not.toHaveBeenCalled();
    expect(token.get()).toBeUndefined();
  });

  it('drops an empty ?token= without storing it', () => {
    const { page } = fakePage('http://127.0.0.1:4470/?token=', unused);
    const token = new TabToken(page);
    token.adoptFromAddress();
    expect(page.location.href).toBe('http://127.0.0.1:4470/');
    expect(token.get()).toBeUndefined();
  });

  it('forgets on clear', () => {
    const { page } = fakePage('http://127.0.0.1:4470/', unused);
    const token = new TabToken(page);
    token.set('  folio_typed  ');
    expect(token.get()).toBe('folio_typed');
    token.clear();
    expect(token.get()).toBeUndefined();
  });
});
