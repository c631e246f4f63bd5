import type { TextBlock } from './blocks';
import { parseDateText } from '../meta/date-text';
import { textWeight } from '../../text/script';

/** Words of a page tool bar (print, share, font size…); a line of nothing else is furniture. */
const TOOL_WORDS = [
  '打印', '列印', '转发', '轉發', '收藏', '分享', '纠错', '糾錯', '评论', '評論', '信箱', '关闭', '關閉', '推荐', '推薦',
  '字号', '字號', '字体', '字體', '大', '中', '小', '写进博客', '寫進博客', '发起话题', '發起話題', '提问作者', '提問作者',
  '复制链接', '複製鏈接', '返回顶部', '返回頂部', '新闻首页', '新聞首頁',
].join('|');

/**
 * Lines that are page furniture wherever they appear: share bars, ad labels, print/close
 * links, comment counters, "click to see more". Matched against the whole line, so a
 * sentence that merely mentions "share" or "广告" survives.
 */
const FURNITURE: RegExp[] = [
  /^((share|share this( article| story| post)?|tweet|e-?mail|print|facebook|twitter|linkedin|whatsapp|pinterest|reddit|copy link|save|comment)[\s|·•/,:]*)+$/i,
  /^(advertisement|advertising|ads?|sponsored( content)?|paid content|广告|推广|廣告)$/i,
  // An ad slot's label where the story resumes: "Advertisement - Continue Reading Below", "Story continues below advertisement".
  /^((advertisement|advertising|ad)\s*[-–—:|]?\s*)?(continue[sd]? reading( below| the (main )?story)?|scroll (down )?to continue( with content)?|(the )?(story|article|content) continues (below|after)( (the |this )?(ad|advert|advertisement))?)$/i,
  // Widespread plugins' strings: a post-views counter ("(Visited 1,902 times, 364 visits today)"), a form's hidden honeypot label.
  /^\(?visited \d[\d,.]* times?(,\s*\d[\d,.]* visits? today)?\)?$/i,
  /^this field is for validation purposes and should be left unchanged\.?$/i,
  /^(分享到|分享至|分享：|分享:)/,
  /^[【\[]?(打印|关闭|關閉|收藏|纠错|糾錯|返回顶部|返回首页|字号|字體|大中小)[】\]]?([\s|]*[【\[]?(打印|关闭|關閉|收藏|纠错|返回顶部|返回首页|字号|大|中|小)[】\]]?)*$/,
  /^(点击|點擊)(图片|圖片|大图|大圖)?(查看|进入|進入|这里|這裡|此处|播放|阅读)/,
  // Tool bars of Chinese portals: "[打印] [糾錯] [評論] [信箱]", "打印轉發 字號：大 中 小", "分享|", "写进博客 发起话题".
  new RegExp(`^([\\s|｜·•/【】\\[\\]:：]*(${TOOL_WORDS}))+[\\s|｜·•/【】\\[\\]:：]*$`),
  /^(\d+\s*)?(comments?|replies)$/i,
  // Counter and tool bars: "0人参与0条评论打印转发", "12 comments | Print | Share".
  /^((\d+\s*(人参与|人參與|条评论|條評論|人评论|comments?|shares?))|打印|列印|转发|轉發|收藏|分享|评论|評論|print|share|email)([\s|·•/]*((\d+\s*(人参与|人參與|条评论|條評論|人评论|comments?|shares?))|打印|列印|转发|轉發|收藏|分享|评论|評論|print|share|email))+$/i,
  /^(发表评论|網友評論|网友评论|我要评论|查看评论|评论\s*[(（]?\d*[)）]?|參與討論|参与讨论)/,
  /^(字号|字體|字体)\s*[：:]/,
  // An author line with the font-size tool: "作者：某某 文字大小：【大】【中】【小】".
  /^(?=.{0,40}$).*(文字大小|字體大小|字型大小)\s*[：:]/,
  // A byline alone in brackets: "【某某报╱记者某某／台北报导】", "(某报记者 某某 文/摄)".
  /^[【\[(（][^】\])）]{0,24}(记者|記者)[^】\])）]{0,24}[】\])）]$/,
  /^https?:\/\/\S+$/i,
  /^(tags?|topics?|标签|標籤|关键词|關鍵字|关键字)\s*[:：]?$/i,
  // A labelled list of the page's tags or categories: "Tags: Employment, Health & Fitness", "Filed under: Travel, Europe".
  /^(tags?|tagged( with)?|topics?|categories|category|filed under|posted in)\s*[:：]\s*[^.!?]{1,200}$/i,
  /^(本篇|本文)?(新闻|新聞)?(热门|熱門)?(关键词|關鍵詞|关键字|關鍵字)\s*[:：]?$/,
  /^(this|the) (post|article|page|story) (may )?contains? (affiliate|sponsored|referral)/i,
  /^(loading|正在加载|(跟帖|跟贴|评论)读取中)(…|\.\.\.)?$/i,
  // A placeholder left where a script loads a part: "Loading specifications…", "Loading prices for your region…".
  /^loading( [\p{L}\s]{1,40})?(…|\.\.\.)$/iu,
  // Breadcrumbs: "您现在的位置：首页 > 新闻 > 正文", "Home > News > World".
  /^(您现在的位置|您的位置|当前位置|當前位置|现在位置|you are here)\s*[：:]?/i,
  // Three or more segments of up to 20 characters between ">" or "»". Written so that each character
  // has one way to match (a segment starts and ends with a non-space; spaces around a separator are
  // the separator's): with \s* on both sides of the separator and segments that may hold spaces, long
  // lines of code full of ">" backtracked exponentially (minutes a line).
  /^(?=.{0,200}$)(?:[^>»]{0,19}[^>»\s])?\s*(?:[>»]\s*[^>»\s](?:[^>»]{0,18}[^>»\s])?\s*){2,}$/,
  /^(sign up|subscribe|donate|give)( (now|today|here))?\W*$/i,
  // "Get the best of Example News delivered to your inbox."
  /^(?=.{0,200}$)get (the|our) (best|latest|top|day's|week's)\b.{0,80}\b(delivered|sent) (straight |right |directly )?to your inbox/i,
  // Newsletter and follow-us promos.
  /^(want more stories like this|get breaking news|sign up for (our|the)|subscribe to (our|the)|every day we send|follow us on)\b/i,
  /^(don'?t miss|must read|watch now|watch|listen|by|and)\W*$/i,
  // "Follow us on Twitter @…", "Email the author at … or follow him @…": a short social-media sign-off.
  /^(?=.{0,250}$).*\bfollow (us|him|her|me|them)\b.{0,40}\b(twitter|facebook|instagram|linkedin|tiktok|youtube|@\w+)/i,
  // The label of a table of contents ("Table of Contents", "In this article", "Jump to:"); its entries are links and go as a link list.
  /^(table of contents|contents|in this (article|post|guide)|on this page|jump to( section)?)\s*:?$/i,
  // A pointer to another story set inside this one: "Related: Why the bridge closed", "Related post: …", "READ MORE: …".
  /^(?=.{0,150}$)(related( posts?| articles?| stories| story| reading)?|read more|read also|also read|see also|read next|more on this)\s*[:：|]\s*\S/i,
  // Calls to subscribe or join a list, under or inside the story: "Subscribe to X and stay smart…",
  // "Join our forums to keep talking…", "Sign up to join 800,000 subscribers…". An invitation to an
  // event ("Join us in Seattle…") names no newsletter, list, inbox or membership and stays.
  /^(?=.{0,350}$)\W{0,3}(subscribe (to|now|today)|sign up (for|to|now|today)|join (our|us)\b|get access to|become a (member|subscriber|patron)|if you (enjoyed|liked|like) (this|the) (article|post|story|podcast|show))(?=.*(newsletter|mailing list|inbox|subscri|members|membership|forums?\b|e-?mails?\b|\bupdates\b))/i,
  // The footer a blog's feed adds to each post, left in when the post is republished: "The post <title> appeared
  // first on <site>." A story's sentence goes on past the place it names ("…appeared first on a forum, and…").
  /^(?=.{0,300}$)the post .+ appeared first on [^,;!?]{1,80}$/i,
  // Comment-section rules: "Read our Comment Policy before posting", "Comentários … não serão aprovados pelo moderador",
  // "we are temporarily moderating all comments".
  /^(?=.{0,300}$).*(\b(comments?|comentários?|comentarios?|kommentare|commentaires|commenti)\b.{0,150}\b(moderated|moderating|moderator|moderador|moderados?|aprovados?|approved|policy|guidelines|richtlinien)\b|\b(moderated|moderating|moderate) (all )?comments\b|\b(comment policy|posting a comment)\b)/i,
  // A Chinese invitation to follow the site's social page: "…現已開設Facebook專頁…快點到Facebook Like我們的專頁！",
  // "扫描二维码关注微信公众号". Needs the network, the page and the call to follow.
  /^(?=.{0,160}$)(?=.*(facebook|臉書|脸书|微博|微信|instagram|twitter|youtube))(?=.*(專頁|专页|粉絲團|粉丝团|公众号|公眾號))(?=.*(like|讚好|赞好|关注|關注|追蹤|追踪|加入|訂閱|订阅|扫描|掃描))/i,
  // A short call to scan a code and follow: "扫码关注我们，获取更多资讯", "长按识别二维码关注".
  /^(?=.{0,40}$).{0,6}(扫码|掃碼|扫描二维码|掃描二維碼|长按识别|長按識別|长按二维码|長按二維碼).{0,12}(关注|關注|订阅|訂閱)/,
  // Sign-up consent and affiliate-link notices under newsletter boxes and deal posts.
  /^by (signing up|subscribing|submitting|registering|entering your e-?mail)\b.{0,200}\bagree\b/i,
  /^(?=.{0,300}$).*\baffiliate links?\b.*\b(commission|(we|i) (may |might )?(earn|receive))\b/i,
  // Image captions and credits that are not in a <figcaption>.
  /^(image|photo|picture)s? copyright\b.{0,60}$/i,
  // Gallery counters, also with an empty current number ("Image 1 of / 23"), and the gallery's own control labels.
  /^(image|photo|picture|video|slide)s? \d+ (of|\/)( \/)? \d+$/i,
  /^(caption|close|expand|enlarge|hide caption|toggle caption|previous|next)$/i,
  // English tool bars: "Print Article", "Order Reprints", "Text size".
  /^((print|email|share)( (this )?(article|story|page))?|order reprints|reprints|text size|font size|a-?\s*a\+?)$/i,
  // Reading-time labels: "4 min read", "Reading time: 3 minutes", "Tempo de leitura: 2 minutos", "Lesezeit: 5 Min."
  /^((\d+\s*(min|mins|minutes?)\.?\s*(read|reading))|((estimated )?reading time|tempo de leitura|tiempo de lectura|temps de lecture|lesezeit|tempo di lettura)\s*[:：]?\s*\d+\s*\p{L}*\.?)$/iu,
  // Wire-service credits under a story: "(Reporting by A; Editing by B)", "Jane Doe contributed to this report."
  /^\(((additional )?reporting|writing|editing) by\b[^()]{0,300}\)\.?$/i,
  /^((additional )?reporting|writing) by\b[^.!?]{0,300}(;|\bediting by\b)[^.!?]{0,200}\.?$/i,
  /^(?=.{0,300}$)[^.!?]*\bcontributed (reporting )?to this (report|story|article)\.?\)?$/i,
  /^\(?(image|photo|picture|photograph)s?( credit)?\s*:.{0,80}$/i,
  /\((image|photo|picture)( credit)?s?\s*:[^)]{0,80}\)\s*$/i,
  /credit\s*:\s*[^.!?]{1,60}$/i,
  /^[^.!?]{0,80}\|\s*(getty images|reuters|ap photo|afp|bloomberg)[^.!?]{0,40}$/i,
  // Chinese photo and chart captions outside a <figcaption>: "图为：…", "圖為…", "图表：… 编制", and
  // a short caption closed by its photographer's credit ("…河床裸露。本报记者 郭立亮 摄").
  /^(图为|圖為|图表\s*[：:]|圖表\s*[：:]|图\s*[：:]|圖\s*[：:]|(图说|圖說|图片说明|圖片說明)\s*[：:]).{0,100}$/,
  /^.{0,80}[\s。）)](\p{Script=Han}{0,6}(记者|記者))?\s*\p{Script=Han}{2,4}(\s+\p{Script=Han}{2,4})?\s*(摄|攝)$/u,
  // A portal's feedback footer: "如果你对新闻频道有任何意见或建议，请到交流平台反馈。"
  /^如果(你|您)对.{0,12}有任何(意见|意見)或(建议|建議)/,
];

/** Short lines of editorial credits and legal notes that end an article. */
const CREDIT: RegExp[] = [
  // "责任编辑：李四", after a portal's bracketed buttons too: "【纠错】 【责任编辑：李四】".
  /^(【[^】]{1,6}】\s*)*[(（【\[]?\s*(责任编辑|責任編輯|编辑|編輯|责编|責編|校对|审核|審核)\s*[：:\s]/,
  // A footer line closed by the editor's field: "本文来源：北京日报 作者：赵敏 责任编辑：王晓_NN1234".
  /(责任编辑|責任編輯|责编|責編)\s*[：:]\s*[^\s：:]{1,24}\s*[)）】\]]?$/,
  /^[(（【\[]?\s*(特别|特別|重要|平台)?(免责声明|免責聲明|声明|聲明|disclaimer)\s*[：:]/i,
  // "Copyright © 2024 …", "© Example Ltd", "(c) 2024": not a heading that starts with the word ("Copyright Complexity in…").
  /^([©ⓒ]|\(c\)\s*\d|copyright\b(?=\s*[^\p{L}\s]|.{0,60}(\d{4}|rights|reserved|notice)))/iu,
  // Reprint notices: "凡注明为其他媒体来源的信息，均为转载…", "本网站有关内容转载自合法授权网站".
  /^\W{0,3}(凡.{0,20}(转载|轉載)|(本网|本站|本网站|本網).{0,30}(转载|轉載|授权|授權|版权|版權))/,
  // "(本文来源：中国证券报)": the source note that closes a Chinese news story.
  /^[(（【\[]\s*(本文|本稿)?(来源|來源|稿源|出处)\s*[：:][^)）】\]]{1,30}[)）】\]]$/,
  /(版权所有|版權所有|all rights reserved|(未经授权|未經授權).{0,10}(转载|轉載)|禁止转载|不得转载)/i,
];

/**
 * Lines that open a trailing list of other stories or the comment section; nothing of
 * the article follows them when they sit in its last part.
 */
const SECTION_END = new RegExp(
  '^(related( articles| stories| posts| content| coverage| reading| links| news)?|read (more|next|also)|more (from|on|stories|news)|you (may|might) also like|recommended( for you| stories)?|also read|see also|trending|most (read|popular|viewed)( \\S+)?|leave a (comment|reply)|more like this' +
    // "More from <site>", "More articles you might enjoy", "Recommended reading", "Up next", an author box,
    // a fact-check "Article Sources" list or an "Editor's note" on updates (a "References" list is text and stays).
    '|more (from|in) \\S+( \\S+){0,2}|more ((great|top|popular|recent|latest) (\\S+ )?)?(articles|posts|stories|reads)( you (may|might) (also )?(like|enjoy))?|recommended (reading|reads|articles|posts)|up next|article sources|editor[\u2019\']?s note|also in the news|about the (author|authors|contributor|writer)' +
    '|相关(阅读|新闻|文章|报道|链接|推荐)|相關(閱讀|新聞|文章|報導|連結)|延伸阅读|延伸閱讀|推荐阅读|推薦閱讀|热门推荐|熱門推薦|猜你喜欢|更多(新闻|精彩|内容)|热点新闻|网友评论|網友評論|新闻讨论|新聞討論|网友讨论|網友討論|跟帖|跟贴|comments?' +
    // The same markers in the other languages the crawler meets (pt, es, fr, de, it, ru).
    '|você (pode|também pode) gostar|veja também|leia também|(artigos|posts|notícias|matérias) relacionad[oa]s|comentários|deixe (um|seu) comentário' +
    '|(te|también te) puede interesar|lee también|(artículos|noticias|entradas) relacionad[oa]s|comentarios|deja un comentario' +
    '|à lire aussi|lire aussi|articles similaires|sur le même sujet|commentaires|laisser un commentaire' +
    '|das könnte sie auch interessieren|mehr zum thema|ähnliche artikel|weitere artikel|kommentare' +
    '|potrebbe interessarti|leggi anche|articoli correlati|commenti' +
    '|читайте также|смотрите также|похожие (статьи|записи)|комментарии|отзывы' +
    // "Most popular (stories)" rails: "Самые популярные диеты", "Mais lidas", "Lo más leído".
    '|(самые (популярные|читаемые)|mais (lidas|populares|vistas)|(lo )?más (leídos?|leídas|populares|vistos?)|les plus (lus|populaires)|meistgelesen|i più (letti|popolari))( \\S+)?' +
    // A heading between rules of dashes: "----- 国内新闻精选 -----".
    '|[-—=_]{3,}\\s*[^-—=_]{1,20}?\\s*[-—=_]{3,}' +
    // A trailing colon or ellipsis: "Você pode gostar...", "Related:".
    ')\\s*[:：.…]*$',
  'i',
);

export interface BoilerplateOptions {
  /** Share of the article (from its start) after which a section-end marker may cut the rest (default 0.5). */
  tailFrom?: number;
  /** Credit/legal lines longer than this are kept as text (default 120). */
  maxCreditLength?: number;
  /** Story weight (textWeight: ~20 words or 35 CJK chars) before a credit line may cut the rest even early on (default 100). */
  minStoryChars?: number;
}

export function isFurniture(text: string): boolean {
  return FURNITURE.some((re) => re.test(text));
}

export function isCredit(text: string, maxLength = 120): boolean {
  return text.length <= maxLength && CREDIT.some((re) => re.test(text));
}

export function isSectionEnd(text: string): boolean {
  return text.length <= 40 && SECTION_END.test(text);
}

function opensAppeal(text: string): boolean {
  return text.length <= 200 && APPEAL.test(text);
}

/**
 * The opening of a newsroom's appeal for money under the story ("Since you made it to the bottom
 * of this article, we have a small favor to ask.", "Support independent journalism."): what follows
 * it is the appeal, not the article.
 */
const APPEAL =
  /^(since you('ve| have)? (made it|read|scrolled|come) .{0,40}\b(we have|we've got) (a|one) (small |quick )?(fav(o|ou)r|request)|we have a (small |quick )?fav(o|ou)r to ask|(please )?(support|fund) (our|independent|local|nonprofit|reader-funded) (journalism|newsroom|reporting)\b)/i;

/** Removes furniture lines anywhere, credit lines, and a trailing related/comments section. */
export function trimBoilerplate(blocks: readonly TextBlock[], opts: BoilerplateOptions = {}): TextBlock[] {
  const tailFrom = opts.tailFrom ?? 0.5;
  const maxCredit = opts.maxCreditLength ?? 120;
  const minStoryChars = opts.minStoryChars ?? 100;
  let out = blocks.filter((b) => !isFurniture(b.text));
  const totalChars = out.reduce((n, b) => n + textWeight(b.text), 0);
  let seen = 0;
  for (let i = 0; i < out.length; i++) {
    // An editor credit or legal line ends the story once a story is there; a "related" heading
    // may also be an inline box mid-story, so it cuts only in the article's last part.
    const late = seen >= tailFrom * totalChars;
    if ((late && (isSectionEnd(out[i].text) || opensAppeal(out[i].text))) || ((late || seen >= minStoryChars) && isCredit(out[i].text, maxCredit))) {
      out = out.slice(0, i);
      break;
    }
    seen += textWeight(out[i].text);
  }
  return out.filter((b) => !isCredit(b.text, maxCredit));
}

/** Words that mark a line as the article's info line (date / source / author), not its text. */
const INFO_WORDS = /(来源|來源|作者|记者|記者|编辑|編輯|发布|發布|时间|時間|source|by|posted|published|updated|浏览|瀏覽|点击|评论)/i;

/**
 * An info line at the top: "2012年01月17日 08:30 来源：新华网 作者：张三". Short, holds a
 * date and an info word, and is not a sentence.
 */
export function isInfoLine(text: string): boolean {
  // The date is parsed at most once, and only when the cheaper tests leave the line open.
  let parsed: boolean | undefined;
  const dated = () => (parsed ??= parseDateText(text, new Date(0)) !== null);
  if (text.length <= 40 && !/[。！？]/.test(text) && dated()) return true;
  if (text.length > 100 || /[。！？.!?]["”’]?$/.test(text)) return false;
  // A longer date line, with its weekday and time: "segunda-feira, 22 de janeiro de 2018 às 0:13".
  return (text.length <= 70 || INFO_WORDS.test(text)) && dated();
}

/** Drops info lines among the first `head` blocks (default 3). */
export function dropInfoLines(blocks: readonly TextBlock[], head = 3): TextBlock[] {
  return blocks.filter((b, i) => i >= head || !isInfoLine(b.text));
}
