import type { Node } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import type { EditorView, NodeView } from 'prosemirror-view';
import { newBlockId } from '../../src-shared/content/ids.js';
import { pageSchema } from '../../src-shared/content/schema.js';

const { nodes } = pageSchema;

/**
 * The editor's views of the blocks whose text is not ProseMirror text: an embed's address, a
 * formula's TeX source, a tab's title, each edited in a field of its own; and the buttons that add
 * and remove tabs. A field writes its attribute as it is typed (one undo step per change), and takes
 * a peer's change when it is not being edited here.
 */

/** The id of the block this editor just inserted, whose field takes the focus once it is shown. */
let focusNext: string | undefined;

/** A new embed, math or tabs block whose field (the address, the formula, the first tab's title) is focused when shown. */
export function withFocus(node: Node): Node {
  focusNext = node.attrs.id as string;
  return node;
}

export function newExpandable(): Node {
  return nodes.expandable!.create({ id: newBlockId() }, [nodes.expandable_title!.create({ id: newBlockId() }), nodes.paragraph!.create({ id: newBlockId() })]);
}

export function newTab(title: string): Node {
  return nodes.tab!.create({ id: newBlockId(), title }, nodes.paragraph!.create({ id: newBlockId() }));
}

export function newTabs(): Node {
  const tab = newTab('Tab 1');
  return nodes.tabs!.create({ id: newBlockId() }, withFocus(tab));
}

function takeFocus(node: Node, field: HTMLInputElement | HTMLTextAreaElement): void {
  if (focusNext === undefined || node.attrs.id !== focusNext) return;
  focusNext = undefined;
  // The field is not in the document yet while its view is being made.
  requestAnimationFrame(() => {
    field.focus();
    field.select();
  });
}

/** A text field bound to one attribute of the node at `getPos()`. */
function field(
  kind: 'input' | 'textarea',
  label: string,
  view: EditorView,
  getPos: () => number | undefined,
  attribute: string,
  onEnter: () => void = () => leave(view, getPos),
): HTMLInputElement | HTMLTextAreaElement {
  const element = document.createElement(kind);
  element.setAttribute('aria-label', label);
  element.spellcheck = false;
  element.addEventListener('input', () => {
    const pos = getPos();
    if (pos !== undefined) view.dispatch(view.state.tr.setNodeAttribute(pos, attribute, element.value));
  });
  // Enter (in a one-line field; Ctrl/Cmd-Enter in a formula) goes on writing, by default after the
  // block; Escape goes back to the page after it.
  element.addEventListener('keydown', (raw) => {
    const event = raw as KeyboardEvent;
    if (event.key === 'Escape') {
      event.preventDefault();
      leave(view, getPos);
    } else if (event.key === 'Enter' && (kind === 'input' || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onEnter();
    }
  });
  return element;
}

/** The cursor to the block after the one at `getPos()` (a new paragraph when none follows), and the focus to the page. */
function leave(view: EditorView, getPos: () => number | undefined): void {
  const pos = getPos();
  if (pos === undefined) return;
  const node = view.state.doc.nodeAt(pos);
  if (!node) return;
  const after = pos + node.nodeSize;
  const tr = view.state.tr;
  const next = tr.doc.resolve(after).nodeAfter;
  if (!next || !next.isTextblock) tr.insert(after, nodes.paragraph!.create());
  view.dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1))).scrollIntoView());
  view.focus();
}

function setValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (element.value !== value && element.ownerDocument.activeElement !== element) element.value = value;
}

/** Events in the view's own fields and buttons are theirs, not ProseMirror's. */
function ownsEvent(dom: HTMLElement, contentDOM: HTMLElement | undefined, event: Event): boolean {
  const target = event.target as globalThis.Node | null;
  if (!target || (contentDOM && contentDOM.contains(target))) return false;
  return dom.contains(target) && (target as HTMLElement).closest?.('input, textarea, button') !== null;
}

/** How a block edited in one field is shown: its element, its field, and what the card beside the field says. */
interface FieldBlock {
  tag: string;
  className: string;
  kind: 'input' | 'textarea';
  label: string;
  visibleLabel: string;
  attribute: string;
  placeholder: string;
  card?(value: string): string;
}

/** An embed: the address it links to, edited in place; the card names the site. Nothing is loaded from it. */
export const EMBED: FieldBlock = {
  tag: 'figure', className: 'embed', kind: 'input', label: 'Embed address', visibleLabel: 'Embed address ', attribute: 'url', placeholder: 'https://…', card: hostOf,
};
/** A formula: its TeX source. */
export const MATH: FieldBlock = {
  tag: 'div', className: 'math', kind: 'textarea', label: 'TeX formula', visibleLabel: 'TeX ', attribute: 'formula', placeholder: 'E = mc^2',
};

/** A block without ProseMirror content, edited in one field bound to one attribute. */
export class FieldView implements NodeView {
  readonly dom: HTMLElement;
  private readonly input: HTMLInputElement | HTMLTextAreaElement;
  private readonly card: HTMLElement | undefined;

  constructor(
    private node: Node,
    view: EditorView,
    getPos: () => number | undefined,
    private readonly shape: FieldBlock,
  ) {
    this.dom = document.createElement(shape.tag);
    this.dom.className = shape.className;
    this.dom.contentEditable = 'false';
    const label = document.createElement('label');
    label.textContent = shape.visibleLabel;
    this.input = field(shape.kind, shape.label, view, getPos, shape.attribute);
    this.input.placeholder = shape.placeholder;
    if (this.input instanceof HTMLInputElement) this.input.type = 'url';
    else this.input.rows = 2;
    label.append(this.input);
    this.dom.append(label);
    if (shape.card) {
      this.card = document.createElement('span');
      this.card.className = `${shape.className}-card`;
      this.dom.append(this.card);
    }
    this.update(node);
    takeFocus(node, this.input);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    const value = String(node.attrs[this.shape.attribute]);
    setValue(this.input, value);
    if (this.card) this.card.textContent = this.shape.card!(value);
    return true;
  }

  stopEvent(event: Event): boolean {
    return ownsEvent(this.dom, undefined, event);
  }

  ignoreMutation(): boolean {
    return true;
  }
}

/** The site an address is on, as the card names it; the address itself when it has none. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Tabs: the tabs one after the other, and a button that adds one. */
export class TabsView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;

  constructor(
    private node: Node,
    view: EditorView,
    getPos: () => number | undefined,
  ) {
    this.dom = document.createElement('div');
    this.dom.className = 'tabs';
    this.contentDOM = document.createElement('div');
    const add = document.createElement('button');
    add.type = 'button';
    add.className = 'quiet tabs-add';
    add.textContent = 'Add tab';
    add.contentEditable = 'false';
    add.addEventListener('mousedown', (event) => event.preventDefault());
    add.addEventListener('click', () => {
      const pos = getPos();
      if (pos === undefined) return;
      const tabs = view.state.doc.nodeAt(pos);
      if (!tabs) return;
      const tab = withFocus(newTab(`Tab ${tabs.childCount + 1}`));
      view.dispatch(view.state.tr.insert(pos + tabs.nodeSize - 1, tab).scrollIntoView());
    });
    this.dom.append(this.contentDOM, add);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    return true;
  }

  stopEvent(event: Event): boolean {
    return ownsEvent(this.dom, this.contentDOM, event);
  }

  ignoreMutation(mutation: MutationRecord | { type: 'selection' }): boolean {
    return mutation.type !== 'selection' && !this.contentDOM.contains(mutation.target as globalThis.Node);
  }
}

/** A tab: its title in a field, a button that removes it (the whole tabs block with its last tab), then its blocks. */
export class TabView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private readonly title: HTMLInputElement | HTMLTextAreaElement;

  constructor(
    private node: Node,
    view: EditorView,
    getPos: () => number | undefined,
  ) {
    this.dom = document.createElement('section');
    this.dom.className = 'tab';
    const head = document.createElement('div');
    head.className = 'tab-head';
    head.contentEditable = 'false';
    // Enter in the title goes on to the tab's first line.
    const intoBody = () => {
      const pos = getPos();
      if (pos === undefined) return;
      view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(pos + 1))).scrollIntoView());
      view.focus();
    };
    this.title = field('input', 'Tab title', view, getPos, 'title', intoBody);
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'quiet';
    remove.textContent = 'Remove tab';
    remove.addEventListener('mousedown', (event) => event.preventDefault());
    remove.addEventListener('click', () => {
      const pos = getPos();
      if (pos === undefined) return;
      const $pos = view.state.doc.resolve(pos);
      const tabs = $pos.parent;
      const tr = view.state.tr;
      if (tabs.childCount > 1) tr.delete(pos, pos + view.state.doc.nodeAt(pos)!.nodeSize);
      else tr.delete($pos.before(), $pos.after());
      view.dispatch(tr.scrollIntoView());
      view.focus();
    });
    head.append(this.title, remove);
    this.contentDOM = document.createElement('div');
    this.contentDOM.className = 'tab-body';
    this.dom.append(head, this.contentDOM);
    this.update(node);
    takeFocus(node, this.title);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    setValue(this.title, String(node.attrs.title));
    this.dom.setAttribute('aria-label', `Tab: ${String(node.attrs.title) || 'untitled'}`);
    return true;
  }

  stopEvent(event: Event): boolean {
    return ownsEvent(this.dom, this.contentDOM, event);
  }

  ignoreMutation(mutation: MutationRecord | { type: 'selection' }): boolean {
    return mutation.type !== 'selection' && !this.contentDOM.contains(mutation.target as globalThis.Node);
  }
}
