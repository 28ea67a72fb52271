/**
 * A space's emoji as a character. The reference service stores emoji as code points in hex
 * (`1f4d8`, `1f469-200d-1f4bb`); a value that is not hex is shown as it is.
 */
export function emojiGlyph(value: string): string {
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(value)) return value;
  return String.fromCodePoint(...value.split('-').map((hex) => Number.parseInt(hex, 16)));
}

/** The reverse, for what a person types or picks: a character becomes its code points. */
export function emojiCode(glyph: string): string {
  return [...glyph].map((char) => char.codePointAt(0)!.toString(16)).join('-');
}
