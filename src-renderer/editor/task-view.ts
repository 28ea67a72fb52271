import type { Node } from 'prosemirror-model';
import type { EditorView, NodeView } from 'prosemirror-view';

/** A task in the editor: its checkbox beside its text, ticked by click or Space on the box. */
export class TaskView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private readonly box: HTMLInputElement;

  constructor(
    private node: Node,
    view: EditorView,
    getPos: () => number | undefined,
  ) {
    this.dom = document.createElement('li');
    this.dom.className = 'task';
    const holder = document.createElement('span');
    holder.contentEditable = 'false';
    this.box = document.createElement('input');
    this.box.type = 'checkbox';
    this.box.setAttribute('aria-label', 'Done');
    this.box.addEventListener('mousedown', (event) => event.preventDefault());
    this.box.addEventListener('change', () => {
      const pos = getPos();
      if (pos !== undefined) view.dispatch(view.state.tr.setNodeAttribute(pos, 'checked', this.box.checked));
    });
    holder.append(this.box);
    this.contentDOM = document.createElement('div');
    this.dom.append(holder, this.contentDOM);
    this.update(node);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.box.checked = node.attrs.checked === true;
    this.dom.dataset.checked = String(this.box.checked);
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target === this.box;
  }

  ignoreMutation(mutation: MutationRecord | { type: 'selection' }): boolean {
    return mutation.type !== 'selection' && !this.contentDOM.contains(mutation.target as globalThis.Node);
  }
}
