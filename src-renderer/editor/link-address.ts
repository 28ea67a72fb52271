/**
 * Why an address may not be a link, or undefined when it may: links in pages are followed by
 * readers of the published site, so only web, mail and in-page or site-relative addresses are
 * kept (the reader's `safeHref` drops the rest; refusing here tells the writer at once).
 */
export function refusedHref(href: string): string | undefined {
  const address = href.trim();
  if (!address) return 'A link needs an address.';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto') return undefined;
  return `Links to "${scheme}:" addresses are not allowed: use an http, https or mailto address.`;
}

/** What a writer typed as an address, as a link keeps it: a bare domain gets https://. */
export function normalHref(typed: string): string {
  const address = typed.trim();
  return /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$))/i.test(address) && !/^[a-z][a-z0-9+.-]*:/i.test(address) ? `https://${address}` : address;
}

/** Text typed in the link field that is an address (a scheme, a path, an anchor, a domain) rather than a page's title to find. */
export function looksLikeAddress(typed: string): boolean {
  const text = typed.trim();
  return /^([a-z][a-z0-9+.-]*:\/\/|(https?|mailto|javascript|data|file):)/i.test(text) || /^[/#.]/.test(text) || normalHref(text) !== text;
}
