/** Escaping for the HTML the publisher writes: every text and attribute value from content goes through here. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** ` name="value"` with the value escaped; nothing when the value is absent. */
export function attr(name: string, value: string | number | undefined | null): string {
  return value === undefined || value === null ? '' : ` ${name}="${escapeHtml(String(value))}"`;
}

/**
 * An address a visitor's browser may follow: web and mail addresses, and addresses relative to
 * the page. Anything with another scheme (`javascript:`, `data:`, `vbscript:`) is not one.
 */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? trimmed : undefined;
}

/** An image address: what `safeHref` allows but mail, and raster or SVG `data:` images (an `<img>` runs no script). */
export function safeImageSource(src: string): string | undefined {
  const trimmed = src.trim();
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(trimmed)) return trimmed;
  const href = safeHref(trimmed);
  return href === undefined || /^(mailto|tel):/i.test(href) ? undefined : href;
}
