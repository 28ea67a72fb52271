import { EditorState, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useRef, useState } from 'react';
import { redoCommand, undoCommand, ySyncPlugin, yUndoPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import { BODY_FRAGMENT, newBlockId, pageSchema } from '../../src-shared/content/index.js';
import { blockLabel, type CommentTarget } from '../comments/comment-target.js';
import { blockIdsPlugin } from './block-ids.js';
import { setBlock, splitBlock, toggleMark } from './commands.js';
import { useLiveDoc, type LiveDoc } from './live-doc.js';

const marks = pageSchema.marks;

/** The editor's keys; `Mod` is Cmd on a Mac and Ctrl elsewhere. */
const KEYS: Record<string, Command> = {
  Enter: splitBlock,
  'Mod-b': toggleMark(marks.bold!),
  'Mod-i': toggleMark(marks.italic!),
  'Mod-e': toggleMark(marks.code!),
  'Mod-z': undoCommand,
  'Mod-y': redoCommand,
  'Mod-Shift-z': redoCommand,
  'Mod-Alt-0': setBlock('paragraph'),
  'Mod-Alt-1': setBlock('heading', 1),
  'Mod-Alt-2': setBlock('heading', 2),
  'Mod-Alt-3': setBlock('heading', 3),
};

function keyName(event: KeyboardEvent): string {
  const mod = event.ctrlKey || event.metaKey ? 'Mod-' : '';
  const alt = event.altKey ? 'Alt-' : '';
  const shift = event.shiftKey && event.key.length === 1 ? 'Shift-' : '';
  const key = event.code.startsWith('Digit') ? event.code.slice(5) : event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return `${mod}${shift}${alt}${key}`;
}

const TOOLS: { label: string; title: string; command: Command }[] = [
  { label: 'B', title: 'Bold (Ctrl/Cmd-B)', command: KEYS['Mod-b']! },
  { label: 'I', title: 'Italic (Ctrl/Cmd-I)', command: KEYS['Mod-i']! },
  { label: '</>', title: 'Code (Ctrl/Cmd-E)', command: KEYS['Mod-e']! },
  { label: 'H1', title: 'Heading 1 (Ctrl/Cmd-Alt-1)', command: KEYS['Mod-Alt-1']! },
  { label: 'H2', title: 'Heading 2 (Ctrl/Cmd-Alt-2)', command: KEYS['Mod-Alt-2']! },
  { label: '¶', title: 'Paragraph (Ctrl/Cmd-Alt-0)', command: KEYS['Mod-Alt-0']! },
];

const LINK_WORDS: Record<LiveDoc['link'], string> = {
  connecting: 'Connecting…',
  connected: 'Saved to this computer’s engine',
  disconnected: 'Offline: edits are kept here and sent when the engine is back',
};

interface Props {
  endpoint: string;
  room: string;
  token: string;
  label: string;
  /** Offered when comments may be posted: the block holding the cursor becomes the next comment's subject. */
  onComment?(target: Omit<CommentTarget, 'page'>): void;
}

/** A page body edited live: ProseMirror bound to the page's Yjs doc, with the link's state in words. */
export function PageEditor({ endpoint, room, token, label, onComment }: Props) {
  const live = useLiveDoc(endpoint, room, token);
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
  const status = live ? (live.link === 'connected' && !live.synced ? 'Syncing…' : LINK_WORDS[live.link]) : LINK_WORDS.connecting;
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
        <span role="status" className={`link-state link-${live?.link ?? 'connecting'}`} data-synced={live?.synced ?? false}>
          {status}
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
    plugins: [ySyncPlugin(doc.getXmlFragment(BODY_FRAGMENT)), yUndoPlugin(), blockIdsPlugin()],
  });
  return new EditorView(place, {
    state,
    attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'page-body prose-editor' },
    handleKeyDown: (view, event) => {
      const command = KEYS[keyName(event)];
      return command ? command(view.state, view.dispatch, view) : false;
    },
  });
}
