import type { KeyboardEvent } from 'react';

/** Up and down arrows walk a tree's links, as in a file browser; Tab still leaves the tree. */
export function walkLinks(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  if (!(event.target instanceof HTMLElement) || !event.target.classList.contains('tree-link')) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>('.tree-link')];
  const next = links[links.indexOf(event.target) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
