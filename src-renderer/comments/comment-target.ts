/** What a new comment is about: the whole space or change request, a page, or one block of a page. */
export interface CommentTarget {
  page: string;
  node?: string;
  /** The words that name it on screen: the page's title, or the start of the block's text. */
  label: string;
}

/** A block's text cut to a label's length. */
export function blockLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line || 'an empty block';
}
