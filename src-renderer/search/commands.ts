import { useEffect, useRef } from 'react';

/** What the quick switcher can ask of the screen: each is done by the screen that has it open. */
export type CommandName = 'new-page' | 'new-change-request';

const EVENT = 'folio:command';
/** A command asked before its screen was there (the switcher navigated first): done when that screen mounts. */
let pending: CommandName | undefined;

export function runCommand(name: CommandName): void {
  pending = name;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: name }));
}

/** Does `name` when asked, on a screen that can (`enabled`), once. */
export function useCommand(name: CommandName, handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const take = () => {
      if (pending !== name) return;
      pending = undefined;
      latest.current();
    };
    take();
    const listener = (event: Event) => (event as CustomEvent<CommandName>).detail === name && take();
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [name, enabled]);
}

/**
 * Goes to a block once its page shows it (a heading found by search): the page loads after the
 * address changes, so its block is looked for on each frame for a while.
 */
export function scrollToBlock(blockId: string, within = 5_000): void {
  const until = Date.now() + within;
  const look = () => {
    const block = document.getElementById(blockId) ?? document.querySelector<HTMLElement>(`[data-id="${CSS.escape(blockId)}"]`);
    if (block) {
      block.scrollIntoView({ block: 'start' });
      block.classList.add('jumped-to');
      return;
    }
    if (Date.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
