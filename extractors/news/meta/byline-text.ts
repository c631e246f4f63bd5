import { collapseSpace } from '../../text/normalize';
import { linkedChars, textOf } from './dom';

/**
 * Chinese and English bylines as pages write them, and the source / editor lines that sit beside
 * them. Kept apart from author.ts so the source/editor reading in extra.ts shares the page scan.
 */

const HAN = '\\p{Script=Han}';
/** A Chinese name: 2–3 characters, or a transliterated name joined by "·". Four-character
 *  runs are far more often a word ("文字大小") than a name, so they are not taken. */
const HAN_NAME = `${HAN}{2,3}(?:[·•]${HAN}{1,8})*`;
/** Capitalised words that end a name in a byline bar ("By Ann Lee Published March 9", "Ann Lee Senior Editor"). */
const NOT_NAME_WORD =
  "(?:Published|Updated|Posted|Last|Share|Follow|Visit|View|Read|Reading|Mins?|Hi|Let's|Subscribe|Contact|Email|Edited|Reviewed|Fact|Photos?|Staff|Senior|Contributing|Editor|Writer|Reporter|Correspondent|Columnist|On|In|At|About|More|Comments?|" +
  "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?![\\p{L}'-])";
/** Job-title words that end a name after its first word ("Meghan Neville Content Marketing Coordinator"), though a team may be named by one ("Marketing Team"). */
const TITLE_WORD = "(?:Co-?[Ff]ounder|Founder|Content|Marketing|Coordinator|Manager|Director|Architect|Specialist|Consultant|Analyst|Strategist|CEO|CTO|CMO|COO)(?![\\p{L}'-])";
/** A Latin pen name or personal name: capitalised words. */
const LATIN_NAME = `[A-ZÀ-ÖØ-ÞА-ЯЁ][\\p{L}'.-]*(?:\\s+(?!${NOT_NAME_WORD}|${TITLE_WORD})(?:[A-ZÀ-ÖØ-ÞА-ЯЁ][\\p{L}'.-]*|de|del|van|von|der|da|dos|di|le|la|bin)){0,4}`;
/** Roles that credit a writer; the names that follow are the article's authors. */
const ROLE = '(?:本报|本報|本刊|特约|特約|首席|驻\\S{1,4}|駐\\S{1,4})?(?:记者|記者|通讯员|通訊員|实习生|實習生|见习记者|見習記者|撰文|撰稿人|撰稿|编译|編譯|作者|文)';
/** Words after a name that make the credit a photo, chart or editing credit ("摄影报道", photographed and reported, still credits the writer). */
const NOT_WRITER = /^\s*(?!(?:摄影|攝影|摄|攝)(?:报道|報導|報道))(?:摄|攝|摄影|攝影|编制|編制|制图|製圖|绘图|繪圖|图|圖|供图|供圖|编辑|編輯|整理|视频|視頻)/u;
/** Two single characters with a space, a two-character name padded to the width of three ("蒋 凌"). */
const PADDED = new RegExp(`(?<!${HAN})(${HAN}) (${HAN})(?!${HAN})`, 'gu');
/** Role words that split a run of names ("華瑩實習生楊金運"). */
const SPLIT_ROLE = /(?:本报|本報|特约|特約|见习|見習|实习|實習|首席)?(?:记者|記者|通讯员|通訊員|实习生|實習生|撰稿人)\s*[/／：:]?/gu;
/** Words that may follow a name directly. */
const AFTER_NAME = '(?:报道|報導|報道|报导|摄|攝|编制|編制|整理|编辑|編輯|供图|供圖|编译|編譯)';
/** What may follow the last name: a credit is not a sentence ("记者了解到，…"). */
const END = new RegExp(`^(?:$|[\\s、/／╱（(）)】〕\\]|]|${AFTER_NAME})`, 'u');
/** Between two names; "／" is not one: it leads to the place ("記者陳木隆／宜蘭報導"). */
const SEP = /^(?:\s+(?:and|&|und|y|et|e|en|и)\s+|[\s、，,]+)/u;
const HAN_START = new RegExp(`^${HAN}`, 'u');
const NAME_RE = new RegExp(`^(?:${HAN_NAME}|${LATIN_NAME})$`, 'u');
/** A hospital's or a college's department heading its writer ("作者：肾内科 周倩", "宣传部 王芳"): no name. */
const UNIT_AHEAD = new RegExp(`^${HAN}{1,6}(?:[内外]科|科室|部|处|處|办公室|辦公室|学院|學院|研究所|中心|医院|醫院)\\s+(?=${HAN})`, 'u');
/** An outlet or its channel heading the reporters of a credit ("观察者网 陈思佳", "新浪科技 贾书凝"): no name. */
const OUTLET_AHEAD = new RegExp(`^${HAN}{2,8}(?:网|網|报|報|社|台|刊|新闻|新聞|杂志|雜誌|科技|财经|財經|体育|體育|娱乐|娛樂|汽车|汽車)\\s+(?=${HAN})`, 'u');
/** Organisation names: a credit or a meta author ending like this is the source, not a writer. */
export const ORG_SUFFIX = /(?:网|網|报|報|社|台|刊|频道|頻道|新闻|新聞|中心|公司|集团|集團|杂志|雜誌|时报|時報|日报|日報|晚报|晚報|电视|電視|广播|廣播|在线|在線)$/u;
/** Words that look like names by length but are labels or captions. */
const NOT_NAME = /^(?:组图|組圖|图文|圖文|文并摄|文並攝|视频|視頻|完|待续|待續|全文|原标题|原標題|资料图|資料圖|图片|圖片|专题|專題|评论|評論|详细|詳細|更多|综合|綜合|报道|佚名|匿名|出处|出處|稿源|时间|時間|日期|发布|發布|点击|點擊|浏览|瀏覽|编制|編制|制图|製圖|報導|报导|通讯员|通訊員|实习生|實習生|记者|記者|编辑|編輯|来源|來源|责编|責編|本报|本報|新华社|新華社|中新社|微博|博客|网友|網友|供稿|整理|编译|編譯|摄影|攝影|全部|所有|关注|關注|订阅|訂閱|私信)$/u;

const NOT_NAME_START = new RegExp(`^${NOT_NAME_WORD}`, 'u');

function isName(s: string): boolean {
  return NAME_RE.test(s) && !NOT_NAME.test(s) && !ORG_SUFFIX.test(s) && !NOT_NAME_START.test(s);
}

/**
 * The names of a credit string that starts right after a role word or an opening bracket:
 * "张建 周长庆）", "李文蕊 通讯员张文远）", "黃國金、華瑩實習生楊金運", "钟啸 通讯员/王海军)".
 * Stops at the first thing that is not a name, separator or role word; null when the names are
 * followed by a photo/chart/editing word (摄, 编制, 编辑) or none was found.
 */
export function creditNames(text: string): string[] | null {
  const names: string[] = [];
  // Role words inside the run split it ("華瑩實習生楊金運"); padded names are joined first.
  // The outlet heading its reporters ("文/观察者网 陈思佳") is no name.
  let rest = text.replace(SPLIT_ROLE, ' ').replace(PADDED, '$1$2').trimStart().replace(OUTLET_AHEAD, '').replace(UNIT_AHEAD, '');
  const name = new RegExp(`^(?:${HAN_NAME}(?!${HAN})|${HAN_NAME}(?=${AFTER_NAME})|${LATIN_NAME})`, 'u');
  const next = (s: string): string | null => {
    const m = name.exec(s);
    return m && isName(m[0]) && !NOT_WRITER.test(s) ? m[0] : null;
  };
  let n = next(rest);
  while (n) {
    names.push(n);
    rest = rest.slice(n.length);
    const sep = SEP.exec(rest);
    // The bar's next label ends the list ("作者：王五 责任编辑：李四").
    n = sep && !LABEL_AHEAD.test(rest.slice(sep[0].length)) ? next(rest.slice(sep[0].length)) : null;
    // "记者 王田 北京报道": after the reporters, the place they report from.
    if (n && dispatchPlace(n, rest.slice(sep![0].length + n.length))) n = null;
    // Latin names are listed with "," or "and": a space only runs into the next words of the bar.
    if (n && !HAN_START.test(n) && !sep![0].trim()) n = null;
    if (n) rest = rest.slice(sep![0].length);
  }
  // A role word after the names credits them with it ("李大华 摄": the photo); one labelling the
  // bar's next field ("李大华　摄影：张三") leaves them the writers.
  // … as does the bar's next label after a comma ("作者：叶雨晨，编辑：杨睿").
  const labelNext = /^[\s，,；;]/u.test(rest) && LABEL_AHEAD.test(rest.replace(/^[\s，,；;]+/u, ''));
  if (!names.length || !(END.test(rest) || labelNext) || (NOT_WRITER.test(rest) && !labelNext)) return null;
  return names;
}

/**
 * Cities whose names start with a common surname's character; other places before 报道 fail the
 * surname test on their own ("北京", "上海", "广州").
 */
const SURNAME_LIKE_PLACE = /^(?:成都|武汉|武漢|郑州|鄭州|沈阳|瀋陽|温州|溫州|苏州|蘇州|常州|石家庄|石家莊|宁波|寧波|江苏|江蘇|江西|安徽|吉林|桂林|柳州|台北|臺北|高雄|香港|澳门|澳門)$/u;

/** A word right before 报道 that names the place reported from, not one more reporter. */
function dispatchPlace(word: string, after: string): boolean {
  return /^(?:报道|報導|報道|报导)/u.test(after) && (!surnamed(word) || SURNAME_LIKE_PLACE.test(word));
}

/**
 * A labelled field of an info bar that may follow the names: "责任编辑：李四", "编辑｜李四", or an
 * editing role named before its holder the way reporters are ("每经编辑 王芳", "每经编辑：王芳", "实习编辑 赵六").
 */
const LABEL_AHEAD = new RegExp(
  '^(?:(?:责任编辑|責任編輯|网络编辑|網絡編輯|编辑|編輯|责编|責編|来源|來源|稿源|出处|出處|时间|時間|日期|发布时间|發佈時間|字号|字號|浏览|瀏覽|点击|點擊|摄影|攝影|图片|圖片|图|圖|视频|視頻|制图|製圖|设计|設計|校对|校對)\\s*[：:|｜丨/／]' +
    `|${HAN}{0,4}(?:编辑|編輯|责编|責編|校对|校對|审核|審核|监制|監製)(?:\\s*[：:|｜丨/／]\\s*|\\s+)(?=${HAN}))`,
  'u',
);

/** Credit patterns, most explicit first. Each captures the text that starts with the names. */
const CREDITS: RegExp[] = [
  // 作者：张三 / 作者: Steed / 文/孙七 / 撰文：… / 【作者】张三 / the bars of media apps: "文 | 张三",
  // "作者丨李四", "文字｜王五" (丨 is a character, set as a bar), "作者：文/何雨桐 图/郑凯". A 文 that ends a word ("中文 |
  // English", "原文：") is no credit, nor a forum's "只看该作者 | 倒序浏览" toolbar.
  /(?:[【[](?:作者|文)[】\]]|(?:(?<![该該])作者|作\s+者|撰文|撰稿|文字|(?<!\p{Script=Han})文)\s*[：:/／|｜丨])\s*(?:文\s*[/／]\s*)?(.{2,60})/u,
  // 记者 张三 李四 / 本报记者 赵六 / 新华社记者任海军 阳建 / 〔記者魏怡嘉／台北報導〕 / 界面新闻记者 | 张三
  new RegExp(`${ROLE.replace(/\|作者\|文\)$/, ')')}\\s*[/／：:|｜丨]?\\s*(.{2,60})`, 'u'),
  // 文/图 孙七, 图文：孙七: the writer took the pictures too.
  /(?:文\s*[/／、]\s*[图圖]|[图圖]\s*[/／、]\s*文|图文|圖文)\s*[：:｜|/／]?\s*(.{2,60})/u,
  // A line of its own closing a column: "文 官嘉盈".
  new RegExp(`^(?:文|撰文)\\s+(${HAN_NAME})$`, 'u'),
  // 邱俐穎／台北報導, 【楊宗灝／桃園報導】, 【（李三娃／四川成都）】
  new RegExp(`(?:^|[【〔\\[（(\\s])(${HAN_NAME}\\s*)[／╱/]\\s*${HAN}{2,6}(?:(?:報導|报道|報道|报导)[】〕\\]）)]?|[】〕\\]）)])`, 'u'),
  // 中廣新聞／陳奕華】
  new RegExp(`${HAN}{2,8}(?:新聞|新闻|報|报|社|網|网|台)\\s*[／╱/]\\s*(${HAN_NAME})\\s*(?:[】〕\\]]|$)`, 'u'),
  // A paper heading its reporter's dispatch with no role word: "21世纪经济报道 林子恒 上海报道".
  new RegExp(`^[\\d${HAN}]{2,10}(?:报道|報導|报|報|网|網|社|新闻|新聞|周刊|週刊)\\s+(${HAN_NAME})\\s+${HAN}{2,4}(?:报道|報導|報道|报导)`, 'u'),
  // （張文祿報導）
  new RegExp(`[（(]\\s*(${HAN_NAME})\\s*(?:報導|报道|報道|报导)\\s*[）)]`, 'u'),
  // The same at the head of a byline line in other languages: "Von Anna Schmidt", "Por María
  // López", "Par Jean Dupont", "Door Jan de Vries", "Di Mario Rossi", "Av Per Olsen", "Autor: …";
  // a British credit line, "Words: Steve Pritchard | Pictures: Dave Mercer".
  // "Authors: Ann Lee, Bo Chen, Cy Diaz" (a paper's list, linked names side by side).
  /^(?:Authors|Contributors)\s*:\s+(\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,3}(?:,\s+\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,3})+(?:,?\s+(?:and|&)\s+\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,3})?)(?![\p{L}'.-])/u,
  /^(?:Von|Por|Par|Door|Di|Da|Av|Af|Przez|Autor(?:in)?\s*:|Auteur\s*:|Автор\s*:?|(?:Authors?|Contributors?|Words)\s*:)\s+([A-ZÀ-ÖØ-ÞА-Я][\p{L}'.-]+(?:\s+(?:[A-ZÀ-ÖØ-ÞА-Я][\p{L}'.-]*|de|del|van|von|der|da|dos|di|le|y|e|und|et|en|и)){0,5})/u,
];

/** English "by": By Jane Doe, Posted by Jane Doe, Written by …, "Mar 3, 2025 · by Jane Doe". */
const BY = /(?:^|\s|\|)(?:[Bb]y|BY)\s*:?\s+(\p{Lu}[\p{L}'.-]+(?:(?:,\s+|\s+)(?:\p{Lu}[\p{L}'.-]*|de|van|von|da|and|&)){0,9})/gu;
/** Three or more writers listed with commas and a last "and": "Jane Doe, John Smith and Ann Lee" (each of two or three words). */
const NAME_LIST = /^(?!The\s)\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,2}(?:,\s+(?!The\s)\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,2})+,?\s+(?:and|&)\s+(?!The\s)\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){1,2}(?![\p{L}'.-])/u;
/**
 * What may stand before a byline's "by": nothing, a writing verb or noun ("Written by", "Articles
 * by"), a date or a separator of an info bar. "Powered by", "Design by", "Hospitals by State",
 * "Photo by" and a title's "Book by Author" are not the article's byline.
 */
const BEFORE_BY = new RegExp(
  '(?:^|[|•·⋅—–\\-:/,]|\\b(?:written|posted|published|authored|reported|reporting|reviewed|compiled|contributed|created|article|articles|post|posts|story|stories|words|text|essay|column|blog|guest post)' +
    '|\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}|\\d{1,4}[-/.]\\d{1,2}[-/.]\\d{1,4}|\\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*,? \\d{4}|\\d{1,2}:\\d{2}(?: ?[ap]m)?)$',
  'iu',
);

/** The names after a byline's "by"; `anywhere`: in an element the page marks as the author's, any "by" counts ("Recipe by …"). */
export function byCredit(line: string, anywhere = false): string[] | null {
  for (const m of line.matchAll(BY)) {
    const before = line.slice(0, m.index).trim();
    if (!anywhere && !BEFORE_BY.test(before)) continue;
    // After a comma comes a job title or the employer ("Jane Doe, Staff Writer"), unless the
    // commas list more writers.
    const names = creditNames(NAME_LIST.exec(m[1])?.[0] ?? m[1].split(',')[0]!);
    if (names) return names;
  }
  return null;
}

/** Dateline credits at the head of a paragraph: "长春12月9日电（记者张建 周长庆）", "电 (连肖)", "商报讯（记者 丁开艳）". */
const DATELINE = /(?:电|電|讯|訊)\s*[（(]\s*(?:[^（()）]{0,12}?(?:记者|記者))?\s*([^（()）]{2,40})[）)]/u;
/**
 * A dateline with its reporters unbracketed, the lead's first words (up to a comma) after them:
 * "南都讯 记者刘嘉琪 通讯员穗交宣 昨日，…", "本报讯 记者 张三 李四 近日，…".
 */
const OPEN_DATELINE = /^\s*[^\s，。,]{0,10}(?:讯|訊)\s*(?:记者|記者)\s*(.{2,40}?)(?=\s+[^\s，。,]{1,12}[，,])/u;
/** A bracketed reporter credit: "（记者 李佳佳）", "（ 新華社記者朱旭東）", "〔記者魏怡嘉／台北報導〕". */
const BRACKETED = /[（(〔【]\s*[^（()）〔〕【】]{0,12}?(?:记者|記者)\s*[/／]?\s*([^（()）〔〕【】]{2,40})[）)〕】]/u;
/** A signature closing the article's text: "…美国国债。（高健）", "(金良/编译)". */
const SIGNATURE = new RegExp(`[。！？!?”」』.]\\s*[（(]\\s*(${HAN_NAME}(?:[\\s、，,]+${HAN_NAME}){0,2})\\s*(?:[/／]\\s*(?:编译|編譯|整理)|報導|报道|報道|报导)?\\s*[）)]\\s*$`, 'u');

const LONE_SIGNATURE = new RegExp(`^[（(]\\s*(${HAN_NAME})\\s*[）)]$`, 'u');
/** A reporter's credit closing a paragraph: "（張文祿報導）", "…电台張翠報導。". */
const REPORTED = new RegExp(`[（(]\\s*(${HAN_NAME})\\s*(?:報導|报道|報道|报导)\\s*[）)]|(?:台|社|報|报|網|网)(?:記者|记者)?(${HAN}{2,3})(?:採訪|采访)?(?:報導|报道|報道|报导)[。.]?$`, 'u');
/** A name run into the place and the day of the dispatch: "劉世怡台北11日電", "陳昭妤台北報導". */
const NAME_THEN_PLACE = new RegExp(`^(${HAN}{4,7})\\s*(?:\\d{1,2}日)?\\s*(?:电|電|讯|訊|報導|报道|報道|报导)`, 'u');

/**
 * The reporter of a credit whose name runs into the place ("記者劉世怡台北11日電"): names are
 * mostly three characters, so a run of five or more keeps three, a run of four keeps two.
 */
function nameBeforePlace(s: string): string[] | null {
  const m = NAME_THEN_PLACE.exec(s.trim());
  if (!m) return null;
  const run = m[1];
  const name = run.slice(0, run.length >= 5 ? 3 : 2);
  return isName(name) && surnamed(name) ? [name] : null;
}

/** A run of characters, then the day and 电: "王小明台北5日電". */
const DISPATCH_DAY = new RegExp(`^\\s*${HAN}{4,7}\\s*\\d{1,2}日\\s*[电電]`, 'u');

/** Names credited in one short line of the page (a byline), or null. */
export function lineCredit(line: string): string[] | null {
  for (const [i, re] of CREDITS.entries()) {
    const m = re.exec(line);
    if (!m) continue;
    // "中央社記者王小明台北5日電": the reporter's name runs into the place and the day of the
    // dispatch (the day is what tells it from a sentence: "记者于昨日致电…").
    const names = creditNames(m[1]) ?? (i === 1 && DISPATCH_DAY.test(m[1]) ? nameBeforePlace(m[1]) : null);
    // "记者" also starts sentences in headlines ("扬言要对记者不客气"): names there must read as names.
    if (names && (i !== 1 || surnamed(names.join('、')))) return names;
  }
  return byCredit(line);
}

/** Names in a paragraph's dateline credit, or null. */
export function datelineCredit(paragraph: string): string[] | null {
  const m = DATELINE.exec(paragraph.slice(0, 80));
  if (m) {
    const names = creditNames(m[1].replace(/^.*?(?:记者|記者)\s*/u, ''));
    if (names) return names;
  }
  // "南都讯 记者刘嘉琪 通讯员穗交宣 昨日，…": the reporters unbracketed, the lead after them.
  const open = OPEN_DATELINE.exec(paragraph.slice(0, 80));
  const named = open ? creditNames(open[1]!)?.filter((n) => surnamed(n)) : null;
  if (named?.length) return named;
  for (const part of [paragraph.slice(0, 100), paragraph.slice(-60)]) {
    const b = BRACKETED.exec(part);
    const names = b ? creditNames(b[1]) ?? nameBeforePlace(b[1]) : null;
    if (names) return names;
    const r = REPORTED.exec(part);
    const reporter = r ? creditNames(r[1] ?? r[2]!) : null;
    if (reporter && surnamed(reporter.join('、'))) return reporter;
  }
  return null;
}

const DATE_IN_BAR = /\d{4}\s*[-/.年]\s*\d{1,2}/u;
/** Labelled parts of an info bar that hold no writer: "来源：示例网", "编辑：王五", "字号：大 中 小", "分类：高考". */
const LABELLED_PART = /(?:来源|來源|稿源|出处|出處|责任编辑|責任編輯|网络编辑|網絡編輯|编辑|編輯|责编|責編|字号|字號|字体|字體|点击|點擊|浏览|瀏覽|分类|分類|类别|類別|栏目|欄目|标签|標籤)\s*[：:]?\s*\S*/gu;
const BAR_NAME = new RegExp(`^${HAN}{2,3}$`, 'u');

/**
 * An unlabelled reporter in a short info bar beside the date: "张三 2012年01月12日14:57",
 * "2012-01-17 20:52 来源：示例网 李四", "2012/1/17 王五 報導". Only a lone two-or-three-character
 * token that starts with a surname counts; sources, editors and labels are dropped first.
 */
export function infoBarName(line: string): string | null {
  // A forum's post bar ("路人乙 发表于 …", a reply's "沙发 路人乙 2012-5-6 11:02") names a poster,
  // read from the first post by forumPoster.
  // A press contact's line ("媒体联系人：品牌部 赵婷 电话：0512-…") names whom to call, not a writer.
  if (line.length >= 80 || !DATE_IN_BAR.test(line) || /发表于|發表於|发表时间|發表時間|楼主|樓主|回复|回覆|沙发|沙發|板凳|地板|\d+\s*[楼樓#]|联系人|聯繫人|联系电话|聯繫電話|电话|電話|邮箱|郵箱|传真|傳真/u.test(line)) return null;
  const tokens = line.replace(LABELLED_PART, ' ').split(/\s+/).filter(Boolean);
  for (const [i, t] of tokens.entries()) {
    const next = tokens[i + 1] ?? '';
    if (BAR_NAME.test(t) && isName(t) && surnamed(t) && !NOT_WRITER.test(next)) return t;
  }
  return null;
}

/** Names in a signature that closes a paragraph of text, or null. */
export function signatureCredit(paragraph: string): string[] | null {
  // A signature set as a paragraph of its own under the text: "（季泓岩）".
  const alone = LONE_SIGNATURE.exec(paragraph.trim());
  if (alone) return surnamed(alone[1]!) ? creditNames(alone[1]!) : null;
  if (paragraph.length < 40) return null;
  const m = SIGNATURE.exec(paragraph.slice(-40));
  return m ? creditNames(m[1]) : null;
}

/**
 * Common Chinese surnames (simplified and traditional forms). A bare Chinese word in an "author"
 * slot without a label (作者：, 记者) is taken only when it starts like a personal name: such slots
 * also hold nicknames fields, channel words and comment-form labels ("昵称", "整机").
 */
const SURNAMES = new Set(
  ('王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖萧蕭田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范' +
    '金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閆段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯常温溫康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章鲁魯' +
    '岳翟殷詹申欧歐耿关關兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱蓝藍路游辛靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解牟艾尤阳陽时時穆农農司卓古吉缪繆' +
    '简簡车車项項连連芦蘆麦麥褚娄婁窦竇戚岑景党宫宮费費卜冷晏席卫衛米柏宗瞿桂全佟应應臧闵閔苟邬鄔边邊卞姬师師和仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢仲虞敖巩鞏明佘池乐樂匡冀郁迟遲' +
    '官封谈談鄢蓬邝鄺晁滑粟鞠阎閻练練蒯麻' +
    // Less common ones that still sign bylines; words that open sentences (来, 从, 查) stay out.
    '洪赖賴帅帥辜丘晋晉苑廉奚邸郜揭裘阚闞禹扈蔺藺冼闻聞仝厉厲茅储儲阙闕栗濮茹竺桓燕屠秋伊班植').split(''),
);
const COMPOUND_SURNAME = /^(?:欧阳|歐陽|司马|司馬|诸葛|諸葛|上官|东方|東方|皇甫|尉迟|尉遲|公孙|公孫|慕容|长孙|長孫|宇文|司徒|夏侯|令狐|端木|呼延|澹台|澹臺|申屠|轩辕|軒轅)/u;

/** A bare Chinese name list whose every name starts with a surname. */
export function surnamed(a: string): boolean {
  return a.split('、').every((n) => SURNAMES.has(n[0]!) || COMPOUND_SURNAME.test(n) || n.includes('·'));
}

/** A Chinese personal name standing alone ("邹文远"), not an account's or an outlet's ("影视风向标"). */
export function personalName(s: string): boolean {
  return PERSONAL_NAME.test(s) && isName(s) && surnamed(s);
}
const PERSONAL_NAME = new RegExp(`^${HAN_NAME}$`, 'u');

export interface PageLines {
  /** Short texts (bylines, info bars), in document order. */
  lines: string[];
  /** The element of each line. */
  lineElements: Element[];
  /** Longer texts (paragraphs), in document order. */
  paragraphs: string[];
  /** The element of each paragraph. */
  paragraphElements: Element[];
}

const linesOf = new WeakMap<Document, PageLines>();

/** What a line break becomes: a separator that names and credits do not run across. */
const LINE_BREAK = ' · ';

/**
 * An element's text with a space where one element ends and the next begins: bylines are often
 * laid out as "<span>By</span><span>Jane Doe</span><time>…</time>", which textContent glues
 * into "ByJane Doe…".
 */
export function spacedText(el: Element): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) parts.push((c as Text).data);
      // A line break ends a name: "By Jane Doe<br>Medically reviewed by …" is no "Jane Doe Medically".
      else if (c.nodeType === 1 && (c as Element).tagName === 'BR') parts.push(LINE_BREAK);
      else if (c.nodeType === 1 && !/^(?:SCRIPT|STYLE|NOSCRIPT|TEMPLATE|SELECT|OPTION|TEXTAREA)$/.test((c as Element).tagName)) {
        parts.push(' ');
        walk(c);
        parts.push(' ');
      }
    }
  };
  walk(el);
  // Breaks at the ends and runs of them are no separators ("…張翠報導<br>", "<br><br>").
  return trimSeparators(collapseSpace(parts.join('')))
    .replace(/\s*·(?:\s*·)+\s*/gu, ' · ')
    // No space where an element ended right before punctuation ("<a>Ann</a>, <a>Bo</a>").
    .replace(/ (?=[,.;:!?)\]）】」，。、；：])/gu, '')
    .replace(/(?<=[(\[（【「]) /gu, '');
}

/**
 * The text without the breaks' dots (and spaces) at its ends. A loop, not a regex: "(?:\s*·\s*)+$"
 * splits each space two ways and backtracked exponentially on a long run of breaks.
 */
function trimSeparators(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s[a] === '·' || s[a] === ' ')) a++;
  while (b > a && (s[b - 1] === '·' || s[b - 1] === ' ')) b--;
  return s.slice(a, b);
}

/** A byline written as one link ("<a href="/search?q=Jane">by Jane Doe</a>"). */
const BY_LINK = /^(?:[Bb]y|BY|[Ww]ritten by|[Pp]osted by)\s+\p{Lu}/u;

const INLINE = /^(?:BR|WBR|IMG|A|B|STRONG|EM|I|U|SPAN|FONT|SUP|SUB|SMALL|BIG|MARK|ABBR|CITE|Q|TIME)$/;

/** The page's short lines and paragraphs, read once per document. */
export function pageLines(doc: Document): PageLines {
  let out = linesOf.get(doc);
  if (out) return out;
  const lines: string[] = [];
  const lineElements: Element[] = [];
  const paragraphs: string[] = [];
  const paragraphElements: Element[] = [];
  for (const el of Array.from(doc.querySelectorAll('p, span, div, td, em, strong, small, address, font, li, h2, h3, h4, h5, h6')).slice(0, 5000)) {
    // Line breaks and inline tags (linked names, bold words) do not split a paragraph.
    const children = Array.from(el.children);
    const blocks = children.filter((c) => !INLINE.test(c.tagName)).length;
    if (blocks > 8) continue;
    const t = spacedText(el);
    // Headline links (related stories, menus) are not bylines; a long text is not a headline,
    // even where a stray unclosed <a> wraps the article. A linked "by Jane Doe" is a byline.
    if (t.length < 200 && !BY_LINK.test(t) && (el.closest('a') || (el.children.length === 1 && el.firstElementChild!.tagName === 'A' && textOf(el) === textOf(el.firstElementChild)))) continue;
    // A short line of a few parts; more parts make a menu, unless links are a small share of its
    // text (an info bar's "【大 中 小】【打印】" tools after its date and credits).
    if (t.length > 3 && t.length < 120 && (children.filter((c) => c.tagName !== 'BR').length <= 4 || linkedChars(el) < t.length / 4)) {
      lines.push(t);
      lineElements.push(el);
    }
    if (t.length >= 20 && t.length < 5000) {
      paragraphs.push(t);
      paragraphElements.push(el);
    }
  }
  out = { lines, lineElements, paragraphs, paragraphElements };
  linesOf.set(doc, out);
  return out;
}

/** "来源：中国经济网", "稿源： 兰州日报", "出处：每日经济新闻". */
const SOURCE = /(?:(?:来源|來源|稿源|出处|出處)\s*[：:]|本文来源于)\s*[【\[]?\s*([^\s：:【】[\]()（）|，。、；;“”"'‘’]{2,30})/u;
/** "责任编辑：关婧", "[责任编辑：robot]", "网络编辑：贺燕", "编辑：杨苏雯", "(陈巍 编辑)". */
const EDITOR = /(?:责任编辑|責任編輯|网络编辑|網絡編輯|实习编辑|實習編輯|编辑|編輯|责编|責編)\s*[：:]\s*([\p{Script=Han}]{2,4}(?![\p{Script=Han}])|[A-Za-z][\w.-]{1,30})/u;
const EDITOR_AFTER = /[（(]\s*([\p{Script=Han}]{2,3})\s*(?:编辑|編輯)\s*[）)]/u;

/** The source the page credits for the article (an agency, paper or site), or null. */
export function findSource(doc: Document): string | null {
  for (const line of pageLines(doc).lines) {
    const m = SOURCE.exec(line);
    if (m && !/^\d/.test(m[1]) && !/^(?:https?|www)/i.test(m[1])) return m[1].replace(/[，,。；;]+$/u, '');
  }
  return null;
}

/** The editor the page credits (责任编辑 and the like), or null. */
export function findEditor(doc: Document): string | null {
  const { lines } = pageLines(doc);
  for (const re of [EDITOR, EDITOR_AFTER]) {
    for (const line of lines) {
      const m = re.exec(line);
      if (m) return m[1];
    }
  }
  return null;
}
