import type { Page, Route } from 'playwright';
import type { PageCapture } from './page-capture';

/**
 * The expand step of a rendered page: what a reader would click or point at to see the rest
 * of what the page holds — reviews, products and categories behind "Load more" /
 * "查看更多评价" buttons and in hover menus that load their entries on demand.
 *
 * Bounded (clicks, hovers and time per page), and never leaves the page: only controls that
 * act in place are clicked (buttons, role=button, `javascript:`/`#` links — never a link to
 * another URL, never buy/cart/login/submit/close), document navigations started meanwhile are
 * aborted, and a URL pushed onto the history is taken back. Only the page's own origin's
 * fetches are waited for after an action.
 */
export interface ExpandOptions {
  /** Clicks on "more" controls per page (default 5). */
  maxClicks: number;
  /** Time for the whole step per page, in ms (default 4,000). */
  maxMs: number;
  /** Menu items hovered per page; 0 = no hovering (default 12). */
  maxHovers: number;
}

export const DEFAULT_EXPAND: ExpandOptions = { maxClicks: 5, maxMs: 4_000, maxHovers: 12 };

export interface ExpandOutcome {
  clicks: number;
  /** Menu items hovered. */
  hovers: number;
  /** Links that appeared in the page during the step (hover menus filled in, items loaded). */
  linksAdded: number;
  /** The page's URL before the step (a control may have rewritten it with replaceState). */
  url: string;
}

/** Quiet DOM for this long after an action counts as settled. */
const QUIET_MS = 120;
/** Before the first action: quiet for this long means the page's start-up scripts are done. */
const FIRST_QUIET_MS = 250;
/** A control that changed nothing is not clicked again; one that did may be (the next batch). */
const NONE: Omit<ExpandOutcome, 'url'> = { clicks: 0, hovers: 0, linksAdded: 0 };

export async function expandPage(page: Page, capture: PageCapture | null, opts: ExpandOptions = DEFAULT_EXPAND): Promise<ExpandOutcome> {
  const url = page.url();
  const deadline = Date.now() + opts.maxMs;
  const left = () => deadline - Date.now();
  const plan = await bounded(inPage(page, inPagePlan, { maxHovers: opts.maxHovers }), left()).catch(() => null);
  if (!plan || (plan.hoverTargets === 0 && plan.controls === 0) || opts.maxClicks + opts.maxHovers === 0) return { ...NONE, url };

  const out = { ...NONE };
  // The page's own first fetches (reviews, prices) may start a moment after load: let them land
  // before clicking, so a click does not race them.
  await waitQuiet(page, Math.min(1_500, left()), FIRST_QUIET_MS);
  await capture?.settle(Math.max(0, left() - QUIET_MS), { ownOriginOnly: true });
  // Document navigations are aborted while the step runs (a script's location change, a form
  // submitted after all); `aborted` leaves the current document as it is. Other requests go on
  // to whatever else handles them (media blocking).
  const guard = (route: Route) => {
    const req = route.request();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) return route.abort('aborted');
    return route.fallback();
  };
  const closePopup = (p: Page) => void p.close().catch(() => undefined);
  await page.route('**/*', guard);
  page.on('popup', closePopup);
  try {
    if (plan.hoverTargets > 0 && opts.maxHovers > 0) {
      for (let i = 0; i < plan.hoverTargets && left() > QUIET_MS; i++) {
        const ok = await bounded(inPage(page, inPageHover, i), left()).catch(() => false);
        if (!ok) continue;
        out.hovers++;
        // Menus that fetch their entries on hover: let that fetch start, then wait for it.
        await pageTicks(page, Math.min(40, left()), left());
        await capture?.settle(Math.max(0, left() - QUIET_MS), { ownOriginOnly: true });
      }
      await waitQuiet(page, left());
    }
    while (out.clicks < opts.maxClicks && left() > QUIET_MS) {
      const clicked = await bounded(inPage(page, inPageClickNext, null), left()).catch(() => false);
      if (!clicked) break;
      out.clicks++;
      await pageTicks(page, Math.min(40, left()), left());
      await capture?.settle(Math.max(0, left() - QUIET_MS), { ownOriginOnly: true });
      await waitQuiet(page, left());
      // A control that pushed a new URL (a router "page 2") is taken back and not clicked again.
      if (withoutHash(page.url()) !== withoutHash(url)) await bounded(inPage(page, inPageUndoUrl, url), left()).catch(() => undefined);
    }
    // A fetch a click or hover started may show up only now (its request event arrives late on a
    // busy machine): its answer still belongs to the page.
    if (out.clicks + out.hovers > 0 && left() > QUIET_MS) {
      await capture?.settle(Math.max(0, left() - QUIET_MS), { ownOriginOnly: true });
      await waitQuiet(page, left());
    }
    const after = await bounded(inPage(page, () => document.getElementsByTagName('a').length, null), Math.max(left(), 500)).catch(() => null);
    if (after !== null) out.linksAdded = Math.max(0, after - plan.links);
  } finally {
    page.off('popup', closePopup);
    await page.unroute('**/*', guard).catch(() => undefined);
  }
  return { ...out, url };
}

/**
 * Runs `fn(arg)` in the page. By its source text with a `__name` stand-in: the TypeScript loader
 * (esbuild, keepNames) wraps named inner functions in `__name(…)` calls that exist only in Node.
 */
function inPage<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
  return page.evaluate(`(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`) as Promise<Awaited<R>>;
}

function withoutHash(u: string): string {
  const i = u.indexOf('#');
  return i < 0 ? u : u.slice(0, i);
}

/**
 * Waits `ms` on the page's own clock, after the tasks already queued there: the fetch a click or
 * hover starts is then under way (and seen by the capture) before it is waited for. A wait on
 * this process's clock alone can lose that race on a busy machine (the likely cause of a CI run
 * where the reviews behind "查看更多评价" arrived after the snapshot; not reproduced here).
 */
async function pageTicks(page: Page, ms: number, maxMs: number): Promise<void> {
  if (ms <= 0) return;
  await bounded(inPage(page, (wait: number) => new Promise<void>((r) => setTimeout(r, wait)), ms), Math.max(ms, maxMs)).catch(() => undefined);
}

/** The promise's value, or a rejection after `ms` (a page whose scripts hang must not hold the crawl). */
function bounded<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('expand step out of time')), Math.max(0, ms));
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Resolves when the DOM has not changed for `quiet` ms (or after `maxMs`). */
async function waitQuiet(page: Page, maxMs: number, quiet = QUIET_MS): Promise<void> {
  if (maxMs <= 0) return;
  await bounded(inPage(page, inPageQuiet, { quiet, max: maxMs }), maxMs + 200).catch(() => undefined);
}

// ---- Run in the page (serialised by Playwright: self-contained, no closures) ----------------

interface Plan {
  controls: number;
  hoverTargets: number;
  links: number;
}

interface InPageState {
  hover: Element[];
  clicks: Map<Element, number>;
  /** Controls not to click again: changed nothing, or moved the page to another URL. */
  dead: WeakSet<Element>;
  find(): Element[];
  last?: { el: Element; historyLength: number; changed(): boolean };
}

/**
 * Finds the "more" controls and the menu items to hover. State (and the control finder the
 * click step reuses) is kept on `window` under a symbol: nothing is written into the document
 * the crawler then reads.
 */
function inPagePlan({ maxHovers }: { maxHovers: number }): Plan {
  const hidden = (e: Element) => {
    const s = getComputedStyle(e);
    return s.display === 'none' || s.visibility === 'hidden' || (e as HTMLElement).offsetHeight === 0 || s.opacity === '0';
  };

  // "More" controls: a short label saying more/all/expand, on an element a reader can click,
  // that acts in place.
  const MORE =
    /^(?:(?:load|show|view|see|read)\s+(?:more|all)\b.{0,20}|more(?:\s+\w+)?|(?:点击)?(?:查看|加载|显示|展开|浏览)(?:更多|全部).{0,6}|展开.{0,4}|更多.{0,4}|もっと見る|さらに表示|続きを読む|더\s?보기)$/i;
  const NEVER =
    /\b(?:buy|cart|basket|checkout|order|login|log\s?in|sign\s?(?:in|up)|register|subscribe|close|dismiss|submit|pay|share|follow|download|install)\b|购买|购物车|加入|结算|登录|注册|关闭|提交|支付|下单|订阅|收藏|分享|关注|下载/i;
  const HINT = /more|all|更多|全部|展开|もっと|さらに|続き|더/i;
  const label = (e: Element) =>
    ((e as HTMLElement).innerText || e.textContent || '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[\s+▼▾⌄∨»›>…·]+|[\s+▼▾⌄∨»›>…·.。:：]+$/g, '')
      .replace(/\s*[(（[]\s*[\d,+万kK]*\s*[)）\]]$/, '')
      .trim();
  const clickable = (e: Element) =>
    e.tagName === 'BUTTON' || e.tagName === 'A' || e.getAttribute('role') === 'button' || e.hasAttribute('onclick') || getComputedStyle(e).cursor === 'pointer';
  const acts = (e: Element): boolean => {
    if (e.tagName === 'A') {
      const target = e.getAttribute('target') ?? '';
      if (target !== '' && !/^_?self$/i.test(target)) return false;
      const href = (e.getAttribute('href') ?? '').trim();
      if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return true;
      // A link to this very page stays here; a link to any other URL is a navigation, not a control.
      return (e as HTMLAnchorElement).href.split('#')[0] === location.href.split('#')[0];
    }
    if (e.tagName === 'BUTTON') {
      const type = (e.getAttribute('type') ?? '').toLowerCase();
      // A button in a form submits it unless it says otherwise.
      if (type === 'submit' || type === 'reset' || (type === '' && e.closest('form'))) return false;
    }
    return true;
  };
  const find = (): Element[] => {
    const out: Element[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && out.length < 50; n = walker.nextNode()) {
      const t = (n.nodeValue ?? '').trim();
      // Most text is not a control's label: a word of the labels first, styles only then.
      if (!t || t.length > 40 || !HINT.test(t)) continue;
      // The nearest clickable element holding this text (the text may sit in a <span> in the button).
      let e: Element | null = n.parentElement;
      for (let i = 0; e && i < 4 && !clickable(e); i++) e = e.parentElement;
      if (!e || seen.has(e) || !clickable(e)) continue;
      seen.add(e);
      if (state.dead.has(e) || e.closest('footer') || e.getAttribute('aria-expanded') === 'true') continue;
      if ((e as HTMLButtonElement).disabled || e.getAttribute('aria-disabled') === 'true') continue;
      const text = label(e);
      if (text.length === 0 || text.length > 30 || !MORE.test(text)) continue;
      const says = `${text} ${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''} ${e.id} ${e.getAttribute('class') ?? ''}`;
      if (NEVER.test(says) || !acts(e)) continue;
      if (e.getClientRects().length === 0) continue; // not shown: a reader could not click it either
      out.push(e);
    }
    return out;
  };
  const state: InPageState = { hover: [], clicks: new Map(), dead: new WeakSet(), find };
  (window as unknown as Record<symbol, InPageState>)[Symbol.for('crawler.expand')] = state;

  // Hover targets: items of a navigation or category menu's top list whose submenu is hidden
  // (or that share one hidden flyout panel), which scripts may fill in only on hover.
  const MENU = /nav|menu|categor|cate|分类|类目|department|dept/i;
  const containers = Array.from(document.querySelectorAll('nav, [role=navigation], [role=menubar], [class], [id]'))
    .filter((e) => e.matches('nav, [role=navigation], [role=menubar]') || MENU.test(`${e.getAttribute('class') ?? ''} ${e.id}`))
    .slice(0, 40);
  const targets: Element[] = [];
  const lists = new Set<Element>();
  for (const box of containers) {
    if (targets.length >= maxHovers) break;
    if (box.closest('footer')) continue;
    const list = Array.from(box.querySelectorAll('ul, ol')).find((l) => {
      const li = l.parentElement?.closest('li');
      return !li || !box.contains(li);
    });
    if (!list || lists.has(list)) continue;
    lists.add(list);
    const items = Array.from(list.children).filter((c) => c.tagName === 'LI');
    if (items.length < 2) continue;
    const sharedPanel = Array.from(box.querySelectorAll('div, ul, dl, section'))
      .slice(0, 60)
      .some((e) => !list.contains(e) && !e.contains(list) && hidden(e));
    for (const li of items) {
      if (targets.length >= maxHovers) break;
      if (hidden(li)) continue;
      const own = Array.from(li.querySelectorAll('ul, ol, dl, div')).some(hidden);
      const says = li.hasAttribute('aria-haspopup') || li.querySelector('[aria-haspopup], [aria-expanded=false]') !== null;
      if (own || says || sharedPanel) targets.push(li);
    }
  }
  state.hover = targets;
  return { controls: find().length, hoverTargets: targets.length, links: document.getElementsByTagName('a').length };
}

function inPageQuiet({ quiet, max }: { quiet: number; max: number }): Promise<void> {
  return new Promise<void>((resolve) => {
    const finish = () => {
      mo.disconnect();
      clearTimeout(timer);
      clearTimeout(stop);
      resolve();
    };
    let timer = setTimeout(finish, quiet);
    const stop = setTimeout(finish, max);
    const mo = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(finish, quiet);
    });
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Hovers the i-th planned menu item: pointer and mouse enter/over, never leave (a menu that empties on leave keeps what it showed). */
function inPageHover(i: number): boolean {
  const st = (window as unknown as Record<symbol, InPageState | undefined>)[Symbol.for('crawler.expand')];
  const li = st?.hover[i];
  if (!li || !li.isConnected) return false;
  const link = li.querySelector('a, button, span') ?? li;
  const r = li.getBoundingClientRect();
  const at = { clientX: r.left + Math.min(10, r.width / 2), clientY: r.top + Math.min(10, r.height / 2), view: window };
  for (const el of link === li ? [li] : [link, li]) {
    el.dispatchEvent(new PointerEvent('pointerover', { ...at, bubbles: true }));
    el.dispatchEvent(new PointerEvent('pointerenter', { ...at, bubbles: false }));
    el.dispatchEvent(new MouseEvent('mouseover', { ...at, bubbles: true }));
    el.dispatchEvent(new MouseEvent('mouseenter', { ...at, bubbles: false }));
    el.dispatchEvent(new MouseEvent('mousemove', { ...at, bubbles: true }));
  }
  return true;
}

/**
 * Clicks the "more" control clicked least so far (first in document order among equals). A
 * control whose last click changed nothing in the DOM is not clicked again.
 */
function inPageClickNext(): boolean {
  const st = (window as unknown as Record<symbol, InPageState | undefined>)[Symbol.for('crawler.expand')];
  if (!st) return false;
  if (st.last && !st.last.changed()) st.dead.add(st.last.el);
  let best: Element | null = null;
  let bestClicks = Infinity;
  for (const e of st.find()) {
    const k = st.clicks.get(e) ?? 0;
    if (k < bestClicks) [best, bestClicks] = [e, k];
  }
  if (!best) return false;
  const el: Element = best;
  st.clicks.set(el, bestClicks + 1);
  let mutations = 0;
  const mo = new MutationObserver((records) => {
    mutations += records.length;
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
  st.last = {
    el,
    historyLength: history.length,
    changed: () => {
      mo.disconnect();
      return mutations > 0;
    },
  };
  (el as HTMLElement).scrollIntoView?.({ block: 'center' });
  const r = el.getBoundingClientRect();
  const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true, view: window };
  el.dispatchEvent(new PointerEvent('pointerdown', at));
  el.dispatchEvent(new MouseEvent('mousedown', at));
  el.dispatchEvent(new PointerEvent('pointerup', at));
  el.dispatchEvent(new MouseEvent('mouseup', at));
  (el as HTMLElement).click();
  return true;
}

/**
 * The last control moved the page to another URL without loading a document (a script router):
 * a pushed entry is gone back from (the router shows the page again), a replaced URL is put
 * back; the control is not clicked again.
 */
function inPageUndoUrl(url: string): void {
  const st = (window as unknown as Record<symbol, InPageState | undefined>)[Symbol.for('crawler.expand')];
  if (st?.last) st.dead.add(st.last.el);
  if (st?.last && history.length > st.last.historyLength) history.back();
  else history.replaceState(history.state, '', url);
}

/**
 * Which pages get which part of the step. Menus are the same on every page of a site, so hover
 * menus are revealed on the first few pages of each host that have any (their categories are
 * stored from those pages); "more" controls are clicked on every page.
 */
export class ExpandPolicy {
  private readonly hoverPages = new Map<string, number>();

  constructor(
    private readonly opts: ExpandOptions = DEFAULT_EXPAND,
    /** Pages per host whose menus are hovered. */
    private readonly hoverPagesPerHost = 3,
  ) {}

  optionsFor(url: string): ExpandOptions {
    const host = hostOf(url);
    return (this.hoverPages.get(host) ?? 0) >= this.hoverPagesPerHost ? { ...this.opts, maxHovers: 0 } : this.opts;
  }

  record(outcome: ExpandOutcome, stats: ExpandCounters): void {
    if (outcome.hovers > 0) {
      const host = hostOf(outcome.url);
      this.hoverPages.set(host, (this.hoverPages.get(host) ?? 0) + 1);
      stats.hoveredItems += outcome.hovers;
      stats.hoveredPages++;
    }
    if (outcome.clicks > 0) {
      stats.expandClicks += outcome.clicks;
      stats.expandedPages++;
    }
  }
}

/** The step's counters in the crawl summary. */
export interface ExpandCounters {
  expandClicks: number;
  expandedPages: number;
  hoveredItems: number;
  hoveredPages: number;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
