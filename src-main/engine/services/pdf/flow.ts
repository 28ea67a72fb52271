import { emptySheet, type Op, type Sheet } from './sheet.js';
import { PAGE } from './style.js';

/** A decorated container (code, hint, quote): a background and/or a bar on its left, cut at page breaks. */
export interface Decoration {
  fill?: string;
  bar?: { color: string; width: number };
}

interface OpenBox {
  decoration: Decoration;
  left: number;
  right: number;
  /** Where the part of the box on the current sheet starts. */
  top: number;
}

/** Drawn at the start of the next line placed, wherever that lands: a list item's bullet or number. */
type Marker = (y: number, lineHeight: number) => Op[];

/**
 * The layout cursor: places lines top to bottom, starting a new sheet when the next one would not
 * fit, so that text is never clipped. Containers opened with `box` are drawn in one piece per sheet.
 */
export class Flow {
  readonly sheets: Sheet[] = [];
  y = PAGE.margin;
  left = PAGE.margin;
  right = PAGE.width - PAGE.margin;
  private readonly boxes: OpenBox[] = [];
  private marker: Marker | undefined;
  /** True once anything was placed on the current sheet. */
  private placed = false;

  constructor() {
    this.sheets.push(emptySheet());
  }

  get sheet(): Sheet {
    return this.sheets[this.sheets.length - 1]!;
  }

  get width(): number {
    return this.right - this.left;
  }

  get bottom(): number {
    return PAGE.height - PAGE.margin;
  }

  /** The height a sheet offers content. */
  get pageHeight(): number {
    return this.bottom - PAGE.margin;
  }

  get atTop(): boolean {
    return !this.placed;
  }

  /** Starts a new sheet unless `height` fits below the cursor (or the sheet is still empty). */
  ensure(height: number): void {
    if (this.placed && this.y + height > this.bottom) this.newSheet();
  }

  newSheet(): void {
    this.boxes.forEach((box, depth) => this.closeSegment(box, depth));
    this.sheets.push(emptySheet());
    this.y = PAGE.margin;
    this.placed = false;
    for (const box of this.boxes) box.top = this.y;
  }

  /** Vertical space; at the top of a sheet it is dropped, and it never runs past the bottom. */
  gap(height: number): void {
    if (this.placed) this.y = Math.min(this.y + height, this.bottom);
  }

  /** Places one line of `height`: `draw` gives its operations for the line's top `y`. */
  line(height: number, draw: (y: number) => Op[]): void {
    this.ensure(height);
    const marker = this.marker;
    this.marker = undefined;
    this.sheet.ops.push(...(marker?.(this.y, height) ?? []), ...draw(this.y));
    this.y += height;
    this.placed = true;
  }

  /** Moves down by `height`, counting as content (unlike `gap`, kept at the top of a sheet). */
  advance(height: number): void {
    this.y += height;
    this.placed = true;
  }

  /** A marker for the next line; one already waiting (an outer list's) is drawn too. */
  setMarker(marker: Marker): void {
    const waiting = this.marker;
    this.marker = waiting ? (y, height) => [...waiting(y, height), ...marker(y, height)] : marker;
  }

  /** Runs `body` with the left edge moved right by `by`. */
  indent<T>(by: number, body: () => T): T {
    this.left += by;
    try {
      return body();
    } finally {
      this.left -= by;
    }
  }

  /** Runs `body` inside a decorated container with `padding` inside its edges. */
  box(decoration: Decoration, padding: { x: number; y: number }, body: () => void): void {
    this.ensure(padding.y * 2 + 14);
    const box: OpenBox = { decoration, left: this.left, right: this.right, top: this.y };
    this.boxes.push(box);
    this.y += padding.y;
    this.placed = true;
    this.left += padding.x;
    this.right -= padding.x;
    try {
      body();
    } finally {
      this.left -= padding.x;
      this.right += padding.x;
      this.y = Math.min(this.y + padding.y, this.bottom);
      this.closeSegment(box, this.boxes.length - 1);
      this.boxes.pop();
    }
  }

  private closeSegment(box: OpenBox, depth: number): void {
    const h = this.y - box.top;
    if (h <= 0) return;
    const { fill, bar } = box.decoration;
    if (fill) this.sheet.backgrounds.push({ depth, op: { kind: 'rect', x: box.left, y: box.top, w: box.right - box.left, h, fill } });
    if (bar) this.sheet.backgrounds.push({ depth: depth + 0.5, op: { kind: 'rect', x: box.left, y: box.top, w: bar.width, h, fill: bar.color } });
  }
}
