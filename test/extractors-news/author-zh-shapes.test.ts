import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { doc } from './dom';

/** Hand-written pages in the shapes of Chinese portals, blog platforms, columns and note sites. */
const P = '<p>今年以来，城郊湿地公园的保护工作取得了新的进展，管理部门新建了三处观鸟平台，并对湖区的水质进行了持续监测，数据显示主要指标均已达到地表水三类标准。</p>';
const BODY = P.repeat(4);
const author = (html: string, url: string) => findAuthor(doc(html, url), null, null);
const page = (title: string, body: string) => `<html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
/** The author of a story page whose first paragraph is `line`, under a headline and a date-and-source bar. */
const credit = (line: string) =>
  author(page('湿地公园迎来越冬候鸟_示例网', `<h1>湿地公园迎来越冬候鸟</h1><div class="info">2026-01-12 08:20　来源：示例日报</div><p>${line}</p>${BODY}`), 'https://www.example.com/news/a/130.html');

describe('a reporter credited with a colon', () => {
  it('is read from "记者：王小明" in a bar whose editor comes first, with the correspondent', () => {
    const html = page('湿地公园迎来越冬候鸟_示例网', `<h1>湿地公园迎来越冬候鸟</h1>
      <div class="meta">编辑：李华　　记者：王小明　　通讯员：张强　　2026-01-12 08:20</div>${BODY}`);
    expect(author(html, 'https://www.example.com/news/a/123.html')).toBe('王小明、张强');
  });
  it('is not taken from a list of other stories whose link text credits their reporters', () => {
    const html = page('湿地公园迎来越冬候鸟_示例网', `<h1>湿地公园迎来越冬候鸟</h1><div class="meta">2026-01-12 08:20</div>${BODY}
      <p><a href="/n/1.html">老街改造完工</a> <a href="/n/2.html">LIVE:桃園 記者:劉宜函 埔心火車站 砂石覆蓋</a> <a href="/n/3.html">新年灯会开幕</a>
      <a href="/n/4.html">地铁新线试运行</a> <a href="/n/5.html">冬季长跑开赛</a> <a href="/n/6.html">图书馆延长开放</a></p>`);
    expect(author(html, 'https://www.example.com/news/a/124.html')).toBeNull();
  });
});

describe('a writer who took the pictures too', () => {
  it('is credited by "文/图 王小明" and "图文：王小明"', () => {
    expect(credit('文/图 王小明')).toBe('王小明');
    expect(credit('图文：王小明')).toBe('王小明');
  });
  it('is credited by "（本报记者 王小明 摄影报道）", where "王小明 摄" alone is a photo credit', () => {
    expect(credit('（本报记者 王小明 摄影报道）')).toBe('王小明');
    expect(credit('湖面上的候鸟。王小明 摄')).toBeNull();
  });
});

describe("a user's nickname linked to their own page", () => {
  it('is the writer of a blog post when the page marks it as such (class "nickName")', () => {
    const html = page('湿地监测数据的采集与清洗实践-示例博客', `<h1 class="title-article">湿地监测数据的采集与清洗实践</h1>
      <div class="bar-content"><img src="original.png" alt=""><a class="follow-nickName" href="https://blog.example.net/xiaoming_dev">小明的技术笔记</a>
      <span class="time">已于 2026-01-13 09:10:11 修改</span><span class="read-count">阅读量1.2k</span></div>${BODY}`);
    expect(author(html, 'https://blog.example.net/xiaoming_dev/article/details/135012345')).toBe('小明的技术笔记');
  });
  it('is the writer of a note ("note-author" linking to /people/…)', () => {
    const html = page('湿地公园的秋天', `<div class="note-header"><h1>湿地公园的秋天</h1>
      <div><a href="https://www.example.com/people/xiaoming/" class="note-author">小明</a><span class="pub-date">2026-01-12 08:20:33</span></div></div>${BODY}`);
    expect(author(html, 'https://www.example.com/note/860123456/')).toBe('小明');
  });
  it("is the writer of a column that names it in schema microdata (<meta itemprop=\"name\">)", () => {
    const html = page('湿地监测数据的采集与清洗实践 - 示例专栏', `<h1 class="Post-Title">湿地监测数据的采集与清洗实践</h1>
      <div class="Post-Author"><div itemprop="author" itemscope itemtype="http://schema.org/Person"><meta itemprop="name" content="小明">
      <span class="Badge">数据工程师</span></div></div>${BODY}`);
    expect(author(html, 'https://zhuanlan.example.com/p/680123456')).toBe('小明');
  });
  it('under the headline, linking to /u/…, is the writer; the follow button beside it is not', () => {
    const html = page('湿地公园的秋天 - 示例书', `<section><h1 class="_1RuRku">湿地公园的秋天</h1><div class="rEsl9f">
      <a class="_1OhGeD" href="/u/1a2b3c4d5e6f"><img src="a.png" alt=""></a><span><a class="_1OhGeD" href="/u/1a2b3c4d5e6f">小明同学</a></span><button type="button"><span>关注</span></button>
      <div><time datetime="2026-01-12T00:20:33.000Z">2026.01.12 08:20:33</time> <span>字数 1,234</span> <span>阅读 567</span></div></div><article>${BODY}</article></section>`);
    expect(author(html, 'https://www.example.com/p/8f0a1b2c3d4e')).toBe('小明同学');
    const unlinked = html.replace(/<a class="_1OhGeD" href="\/u\/1a2b3c4d5e6f">小明同学<\/a>/, '小明同学');
    expect(author(unlinked, 'https://www.example.com/p/8f0a1b2c3d4e')).toBeNull();
  });
  it("in a post's date bar, linking to the blog's home, is the blog's owner even when the <title> names the blog after them", () => {
    const html = page('湿地监测数据的采集与清洗实践 - 小明同学 - 示例博客园', `<div id="header"><h1><a href="https://www.example.com/xiaoming/">小明同学</a></h1></div>
      <div class="post"><h1 class="postTitle"><a href="https://www.example.com/xiaoming/p/18012345"><span>湿地监测数据的采集与清洗实践</span></a></h1>
      <div class="postBody">${BODY}</div><div class="postDesc">posted @ <span id="post-date">2026-01-12 08:20</span>&nbsp; <a href="https://www.example.com/xiaoming">小明同学</a>&nbsp; 阅读(120)&nbsp; 评论(3)&nbsp; <a href="#">收藏</a></div></div>`);
    expect(author(html, 'https://www.example.com/xiaoming/p/18012345')).toBe('小明同学');
  });
  it('is not read from a feedback link that carries a channel "uid" (a portal page crediting no one)', () => {
    const html = page('湿地公园迎来越冬候鸟--社会--示例网', `<h1>湿地公园迎来越冬候鸟</h1><div class="info">2026年01月12日08:20 来源：示例日报</div>
      <ul class="tools"><li><a href="#">打印</a></li><li><a href="https://comments.example.com.cn/jiucuo/list.php?uid=47931&amp;news_id=1">纠错</a></li></ul>${BODY}`);
    expect(author(html, 'http://society.example.com.cn/n1/2026/0112/c1008-40012345.html')).toBeNull();
  });
  it("is a thread's starter in its author element, not a later reply's surname-like nickname", () => {
    const html = page('周末去湿地公园有什么推荐？_本地吧_示例贴吧', `<h3 class="core_title_txt">周末去湿地公园有什么推荐？</h3>
      <div class="l_post"><div class="d_author"><a class="p_author_name" href="/home/main?un=hubian">湖边的风</a></div><div class="d_post_content">${BODY}</div>
      <span class="tail-info">1楼</span><span class="tail-info">2026-01-12 08:20</span></div>
      <div class="l_post"><div class="d_author"><a class="p_author_name" href="/home/main?un=luren">路人乙</a></div><div class="d_post_content">推荐去北边那个。</div>
      <span class="tail-info">2楼</span><span class="tail-info">2026-01-12 09:45</span></div>`);
    expect(author(html, 'https://tieba.example.com/p/1234567890')).toBe('湖边的风');
  });
  it('after a "作者：" label, linking to /user/…, is the writer though it is no personal name', () => {
    const html = page('周末去湿地公园有什么推荐？-示例社区', `<div class="topic"><h2>周末去湿地公园有什么推荐？</h2>
      <div class="topic-info">作者：<a href="/user/7">湖边的风</a>　发表时间：2026-01-12 08:20　点击：1234　回复：56</div><div class="topic-content">${BODY}</div></div>
      <div class="reply-item"><a href="/u/8">路人乙</a> 2026-01-12 09:45 <p>推荐去北边那个。</p></div>`);
    expect(author(html, 'https://club.example.com/topic/123456.html')).toBe('湖边的风');
  });
});

describe('bylines as news apps and self-media write them', () => {
  it('reads the writer after a bar: "文 | 张小明", "作者丨李红" (丨 set as a bar), "文字｜王五　摄影｜李四", "【作者】赵六"', () => {
    expect(credit('文 | 张小明')).toBe('张小明');
    expect(credit('作者丨李红')).toBe('李红');
    expect(credit('文字｜王五　摄影｜李四')).toBe('王五');
    expect(credit('【作者】赵六')).toBe('赵六');
    expect(credit('界面新闻记者 | 张一')).toBe('张一');
  });
  it('takes no credit from a word ending in 文 before a bar ("中文 | English", "原文：")', () => {
    expect(credit('中文 | English')).toBeNull();
    expect(credit('原文：点击这里查看')).toBeNull();
  });
  it('stops at an editing role named the way reporters are: "每经记者 李明 每经编辑 王芳", "文丨李四 编辑丨王五"', () => {
    expect(credit('每经记者 李明 每经编辑 王芳')).toBe('李明');
    expect(credit('文丨李四 编辑丨王五')).toBe('李四');
  });
  it('leaves out the place reported from: "红星新闻记者 王田 北京报道", "（记者 张三 成都报道）"', () => {
    expect(credit('红星新闻记者 王田 北京报道')).toBe('王田');
    expect(credit('21世纪经济报道记者 张三 上海报道')).toBe('张三');
    expect(credit('（记者 张三 成都报道）今年以来，城郊湿地公园的保护工作取得了新的进展，管理部门新建了三处观鸟平台。')).toBe('张三');
  });
  it('reads a reporter whose name runs into the place and day of the dispatch, not a sentence that starts with 记者', () => {
    expect(credit('中央社記者王小明台北5日電')).toBe('王小明');
    expect(credit('《示例日报》记者于昨日致电该公司，工作人员告诉记者，相关事宜正在处理中。')).toBeNull();
  });
});

describe("a blog owner's nickname in the element named for it", () => {
  it('is the writer where the <title> gives the blog\'s own name ("entry_Blog name_…博客")', () => {
    const html = page('读《平凡的世界》有感_我的读书笔记_示例博客', `<div id="blogTitle"><h1><a href="https://blog.example.com/u/1234567890">我的读书笔记</a></h1></div>
      <div class="profile"><div class="info_img"><img src="u.jpg" alt=""></div><span><strong id="ownernick">林间清风</strong></span></div>
      <h2 class="titName">读《平凡的世界》有感</h2><span class="time">(2013-09-22 21:05:44)</span><div class="articalContent">${BODY}</div>`);
    expect(author(html, 'https://blog.example.com/s/blog_4a1b2c3d0102e6ab.html')).toBe('林间清风');
  });
  it('is not read on a news page, nor from a settings dialog ("修改昵称 跟贴昵称修改后…")', () => {
    const html = page('湿地公园迎来越冬候鸟_示例网', `<h1>湿地公园迎来越冬候鸟</h1><div class="info">2026-01-12 08:20　来源：示例日报</div>${BODY}
      <div class="nick-dialog">修改昵称 跟贴昵称修改后，论坛昵称也会变哦</div>`);
    expect(author(html, 'https://www.example.com/news/a/150.html')).toBeNull();
    const blog = page('读《平凡的世界》有感_我的读书笔记_示例博客', `<h2>读《平凡的世界》有感</h2><div class="nick-dialog">修改昵称 跟贴昵称修改后，论坛昵称也会变哦</div>${BODY}`);
    expect(author(blog, 'https://blog.example.com/s/blog_4a1b2c3d0102e6ac.html')).toBe('我的读书笔记');
  });
});

describe("a forum thread's floor labels", () => {
  it('are no names: a reply bar "沙发 路人乙 2026-1-12 09:45" leaves the starter the author', () => {
    const html = page('湿地公园哪个观鸟点最好？ - 杂谈 - 示例论坛 - Powered by Discuz!', `<div class="view_tit">湿地公园哪个观鸟点最好？</div>
      <div class="plc"><ul class="authi"><li class="grey"><em>楼主</em><b><a href="home.php?mod=space&amp;uid=7">湖边的风</a></b></li><li class="grey rela">2026-1-12 08:20</li></ul><div class="message">${BODY}</div></div>
      <div class="plc"><ul class="authi"><li class="grey"><em>沙发</em><b><a href="home.php?mod=space&amp;uid=8">路人乙</a></b></li><li class="grey rela">2026-1-12 09:45</li></ul><div class="message">推荐去北边那个。</div></div>`);
    expect(author(html, 'https://bbs.example.com/forum.php?mod=viewthread&tid=123456&mobile=2')).toBe('湖边的风');
  });
});

describe('a reporter who took the photos too', () => {
  it('is credited alone by "记者 黄霏 文并摄", not with "文并摄" as a second name', () => {
    expect(credit('记者 黄霏 文并摄')).toBe('黄霏');
  });
});
