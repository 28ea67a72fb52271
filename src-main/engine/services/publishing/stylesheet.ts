import { FONT_FAMILIES, SITE_CUSTOMIZATION } from '../../domain/publishing/customization.js';

const { primaryColor, infoColor, successColor, warningColor, dangerColor, font, monospaceFont } = SITE_CUSTOMIZATION.styling;

/** The published site's stylesheet (`~assets/site.css`): readable type, a sidebar, light and dark, in the colours and fonts of its settings. */
export const STYLESHEET = `:root { color-scheme: light dark; --text: #1d2329; --muted: #5b6570; --line: #dde1e5; --accent: ${primaryColor.light}; --soft: #f4f6f8; }
@media (prefers-color-scheme: dark) { :root { --text: #e6e9ec; --muted: #9aa4ae; --line: #333a41; --accent: ${primaryColor.dark}; --soft: #1f2429; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 "${FONT_FAMILIES[font]}", system-ui, sans-serif; color: var(--text); background: Canvas; }
a { color: var(--accent); }
.site-header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
.site-title { font-weight: 700; font-size: 1.1rem; text-decoration: none; color: var(--text); }
.sections ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
.sections .group > span { color: var(--muted); margin-right: .5rem; }
.sections [aria-current], .pages [aria-current], .variants [aria-current] { font-weight: 700; }
.search { position: relative; margin-left: auto; }
.search input { padding: .35rem .6rem; border: 1px solid var(--line); border-radius: 6px; min-width: 16rem; }
.search .results { position: absolute; right: 0; z-index: 1; margin: .25rem 0 0; padding: 0; list-style: none; background: Canvas; min-width: 100%; }
.search .results:not(:empty) { border: 1px solid var(--line); border-radius: 6px; }
.search .results a { display: block; padding: .35rem .6rem; }
.site-body { display: flex; max-width: 72rem; margin: 0 auto; }
aside { width: 16rem; flex: none; padding: 1.5rem 1rem; border-right: 1px solid var(--line); }
aside ul { list-style: none; margin: 0; padding-left: .9rem; }
aside > nav > ul { padding-left: 0; }
aside .group > span { display: block; margin-top: .75rem; color: var(--muted); font-size: .8rem; text-transform: uppercase; }
.variants { margin-bottom: 1rem; padding-bottom: .75rem; border-bottom: 1px solid var(--line); }
main { flex: 1; min-width: 0; padding: 1.5rem 2.5rem; }
.description { color: var(--muted); font-size: 1.1rem; }
pre { padding: .75rem 1rem; overflow-x: auto; background: var(--soft); border-radius: 6px; }
code { font: .9em "${FONT_FAMILIES[monospaceFont]}", ui-monospace, monospace; }
blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
.hint { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid; border-radius: 4px; background: var(--soft); }
.hint-info { border-color: ${infoColor.light}; } .hint-success { border-color: ${successColor.light}; } .hint-warning { border-color: ${warningColor.light}; } .hint-danger { border-color: ${dangerColor.light}; }
.table { overflow-x: auto; }
table { border-collapse: collapse; }
th, td { padding: .35rem .75rem; border: 1px solid var(--line); }
.align-center { text-align: center; } .align-right { text-align: right; }
.tasks { list-style: none; padding-left: .5rem; }
figure { margin: 1rem 0; }
img { max-width: 100%; }
figcaption, .missing { color: var(--muted); font-size: .9rem; }
.expandable { margin: 1rem 0; padding: .5rem 1rem; border: 1px solid var(--line); border-radius: 6px; }
.expandable > summary { cursor: pointer; font-weight: 600; }
.tabs { margin: 1rem 0; border: 1px solid var(--line); border-radius: 6px; }
.tab { padding: .25rem 1rem; } .tab + .tab { border-top: 1px solid var(--line); }
.tab-title { margin: .5rem 0; font-weight: 600; }
.embed { padding: .75rem 1rem; border: 1px solid var(--line); border-radius: 6px; overflow-wrap: anywhere; }
.math { margin: 1rem 0; overflow-x: auto; }
`;
