// Building the page from data without ever parsing data as HTML: elements are created one by one, text goes in as
// text nodes, and a link from a coin's creator becomes a link only when it is plain http(s).
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  append(element, ...children);
  return element;
}

export function append(parent: Node & ParentNode, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === 'object' ? child : String(child));
  }
}

/** Replace what an element shows. */
export function show(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A link to an address given by a coin's creator: only http(s) URLs are followed, and never with our referrer;
 * anything else is shown as text. */
export function outsideLink(url: string | null | undefined, label?: string): Child {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return url;
  return h('a', { href: parsed.href, rel: 'nofollow noopener noreferrer ugc', target: '_blank' }, label ?? url);
}

/** A definition list of label and value pairs; pairs without a value are left out. */
export function facts(pairs: [string, Child][]): HTMLDListElement {
  const list = h('dl', { class: 'facts' });
  for (const [label, value] of pairs) if (value !== null && value !== undefined && value !== false) append(list, h('dt', {}, label), h('dd', {}, value));
  return list;
}

export function table(headings: string[], rows: Child[][], className?: string): HTMLTableElement {
  return h(
    'table',
    { class: className },
    h('thead', {}, h('tr', {}, ...headings.map((heading) => h('th', {}, heading)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
  );
}

export function app(): HTMLElement {
  const main = document.getElementById('app');
  if (main === null) throw new Error('the page has no #app element');
  return main;
}

/** A coin's image as the site serves it; removed when the coin has none. */
export function coinImage(mint: string, className: string): HTMLImageElement {
  const image = h('img', { src: `/coins/${mint}/image`, alt: '', class: className, loading: 'lazy' });
  image.addEventListener('error', () => image.remove(), { once: true });
  return image;
}
