/** How long a heading is looked for after following a link to it: its page may still be loading. */
const LOOK_MS = 3000;

/**
 * Scrolls the block with id `anchor` (a heading a link names, `folio:page/<id>#<anchor>`) into view
 * once it is drawn: the reader and the editor give each block its id, and following the link may
 * first open another page. Gives up quietly when the heading is gone.
 */
export function revealWhenDrawn(anchor: string): void {
  const until = performance.now() + LOOK_MS;
  const look = () => {
    const target = document.getElementById(anchor);
    if (target) target.scrollIntoView({ block: 'start' });
    else if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
