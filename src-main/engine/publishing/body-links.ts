/**
 * How a page body's references become addresses in the published site, relative to the page being
 * rendered (so that the same HTML works served and opened from disk).
 */
export interface BodyLinks {
  /** Another page of the site space, or undefined when it is not published. */
  page(pageId: string): string | undefined;
  /** A file of the site space: where its bytes are published, and its name. */
  file(fileId: string): { href: string; name: string } | undefined;
  /** An image address as the body holds it; a space file's download address becomes the published file. */
  image(src: string): string | undefined;
}
