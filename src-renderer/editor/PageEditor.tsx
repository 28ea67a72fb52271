import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { EditorState, NodeSelection, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { yCursorPlugin, ySyncPlugin, yUndoPlugin } from 'y-prosemirror';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { BODY_FRAGMENT } from '../../src-shared/content/yjs.js';
import { HINT_STYLES, pageSchema } from '../../src-shared/content/schema.js';
import { newBlockId } from '../../src-shared/content/ids.js';
import { blockLabel, type CommentTarget } from '../comments/comment-target.js';
import { blockIdsPlugin } from './block-ids.js';
import { caretBlockPlugin } from './caret-block.js';
import type { InsertContext } from './blocks.js';
import type { ApiAccess } from '../store/session.js';
import { docLinker } from './linker.js';
import { domSelectionFirst } from './dom-selection.js';
import type { EditorFiles } from './engine-files.js';
import { markdownInputRules } from './input-rules.js';
import { EDITOR_KEYS, editorKeymaps } from './keys.js';
import { LinkForm } from './LinkForm.js';
import { followLink, linkTarget, setLink } from './links.js';
import { usePageLinks, type PageLinks } from '../content/page-links.js';
import { refOf } from '../../src-shared/content/link-refs.js';
import { useLiveDoc } from './live-doc.js';
import { linkWords } from './link-words.js';
import { FileView, ImageView, insertFiles, sendQueued, type Media } from './media.js';
import { pastePlugin } from './paste.js';
import { cursorOf, initialsOf, presenceUser, selectionOf, usePresence } from './presence.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { TaskView } from './task-view.js';
import { EMBED, FieldView, MATH, TabsView, TabView } from './block-views.js';
import { chooseEntry, openMenuAt, slashKey, slashMenu, type SlashState } from './slash-menu.js';
import { addColumnAfter, addRowAfter, cellAt, removeColumn, removeRow, removeTable } from './tables.js';

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

const TABLE_TOOLS: { label: string; command: Command }[] = [
  { label: 'Add row', command: addRowAfter },
  { label: 'Add column', command: addColumnAfter },
  { label: 'Remove row', command: removeRow },
  { label: 'Remove column', command: removeColumn },
  { label: 'Remove table', command: removeTable },
];

interface Props {
  room: string;
  /** How the doc reaches the engine: y-websocket in a browser, the shell's MessagePort in the desktop window. */
  access: ApiAccess;
  label: string;
  /** Where images and files go: the change request's files. */
  files?: EditorFiles;
  /** Offered when comments may be posted: the block holding the cursor becomes the next comment's subject. */
  onComment?(target: Omit<CommentTarget, 'page'>): void;
}

/** What the screen around the editor shows of its state: the `/` menu, the tools of the block at the cursor, the `+` handle. */
interface Around {
  slash: SlashState | null;
  inTable: boolean;
  /** The selected image's position and texts. */
  image?: { pos: number; alt: string; caption: string };
  code?: { pos: number; language: string };
  hint?: { pos: number; style: string };
  /** Where the top-level block the `+` handle stands by starts. */
  handle?: number;
  /** The address of the link holding the cursor. */
  link?: string;
}

/** A page body edited live: ProseMirror bound to the page's Yjs doc, with where the edits are in words. */
export function PageEditor({ room, access, label, files, onComment }: Props) {
  const linker = useMemo(() => docLinker(access), [access]);
  const { user } = useWorkspace();
  const me = useMemo(() => presenceUser(user.id, user.displayName), [user.id, user.displayName]);
  const live = useLiveDoc(room, linker, me);
  const others = usePresence(live?.awareness);
  const mount = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const pickImages = useRef(false);
  const [view, setView] = useState<EditorView>();
  const [around, setAround] = useState<Around>({ slash: null, inTable: false });
  const [notice, setNotice] = useState<string>();
  const [linking, setLinking] = useState(false);
  // The branch's pages, for links to them; read by the view's click handler as they are now.
  const pages = usePageLinks();
  const pagesNow = useRef(pages);
  pagesNow.current = pages;
  const menuId = `slash-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const media = useMemo<Media | undefined>(() => (files ? { files, room, tell: setNotice, local: new Map() } : undefined), [files, room]);
  const context = useMemo<InsertContext>(
    () => ({
      pickFile: (images) => {
        pickImages.current = images;
        if (picker.current) {
          picker.current.accept = images ? 'image/*' : '';
          picker.current.click();
        }
      },
      editLink: () => setLinking(true),
    }),
    [],
  );

  useEffect(() => {
    if (!live || !mount.current) return;
    const follow = (href: string) => followLink(href, pagesNow.current);
    const created = editorView(mount.current, live.doc, live.awareness, { label, menuId, media, context, follow, tell: setNotice, changed: (next) => setAround((old) => (sameAround(old, next) ? old : next)) });
    setView(created);
    return () => created.destroy();
  }, [live?.doc, live?.awareness, label, menuId, media, context]);
  // A new page has no block to type into; one is added once the engine's copy is known to be empty too.
  useEffect(() => {
    if (view && live?.synced && view.state.doc.childCount === 0) {
      view.dispatch(view.state.tr.insert(0, pageSchema.nodes.paragraph!.create({ id: newBlockId() })));
    }
  }, [view, live?.synced]);
  // Uploads made while the engine was away go up once it is back.
  useEffect(() => {
    if (view && media && live?.link === 'connected') void sendQueued(view, media);
  }, [view, media, live?.link]);

  const run = (command: Command) => view && command(view.state, view.dispatch, view) && view.focus();
  return (
    <div className="editor">
      <div className="editor-tools" role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="icon"
            title={tool.title}
            disabled={!view}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(tool.command)}
          >
            {/* The name is the words, the face the symbol: an aria-label would not hold the visible "H1". */}
            <span aria-hidden="true">{tool.label}</span>
            <span className="visually-hidden">{tool.title}</span>
          </button>
        ))}
        <button type="button" className="icon" title="Link (Ctrl/Cmd-K)" disabled={!view} onMouseDown={(event) => event.preventDefault()} onClick={() => setLinking(true)}>
          <span aria-hidden="true">Link</span>
          <span className="visually-hidden">Link (Ctrl/Cmd-K)</span>
        </button>
        {onComment && (
          <button type="button" className="quiet" disabled={!view} onMouseDown={(event) => event.preventDefault()} onClick={() => view && onComment(blockAtCursor(view))}>
            Comment on this block
          </button>
        )}
        {others.length > 0 && (
          <span className="presence">
            <span className="visually-hidden">Also here: {others.map((other) => other.name).join(', ')}</span>
            {others.map((other) => (
              <span key={other.id} className={`presence-chip presence-${other.slot}`} title={other.name} aria-hidden="true">
                {initialsOf(other.name)}
              </span>
            ))}
          </span>
        )}
        <span role="status" className={`link-state link-${live?.link ?? 'connecting'}`} data-synced={live?.synced ?? false} data-stored={live?.link === 'connected' ? undefined : live?.stored ?? false}>
          {linkWords(live)}
        </span>
      </div>
      {view && <BlockTools view={view} around={around} run={run} />}
      {view && around.link !== undefined && !linking && <LinkTools view={view} href={around.link} pages={pages} onEdit={() => setLinking(true)} />}
      {notice && (
        <p role="alert" className="editor-notice">
          {notice}{' '}
          <button type="button" className="quiet" onClick={() => setNotice(undefined)}>
            Dismiss
          </button>
        </p>
      )}
      {view && linking && (
        <LinkForm
          view={view}
          pages={pages}
          onDone={() => {
            setLinking(false);
            view.focus();
          }}
        />
      )}
      {/* The handle stays with its block while the pointer is on it, however the line under the pointer lies. */}
      <div className="editor-body" onMouseMove={(event) => view && !(event.target as Element).closest('.block-handle') && hover(view, event.clientY, setAround)}>
        {view && around.handle !== undefined && <BlockHandle view={view} pos={around.handle} />}
        <div ref={mount} className="editor-surface" />
        {view && around.slash && <SlashMenu id={menuId} view={view} menu={around.slash} context={context} />}
      </div>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (view && media) void insertFiles(view, chosen, media, pickImages.current);
          else if (chosen.length > 0) setNotice('Files can be added only in a change request that is open for edits.');
        }}
      />
    </div>
  );
}

/**
 * The `+` handle beside the block at `pos`. Its height is read when it moves to another block, and
 * again when the editor's size changes (a block above grew or shrank: an embed's card drawn, a
 * line added), not with each transaction: reading it makes the browser lay out the page there and
 * then, which on a long page cost more than the rest of a keystroke. A ResizeObserver reports
 * after the browser's own layout, so its read costs nothing more.
 */
function BlockHandle({ view, pos }: { view: EditorView; pos: number }) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const place = () => {
      const dom = pos <= view.state.doc.content.size ? view.nodeDOM(pos) : null;
      if (button.current && dom instanceof HTMLElement) button.current.style.top = `${dom.offsetTop}px`;
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(view.dom);
    return () => resized.disconnect();
  }, [view, pos]);
  return (
    <button
      ref={button}
      type="button"
      className="block-handle"
      aria-label="Insert a block here"
      title="Insert a block (or type / in an empty line)"
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => openMenuAt(view, pos)}
    >
      +
    </button>
  );
}

/** The `/` menu, under its "/", as a listbox the editor's textbox points into (`aria-activedescendant`). */
function SlashMenu({ id, view, menu, context }: { id: string; view: EditorView; menu: SlashState; context: InsertContext }) {
  const place = view.coordsAtPos(menu.from);
  const box = view.dom.parentElement!.parentElement!.getBoundingClientRect();
  return (
    <div className="slash-menu" style={{ left: place.left - box.left, top: place.bottom - box.top + 4 }}>
      {menu.entries.length === 0 ? (
        <p className="note">No block matches "{menu.query}".</p>
      ) : (
        <ul id={id} role="listbox" aria-label="Insert a block">
          {menu.entries.map((entry, index) => (
            <li
              key={entry.key}
              id={`${id}-${entry.key}`}
              role="option"
              aria-selected={index === menu.index}
              className={index === menu.index ? 'chosen' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => chooseEntry(view, entry, context)}
            >
              <span>{entry.label}</span>
              {entry.shortcut && <kbd>{entry.shortcut}</kbd>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The link holding the cursor: where it goes (a page by its title path), to open, edit or take off. */
function LinkTools({ view, href, pages, onEdit }: { view: EditorView; href: string; pages: PageLinks | undefined; onEdit(): void }) {
  const ref = refOf(href);
  const page = ref.kind === 'page' ? pages?.pageOf(ref.page) : undefined;
  const where = ref.kind === 'page' ? (page ? `the page ${page.path}` : 'a page that is no longer here') : href;
  return (
    <div className="block-tools link-tools" role="group" aria-label="Link">
      <span className="link-where">Links to {where}</span>
      <button type="button" className="quiet" title="Open (Ctrl/Cmd-click)" disabled={ref.kind === 'page' && !page} onMouseDown={(event) => event.preventDefault()} onClick={() => followLink(href, pages)}>
        Open
      </button>
      <button type="button" className="quiet" title="Edit (Ctrl/Cmd-K)" onMouseDown={(event) => event.preventDefault()} onClick={onEdit}>
        Edit link
      </button>
      <button
        type="button"
        className="quiet"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          view.dispatch(setLink(view.state, linkTarget(view.state), ''));
          view.focus();
        }}
      >
        Remove link
      </button>
    </div>
  );
}

/** The tools of the block at the cursor: a table's rows and columns, an image's texts, a code block's language, a hint's style. */
function BlockTools({ view, around, run }: { view: EditorView; around: Around; run(command: Command): unknown }) {
  const set = (pos: number, name: string, value: string) => view.dispatch(view.state.tr.setNodeAttribute(pos, name, value));
  if (around.inTable) {
    return (
      <div className="block-tools" role="toolbar" aria-label="Table">
        {TABLE_TOOLS.map((tool) => (
          <button key={tool.label} type="button" className="quiet" onMouseDown={(event) => event.preventDefault()} onClick={() => run(tool.command)}>
            {tool.label}
          </button>
        ))}
      </div>
    );
  }
  if (around.image) {
    const { pos } = around.image;
    return (
      <div className="block-tools" role="group" aria-label="Image">
        <label>
          Alt text <input key={`alt-${pos}`} defaultValue={around.image.alt} onChange={(event) => set(pos, 'alt', event.target.value)} />
        </label>
        <label>
          Caption <input key={`caption-${pos}`} defaultValue={around.image.caption} onChange={(event) => set(pos, 'caption', event.target.value)} />
        </label>
      </div>
    );
  }
  if (around.code) {
    const { pos } = around.code;
    return (
      <div className="block-tools" role="group" aria-label="Code block">
        <label>
          Language <input key={`language-${pos}`} defaultValue={around.code.language} onChange={(event) => set(pos, 'language', event.target.value.trim().toLowerCase())} />
        </label>
      </div>
    );
  }
  if (around.hint) {
    const { pos } = around.hint;
    return (
      <div className="block-tools" role="group" aria-label="Hint">
        <label>
          Style{' '}
          <select value={around.hint.style} onChange={(event) => set(pos, 'style', event.target.value)}>
            {HINT_STYLES.map((style) => (
              <option key={style}>{style}</option>
            ))}
          </select>
        </label>
      </div>
    );
  }
  return null;
}

/** The top-level block holding the cursor, as a comment's subject. */
function blockAtCursor(view: EditorView): Omit<CommentTarget, 'page'> {
  const { $from } = view.state.selection;
  const block = $from.depth >= 1 ? $from.node(1) : view.state.doc.firstChild;
  return { node: String(block?.attrs.id), label: blockLabel(block?.textContent ?? '') };
}

function sameAround(a: Around, b: Around): boolean {
  return (
    a.slash === b.slash &&
    a.inTable === b.inTable &&
    a.image?.pos === b.image?.pos &&
    a.code?.pos === b.code?.pos &&
    a.hint?.pos === b.hint?.pos &&
    a.hint?.style === b.hint?.style &&
    a.handle === b.handle &&
    a.link === b.link
  );
}

/** Where the top-level block at `pos` starts. */
function handleAt(state: EditorState, pos: number): Around['handle'] {
  const $pos = state.doc.resolve(Math.min(pos, state.doc.content.size));
  if ($pos.depth === 0 && !$pos.nodeAfter) return undefined;
  return $pos.depth === 0 ? pos : $pos.before(1);
}

/** The `+` handle follows the pointer from block to block. */
function hover(view: EditorView, top: number, setAround: (change: (old: Around) => Around) => void): void {
  const at = view.posAtCoords({ left: view.dom.getBoundingClientRect().left + 8, top });
  if (!at) return;
  const handle = handleAt(view.state, at.inside >= 0 ? at.inside : at.pos);
  setAround((old) => (old.handle === handle ? old : { ...old, handle }));
}

function aroundOf(view: EditorView): Around {
  const { state } = view;
  const { selection } = state;
  const { $head } = selection;
  const image = selection instanceof NodeSelection && selection.node.type === pageSchema.nodes.image ? selection : undefined;
  let code: Around['code'];
  let hint: Around['hint'];
  for (let depth = $head.depth; depth > 0; depth--) {
    const node = $head.node(depth);
    if (!code && node.type === pageSchema.nodes.code_block) code = { pos: $head.before(depth), language: String(node.attrs.language) };
    if (!hint && node.type === pageSchema.nodes.hint) hint = { pos: $head.before(depth), style: String(node.attrs.style) };
  }
  return {
    slash: slashKey.getState(state) ?? null,
    inTable: cellAt($head) !== undefined,
    image: image && { pos: image.from, alt: String(image.node.attrs.alt), caption: String(image.node.attrs.caption) },
    code,
    hint,
    handle: handleAt(state, selection.from),
    link: linkTarget(state).href || undefined,
  };
}

interface ViewOptions {
  label: string;
  menuId: string;
  media: Media | undefined;
  context: InsertContext;
  /** Follows a link (Ctrl/Cmd-click). */
  follow(href: string): void;
  tell(message: string): void;
  changed(around: Around): void;
}

function editorView(place: HTMLElement, doc: Y.Doc, awareness: Awareness, options: ViewOptions): EditorView {
  const { label, menuId, media, context, follow, tell, changed } = options;
  const state = EditorState.create({
    schema: pageSchema,
    plugins: [
      domSelectionFirst(),
      ySyncPlugin(doc.getXmlFragment(BODY_FRAGMENT)),
      yCursorPlugin(awareness, { cursorBuilder: cursorOf, selectionBuilder: selectionOf }),
      yUndoPlugin(),
      slashMenu(context),
      markdownInputRules(tell),
      // Over a selection or in a link, Ctrl/Cmd-K edits the link; elsewhere it is left to the quick switcher.
      ...editorKeymaps({ 'Mod-k': (current) => (current.selection.empty && !linkTarget(current).href ? false : (context.editLink(), true)) }),
      pastePlugin(media, tell),
      dropCursor(),
      gapCursor(),
      blockIdsPlugin(),
      caretBlockPlugin(),
    ],
  });
  return new EditorView(place, {
    state,
    attributes: (current) => {
      const menu = slashKey.getState(current);
      return {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'page-body prose-editor',
        ...(menu ? { 'aria-controls': menuId, ...(menu.entries[menu.index] ? { 'aria-activedescendant': `${menuId}-${menu.entries[menu.index]!.key}` } : {}) } : {}),
      };
    },
    // Ctrl/Cmd-click follows a link (a plain click places the cursor in it, to edit it).
    handleClick: (current, pos, event) => {
      if (!(event.ctrlKey || event.metaKey)) return false;
      const href = linkTarget(current.state, pos).href;
      if (href) follow(href);
      return href !== '';
    },
    nodeViews: {
      image: (node) => new ImageView(node, media),
      file: (node) => new FileView(node),
      task_item: (node, nodeView, getPos) => new TaskView(node, nodeView, getPos),
      embed: (node, nodeView, getPos) => new FieldView(node, nodeView, getPos, EMBED),
      math: (node, nodeView, getPos) => new FieldView(node, nodeView, getPos, MATH),
      tabs: (node, nodeView, getPos) => new TabsView(node, nodeView, getPos),
      tab: (node, nodeView, getPos) => new TabView(node, nodeView, getPos),
    },
    // `this`, not the constant: y-prosemirror dispatches while the view is being made.
    dispatchTransaction(this: EditorView, tr) {
      // y-prosemirror's awareness and sync listeners may still fire while the page closes.
      if (this.isDestroyed) return;
      this.updateState(this.state.apply(tr));
      changed(aroundOf(this));
    },
  });
}
