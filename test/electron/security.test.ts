import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAppScheme, serveRenderer } from '../../src-main/electron/app-protocol.js';
import {
  CONTENT_SECURITY_POLICY, denyPermissions, hardenWebContents, isAllowedExternalLink,
} from '../../src-main/electron/security.js';
import { FakeWebContents, fakeEvent, protocol, protocolHandlers, shell } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const ALLOWED = 'https://github.com/folio/folio';

function hardened(): FakeWebContents {
  const contents = new FakeWebContents();
  hardenWebContents(contents as never);
  return contents;
}

beforeEach(() => shell.openExternal.mockClear());

describe('navigation', () => {
  it.each(['app://folio/other.html', 'https://evil.example/', 'file:///etc/passwd', ALLOWED])(
    'is denied inside the window, even to %s',
    (url) => {
      const event = fakeEvent();
      hardened().emit('will-navigate', event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    },
  );

  it('hands only allowlisted https links to the browser', () => {
    const contents = hardened();
    contents.emit('will-navigate', fakeEvent(), 'https://evil.example/');
    contents.emit('will-navigate', fakeEvent(), ALLOWED);
    expect(shell.openExternal.mock.calls).toEqual([[ALLOWED]]);
  });

  it('refuses webviews', () => {
    const event = fakeEvent();
    hardened().emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('new windows', () => {
  it.each(['app://folio/index.html', 'https://evil.example/', ALLOWED])('are denied for %s', (url) => {
    expect(hardened().windowOpenHandler!({ url })).toEqual({ action: 'deny' });
  });

  it('open allowlisted links in the browser instead', () => {
    const open = hardened().windowOpenHandler!;
    open({ url: 'http://github.com/' });
    open({ url: ALLOWED });
    expect(shell.openExternal.mock.calls).toEqual([[ALLOWED]]);
  });
});

describe('isAllowedExternalLink', () => {
  it.each([
    [ALLOWED, true],
    ['https://folio.app/docs', true],
    ['http://github.com/', false],
    ['https://github.com.evil.example/', false],
    ['https://user:secret@github.com/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalLink(url)).toBe(allowed);
  });
});

describe('permissions', () => {
  it('are all refused', () => {
    let requestHandler: any;
    let checkHandler: any;
    denyPermissions({
      setPermissionRequestHandler: (handler: unknown) => (requestHandler = handler),
      setPermissionCheckHandler: (handler: unknown) => (checkHandler = handler),
    } as never);
    const callback = vi.fn();
    requestHandler({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(checkHandler({}, 'notifications')).toBe(false);
  });
});

describe('the app:// protocol', () => {
  it('is registered as a standard, secure scheme whose scripts keep their compiled code', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } },
    ]);
  });

  it("serves the renderer under the shell's CSP, and nothing for other hosts", () => {
    const root = mkdtempSync(join(tmpdir(), 'folio-renderer-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Folio</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)');
    try {
      serveRenderer(root);
      const handle = protocolHandlers.get('app') as (request: { url: string }) => Response;
      const page = handle({ url: 'app://folio/index.html' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      const script = handle({ url: 'app://folio/app.js' });
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(handle({ url: 'app://elsewhere/index.html' }).status).toBe(404);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('has a CSP that allows no inline script, no eval and no network', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
  });
});
