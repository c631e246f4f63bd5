import { HIDDEN_STYLE, isHidden } from './blocks';
import { linkShare } from './link-share';

/** Every hiding declaration of a style, with its semicolon, to take out. */
const HIDDEN_STYLE_DECLARATION = new RegExp(`(${HIDDEN_STYLE.source})\\s*;?`, 'gi');

/**
 * Collapsed panels: accordions, "read more" folds and tab panels that a page ships closed
 * (`style="display:none"`, `hidden`, `aria-hidden="true"`) and opens when the reader clicks
 * the control naming them in `aria-controls`. Their text is part of the page a reader reads
 * (FAQ answers, the steps of a guide), but Readability and the line reader both skip hidden
 * elements. A panel opened that way is shown here, unless it is a menu: mostly links, or
 * controlled from navigation or a header.
 */
function show(el: Element): void {
  el.removeAttribute('hidden');
  if (el.getAttribute('aria-hidden') === 'true') el.removeAttribute('aria-hidden');
  const style = el.getAttribute('style');
  if (style) el.setAttribute('style', style.replace(HIDDEN_STYLE_DECLARATION, ''));
}

export interface PanelOptions {
  /** A panel with more of its text in links than this is a menu and stays closed (default 0.5). */
  maxLinkShare?: number;
}

/** Shows the collapsed panels of the document's controls (see above). In place. */
export function revealCollapsedPanels(doc: Document, opts: PanelOptions = {}): void {
  const maxLinkShare = opts.maxLinkShare ?? 0.5;
  if (!doc.body) return;
  for (const control of Array.from(doc.body.querySelectorAll('[aria-controls]'))) {
    if (control.closest('nav, header, footer, [role="navigation"], [role="banner"], [role="menu"], [role="menubar"]')) continue;
    for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean)) {
      const panel = doc.getElementById(id);
      if (!panel || panel.contains(control) || !isHidden(panel)) continue;
      if (panel.localName === 'nav' || /^(menu|dialog|listbox|navigation)$/.test(panel.getAttribute('role') ?? '')) continue;
      if ((linkShare(panel) ?? 1) > maxLinkShare) continue;
      show(panel);
    }
  }
}
