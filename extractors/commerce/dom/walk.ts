/** Whether an element sits in page chrome (nav, header, footer, aside) rather than the main content. */
export function inChrome(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const t = e.tagName;
    if (t === 'NAV' || t === 'FOOTER' || t === 'HEADER' || t === 'ASIDE') return true;
  }
  return false;
}
