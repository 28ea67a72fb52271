import { shell, type Session, type WebContents } from 'electron';

/** The window's pages load scripts and styles from the app itself and talk to nothing: IPC carries the API. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The only sites a link may open, in the person's browser and never inside the app. */
export const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set(['github.com', 'folio.app']);

export function isAllowedExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && EXTERNAL_LINK_HOSTS.has(parsed.hostname) && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** No navigation, no new windows, no webviews: the app's one page stays the one page. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openIfAllowed(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url);
    return { action: 'deny' };
  });
}

/** Camera, notifications, geolocation…: the app asks for none, so every request is refused. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

function openIfAllowed(url: string): void {
  if (isAllowedExternalLink(url)) void shell.openExternal(url);
}
