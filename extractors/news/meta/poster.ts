import { collapseSpace } from '../../text/normalize';
import { COMMENT_BOX, textOf, wrapsPage } from './dom';
import { follows } from '../../dom-order';

/**
 * Who posted a blog entry or a forum thread. Blogs and forums credit no reporter: the author is
 * the blogger (named in the <title>: "entry_Name_…博客", "entry - Name的日志 - …") or the user
 * beside the thread's first post ("楼主", "发表于 …"). Their names are nicknames, not the
 * two-to-three-character personal names a newspaper byline holds, so they are read here and
 * not through the byline rules.
 */

/** Words of a forum or blog toolbar that sit where a user name would. */
const LABEL = /^(?:楼主|樓主|博主|沙发|沙發|板凳|地板|只看该作者|只看該作者|只看楼主|只看樓主|电梯直达|電梯直達|发表于|發表於|回复|回覆|引用|举报|舉報|收藏|分享|私信|发消息|加好友|关注|關注|查看|倒序浏览|正序浏览|阅读模式|打印|上一主题|下一主题|返回列表|首页|首頁|个人空间|個人空間|个人主页|個人主頁|更多|顶|踩|评分|點評|点评|精华|帖子|主题|积分|威望|金钱|注册时间|最后登录|在线时间|UID|TOP|顶部|頂部|返回顶部|返回頂部|登录|登錄|注册|註冊|立即注册|退出|设为首页|收藏本站|\d+\s*[楼樓#]|#\d+|\d+)$/iu;

/** A toolbar link's phrase, a verb and what it shows: "查看全部评论", "展开全文", "点击加载更多". */
const TOOLBAR_PHRASE = /^(?:查看|展开|展開|收起|点击|點擊|点此|點此|加载|加載|载入|載入|显示|顯示)/u;

/** Links that name the site, a place of it or the app a post was sent from: "…户外论坛", "论坛首页", "…Android客户端", "手机版". */
const CHROME_NAME = /(?:首页|首頁|客户端|客戶端|手机版|手機版|论坛|論壇|社区|社區)$/u;

/** A user name as forums and blogs show one: short, one line, not a date, label or address. */
export function nickname(raw: string | null | undefined): string | null {
  const n = collapseSpace(raw ?? '').replace(/^[@＠]/, '');
  // A toolbar word may be bracketed ("[登录]").
  const bare = n.replace(/^[[【]([^\]】]+)[\]】]$/u, '$1');
  if (n.length < 2 || n.length > 24 || LABEL.test(bare) || CHROME_NAME.test(bare) || TOOLBAR_PHRASE.test(bare)) return null;
  // A date, an address, a label, or a phrase with a sentence's punctuation (a post's title).
  if (/\d{4}[-/.年]\d{1,2}|\d{1,2}:\d{2}|https?:|www\.|[<>{}=|：:，。！？；]/i.test(n)) return null;
  // A name has letters; a run of words is a sentence or a title.
  if (!/\p{L}/u.test(n) || n.split(' ').length > 3) return null;
  return n;
}

/** Separators of a blog's <title>: "entry_Name_Platform博客", "entry - Name的日志 - Platform". */
const TITLE_PARTS = /\s*[_|｜]\s*|\s+[-–—]\s+/;
const OWNS = /^(.{1,20}?)\s*(?:的|の)\s*(?:[A-Za-z]{0,4})(?:博客|日志|日誌|空间|空間|个人空间|個人空間|专栏|專欄|部落格|网志|網誌|blog)$/iu;
const PLATFORM = /(?:博客|部落格|网志|網誌|BLOG)\S{0,2}$/u;

/** The blogger a blog page's <title> names, or null. */
export function bloggerFromTitle(title: string): string | null {
  const parts = collapseSpace(title).split(TITLE_PARTS).map((p) => p.trim()).filter(Boolean);
  for (const p of parts.slice(1)) {
    const m = OWNS.exec(p);
    if (m) return nickname(m[1]);
  }
  // "entry [Name的日志] - Platform", "entry [Name的QQ空间]": the owner's part in brackets after the entry's title.
  const bracketed = /[[【(（]([^\]】)）]{2,30})[\]】)）]$/u.exec(parts[0] ?? '');
  const owner = bracketed ? OWNS.exec(bracketed[1]!.trim()) : null;
  if (owner) return nickname(owner[1]);
  // "entry_Name_Platform博客": the part right before the platform, after the entry's own title.
  for (let i = 2; i < parts.length; i++) {
    if (PLATFORM.test(parts[i]!) && !PLATFORM.test(parts[i - 1]!)) return nickname(parts[i - 1]);
  }
  return null;
}

/** Text that marks the thread's first post or a post's time. */
const POST_MARK = /^(?:(?:发表于|發表於|发表时间|發表時間|发帖时间|發帖時間)|楼主$|樓主$|只看该作者$|只看該作者$|只看楼主$)/iu;
/** Comment and reply blocks under an article: their users are not the article's author. */
const COMMENTS = `${COMMENT_BOX}, [class*="reply" i], [id*="reply" i]`;
/** The floor label of a thread's first post, an element's whole text: "楼主", "[楼主]". */
const STARTER_FLOOR = /^[[【(（]?\s*(?:楼主|樓主)\s*[\]】)）]?$/u;

/**
 * Whether an element sits in a comment or reply box: not the article's or the thread's own
 * text. Some forums class every post a "reply", the first too: the box labelled "楼主" is the
 * thread starter's.
 */
export function inReplies(el: Element): boolean {
  const box = el.closest(COMMENTS);
  if (!box) return false;
  let replies = replyBoxes.get(box);
  if (replies === undefined) {
    replies =
      !wrapsPage(box) &&
      !Array.from(box.querySelectorAll('a, span, em, strong, b, i, div, td, p')).slice(0, 200).some((e) => e.children.length === 0 && STARTER_FLOOR.test(textOf(e)));
    replyBoxes.set(box, replies);
  }
  return replies;
}
/** Boxes already judged by inReplies: every element of a long comment list asks about the same box. */
const replyBoxes = new WeakMap<Element, boolean>();

const CLIMB = 6;
/** A link among three or more that make up most of their parent's text: a menu or toolbar ("论坛首页 | 登录 | 搜索"). */
function inLinkBar(a: Element): boolean {
  const bar = a.parentElement;
  if (!bar) return false;
  const links = Array.from(bar.children).filter((c) => c.tagName === 'A');
  return links.length >= 3 && links.reduce((n, l) => n + textOf(l).length, 0) >= textOf(bar).length / 2;
}

/** A user's id in a link's address: "space-uid-1001.html", "?uid=7", "/uid/7". */
const USER_ID = /(?:^|[^a-z])uid[-=_/]?\d+/i;

/**
 * The user beside the first post: "楼主：Name" / "Name 发表于 …" written in one line, else the
 * first linked name in the block that holds the first "发表于"/"楼主"/"只看该作者" mark (a
 * forum shows the poster's name in a cell beside the post's time bar).
 */
export function forumPoster(doc: Document): string | null {
  return starterLabel(doc) ?? posterByMark(doc);
}

/** The first post's user as a label names it: "楼主：Name", "Name 发表于 …". */
export function starterLabel(doc: Document): string | null {
  for (const el of Array.from(doc.body?.querySelectorAll('em, span, div, td, a, strong, b, font, p, li') ?? []).slice(0, 5000)) {
    const t = textOf(el);
    if (el.children.length > 3 || t.length >= 60 || inReplies(el)) continue;
    // "[楼主] Name 发表于 …": the floor label before the name.
    const m = /(?:楼主|樓主|博主)\s*[：:]\s*(\S{2,24})/u.exec(t) ?? /^(?:[[【]\s*(?:楼主|樓主)\s*[\]】]\s*)?(\S{2,24})\s+(?:发表于|發表於)/u.exec(t);
    const n = m ? nickname(m[1]) : null;
    if (n) return n;
    // The first post's mark ends the search; a thread's "只看楼主" tool may stand above the post.
    if (POST_MARK.test(t) && !/^只看/u.test(t)) return null;
  }
  return null;
}

/** The first linked name in the block that holds the first post's mark. */
function posterByMark(doc: Document): string | null {
  const body = doc.body;
  if (!body) return null;
  let mark: Element | null = null;
  for (const el of Array.from(body.querySelectorAll('em, span, div, td, a, strong, b, font, p, li')).slice(0, 5000)) {
    const t = textOf(el);
    if (el.children.length > 3 || t.length >= 60 || inReplies(el)) continue;
    if (POST_MARK.test(t)) {
      mark = el;
      break;
    }
  }
  // A link to the user's page (a uid in its address) first, in the smallest block around the
  // mark that has one: a post's block also links its tools, its attachments' login prompt and
  // words of its text. One shown before the mark first: the users rating or quoted in the post
  // come after it (the poster's cell stands left of the post's). Else the first name-like link.
  for (const [userOnly, before] of [[true, true], [true, false], [false, false]] as const) {
    let box: Element | null = mark;
    for (let i = 0; box && i < CLIMB; i++) {
      box = box.parentElement;
      if (!box || textOf(box).length > 20_000) break;
      for (const a of Array.from(box.querySelectorAll('a')).slice(0, userOnly ? 200 : 30)) {
        if (userOnly ? !USER_ID.test(a.getAttribute('href') ?? '') : inLinkBar(a)) continue;
        if (before && !follows(a, mark!)) continue;
        const n = nickname(textOf(a));
        if (n) return n;
      }
    }
  }
  return null;
}
