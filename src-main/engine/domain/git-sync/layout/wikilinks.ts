import { slugFromTitle } from '../../content/slugs.js';
import { linkPath, relativeFrom } from './paths.js';

/**
 * Obsidian's links as the Markdown links the layout reads: `[[Note]]`, `[[Note|shown]]`,
 * `[[Note#Heading]]` become links to the note's file (anchors as heading slugs); `![[image.png]]`
 * an image; `![[Note]]` (a note embedded) a link to it. Targets are found as Obsidian finds them:
 * by file name anywhere in the vault, or by the end of their path. Links to nothing stay as written,
 * and fenced code is left alone.
 */
export function fromWikilinks(markdown: string, from: string, paths: Iterable<string>): string {
  if (!markdown.includes('[[')) return markdown;
  const all = [...paths];
  const find = (target: string): string | undefined => {
    const wanted = target.toLowerCase();
    const candidates = all.filter((path) => {
      const lower = path.toLowerCase();
      return lower === wanted || lower === `${wanted}.md` || lower.endsWith(`/${wanted}`) || lower.endsWith(`/${wanted}.md`);
    });
    return candidates.sort((a, b) => a.length - b.length)[0];
  };
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      return line.replace(/(!?)\[\[([^\]|#\n]+)(#[^\]|\n]*)?(?:\|([^\]\n]*))?\]\]/g, (whole, bang: string, target: string, heading = '', shown?: string) => {
        const path = find(target.trim());
        if (!path) return whole;
        const address = linkPath(relativeFrom(from, path)) + (heading ? `#${slugFromTitle(heading.slice(1))}` : '');
        const text = (shown ?? `${target.trim()}${heading}`).replace(/[[\]]/g, '\\$&');
        if (bang && !/\.md$/i.test(path)) return `![${text}](${address})`;
        return `[${text}](${address})`;
      });
    })
    .join('\n');
}
