import { escapeHtml } from './html.js';

/** The page a visitor gets instead of the site: not found, or the site asking them to sign in. */
export function refusalHtml(status: 401 | 404): string {
  const [title, text] =
    status === 404
      ? ['Not found', 'There is no page at this address.']
      : ['Sign-in required', 'This site is only for signed-in visitors: open it from the link your sign-in gave you.'];
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="robots" content="noindex">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n</body>\n</html>\n`;
}
