/**
 * Plugins without code, HTML pages (`search.format: html`): the page is parsed by htmlparser2 and
 * read with CSS selectors by css-select (fb55's parser and selector engine, on which cheerio is
 * built). An element's text is what a reader sees: entities decoded, scripts, styles and templates
 * left out, whitespace normalised. Relative links are made absolute against the page's address (or
 * its `<base href>`).
 *
 * This module is evaluated only when a plugin reads or declares HTML: rules.ts and connector.ts
 * require it inside the function that needs it, so the CLI's other verbs never load the parser.
 */
import { compile, selectAll, type Options } from 'css-select';
import { type AnyNode, Document, type Element, hasChildren, isTag, isText, Node as DomNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { Selection } from './select';

const OPTIONS: Options<AnyNode, Element> = {};

/** Elements whose content is never shown as text. */
const HIDDEN = new Set(['script', 'style', 'template']);

/** Elements that begin a new line of text (their neighbours' words are not run together). */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'ul',
]);

/** Why `selector` is not a CSS selector css-select can run, or undefined when it compiles. */
export function cssProblem(selector: string): string | undefined {
  try {
    compile(selector, OPTIONS);
    return undefined;
  } catch (e) {
    const hint = selector.startsWith('$') ? ' (a JSONPath: an HTML plugin selects with CSS)' : '';
    return `not a CSS selector${hint}: ${(e as Error).message} in ${JSON.stringify(selector)}`;
  }
}

function collect(node: AnyNode, out: string[]): void {
  if (isText(node)) {
    // The source's own line breaks are spaces to a reader; lines come from the page's blocks.
    out.push(node.data.replace(/\s+/g, ' '));
    return;
  }
  if (!hasChildren(node)) return; // comments and directives have no text
  if (isTag(node)) {
    if (HIDDEN.has(node.name)) return;
    if (node.name === 'br') {
      out.push('\n');
      return;
    }
  }
  const block = isTag(node) && BLOCK.has(node.name);
  if (block) out.push('\n');
  for (const child of node.children) collect(child, out);
  if (block) out.push('\n');
}

/** The text of a node as lines: one per block, spaces collapsed, empty lines dropped. */
export function textLines(node: AnyNode): string[] {
  const out: string[] = [];
  collect(node, out);
  return out
    .join('')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The text of a node on one line. */
export function textOf(node: AnyNode): string {
  return textLines(node).join(' ');
}

/** One HTML page read by CSS selectors. */
export class HtmlPage implements Selection {
  readonly format = 'html';
  private readonly base: URL | undefined;

  /** `url`: where the page was read (after redirects), against which its relative links resolve. */
  constructor(
    readonly document: Document,
    url: string,
  ) {
    let base: URL | undefined;
    try {
      base = new URL(url);
    } catch {
      base = undefined;
    }
    const href = this.select(document, 'base[href]')[0]?.attribs.href;
    if (href)
      try {
        base = new URL(href, base);
      } catch {
        // An unreadable <base> is ignored, as browsers do.
      }
    this.base = base;
  }

  private select(node: AnyNode, selector: string): Element[] {
    return selectAll<AnyNode, Element>(selector, node, OPTIONS);
  }

  /** Within `node` (the document, a result): `:scope` is the node itself, any other selector finds elements inside it. */
  nodes(node: unknown, selector: string): Element[] {
    if (!(node instanceof DomNode)) return [];
    return selector.trim() === ':scope' && isTag(node) ? [node] : this.select(node as AnyNode, selector);
  }

  /** The text (or `attr`) of each element `selector` picks within `node`. */
  all(node: unknown, selector: string, attr?: string): string[] {
    const name = attr?.toLowerCase();
    return this.nodes(node, selector).flatMap((el) => {
      const v = name === undefined ? textOf(el) : el.attribs[name];
      return v === undefined ? [] : [v];
    });
  }

  link(value: string): string | undefined {
    try {
      return new URL(value.trim(), this.base).href;
    } catch {
      return undefined;
    }
  }

  /** A result's text as its reader sees it, one line per block. */
  verbatim(node: unknown): string {
    return node instanceof DomNode ? textLines(node as AnyNode).join('\n') : '';
  }
}

/** Parses a page (entities decoded, tag and attribute names lower-cased, as a browser reads HTML). */
export function parsePage(body: string, url: string): HtmlPage {
  return new HtmlPage(parseDocument(body), url);
}
