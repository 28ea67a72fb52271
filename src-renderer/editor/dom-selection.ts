import { Plugin } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The part of prosemirror-view's DOM observer this reads through (not in its typings). */
interface WithObserver {
  domObserver?: { onSelectionChange?(): void };
}

/** Brings the editor's selection up to the DOM's, as the `selectionchange` event would. */
export function readDomSelection(view: EditorView): void {
  (view as unknown as WithObserver).domObserver?.onSelectionChange?.();
}

/**
 * Keys and pastes act on the selection the writer sees. The browser moves the selection itself for
 * what ProseMirror leaves to it (Ctrl-End, Shift-Ctrl-Left, a click) and ProseMirror learns of it
 * from a `selectionchange` event that comes a task later: a key pressed before that (Ctrl-K on the
 * words just selected, Enter right after Ctrl-End) acted on the old selection, linking nothing or
 * splitting a block far up the page. So each key and paste first reads the DOM's selection, with
 * ProseMirror's own handler of that event (a no-op when nothing moved). First among the plugins.
 */
export function domSelectionFirst(): Plugin {
  return new Plugin({
    props: {
      handleDOMEvents: {
        // Not while composing (key 229): the selection is the input method's then.
        keydown: (view, event) => (!view.composing && event.keyCode !== 229 && readDomSelection(view), false),
        paste: (view) => (readDomSelection(view), false),
      },
    },
  });
}
