import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { urlDay } from '../../extractors/news/meta/date-url';
import { lineCredit } from '../../extractors/news/meta/byline-text';
import { doc, NOW } from './dom';

/**
 * Blogs and forums whose page chrome sits where the extractors look for the writer: the blog's
 * name set as the <h1> over the entry's <h2>, menus of the blog's own pages, a category link in
 * the post's info bar, the forum software's meta author, a login prompt inside the first post.
 */
const P = '<p>周末带孩子去了城郊的湿地公园，天气很好，芦苇已经开始泛黄，湖边有很多人在拍照，我们沿着木栈道走了一圈。</p>';

describe('blog pages with their chrome', () => {
  it("takes the blogger, not a menu link to the blog's album, when the <h1> is the blog's name", () => {
    const d = doc(
      `<html><head><meta charset="utf-8"><title>湿地公园的秋天_林小溪_示例博客</title></head><body>
        <div class="top"><h1 class="blogtitle"><a href="https://blog.example.cn/linxiaoxi">林小溪的博客</a></h1></div>
        <div class="blognav"><a href="https://blog.example.cn/linxiaoxi">首页</a> <a href="https://blog.example.cn/s/list_17_1.html">博文目录</a>
          <a href="https://photo.blog.example.cn/u/17">图片</a> <a href="https://blog.example.cn/s/profile_17.html">关于我</a></div>
        <div class="side"><strong id="ownernick">林小溪</strong></div>
        <div class="articalTitle"><h2 class="titName">湿地公园的秋天</h2><span class="time">(2011-12-09 08:20:00)</span></div>
        <div class="articalContent">${P}${P}</div>
      </body></html>`,
      'https://blog.example.cn/s/blog_17a.html',
    );
    expect(findAuthor(d, null, null)).toBe('林小溪');
  });

  it('does not take the category an entry is filed under ("分类：旅行") for its writer', () => {
    const d = doc(
      `<html><head><title>在丽江的三天 - 陈默的日志 - 示例博客</title></head><body>
        <div class="hd"><h1><a href="https://chenmo.blog.example.com/">陈默的博客</a></h1></div>
        <h3 class="title">在丽江的三天</h3>
        <p class="info"><span>2010-07-22 21:45:12</span> | 分类：<a href="https://chenmo.blog.example.com/blog/#c=3">旅行</a> | 标签：<a href="https://chenmo.blog.example.com/blog/#t=lijiang">丽江</a></p>
        <div class="content">${P}${P}</div>
      </body></html>`,
      'https://chenmo.blog.example.com/blog/static/38124567/',
    );
    expect(findAuthor(d, null, null)).toBe('陈默');
  });

  it('reads the owner a <title> names in brackets after the entry ("entry [Name的日志] - Platform")', () => {
    const d = doc(
      `<html><head><title>写给十年后的自己 [若水的日志] - 示例空间</title></head><body>
        <h2>写给十年后的自己</h2><p class="time">2011-11-20 22:13</p>${P}${P}</body></html>`,
      'https://user.example.com/blog/2011',
    );
    expect(findAuthor(d, null, null)).toBe('若水');
  });

  it('takes a nickname linked as rel="author", on a site named after its owner ("老周的自留地")', () => {
    const d = doc(
      `<html lang="zh-CN"><head><title>周末去植物园看郁金香 | 老周的自留地</title></head><body>
        <h1 class="entry-title">周末去植物园看郁金香</h1>
        <div class="entry-meta">发表于 <time datetime="2013-05-06T21:03:11+08:00">2013年5月6日</time>
          <span class="by-author">由 <span class="author vcard"><a class="url fn n" href="https://www.laozhou.example/author/laozhou" rel="author">老周</a></span></span></div>
        <div class="entry-content">${P}${P}</div>
      </body></html>`,
      'https://www.laozhou.example/archives/1186',
    );
    expect(findAuthor(d, null, null)).toBe('老周');
  });
});

describe('forum threads with their chrome', () => {
  /** A thread as a widely installed forum package prints it: its own credit in meta author, a login prompt inside the first post. */
  function packagedThread(): Document {
    return doc(
      `<html><head><meta name="author" content="Example Forum Team and Example UI Team" />
        <title>丽江五日游攻略 - 旅游版 - 示例论坛 - Powered by ExampleBBS</title></head><body>
        <div id="toptb"><a href="member.php?mod=register">注册</a> <a href="member.php?mod=logging&amp;action=login">登录</a></div>
        <h1><span id="thread_subject">丽江五日游攻略</span></h1>
        <table class="plhin"><tr>
          <td class="pls"><div class="authi"><a href="space-uid-1001.html" class="xw1">驴友老K</a></div><dl><dt>注册时间</dt><dd>2009-6-18</dd></dl></td>
          <td class="plc"><div class="pi"><strong><a href="thread-4-1-1.html">楼主</a></strong>
            <div class="authi"><em>发表于 2012-4-8 21:37</em> | <a href="forum.php?mod=viewthread&amp;authorid=1001">只看该作者</a></div></div>
            <div class="t_f">${P}${P}</div>
            <div class="attach_tips">您需要 <a href="member.php?mod=logging&amp;action=login">登录</a> 才可以下载，没有帐号？<a href="member.php?mod=register">立即注册</a></div>
            <div class="po"><a href="#">使用道具</a> <a href="#">举报</a></div></td>
        </tr></table>
        <table class="plhin"><tr><td class="pls"><div class="authi"><a href="space-uid-2317.html">西行的云</a></div></td>
          <td class="plc"><em>发表于 2012-4-8 22:05</em><div class="t_f"><p>收藏了，谢谢分享。</p></div></td></tr></table>
      </body></html>`,
      'https://bbs.example.com/thread-4-1-1.html',
    );
  }

  it("takes the first post's user, not the package's meta author nor a link of the login prompt", () => {
    expect(findAuthor(packagedThread(), null, null)).toBe('驴友老K');
  });

  it('takes the user linked after "作者：" to their page, whatever its address', () => {
    const d = doc(
      `<html><head><title>徒步虎跳峡全记录_旅游论坛_示例社区</title></head><body>
        <table><tr><td><h1>徒步虎跳峡全记录</h1></td></tr>
        <tr><td>作者：<a href="https://my.example.cn/name/背包里的格桑花">背包里的格桑花</a>　提交日期：2008-5-2 14:28:00　访问：8612</td></tr>
        <tr><td><a href="#reply">发表回复</a></td></tr></table>
        <div class="post">${P}${P}</div>
        <table><tr><td>作者：<a href="https://my.example.cn/name/一路向西">一路向西</a>　回复日期：2008-5-2 15:03:12</td></tr></table>
      </body></html>`,
      'https://www.example.cn/forum/content/travel/1/160234.shtml',
    );
    expect(findAuthor(d, null, null)).toBe('背包里的格桑花');
  });

  it('keeps the minute a post date carries in its tooltip ("发表于: 2010-06-12" titled "2010-06-12 15:33")', () => {
    const d = doc(
      `<html><head><title>自制桂花糖的方法 - 美食 - 示例论坛</title></head><body>
        <h1>自制桂花糖的方法</h1>
        <div class="tipTop"><span class="gray" title="2010-06-12 15:33">发表于: 2010-06-12</span> 楼主 <a href="u.php?uid=88">桂花糖</a></div>
        <div class="tpc_content">${P}${P}</div>
        <div class="tipTop"><span class="gray" title="2010-06-13 09:02">发表于: 2010-06-13</span></div>
      </body></html>`,
      'https://bbs.example.cn/read.php?tid=1234',
    );
    expect(findPublishedAt(d, null, NOW, { url: 'https://bbs.example.cn/read.php?tid=1234' })).toBe('2010-06-12T15:33:00+08:00');
  });
});

describe('a day written as year and month-day folders in the URL', () => {
  it('reads "/2013/0506/" as 6 May 2013, and dates a page by it over a side list\'s date', () => {
    expect(urlDay('http://news.example.com.cn/2013/0506/5678901.shtml', NOW)).toBe('2013-05-06');
    expect(urlDay('http://politics.example.com.cn/n/2012/0112/c1001-16852311.html', NOW)).toBe('2012-01-12');
    const url = 'http://news.example.com.cn/2013/0506/5678901.shtml';
    const d = doc(
      `<html><head><title>城区新增三处停车场_本地新闻_示例网</title></head><body>
        <h1>城区新增三处停车场</h1><div class="source">来源：示例日报</div>${P}${P}
        <div class="related"><h3>相关新闻</h3><ul><li><a href="http://news.example.com.cn/2013/0428/5671002.shtml">广场音乐喷泉恢复开放</a> 2013-04-28</li></ul></div>
      </body></html>`,
      url,
    );
    expect(findPublishedAt(d, null, NOW, { url })?.slice(0, 10)).toBe('2013-05-06');
  });
});

describe('what stands beside a post but is not its writer or its time', () => {
  it("dates a thread by its first post, not by the poster's sign-up or last login in the user panel", () => {
    const url = 'https://bbs.example.cn/dispbbs.asp?id=88';
    const d = doc(
      `<html><head><title>老家的柿子树 - 乡土生活 - 示例论坛</title></head><body>
        <table><tr><td><a href="index.asp">论坛首页</a> | <a href="login.asp">登录</a> | <a href="reg.asp">注册</a> | <a href="query.asp">搜索</a></td></tr></table>
        <table class="post"><tr>
          <td class="userinfo"><b>风中的蒲公英</b><br>等级：论坛游侠<br>文章：1260<br>注册：2005-3-1<br>最后登录：2006-11-23 19:02</td>
          <td><div>2006-11-23 20:15:37</div>${P}${P}</td>
        </tr></table>
        <table class="post"><tr><td class="userinfo"><b>过客</b><br>注册：2006-1-5</td><td><div>2006-11-24 08:01:12</div><p>想家了。</p></td></tr></table>
      </body></html>`,
      url,
    );
    expect(findPublishedAt(d, null, NOW, { url })).toBe('2006-11-23T20:15:37+08:00');
    // The forum's menu is no user.
    expect(findAuthor(d, null, null)).not.toBe('论坛首页');
  });

  it("does not date a blog post by a comment's time marked as one ('cmt-time')", () => {
    const url = 'https://my.example.net/banxia/blog/716';
    const d = doc(
      `<html><head><title>给老系统加一层灰度发布 - 半夏微凉的个人空间 - 示例社区</title></head><body>
        <div class="blog-heading"><div class="title"><span class="label">原</span>给老系统加一层灰度发布</div>
          <div class="box"><a href="https://my.example.net/banxia" class="__user"><span>半夏微凉</span></a> 发布于 2016/08/11 14:35</div></div>
        <div class="content">${P}${P}</div>
        <div class="comment-list">
          <div class="comment-item"><a href="https://my.example.net/u/28">红薯叔叔</a> <span class="cmt-time">2016/08/11 16:02</span></div>
        </div>
      </body></html>`,
      url,
    );
    expect(findPublishedAt(d, null, NOW, { url })).toBe('2016-08-11T14:35:00+08:00');
  });

  it("takes the blogger marked as the page's user_name, not a writer of a recommended post's card", () => {
    const d = doc(
      `<html><head><title>RecyclerView 复用机制浅析 - 示例博客</title></head><body>
        <div class="article-bar"><a href="https://blog.example.net/qq_35123456" class="user_name">星辰大海ing</a> <span class="count">阅读 3021</span></div>
        <h1 class="title-article">RecyclerView 复用机制浅析</h1><div class="time">2017-09-05 21:13:40</div>
        <div class="article-content">${P}${P}</div>
        <div class="recommend-box"><div class="recommend-item-box"><h4><a href="https://blog.example.net/guolin/article/1">Android 8.0 新特性一览</a></h4><p>郭小霖 <span>2017-08-22 08:00</span></p></div></div>
      </body></html>`,
      'https://blog.example.net/qq_35123456/article/details/77855210',
    );
    expect(findAuthor(d, null, null)).toBe('星辰大海ing');
    // Unmarked, the blogger is not found here; the card's writer is still not taken.
    const unmarked = doc(d.documentElement.outerHTML.replace(' class="user_name"', ''), 'https://blog.example.net/qq_35123456/article/details/77855210');
    expect(findAuthor(unmarked, null, null)).not.toBe('郭小霖');
  });

  it('takes the asker of a question ("提问者：") as its starter', () => {
    const d = doc(
      `<html><head><title>炖排骨怎么才能不腥？_示例问答</title></head><body>
        <div class="question-title">炖排骨怎么才能不腥？</div>
        <div class="ask">提问者：<a href="https://ask.example.cn/u/1598">小米粥粥</a> - 一级 | 悬赏分：20 | <span class="q_time">2009-07-12 10:23</span></div>
        ${P}
        <div class="answer">回答者：<a href="https://ask.example.cn/u/2077">厨房里的老王</a> - 三级 2009-07-12 11:05<p>先焯水。</p></div>
      </body></html>`,
      'https://ask.example.cn/b/1234.html',
    );
    expect(findAuthor(d, null, null)).toBe('小米粥粥');
  });

  it('reads the blogger before a platform name longer than "博客" ("entry - Name - 博客大巴")', () => {
    const d = doc(
      `<html><head><title>洱海边骑车的一天 - 雾屿 - 示例博客大巴</title></head><body>
        <h1 id="blogname"><a href="https://wuyu.blog.example.com/">雾屿</a></h1><h2 class="date">2009-09-02</h2>
        <h3>洱海边骑车的一天</h3>${P}${P}</body></html>`,
      'https://wuyu.blog.example.com/logs/45678901.html',
    );
    expect(findAuthor(d, null, null)).toBe('雾屿');
  });

  it('does not take the app a post was sent from ("来自 …Android客户端") for its user', () => {
    const d = doc(
      `<html><head><title>开了三年的车说说油耗_示例车友会_示例论坛</title></head><body>
        <h1>开了三年的车说说油耗</h1>
        <div class="post"><div class="head"><strong>楼主</strong> <span>2016-03-21 08:47:52</span>
          <span>来自 <a href="https://app.example.com/">示例Android客户端</a></span></div>
          <div class="user"><span title="朝阳老刘">朝阳老刘</span></div>${P}${P}</div>
      </body></html>`,
      'https://club.example.com/bbs/thread/1/2.html',
    );
    expect(findAuthor(d, null, null)).not.toBe('示例Android客户端');
  });

  it('ends a "文/记者" credit at the photo credit that follows it ("图/记者 …")', () => {
    expect(lineCredit('文/记者 孙婧 通讯员 穗建宣 图/记者 马骁')?.[0]).toBe('孙婧');
  });
});

describe('blog and forum chrome, third pass', () => {
  it("does not read under the blog's name set as an <h1> link, even where the <title> names the blogger", () => {
    const d = doc(
      `<html><head><title>父亲的渔船_海边的老树_示例博客</title></head><body>
        <div class="blogTitle"><h1><a href="https://blog.example.cn/u/1250901038"><span>海边的老树</span></a></h1></div>
        <div class="nav"><a href="https://blog.example.cn/u/1250901038">首页</a> <a href="https://photo.blog.example.cn/u/1250901038">图片</a></div>
        <h2 class="titName">父亲的渔船</h2><span class="time">(2009-06-14 21:35:12)</span>
        <div class="articalContent">${P}${P}</div>
      </body></html>`,
      'https://blog.example.cn/s/blog_4a8f3c2e0100dk7q.html',
    );
    expect(findAuthor(d, null, null)).toBe('海边的老树');
  });

  it('does not take a category link set on its own line after "分类：" for the blogger', () => {
    const d = doc(
      `<html><head><title>春天里的第一碗荠菜馄饨 - 清风徐来 - 示例博客</title></head><body>
        <h1 class="nb-ttl"><a href="https://qingfeng.blog.example.com/">清风徐来的博客</a></h1>
        <div class="tcnt">春天里的第一碗荠菜馄饨</div>
        <div class="tdate"><span>2011-03-02 22:18:47</span>|&nbsp;&nbsp;分类：
          <a href="https://qingfeng.blog.example.com/blog/#c=fks_081069">厨房小记</a></div>
        <div class="content">${P}${P}</div>
      </body></html>`,
      'https://qingfeng.blog.example.com/blog/static/1234567892011/',
    );
    expect(findAuthor(d, null, null)).toBe('清风徐来');
  });

  it('reads the owner of a <title> that is only "entry [Name的QQ空间]"', () => {
    const d = doc(
      `<html><head><title>七夕，给自己买了一束花 [小小鱼的QQ空间]</title></head><body><div class="title">七夕，给自己买了一束花</div>
        <p>2012-08-15 21:07</p>${P}${P}</body></html>`,
      'https://user.example.com/345678912/blog/1345036020',
    );
    expect(findAuthor(d, null, null)).toBe('小小鱼');
  });

  it('takes the writer after a contributing writer\'s title ("文｜特约撰稿人 钟伟")', () => {
    expect(lineCredit('文｜特约撰稿人 钟伟')).toEqual(['钟伟']);
  });

  it('does not take the writer of a recommended note whose title is a link (not a heading) to another page', () => {
    const d = doc(
      `<html><head><title>毕业五年，我从北京回到了县城 - 示例笔记</title></head><body>
        <h1 class="title">毕业五年，我从北京回到了县城</h1><span class="publish-time">2017.06.21 22:48</span>
        <div class="show-content">${P}${P}</div>
        <div class="recommended"><h3>推荐阅读</h3>
          <div class="note"><a class="title" href="/p/11aa22bb33cc">逃离北上广三年后，我又回来了</a><p>三年前我离开上海的时候……</p><a class="author" href="#"><span>陈晓雨</span></a> <span class="time">2017.06.19</span></div>
          <div class="note"><a class="title" href="/p/44dd55ee66ff">县城青年的一天</a><p>早上七点……</p><a class="author" href="#"><span>苏木</span></a> <span class="time">2017.06.12</span></div>
        </div>
      </body></html>`,
      'https://notes.example.com/p/8a3f5c2d1e9b',
    );
    expect(['陈晓雨', '苏木']).not.toContain(findAuthor(d, null, null));
  });

  it("takes no forum-name or back-to-top link for the thread's starter", () => {
    const d = doc(
      `<html><head><title>示例户外论坛 -- 周末穿越太行山，两天一夜行记</title></head><body>
        <table><tr><td><a href="index.asp">示例户外论坛</a></td></tr></table>
        <table class="post"><tr><td><b>绿野仙踪</b><br>文章：1260</td>
          <td><b>周末穿越太行山，两天一夜行记</b> 楼主 <a href="#top">TOP</a><div>${P}${P}</div><div>发表于 2006-08-12 14:33:21</div></td></tr></table>
      </body></html>`,
      'https://bbs.example.com/dispbbs.asp?boardID=12&ID=23456',
    );
    expect(['TOP', '示例户外论坛']).not.toContain(findAuthor(d, null, null));
  });

  it("dates a thread by its post's time above the headline, not by the edit notice under it", () => {
    const url = 'https://club.example.cn/viewthread.php?tid=1543210';
    const d = doc(
      `<html><head><title>速腾3万公里保养全记录 - 示例车友会</title></head><body>
        <div class="authorinfo"><em>发表于 2010-11-3 21:07</em></div>
        <div id="threadtitle"><h1>速腾3万公里保养全记录</h1></div>
        <div class="t_msgfont"><i class="pstatus"> 本帖最后由 蓝色速腾 于 2010-11-4 08:15 编辑 </i><br />${P}${P}</div>
      </body></html>`,
      url,
    );
    expect(findPublishedAt(d, null, NOW, { url })).toBe('2010-11-03T21:07:00+08:00');
  });

  it("reads a post's relative time from its tooltip, not the poster's last login shown the same way", () => {
    const url = 'https://bbs.example.cn/thread-3187712-1-1.html';
    const d = doc(
      `<html><head><title>宝宝夜里总醒怎么办 - 育儿交流 - 示例论坛</title></head><body>
        <h1>宝宝夜里总醒怎么办</h1>
        <div class="pls"><dl><dt>最后登录</dt><dd><span title="2019-6-28 10:05">3&nbsp;小时前</span></dd></dl></div>
        <div class="authi"><em>发表于 <span title="2019-6-25 22:41:09">3&nbsp;天前</span></em> | <a href="#">只看该作者</a></div>
        <div class="t_f">${P}${P}</div>
      </body></html>`,
      url,
    );
    expect(findPublishedAt(d, null, new Date('2019-06-28T12:00:00+08:00'), { url })).toBe('2019-06-25T22:41:09+08:00');
  });
});

describe('the first post of a forum that classes every post a reply', () => {
  it('takes the starter of the post labelled "楼主", though its box is a "reply"', () => {
    const d = doc(
      `<html><head><title>北漂第五年，我决定回老家了 - 示例社区 - 北漂一族</title></head><body>
        <div class="topicBar"><h1>北漂第五年，我决定回老家了</h1></div>
        <div class="reply" id="r_0"><div class="user"><p class="name"><a href="https://club.example.com/user/beipiao">北漂小豆</a></p><p>注册时间：2006-09-17</p></div>
          <div class="main"><div class="title"><span class="floor">[楼主]</span> 作者：<a href="https://club.example.com/user/beipiao">北漂小豆</a> 发表时间：2008-10-21 16:55</div>
          <div class="content">${P}${P}</div></div></div>
        <div class="reply" id="r_1"><div class="user"><p class="name"><a href="https://club.example.com/user/laoli">老李</a></p></div>
          <div class="main"><div class="title"><span class="floor">[1楼]</span> 作者：<a href="https://club.example.com/user/laoli">老李</a> 发表时间：2008-10-21 17:30</div><p>楼主说得对。</p></div></div>
      </body></html>`,
      'https://club.example.com/zz0578/thread/16a3bc2d1e4',
    );
    expect(findAuthor(d, null, null)).toBe('北漂小豆');
  });

  it('does not take a post title with a comma before "发表于" for a user name', () => {
    const d = doc(
      `<html><head><title>三月，等一场花开 [浅笑安然的QQ空间]</title></head><body>
        <div class="blog_tit"><h2>三月，等一场花开</h2></div>
        <div class="info"><span>三月，等一场花开 发表于 2011-03-15 20:03</span></div>${P}${P}</body></html>`,
      'https://user.example.com/365128842/blog/1300190592',
    );
    expect(findAuthor(d, null, null)).toBe('浅笑安然');
  });
});
