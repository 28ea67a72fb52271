import { Fragment, Slice, type Node } from 'prosemirror-model';
import { Plugin, TextSelection } from 'prosemirror-state';
import { pageSchema } from '../../src-shared/content/schema.js';
import { filesOf, insertFiles, type Media } from './media.js';
import { largestTable, MAX_PASTED_CELLS } from './tables.js';

const { nodes } = pageSchema;

/** Text that reads as Markdown blocks or marks (a heading, a list, a fence, a table, emphasis, a link). */
const MARKDOWN = /(^|\n)(#{1,6} |[-*+] |\d+\. |> |```|\|.*\||___|---|\{% )|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/;

/**
 * The content model's Markdown reader (micromark and its extensions, a third of the editor's
 * weight), loaded once the editor is open rather than with it; a paste before it is there is
 * taken as plain text.
 */
let readMarkdown: typeof import('../../src-shared/content/markdown-in.js').markdownToPm | undefined;
function loadMarkdownReader(): void {
  void import('../../src-shared/content/markdown-in.js').then((module) => (readMarkdown = module.markdownToPm));
}

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN.test(text);
}

/**
 * What a paste brings: files (images above all) go through the engine's files; plain text that
 * reads as Markdown becomes blocks, through the content model's own Markdown reader; HTML is
 * parsed by the schema, its tables made whole (one cell per column title). A table of more than
 * `MAX_PASTED_CELLS` cells is refused with a message, the page left as it was.
 */
export function pastePlugin(media: Media | undefined, tell: (message: string) => void): Plugin {
  if (!readMarkdown) loadMarkdownReader();
  return new Plugin({
    props: {
      handlePaste(view, event, slice) {
        const files = filesOf(event.clipboardData);
        if (files.length > 0) {
          if (!media) tell('Files can be added only in a change request that is open for edits.');
          else void insertFiles(view, files, media, files.every((file) => file.type.startsWith('image/')));
          return true;
        }
        const html = event.clipboardData?.getData('text/html') ?? '';
        const text = event.clipboardData?.getData('text/plain') ?? '';
        let pasted = slice;
        if (readMarkdown && !html && looksLikeMarkdown(text) && !view.state.selection.$from.parent.type.spec.code) {
          const read = readMarkdown(text);
          if (read.ok) {
            const body = pageSchema.nodeFromJSON(read.value.body);
            pasted = new Slice(body.content, 0, 0);
          }
        }
        const cells = largestTable(pasted.content);
        if (cells > MAX_PASTED_CELLS) {
          tell(`This table has ${cells.toLocaleString('en')} cells; Folio pastes tables of at most ${MAX_PASTED_CELLS.toLocaleString('en')}. Nothing was pasted.`);
          return true;
        }
        if (pasted === slice) return false;
        view.dispatch(view.state.tr.replaceSelection(pasted).scrollIntoView());
        return true;
      },
      handleDrop(view, event) {
        const files = filesOf((event as DragEvent).dataTransfer);
        if (files.length === 0 || !media) return false;
        const at = view.posAtCoords({ left: (event as DragEvent).clientX, top: (event as DragEvent).clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        void insertFiles(view, files, media);
        return true;
      },
      transformPasted: (slice) => new Slice(wholeTables(slice.content), slice.openStart, slice.openEnd),
    },
  });
}

/** Pasted tables with as many column titles as their widest row has cells, and every row that wide. */
export function wholeTables(fragment: Fragment): Fragment {
  const children: Node[] = [];
  fragment.forEach((child) => {
    if (child.type === nodes.table) children.push(wholeTable(child));
    else if (child.isLeaf || child.isTextblock) children.push(child);
    else children.push(child.copy(wholeTables(child.content)));
  });
  return Fragment.from(children);
}

function wholeTable(table: Node): Node {
  const headers: Node[] = [];
  const rows: Node[] = [];
  table.forEach((child) => (child.type === nodes.table_header ? headers : rows).push(child));
  // A table without titles (all `td`) takes its first row as titles, as GFM would need.
  // (Parsed titles have ids; one the parser had to make up has none.)
  if (headers.every((header) => header.attrs.id === null && header.content.size === 0) && rows.length > 0) {
    headers.length = 0;
    rows.shift()!.forEach((cell) => headers.push(nodes.table_header!.create(null, cell.content)));
  }
  const width = Math.max(headers.length, ...rows.map((row) => row.childCount), 1);
  while (headers.length < width) headers.push(nodes.table_header!.create());
  const padded = rows.map((row) => {
    const cells: Node[] = [];
    row.forEach((cell) => void (cells.length < width && cells.push(cell)));
    while (cells.length < width) cells.push(nodes.table_cell!.create());
    return nodes.table_row!.create(null, cells);
  });
  return nodes.table!.create(table.attrs, [...headers, ...padded]);
}
