import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { findTitle } from '../../extractors/news/meta/title';
import { lineCredit, pageLines } from '../../extractors/news/meta/byline-text';
import { doc, NOW, pageAuthor } from './dom';

/**
 * Dates a page shows only in part (no year, no time) that its script data completes; numeric
 * dates of day-first regions; hedged relative times; credits led by a paper's or a department's
 * name; and English bylines and headlines set in parts (handles, user cards, forum credits,
 * kickers, section labels).
 */
const ZH_P = '<p>入夏以来，沿江各区的防汛队伍实行二十四小时值守，每天巡查堤防和泵站，遇到险情第一时间处置，确保汛期安全度汛。</p>';
const EN_P = '<p>The plan replaces the aging bus terminal with a two-level hub, adds protected bike lanes on three streets and moves the taxi stand to the north side of the block.</p>';
const timeOf = (html: string, url: string) => findPublishedAt(doc(html, url), null, NOW, { url });

describe('a date shown in part, completed by the script data', () => {
  const mobile = (script: string) => `<html><head><meta charset="utf-8"><title>沿江各区防汛进入战时状态_示例网</title></head><body>
    <h1>沿江各区防汛进入战时状态</h1><div class="info"><span class="time">07-02 14:05</span><span class="src">来源：示例晨报</span></div>
    ${ZH_P}${ZH_P}<script>${script}</script></body></html>`;

  it('takes the year of a day shown without one from the script ("07-02 14:05"; var newsTime = "2019-07-02 14:05:31")', () => {
    expect(timeOf(mobile('var newsTime = "2019-07-02 14:05:31";'), 'https://m.example.com/news/a123.html')).toBe('2019-07-02T14:05:31+08:00');
  });

  it("reads a key set in brackets ($CONFIG['pubtime'] = '…')", () => {
    expect(timeOf(mobile("$CONFIG['pubtime'] = '2017-07-02 14:05:36';"), 'https://m.example.com/news/a123.html')).toBe('2017-07-02T14:05:36+08:00');
  });

  it("keeps the crawl year when the script's date is another day (another story's)", () => {
    expect(timeOf(mobile('var pubtime = "2019-06-30 09:00:00";'), 'https://m.example.com/news/a123.html')?.slice(0, 10)).toBe('2025-07-02');
  });

  it('takes the time of a day shown without one from the script data of that day ("publish_time": epoch seconds)', () => {
    const html = `<html><head><meta charset="utf-8"><title>写给还在犹豫要不要二战的你 - 示例专栏</title></head><body>
      <h1>写给还在犹豫要不要二战的你</h1><div class="meta"><span class="pub">2021-06-14</span></div>${ZH_P}${ZH_P}
      <script>window.__INITIAL_STATE__={"readInfo":{"publish_time":1623672665,"words":2345}};</script></body></html>`;
    expect(timeOf(html, 'https://www.example.com/read/cv11712345')).toBe('2021-06-14T20:11:05+08:00');
  });
});

describe('numeric dates and hedged relative times', () => {
  const page = (lang: string, host: string) => `<html lang="${lang}"><head><title>Council confirms new skate park for the foreshore</title></head><body>
    <h1>Council confirms new skate park for the foreshore</h1><div class="entry-meta"><span class="entry-date published">03/04/2024</span></div>${EN_P}${EN_P}</body></html>`;

  it('reads "03/04/2024" day first on a page of a day-first region (en-AU, a .com.au host)', () => {
    expect(timeOf(page('en-AU', 'example.com.au'), 'https://www.example.com.au/news/skate-park')).toBe('2024-04-03');
    expect(timeOf(page('en', 'example.com.au'), 'https://www.example.com.au/news/skate-park')).toBe('2024-04-03');
  });

  it('reads it month first on a US page or an English page of unknown region', () => {
    expect(timeOf(page('en-US', 'example.com'), 'https://www.example.com/news/skate-park')).toBe('2024-03-04');
    expect(timeOf(page('en', 'example.com'), 'https://www.example.com/news/skate-park')).toBe('2024-03-04');
  });

  it('takes no date from a hedged count ("Updated over a week ago"), as help centres print it', () => {
    const html = (when: string) => `<html><head><title>Set up single sign-on with your identity provider | Help Center</title></head><body>
      <h1>Set up single sign-on with your identity provider</h1><div class="avatar"><span>Written by Raj Patel</span><span>${when}</span></div>${EN_P}${EN_P}</body></html>`;
    expect(timeOf(html('Updated over a week ago'), 'https://help.example.com/en/articles/123-sso')).toBeNull();
    expect(timeOf(html('Updated 2 days ago'), 'https://help.example.com/en/articles/123-sso')?.slice(0, 10)).toBe('2026-03-08');
  });
});

describe('credits led by a paper or a department', () => {
  it('reads the reporter of a paper\'s dispatch line without a role word ("21世纪经济报道 林子恒 上海报道")', () => {
    expect(lineCredit('21世纪经济报道 林子恒 上海报道')).toEqual(['林子恒']);
  });

  it('leaves out the department before a writer ("作者：肾内科 周倩")', () => {
    expect(lineCredit('发布时间：2014-03-13 16:05:26   作者：肾内科 周倩   来源：宣传部')).toEqual(['周倩']);
    // A two-character name ending like a unit word is a name ("李科").
    expect(lineCredit('作者：李科 王芳')).toEqual(['李科', '王芳']);
  });
});

describe('English bylines set in parts', () => {
  const url = 'https://www.example.com/blog/edge-caching';

  it("drops a social handle run into the name ('Jonah Weiss@jonahweiss'), not an e-mail address", () => {
    const html = `<html><head><title>Introducing edge caching for previews - Example</title></head><body>
      <h1>Introducing edge caching for previews</h1><p class="label">Posted by</p>
      <div class="authors"><a href="https://social.example/jonahweiss" class="author"><div><span>Jonah Weiss</span><span>@jonahweiss</span></div></a></div>
      ${EN_P}${EN_P}</body></html>`;
    expect(pageAuthor(html, url)).toBe('Jonah Weiss');
  });

  it("reads a user card marked as the author by its name part ('mkessler', not 'mkesslermkessler1,204'), and whole when it adds a full name", () => {
    const card = (extra: string) => `<html><head><title>git - How do I rebase without losing signed commits? - Answers</title></head><body>
      <h1>How do I rebase without losing signed commits?</h1>${EN_P}
      <div class="user-details" itemprop="author" itemscope itemtype="http://schema.org/Person"><a href="/users/44/mkessler">mkessler</a>${extra}</div>${EN_P}</body></html>`;
    expect(pageAuthor(card('<span class="d-none" itemprop="name">mkessler</span><div class="flair"><span>1,204</span></div>'), url)).toBe('mkessler');
    const discourse = `<html><head><title>Pi 5 will not boot from NVMe - Forum</title></head><body><h1>Pi 5 will not boot from NVMe</h1>
      <span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/kbrandt"><span itemprop="name">kbrandt</span></a> (Kevin Brandt)</span>${EN_P}</body></html>`;
    expect(pageAuthor(discourse, url)).toBe('kbrandt (Kevin Brandt)');
  });

  it("takes the first post's user on a forum thread ('by <strong><a …viewprofile…>roofdog77</a></strong> »'), not a reply's", () => {
    const post = (id: number, user: string, uid: number, when: string, heading: string) => `<div id="p${id}" class="post"><div class="postbody">
      <h3><a href="#p${id}">${heading}</a></h3>
      <p class="author"><a href="./viewtopic.php?p=${id}#p${id}"><img src="icon.gif" alt="Post"></a>by <strong><a href="./memberlist.php?mode=viewprofile&amp;u=${uid}">${user}</a></strong> &raquo; ${when}</p>
      <div class="content">We have a curb-mounted skylight on a shingle roof and there is a stain spreading on the drywall after every heavy rain.</div></div></div>`;
    const html = `<html><head><title>Old House Forum &bull; View topic - Best way to seal a leaking skylight?</title></head><body>
      <h1><a href="./index.php">Old House Forum</a></h1><h2><a href="./viewtopic.php?t=38841">Best way to seal a leaking skylight?</a></h2>
      ${post(291004, 'roofdog77', 4412, 'Sun Jun 10, 2012 8:14 pm', 'Best way to seal a leaking skylight?')}
      ${post(291021, 'BillTheRoofer', 212, 'Sun Jun 10, 2012 9:47 pm', 'Re: Best way to seal a leaking skylight?')}</body></html>`;
    expect(pageAuthor(html, 'https://forum.example.com/viewtopic.php?f=12&t=38841')).toBe('roofdog77');
  });

  it('reads a British credit line at the end ("Words: Steve Pritchard | Pictures: Dave Mercer")', () => {
    expect(lineCredit('Words: Steve Pritchard | Pictures: Dave Mercer')).toEqual(['Steve Pritchard']);
  });

  it('reads "August 22nd, 2013 by Gary Lindqvist" under the post title of a classic theme (the blog\'s name in the <h1>)', () => {
    const html = `<html><head><title>Chrome &amp; Cranks &raquo; Restoring a 1968 bicycle: the chrome</title></head><body>
      <div id="header"><h1><a href="https://www.example.com/">Chrome &amp; Cranks</a></h1></div>
      <div class="post"><h2>Restoring a 1968 bicycle: the chrome</h2><small>August 22nd, 2013 by Gary Lindqvist</small>
      <div class="entry">${EN_P}${EN_P}</div></div></body></html>`;
    expect(pageAuthor(html, 'https://www.example.com/2013/08/restoring-part-3/')).toBe('Gary Lindqvist');
  });
});

describe('headlines set with a kicker or a section label', () => {
  it("leaves out a kicker set first inside the <h1> ('<span class=\"headline__kicker\">Transit</span> City council…')", () => {
    const d = doc(`<html><head><title>City council approves transit hub overhaul - The Chronicle</title></head><body>
      <h1 class="headline"><span class="headline__kicker">Transit</span> City council approves $48 million plan to overhaul downtown transit hub</h1>${EN_P}</body></html>`);
    expect(findTitle(d, null, null)).toBe('City council approves $48 million plan to overhaul downtown transit hub');
  });

  it('keeps a title wrapped whole in a field marked "label-hidden"', () => {
    const d = doc(`<html><head><title>Vegetable gardening for beginners | Extension</title></head><body>
      <h1 class="page-title"><span class="field field--name-title field--label-hidden">Vegetable gardening for beginners</span></h1>${EN_P}</body></html>`);
    expect(findTitle(d, null, null)).toBe('Vegetable gardening for beginners');
  });

  it('takes the <h1> over a share title that puts a section label before it ("Opinion | …")', () => {
    const d = doc(`<html><head><title>Opinion | We built our cities for cars. We can rebuild them for people. - Tribune</title>
      <meta property="og:title" content="Opinion | We built our cities for cars. We can rebuild them for people."></head><body>
      <div class="label">OPINION</div><h1>We built our cities for cars. We can rebuild them for people.</h1>${EN_P}</body></html>`);
    expect(findTitle(d, null, null)).toBe('We built our cities for cars. We can rebuild them for people.');
  });
});

describe('times and names that belong to comments, tools and contacts', () => {
  const zhPage = (info: string, tail = '') => `<html><head><meta charset="utf-8"><title>课后服务将覆盖全市小学_示例网</title></head><body>
    <h1>课后服务将覆盖全市小学</h1><div class="info">${info}</div>${ZH_P}${ZH_P}${tail}</body></html>`;
  const url = 'https://www.example.com/article/6724321876543210765/';

  it("takes no date from a comment's count back ('8小时前') when the article shows none", () => {
    const comments = '<div class="comments"><div class="c"><span>北京二孩妈</span> 终于等到了，点赞！ <span>8小时前</span></div><div class="c"><span>路过的熊猫</span> 费用怎么收？ <span>1小时前</span></div></div>';
    // A story of realistic length: the comments stand well below the headline.
    expect(timeOf(zhPage('<span class="src">新京报</span>', ZH_P.repeat(10) + comments), url)).toBeNull();
  });

  it('keeps a count back whose element holds the time itself ("by mkrause <span title=…>3 hours ago</span>")', () => {
    const html = `<html><head><title>The hidden cost of feature flags | Discuss</title></head><body><table><tr><td class="title"><a href="https://blog.example.org/flags">The hidden cost of feature flags</a></td></tr>
      <tr><td class="subtext">120 points by <a href="user?id=mkrause">mkrause</a> <span class="age" title="2022-05-18T14:22:10"><a href="item?id=1">3 hours ago</a></span></td></tr></table>${EN_P}</body></html>`;
    expect(timeOf(html, 'https://discuss.example.com/item?id=1')?.slice(0, 10)).toBe('2022-05-18');
  });

  it('reads a publish-time key after a word ("contentPublishTime"), not a later post\'s ("lastPostTime")', () => {
    const page = (data: string) => zhPage('<span class="time">10-19 08:45</span>', `<script>window.jsonData = {${data}};</script>`);
    expect(timeOf(page('"contentPublishTime":"2021-10-19 08:45:12"'), url)).toBe('2021-10-19T08:45:12+08:00');
    expect(timeOf(page('"lastPostTime":"2021-10-19 08:45:12"'), url)?.slice(0, 4)).toBe('2025');
  });

  it("reads the writer of an info bar that ends in tool links ('【大 中 小】【打印】【我要纠错】')", () => {
    const tools = '【<a href="javascript:z(16)">大</a> <a href="javascript:z(14)">中</a> <a href="javascript:z(12)">小</a>】 【<a href="javascript:print()">打印</a>】 【<a href="/bbs/">我要纠错</a>】';
    const html = zhPage(`中国示例网&nbsp;&nbsp;时间： 2009-06-18 10:25:33&nbsp;&nbsp;作者：沈立新&nbsp;&nbsp;编辑：谢颖&nbsp;&nbsp;来源：示例网&nbsp;&nbsp;${tools}`);
    // The bar is read as one line of the page (five tool links do not make it a menu).
    expect(pageLines(doc(html, url)).lines.some((l) => l.includes('作者：沈立新'))).toBe(true);
    expect(pageAuthor(html, url)).toBe('沈立新');
  });

  it("takes no writer from a toolbar link ('查看全部评论'), a press contact ('媒体联系人：品牌部 赵婷 电话：…') or a category ('分类：高考')", () => {
    expect(pageAuthor(zhPage('2015-03-19 09:10:31 稿源：示例科技', '<div class="cmt"><a href="/comment/381234.htm">查看全部评论</a></div>'), url)).toBeNull();
    expect(pageAuthor(zhPage('2024-01-16', '<p><strong>媒体联系人：</strong>品牌部 赵婷 电话：0512-6688XXXX 邮箱：media@example.com.cn</p>'), url)).toBeNull();
    expect(pageAuthor(zhPage('<span class="question-time">2012-06-03 20:14</span> <span class="question-author">匿名</span> <span>|</span> 分类：<a href="/browse/1032">高考</a> <span>|</span> 浏览<span>2345</span>次'), url)).toBeNull();
  });
});

describe('forum stamps and author cards', () => {
  it('reads a hyphenated numeric stamp ("04-03-2012, 08:27 PM") month first on a US forum, day first elsewhere and where the page does not say', () => {
    const thread = (lang: string) => `<html lang="${lang}"><head><title>Intermittent stalling on my truck - Truck Forums</title></head><body>
      <h1>Intermittent stalling on my truck</h1><div class="postdate">04-03-2012, 08:27 PM</div>${EN_P}${EN_P}</body></html>`;
    expect(timeOf(thread('en-US'), 'https://www.example.com/forums/184422-stalling.html')?.slice(0, 16)).toBe('2012-04-03T20:27');
    expect(timeOf(thread('en-GB'), 'https://www.example.com/forums/184422-stalling.html')?.slice(0, 16)).toBe('2012-03-04T20:27');
    expect(timeOf(thread('en'), 'https://www.example.com/forums/184422-stalling.html')?.slice(0, 16)).toBe('2012-03-04T20:27');
  });

  it("leaves out the job and contact details an author card runs on after the name", () => {
    const card = (text: string) => `<html><head><title>How we cut our vacuum times - Example Engineering</title></head><body>
      <h1>How we cut our vacuum times</h1><div class="author-card">${text}</div>${EN_P}${EN_P}</body></html>`;
    expect(pageAuthor(card('<span>Julia Kowalski</span><span>Staff Engineer, Data Platform</span>'), 'https://www.example.com/blog/vacuum')).toBe('Julia Kowalski');
    expect(pageAuthor(card('<b>Margaret O’Connell</b><span>Partner</span><span>Chicago</span><span>+1 312 555 0190</span><a href="mailto:m@example.com">m@example.com</a>'), 'https://www.example.com/insights/force-majeure')).toBe('Margaret O’Connell');
  });
});

describe("a writer's profile box", () => {
  it('takes no date from the sign-up date in the sidebar\'s profile ("Joined <time class=date>Apr 2, 2021</time>")', () => {
    const html = `<html><head><title>Stop writing effects for derived state - Example</title></head><body>
      <h1>Stop writing effects for derived state</h1><p class="meta">Posted on <time datetime="2024-03-12T14:05:37Z">Mar 12</time></p>${EN_P.repeat(6)}
      <aside><ul class="user-metadata-details"><li><div class="key">Location</div><div class="value">Lisbon, Portugal</div></li>
      <li><div class="key">Joined</div><div class="value"><time datetime="2021-04-02T10:11:00Z" class="date">Apr 2, 2021</time></div></li></ul></aside></body></html>`;
    expect(timeOf(html, 'https://www.example.com/sam/stop-writing-effects-3k9p')?.slice(0, 10)).toBe('2024-03-12');
  });
});
