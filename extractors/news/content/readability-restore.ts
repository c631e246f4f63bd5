/**
 * Cheaper page restores for Readability's retries, same results.
 *
 * When an attempt finds less than charThreshold characters, Readability restores the page by
 * `page.innerHTML = pageCacheHtml` (the body serialized before the first attempt), drops one
 * of its three flags and tries again; after the fourth failure it restores the page once more
 * and returns the longest attempt. Each restore parses the whole body again: on short articles
 * (most Chinese news pages are under 500 characters) that was a third of Readability's time.
 *
 * While Readability runs, the body's `innerHTML` setter is replaced (an own property of that
 * one element, removed afterwards):
 * - the first restore parses as before, and keeps a clone of what it parsed when more restores
 *   may follow: parsing the same string in the same place always gives the same tree, so a
 *   clone of that tree is what the next parse would give, for a fraction of the cost;
 * - the restore after the last attempt is skipped: Readability then takes the longest attempt
 *   (already cut out of the page) and reads the page no more. It reads the document's base URL
 *   after that, so a body holding a <base> element is restored anyway.
 * Readability's state is read from its `_flags` field (0.6.x); when that is not as expected,
 * restores are left as they are.
 */

/** Readability's retry flags (Readability.FLAG_*), in the order it drops them. */
const FLAG_NAMES = ['FLAG_STRIP_UNLIKELYS', 'FLAG_WEIGHT_CLASSES', 'FLAG_CLEAN_CONDITIONALLY'] as const;

/** How many retry flags are still set (attempts left after this one), or -1 when unknown. */
function flagsLeft(reader: object): number {
  const r = reader as Record<string, unknown>;
  const flags = r._flags;
  if (typeof flags !== 'number') return -1;
  let n = 0;
  for (const name of FLAG_NAMES) {
    const bit = r[name];
    if (typeof bit !== 'number') return -1;
    if (flags & bit) n++;
  }
  return n;
}

function innerHtmlDescriptor(el: Element): PropertyDescriptor | null {
  for (let p: object | null = Object.getPrototypeOf(el); p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, 'innerHTML');
    if (d) return d.get && d.set ? d : null;
  }
  return null;
}

/** Installs the cheaper restores on doc.body for one `reader.parse()`; returns the undo. */
export function cheaperRestores(doc: Document, reader: object): () => void {
  const body = doc.body;
  const native = body ? innerHtmlDescriptor(body) : null;
  if (!body || !native || flagsLeft(reader) !== FLAG_NAMES.length || Object.prototype.hasOwnProperty.call(body, 'innerHTML')) return () => {};
  let snapshot: { html: string; copy: Element } | null = null;
  Object.defineProperty(body, 'innerHTML', {
    configurable: true,
    enumerable: false,
    get(this: Element) {
      return native.get!.call(this);
    },
    set(this: Element, html: string) {
      const left = flagsLeft(reader);
      if (left === 0 && !/<base[\s/>]/i.test(html)) return;
      if (left > 0 && snapshot && snapshot.html === html) {
        const { copy } = snapshot;
        // Another restore may follow this one: keep an untouched copy for it.
        snapshot = left >= 2 ? { html, copy: copy.cloneNode(true) as Element } : null;
        this.textContent = '';
        while (copy.firstChild) this.appendChild(copy.firstChild);
        return;
      }
      native.set!.call(this, html);
      if (left >= 2) snapshot = { html, copy: this.cloneNode(true) as Element };
    },
  });
  return () => {
    delete (body as unknown as Record<string, unknown>).innerHTML;
  };
}
