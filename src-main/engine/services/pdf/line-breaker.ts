import type { Run } from './inline.js';
import type { TextStyle } from './style.js';

/** Part of a line in one style, with its measured width. */
export interface Piece {
  text: string;
  style: TextStyle;
  width: number;
}

export interface Line {
  pieces: Piece[];
  /** The largest font size on the line. */
  size: number;
}

export type Measure = (text: string, style: TextStyle) => number;

/**
 * Greedy line breaking over styled runs: words go on the line while they fit, a word wider than
 * the whole line is cut between characters, and a line break in the text ends the line. Spaces at
 * the end of a line are dropped, so a line never runs past `width`. No text gives one empty line
 * of `emptySize`.
 */
export function breakLines(runs: Run[], width: number, measure: Measure, emptySize = 0): Line[] {
  const breaker = new Breaker(width, measure);
  for (const run of runs) {
    run.text.split('\n').forEach((segment, index) => {
      if (index > 0) breaker.endLine(run.style.size);
      for (const word of segment.match(/\S+\s*|\s+/g) ?? []) breaker.add(word, run.style);
    });
  }
  return breaker.finish(runs[0]?.style.size ?? emptySize);
}

class Breaker {
  private readonly lines: Line[] = [];
  private pieces: Piece[] = [];
  private used = 0;

  constructor(
    private readonly width: number,
    private readonly measure: Measure,
  ) {}

  add(word: string, style: TextStyle): void {
    const visible = word.trimEnd();
    if (this.used > 0 && this.used + this.measure(visible, style) > this.width) this.endLine(style.size);
    if (this.used === 0 && this.measure(visible, style) > this.width) {
      this.addCut(word, style);
      return;
    }
    this.push(word, style);
  }

  /** A word longer than a line: as many characters as fit on each line. */
  private addCut(word: string, style: TextStyle): void {
    let rest = word;
    while (rest.length > 0) {
      let take = rest.length;
      while (take > 1 && this.measure(rest.slice(0, take).trimEnd(), style) > this.width - this.used) take--;
      this.push(rest.slice(0, take), style);
      rest = rest.slice(take);
      if (rest.length > 0) this.endLine(style.size);
    }
  }

  private push(text: string, style: TextStyle): void {
    const last = this.pieces[this.pieces.length - 1];
    if (last && last.style === style) {
      last.text += text;
      last.width = this.measure(last.text, style);
    } else {
      this.pieces.push({ text, style, width: this.measure(text, style) });
    }
    this.used = this.pieces.reduce((sum, piece) => sum + piece.width, 0);
  }

  endLine(size: number): void {
    const last = this.pieces[this.pieces.length - 1];
    if (last) {
      last.text = last.text.trimEnd();
      last.width = this.measure(last.text, last.style);
    }
    const pieces = this.pieces.filter((piece) => piece.text !== '');
    this.lines.push({ pieces, size: Math.max(size, ...pieces.map((piece) => piece.style.size)) });
    this.pieces = [];
    this.used = 0;
  }

  finish(size: number): Line[] {
    if (this.pieces.length > 0 || this.lines.length === 0) this.endLine(size);
    return this.lines;
  }
}
