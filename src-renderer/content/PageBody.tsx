import { Fragment, useContext, useEffect, useState, type ReactNode } from 'react';
import { isEngineFile, showEngineFile } from '../editor/engine-files.js';
import { WorkspaceContext } from '../frame/workspace-context.js';
import { usePageLinks } from './page-links.js';
import { refOf } from '../../src-shared/content/link-refs.js';
import { blockText } from '../../src-shared/content/text.js';
import type { PmMarkJson, PmNodeJson } from '../../src-shared/content/pm-json.js';
import { revealWhenDrawn } from './reveal.js';

/**
 * A page body (the content model's ProseMirror JSON) drawn read-only. Written out node by node
 * rather than through the schema's `toDOM`, which describes the editor's DOM: a reader wants an
 * image as an image and a task's box as a checkbox.
 */
export function PageBody({ body, onComment }: { body: PmNodeJson; onComment?(block: PmNodeJson): void }) {
  if (!onComment) return <div className="page-body">{children(body)}</div>;
  return (
    <div className="page-body">
      {(body.content ?? []).map((block, index) => (
        <div key={blockKey(block, index)} className="commentable">
          <Block node={block} />
          <button type="button" className="quiet block-comment" aria-label={`Comment on this block: ${blockText(block).slice(0, 40)}`} onClick={() => onComment(block)}>
            Comment
          </button>
        </div>
      ))}
    </div>
  );
}

function children(node: PmNodeJson): ReactNode[] {
  return (node.content ?? []).map((child, index) => <Block key={blockKey(child, index)} node={child} />);
}

function blockKey(node: PmNodeJson, index: number): string {
  return typeof node.attrs?.id === 'string' ? node.attrs.id : `${node.type}-${index}`;
}

const text = (node: PmNodeJson, key: string) => (typeof node.attrs?.[key] === 'string' ? (node.attrs[key] as string) : '');

export function Block({ node }: { node: PmNodeJson }): ReactNode {
  const id = text(node, 'id') || undefined;
  switch (node.type) {
    case 'paragraph':
      return <p id={id}>{inline(node)}</p>;
    case 'heading': {
      const Tag = `h${Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 6)}` as 'h1';
      return <Tag id={id}>{inline(node)}</Tag>;
    }
    case 'bullet_list':
      return <ul id={id}>{children(node)}</ul>;
    case 'ordered_list':
      return (
        <ol id={id} start={Number(node.attrs?.start ?? 1)}>
          {children(node)}
        </ol>
      );
    case 'task_list':
      return (
        <ul id={id} className="tasks">
          {children(node)}
        </ul>
      );
    case 'list_item':
      return <li id={id}>{children(node)}</li>;
    case 'task_item':
      return (
        <li id={id} className="task">
          <input type="checkbox" checked={node.attrs?.checked === true} readOnly disabled aria-label="Done" />
          <div>{children(node)}</div>
        </li>
      );
    case 'divider':
      return <hr id={id} />;
    case 'code_block':
      return <CodeBlock id={id} language={text(node, 'language')} code={(node.content ?? []).map((child) => child.text ?? '').join('')} />;
    case 'quote':
      return <blockquote id={id}>{children(node)}</blockquote>;
    case 'hint':
      return (
        <aside id={id} className={`hint hint-${text(node, 'style') || 'info'}`}>
          {children(node)}
        </aside>
      );
    case 'table':
      return <Table node={node} />;
    case 'image':
      return (
        <figure id={id}>
          <ReaderImage src={text(node, 'src')} alt={text(node, 'alt')} />
          {text(node, 'caption') && <figcaption>{text(node, 'caption')}</figcaption>}
        </figure>
      );
    case 'file':
      return (
        <figure id={id} className="file">
          <span>File {text(node, 'caption') || text(node, 'fileId')}</span>
        </figure>
      );
    case 'expandable': {
      const [title, ...body] = node.content ?? [];
      return (
        <details id={id} className="expandable">
          <summary>{(title?.content ?? []).map((child) => child.text ?? '').join('')}</summary>
          {body.map((child, index) => (
            <Block key={blockKey(child, index)} node={child} />
          ))}
        </details>
      );
    }
    case 'tabs':
      return <Tabs id={id} node={node} />;
    case 'embed': {
      const url = text(node, 'url');
      // A link card: the reader never loads what the address holds.
      return (
        <figure id={id} className="embed">
          <a href={safeHref(url)} rel="noopener noreferrer" target="_blank">
            {url}
          </a>
        </figure>
      );
    }
    case 'math':
      return (
        <div id={id} className="math">
          <code className="language-tex">{text(node, 'formula')}</code>
        </div>
      );
    default:
      return (
        <div id={id} className="opaque note">
          A block this version of Folio does not display ({String((node.attrs?.block as { type?: unknown } | undefined)?.type ?? node.type)}).
        </div>
      );
  }
}

/** Tabs as a WAI-ARIA tab set: arrow keys move between the tabs, one panel shows at a time. */
function Tabs({ id, node }: { id?: string; node: PmNodeJson }) {
  const tabs = node.content ?? [];
  const [chosen, setChosen] = useState(0);
  const base = id ?? 'tabs';
  const current = Math.min(chosen, Math.max(tabs.length - 1, 0));
  const choose = (index: number, target: HTMLElement) => {
    setChosen(index);
    (target.parentElement?.children[index] as HTMLElement | undefined)?.focus();
  };
  return (
    <div id={id} className="tabs">
      <div role="tablist" className="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={blockKey(tab, index)}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setChosen(index)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step !== 0) choose((index + step + tabs.length) % tabs.length, event.currentTarget);
            }}
          >
            {text(tab, 'title') || `Tab ${index + 1}`}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={blockKey(tab, index)} role="tabpanel" id={`${base}-panel-${index}`} aria-labelledby={`${base}-tab-${index}`} hidden={index !== current} className="tab-panel">
          {children(tab)}
        </div>
      ))}
    </div>
  );
}

/**
 * Code drawn plain at once, then highlighted once highlight.js has loaded (its own chunk, fetched
 * the first time a page shows code).
 */
function CodeBlock({ id, language, code }: { id?: string; language: string; code: string }) {
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let current = true;
    if (language) void import('./highlight.js').then(({ highlighted }) => current && setHtml(highlighted(code, language)));
    return () => void (current = false);
  }, [code, language]);
  return (
    <pre id={id} data-language={language || undefined}>
      {/* highlight.js escapes the code; its only markup is its own spans. */}
      {html === undefined ? <code>{code}</code> : <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />}
    </pre>
  );
}

/** An image of the page: the engine's files come with the reader's credentials (a plain src would carry none). */
function ReaderImage({ src, alt }: { src: string; alt: string }) {
  const workspace = useContext(WorkspaceContext);
  const [shown, setShown] = useState<string | undefined>(() => (isEngineFile(src) ? undefined : src));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!workspace || !isEngineFile(src)) return;
    let current = true;
    void showEngineFile(workspace.access, src).then((url) => current && (url ? setShown(url) : setFailed(true)));
    return () => void (current = false);
  }, [workspace, src]);
  if (failed) return <span className="image-note">This image could not be loaded from {src}.</span>;
  return shown ? <img src={shown} alt={alt} onError={() => setFailed(true)} /> : <span className="note">Loading the image…</span>;
}

function Table({ node }: { node: PmNodeJson }) {
  const rows = node.content ?? [];
  const headers = rows.filter((row) => row.type === 'table_header');
  const records = rows.filter((row) => row.type === 'table_row');
  return (
    <table id={text(node, 'id') || undefined} className="table">
      <thead>
        <tr>
          {headers.map((header, index) => (
            // A class, not a style attribute: the desktop shell's CSP allows no inline styles.
            <th key={blockKey(header, index)} className={`align-${text(header, 'align') || 'left'}`}>
              {inline(header)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {records.map((row, index) => (
          <tr key={blockKey(row, index)}>
            {(row.content ?? []).map((cell, column) => (
              <td key={blockKey(cell, column)}>{inline(cell)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function inline(node: PmNodeJson): ReactNode[] {
  return (node.content ?? []).map((child, index) => (child.type === 'text' ? marked(child.text ?? '', child.marks ?? [], index) : null));
}

/** A text run inside its marks, outermost first, as the schema orders them. */
function marked(value: string, marks: PmMarkJson[], key: number): ReactNode {
  return <Fragment key={key}>{marks.reduceRight<ReactNode>((inner, mark) => wrap(mark, inner), value)}</Fragment>;
}

function wrap(mark: PmMarkJson, inner: ReactNode): ReactNode {
  switch (mark.type) {
    case 'link':
      return <ContentLink href={String(mark.attrs?.href ?? '')}>{inner}</ContentLink>;
    case 'bold':
      return <strong>{inner}</strong>;
    case 'italic':
      return <em>{inner}</em>;
    case 'strikethrough':
      return <s>{inner}</s>;
    case 'code':
      return <code>{inner}</code>;
    default:
      return inner;
  }
}

/** A link of the content: a page of the branch opens in the app, an address as it is (if safe). */
function ContentLink({ href, children: inner }: { href: string; children: ReactNode }) {
  const links = usePageLinks();
  const ref = refOf(href);
  const page = ref.kind === 'page' ? ref.page : ref.kind === 'anchor' ? ref.page : undefined;
  const anchor = ref.kind === 'anchor' ? ref.anchor : undefined;
  // A heading of this page: scrolled to, the address (the app's route) left as it is.
  if (anchor !== undefined && page === undefined) {
    return (
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          revealWhenDrawn(anchor);
        }}
      >
        {inner}
      </a>
    );
  }
  if (page !== undefined) {
    const href = links?.pageOf(page) ? links.hrefOf(page) : undefined;
    return (
      <a href={href} onClick={anchor !== undefined && href ? () => revealWhenDrawn(anchor) : undefined}>
        {inner}
      </a>
    );
  }
  return <a href={ref.kind === 'url' ? safeHref(href) : undefined}>{inner}</a>;
}

/** Links from page content never run script: only web, mail and in-page addresses are kept. */
export function safeHref(href: string): string | undefined {
  return /^(https?:|mailto:|#|\/)/i.test(href) ? href : undefined;
}
