import type { EditorView } from 'prosemirror-view';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { hrefOf, refOf } from '../../src-shared/content/link-refs.js';
import type { LinkableHeading, LinkablePage, PageLinks } from '../content/page-links.js';
import { looksLikeAddress, normalHref, refusedHref } from './link-address.js';
import { linkTarget, setLink } from './links.js';

/** A page or a heading of a page, as the link field offers them. */
type Found = { page: LinkablePage; heading?: LinkableHeading };

/** Typing pauses this long before headings are searched, so that each key does not cost a request. */
const HEADING_PAUSE_MS = 150;

/** What the field lists for a page or a heading. */
const labelOf = ({ page, heading }: Found) => (heading ? `${page.path} # ${heading.heading}` : page.path);

/**
 * Ctrl/Cmd-K: the link over the selection (or around the cursor), edited in place: an address to
 * set, a page of the change request found by its title or a heading of one found by its words (the
 * engine's search of the change request), or nothing to take the link off. A page is kept as a page
 * reference (`folio:page/…`), a heading as `folio:page/<id>#<anchor>`, each shown by its title path.
 * Addresses that could run script are refused with the reason.
 */
export function LinkForm({ view, pages, onDone }: { view: EditorView; pages: PageLinks | undefined; onDone(): void }) {
  const id = useId();
  const [target] = useState(() => linkTarget(view.state));
  const [linked, setLinked] = useState<Found | undefined>(() => linkedTo(target.href, view.state.doc.textBetween(target.from, target.to), pages));
  const [address, setAddress] = useState(linked ? labelOf(linked) : target.href);
  const [active, setActive] = useState(0);
  const [problem, setProblem] = useState<string>();
  const searching = pages !== undefined && !linked && !looksLikeAddress(address) && address.trim() !== '';
  const headings = useHeadings(searching ? pages : undefined, address);
  const found: Found[] = searching ? [...pages.find(address).map((page) => ({ page })), ...headings.map((heading) => ({ page: heading.page, heading }))] : [];
  const apply = (href: string, text?: string) => {
    view.dispatch(setLink(view.state, target, href, text));
    onDone();
  };
  const choose = ({ page, heading }: Found) =>
    heading ? apply(hrefOf({ kind: 'anchor', page: page.id, anchor: heading.anchor }), heading.heading) : apply(hrefOf({ kind: 'page', page: page.id }), page.title);
  const submit = (event: FormEvent | KeyboardEvent) => {
    // Enter is taken here: left to the form, its key would reach the editor once focus is back there.
    event.preventDefault();
    if (found[active]) return choose(found[active]);
    if (linked) return choose(linked);
    const href = normalHref(address);
    if (href) {
      const refused = refusedHref(href);
      if (refused) return setProblem(refused);
    }
    apply(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') submit(event);
    else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && found.length > 0) {
      event.preventDefault();
      setActive((active + (event.key === 'ArrowDown' ? 1 : -1) + found.length) % found.length);
    }
  };
  const listId = `${id}-pages`;
  const optionId = (index: number) => `${id}-page-${index}`;
  return (
    <form className="link-form" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onDone()} aria-label="Link">
      <label>
        Link address{' '}
        <input
          autoFocus
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={found.length > 0}
          aria-controls={listId}
          aria-activedescendant={found[active] ? optionId(active) : undefined}
          value={address}
          placeholder="https://… or a page's title"
          onChange={(event) => {
            setAddress(event.target.value);
            setLinked(undefined);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={problem !== undefined}
        />
      </label>
      <button type="submit">{address.trim() ? 'Apply' : 'Remove link'}</button>
      {target.href && (
        <button type="button" className="quiet" onClick={() => apply('')}>
          Remove link
        </button>
      )}
      <button type="button" className="quiet" onClick={onDone}>
        Cancel
      </button>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Pages" className="link-pages" hidden={found.length === 0}>
        {found.map((option, index) => (
          <li
            key={option.heading ? `${option.page.id}#${option.heading.anchor}` : option.page.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'chosen' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {labelOf(option)}
          </li>
        ))}
      </ul>
    </form>
  );
}

/** Headings whose words hold the query, once typing pauses; none while there is no search or it fails. */
function useHeadings(pages: PageLinks | undefined, query: string): LinkableHeading[] {
  const [found, setFound] = useState<{ query: string; headings: LinkableHeading[] }>({ query: '', headings: [] });
  const search = pages?.findHeadings;
  useEffect(() => {
    if (!search) return;
    let current = true;
    const timer = setTimeout(() => void search(query).then((headings) => current && setFound({ query, headings: headings ?? [] })), HEADING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, query]);
  return search && found.query === query ? found.headings : [];
}

/** The page a link's address refers to, named by its path (or by the address, once the page is gone). */
/**
 * The page or heading a link being edited goes to, shown as the list shows them. A heading's words
 * live in its page, not here: the link's own text stands for them (it is the heading's, unless
 * someone retyped it).
 */
function linkedTo(href: string, text: string, pages: PageLinks | undefined): Found | undefined {
  const ref = refOf(href);
  if (ref.kind !== 'page' && !(ref.kind === 'anchor' && ref.page)) return undefined;
  const pageId = ref.page!;
  const page = pages?.pageOf(pageId) ?? { id: pageId, title: href, path: href };
  return ref.kind === 'anchor' ? { page, heading: { page, anchor: ref.anchor, heading: text || ref.anchor } } : { page };
}
