import type { Node } from 'prosemirror-model';
import type { EditorView, NodeView } from 'prosemirror-view';
import { pageSchema } from '../../src-shared/content/schema.js';
import { placeBlock } from './blocks.js';
import { MAX_FILE_BYTES, type EditorFiles } from './engine-files.js';
import { uploadQueue, type QueuedUpload } from './upload-queue.js';

const { nodes } = pageSchema;

/** An image's src, or a file's id, until the engine has stored it. */
export const UPLOAD_PREFIX = 'folio-upload:';

/** The largest file read at all: an image past 1 MiB is made smaller to fit, anything past this is refused unread. */
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;

/** What the editor's images and files need: the engine's files, the page's room, where to say what went wrong. */
export interface Media {
  files: EditorFiles;
  room: string;
  tell(message: string): void;
  /** Uploads made in this tab, by key: their bytes as local addresses, shown at once. */
  local: Map<string, string>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * Files pasted, dropped or picked into the page: each image becomes an image block and anything
 * else a file block, shown at once from the bytes in hand and stored by the engine behind
 * (queued on this device while the engine is away). `asImages`: the writer asked for images,
 * so a file that is not one is refused rather than attached.
 */
export async function insertFiles(view: EditorView, files: readonly File[], media: Media, asImages = false): Promise<void> {
  for (const file of files) {
    const name = file.name || 'pasted';
    if (file.size > MAX_SOURCE_BYTES || (!isImageType(file.type) && file.size > MAX_FILE_BYTES)) {
      media.tell(`"${name}" is ${megabytes(file.size)}: Folio stores files of at most 1 MB${isImageType(file.type) ? ' (images up to 40 MB are made smaller to fit)' : ''}.`);
      continue;
    }
    const image = isImageType(file.type) ? await decodes(file) : false;
    // Named an image but not one (or not an image where images were asked for): said, not attached.
    if (!image && (asImages || isImageType(file.type))) {
      media.tell(`"${name}" is not an image Folio can show (${file.type || 'unknown type'}); nothing was inserted.`);
      continue;
    }
    const key = crypto.randomUUID();
    media.local.set(key, URL.createObjectURL(file));
    const block = image
      ? nodes.image!.create({ src: UPLOAD_PREFIX + key, alt: name.replace(/\.[^.]+$/, '') })
      : nodes.file!.create({ fileId: UPLOAD_PREFIX + key, caption: name });
    if (!placeBlock(block)(view.state, view.dispatch)) {
      media.tell(`"${name}" cannot go here: images and files stand at the top of the page, not inside a list, quote or table.`);
      continue;
    }
    const bytes = image && file.size > MAX_FILE_BYTES ? await smaller(file) : file;
    if (!bytes) {
      media.tell(`"${name}" could not be made smaller than 1 MB; it was taken out.`);
      removeUpload(view, key);
      continue;
    }
    void upload(view, media, { key, room: media.room, name, type: bytes.type || file.type, bytes });
  }
}

function isImageType(type: string): boolean {
  return type.startsWith('image/');
}

/** Whether the browser can draw the bytes (an SVG is drawn by `<img>` alone, so it is taken as it is). */
async function decodes(file: Blob): Promise<boolean> {
  if (file.type === 'image/svg+xml') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** An image re-encoded (WebP), smaller each try, until it fits the engine's 1 MiB. */
async function smaller(file: Blob): Promise<Blob | undefined> {
  const bitmap = await createImageBitmap(file);
  try {
    let scale = Math.min(1, Math.sqrt(MAX_FILE_BYTES / file.size) * 1.5);
    for (let attempt = 0; attempt < 6; attempt++, scale *= 0.7) {
      const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const out = await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
      if (out.size <= MAX_FILE_BYTES) return out;
    }
    return undefined;
  } finally {
    bitmap.close();
  }
}

/** Keeps the bytes on the device, then sends them; the page's block takes the stored file's address. */
async function upload(view: EditorView, media: Media, queued: QueuedUpload): Promise<void> {
  await uploadQueue.put(queued).catch(() => undefined);
  await send(view, media, queued);
}

async function send(view: EditorView, media: Media, queued: QueuedUpload): Promise<void> {
  const stored = await media.files.store(queued.name, queued.type, queued.bytes);
  if (!stored.ok && stored.offline) return; // Kept on the device: sent again once the engine is back.
  await uploadQueue.remove(queued.key).catch(() => undefined);
  if (view.isDestroyed) return;
  if (!stored.ok) {
    media.tell(`"${queued.name}" could not be stored: ${stored.problem}`);
    removeUpload(view, queued.key);
    return;
  }
  replaceUpload(view, queued.key, (node): Record<string, string> => (node.type === nodes.image ? { src: stored.url } : { fileId: stored.id }));
}

/** Sends this page's uploads still on the device (made offline, or in a tab closed before they went). */
export async function sendQueued(view: EditorView, media: Media): Promise<void> {
  const waiting = await uploadQueue.ofRoom(media.room).catch(() => []);
  for (const queued of waiting) {
    if (view.isDestroyed) return;
    if (!media.local.has(queued.key)) media.local.set(queued.key, URL.createObjectURL(queued.bytes));
    await send(view, media, queued);
  }
}

function uploadBlocks(view: EditorView, key: string): { node: Node; pos: number }[] {
  const found: { node: Node; pos: number }[] = [];
  view.state.doc.descendants((node, pos) => {
    if (node.attrs.src === UPLOAD_PREFIX + key || node.attrs.fileId === UPLOAD_PREFIX + key) found.push({ node, pos });
  });
  return found;
}

function replaceUpload(view: EditorView, key: string, attrs: (node: Node) => Record<string, string>): void {
  const tr = view.state.tr;
  for (const { node, pos } of uploadBlocks(view, key)) tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs(node) });
  if (tr.docChanged) view.dispatch(tr);
}

function removeUpload(view: EditorView, key: string): void {
  const tr = view.state.tr;
  for (const { node, pos } of uploadBlocks(view, key).reverse()) tr.delete(pos, pos + node.nodeSize);
  if (tr.docChanged) view.dispatch(tr);
}

/** The clipboard's or the drop's files. */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}

/**
 * An image block drawn from wherever its bytes are: this tab's or this device's upload, the
 * engine's file (fetched with the caller's credentials), or an `https:` address of the web (the
 * page's policy allows those; docs/decisions.md). A failing address says so in place.
 */
export class ImageView implements NodeView {
  readonly dom: HTMLElement;
  private readonly img: HTMLImageElement;
  private readonly note: HTMLElement;
  private readonly caption: HTMLElement;
  private src = '';

  constructor(
    private node: Node,
    private readonly media: Media | undefined,
  ) {
    this.dom = document.createElement('figure');
    this.dom.className = 'image-block';
    this.img = document.createElement('img');
    this.note = document.createElement('span');
    this.note.className = 'image-note';
    this.caption = document.createElement('figcaption');
    this.dom.append(this.img, this.note, this.caption);
    this.img.addEventListener('error', () => this.problem(`This image could not be loaded from ${this.src}.`));
    this.img.addEventListener('load', () => this.problem(''));
    this.draw(node);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.draw(node);
    this.node = node;
    return true;
  }

  private draw(node: Node): void {
    this.img.alt = String(node.attrs.alt);
    this.caption.textContent = String(node.attrs.caption);
    const src = String(node.attrs.src);
    if (src === this.src) return;
    this.src = src;
    void this.resolve(src).then((shown) => {
      if (this.src !== src) return;
      if (typeof shown === 'string') this.img.src = shown;
      else {
        this.img.removeAttribute('src');
        this.problem(shown.problem);
      }
    });
  }

  private async resolve(src: string): Promise<string | { problem: string }> {
    if (src.startsWith(UPLOAD_PREFIX)) {
      const key = src.slice(UPLOAD_PREFIX.length);
      const local = this.media?.local.get(key) ?? (await uploadQueue.get(key).catch(() => undefined))?.bytes;
      if (!local) return { problem: 'This image is being uploaded from another device.' };
      return typeof local === 'string' ? local : URL.createObjectURL(local);
    }
    const fromEngine = await this.media?.files.show(src).catch(() => undefined);
    if (fromEngine) return fromEngine;
    if (/^https:\/\//i.test(src) || src.startsWith('data:image/')) return src;
    return { problem: `This image's address cannot be shown here: ${src}` };
  }

  private problem(message: string): void {
    this.note.textContent = message;
    this.dom.classList.toggle('image-failed', message !== '');
  }
}

/** A file block: its caption, and that it is still going up while it is. */
export class FileView implements NodeView {
  readonly dom: HTMLElement;

  constructor(private node: Node) {
    this.dom = document.createElement('figure');
    this.dom.className = 'file-block';
    this.draw(node);
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.draw(node);
    return true;
  }

  private draw(node: Node): void {
    const pending = String(node.attrs.fileId).startsWith(UPLOAD_PREFIX);
    this.dom.textContent = `📎 ${String(node.attrs.caption) || 'File'}${pending ? ' (uploading…)' : ''}`;
  }
}
