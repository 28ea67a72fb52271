import { EditorState, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useRef, useState } from 'react';
import { ySyncPlugin, yUndoPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import { BODY_FRAGMENT, newBlockId, pageSchema } from '../../src-shared/content/index.js';
import { blockLabel, type CommentTarget } from '../comments/comment-target.js';
import { blockIdsPlugin } from './block-ids.js';
import type { DocLinker } from './doc-link.js';
import { EDITOR_KEYS, editorKeymaps } from './keys.js';
import { useLiveDoc } from './live-doc.js';
import { linkWords } from './link-words.js';

const TOOLS: { label: string; title: string; command: Command }[] = [
  { label: 'B', title: 'Bold (Ctrl/Cmd-B)', command: EDITOR_KEYS['Mod-b']! },
  { label: 'I', title: 'Italic (Ctrl/Cmd-I)', command: EDITOR_KEYS['Mod-i']! },
  { label: '</>', title: 'Code (Ctrl/Cmd-E)', command: EDITOR_KEYS['Mod-e']! },
  { label: 'H1', title: 'Heading 1 (Ctrl/Cmd-Alt-1)', command: EDITOR_KEYS['Mod-Alt-1']! },
  { label: 'H2', title: 'Heading 2 (Ctrl/Cmd-Alt-2)', command: EDITOR_KEYS['Mod-Alt-2']! },
  { label: '¶', title: 'Paragraph (Ctrl/Cmd-Alt-0)', command: EDITOR_KEYS['Mod-Alt-0']! },
  { label: '•', title: 'Bulleted list (Shift-Ctrl-8)', command: EDITOR_KEYS['Shift-Ctrl-8']! },
  { label: '1.', title: 'Numbered list (Shift-Ctrl-9)', command: EDITOR_KEYS['Shift-Ctrl-9']! },
  { label: '❝', title: 'Quote (Ctrl->)', command: EDITOR_KEYS['Ctrl->']! },
];

interface Props {
  room: string;
  /** How the doc reaches the engine: y-websocket in a browser, the shell's MessagePort in the desktop window. */
  linker: DocLinker;
  label: string;
  /** Offered when comments may be posted: the block holding the cursor becomes the next comment's subject. */
  onComment?(target: Omit<CommentTarget, 'page'>): void;
}

/** A page body edited live: ProseMirror bound to the page's Yjs doc, with where the edits are in words. */
export function PageEditor({ room, linker, label, onComment }: Props) {
  const live = useLiveDoc(room, linker);
  const mount = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView>();
  useEffect(() => {
    if (!live || !mount.current) return;
    const created = editorView(mount.current, live.doc, label);
    setView(created);
    return () => created.destroy();
  }, [live?.doc, label]);
  // A new page has no block to type into; one is added once the engine's copy is known to be empty too.
  useEffect(() => {
    if (view && live?.synced && view.state.doc.childCount === 0) {
      view.dispatch(view.state.tr.insert(0, pageSchema.nodes.paragraph!.create({ id: newBlockId() })));
    }
  }, [view, live?.synced]);
  return (
    <div className="editor">
      <div className="editor-tools" role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="icon"
            title={tool.title}
            aria-label={tool.title}
            disabled={!view}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => view && tool.command(view.state, view.dispatch, view) && view.focus()}
          >
            {tool.label}
          </button>
        ))}
        {onComment && (
          <button type="button" className="quiet" disabled={!view} onMouseDown={(event) => event.preventDefault()} onClick={() => view && onComment(blockAtCursor(view))}>
            Comment on this block
          </button>
        )}
        <span
          role="status"
          className={`link-state link-${live?.link ?? 'connecting'}`}
          data-synced={live?.synced ?? false}
          data-stored={live?.stored ?? false}
        >
          {linkWords(live)}
        </span>
      </div>
      <div ref={mount} className="editor-surface" />
    </div>
  );
}

/** The top-level block holding the cursor, as a comment's subject. */
function blockAtCursor(view: EditorView): Omit<CommentTarget, 'page'> {
  const { $from } = view.state.selection;
  const block = $from.depth >= 1 ? $from.node(1) : view.state.doc.firstChild;
  return { node: String(block?.attrs.id), label: blockLabel(block?.textContent ?? '') };
}

function editorView(place: HTMLElement, doc: Y.Doc, label: string): EditorView {
  const state = EditorState.create({
    schema: pageSchema,
    plugins: [ySyncPlugin(doc.getXmlFragment(BODY_FRAGMENT)), yUndoPlugin(), ...editorKeymaps(), blockIdsPlugin()],
  });
  return new EditorView(place, {
    state,
    attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'page-body prose-editor' },
  });
}
