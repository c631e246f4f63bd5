import { describe, expect, it } from 'vitest';
import { pageAuthor } from './dom';

/** Hand-written pages: where real sites put the writer's name, and the look-alikes that are not one. */
const P = '<p>Repotting a fern is best done in spring, when new fronds uncurl and the roots can settle before summer heat.</p>';

const authorOf = (html: string, url = 'https://www.fernhouse.example/blog/repotting-ferns') => pageAuthor(html, url);

const page = (head: string, body: string, title = 'Repotting ferns | Fernhouse') =>
  `<html><head><title>${title}</title>${head}</head><body>${body}${P}${P}</body></html>`;

describe('structured and marked-up author signals', () => {
  it('follows a JSON-LD author given by @id to the Person in the graph', () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"Article","headline":"Repotting ferns","author":{"@id":"https://www.fernhouse.example/#/person/1"}},
      {"@type":"Person","@id":"https://www.fernhouse.example/#/person/1","name":"Nora Lindqvist"}]}</script>
      <meta name="author" content="fernhouse_admin">`;
    expect(authorOf(page(ld, '<h1>Repotting ferns</h1>'))).toBe('Nora Lindqvist');
  });

  it('reads the writer whose page the byline links to (/authors/slug spelling the name)', () => {
    const body = `<h1>Repotting ferns</h1><div class="meta"><a href="/blog/authors/nora-lindqvist/"><img src="/n.jpg" alt=""> Nora Lindqvist</a></div>`;
    expect(authorOf(page('', body))).toBe('Nora Lindqvist');
  });

  it("does not take another site's people or a contact person linked to a staff page", () => {
    const credits = `<h1>Repotting ferns</h1><p>Thanks to <a href="https://type.example.org/people/ann-berg">Ann Berg</a>, <a href="https://other.example/people/bo-kay">Bo Kay</a> and others.</p>`;
    expect(authorOf(page('', credits))).toBeNull();
    const contact = `<h1>Repotting ferns</h1><ul><li><strong>Contact:</strong> <a href="/staff/directory/ron-vale">Ron Vale</a></li></ul>`;
    expect(authorOf(page('', contact))).toBeNull();
  });

  it('reads a byline written as one link ("by Jane Doe" linking to a search)', () => {
    const body = `<h1>Repotting ferns</h1><div class="post-meta"><span><a href="/search?q=Nora+Lindqvist">by Nora Lindqvist</a></span><span>May 2, 2025</span></div>`;
    expect(authorOf(page('', body))).toBe('Nora Lindqvist');
  });

  it('reads a lowercase nickname on a byline line of its own beside the date', () => {
    const body = `<h1>Repotting ferns</h1><div class="submitted"><p><time datetime="2025-05-02">05/02 — 2025</time></p><p>by fernkid</p></div>`;
    expect(authorOf(page('', body))).toBe('fernkid');
  });
});

describe('look-alikes that name no writer', () => {
  it('skips the heading of an author box ("The Author") and avatar initials for the byline', () => {
    const body = `<div class="publish-meta"><span>Published May 2, 2025</span> <span>by Nora Lindqvist</span></div><h1>Repotting ferns</h1>${P}
      <div class="author-container"><div class="article-author"><span>The Author</span></div>
      <span class="author-avatar"><span>NL</span></span></div>`;
    expect(authorOf(page('', body))).toBe('Nora Lindqvist');
  });

  it('drops avatar initials before the name ("CM Craig Moss")', () => {
    const body = `<h1>Repotting ferns</h1><div class="author-line">CM Craig Moss Last updated on 17 December 2025</div>`;
    expect(authorOf(page('', body))).toBe('Craig Moss');
  });

  it('does not take the words of a menu ("BY USE CASE") or a sign-in label for the author', () => {
    const body = `<header><div class="dropdown-menu"><p>BY USE CASE</p><a href="/x">Churn</a></div>
      <button class="account"><span class="auth">My Account</span></button></header><h1>Repotting ferns</h1>`;
    expect(authorOf(page('', body))).toBeNull();
  });

  it('still reads a byline on a page whose <body> carries a menu class', () => {
    const html = `<html><head><title>Repotting ferns</title></head><body class="has-menu"><h1>Repotting ferns</h1>
      <div class="post_author">Nora Lindqvist</div>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Nora Lindqvist');
  });

  it('keeps the name of a byline bar that runs into a date or a role, and takes no date line or section label for a name', () => {
    expect(authorOf(page('', `<h1>Repotting ferns</h1><div class="byline">Nora LindqvistLast Updated:May 2, 2025</div>`))).toBe('Nora Lindqvist');
    expect(authorOf(page('', `<h1>Repotting ferns</h1><div class="author-box">Nora Lindqvist Founder &amp; Lead Grower Updated May 2, 2025</div>`))).toBe('Nora Lindqvist');
    expect(authorOf(page('', `<h1>Repotting ferns</h1><p class="article-byline__dates">Updated March 13, 2024</p>`))).toBeNull();
    expect(authorOf(page('', `<h1>Repotting ferns</h1><div class="post-byline">Indoor plants January 27, 2025</div>`))).toBeNull();
  });

  it('drops the site name around a byline (", Fernhouse Daily" in JSON-LD, "Name Fernhouse Daily" in the bar)', () => {
    const head = `<meta property="og:site_name" content="Fernhouse Daily">
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Repotting ferns","author":{"@type":"Person","name":", Fernhouse Daily"}}</script>`;
    const body = `<h1>Repotting ferns</h1><div class="byline-section"><span class="author">Nora Lindqvist</span> <span>Fernhouse Daily</span></div>`;
    expect(authorOf(page(head, body))).toBe('Nora Lindqvist');
  });

  it('prefers a shown name to a login, and takes no unfilled template field or admin account', () => {
    const body = `<h1>Repotting ferns</h1><div class="post-author-info"><span>Nora Lindqvist</span></div>`;
    for (const meta of ['nora.lindqvist', 'page.head.extra.author', 'NOC Admin']) {
      expect(authorOf(page(`<meta name="author" content="${meta}">`, body))).toBe('Nora Lindqvist');
    }
    // A login is still the best the page gives when it names no one else; a template field never is.
    expect(authorOf(page('<meta name="author" content="nora.lindqvist">', '<h1>Repotting ferns</h1>'))).toBe('nora.lindqvist');
    expect(authorOf(page('<meta name="author" content="page.head.extra.author">', '<h1>Repotting ferns</h1>'))).toBeNull();
  });

  it('reads one name shown twice (a card and its pop-up) once', () => {
    const body = `<h1>Repotting ferns</h1><div class="author-modal">Fernhouse Guest Writer Fernhouse Guest Writer</div>`;
    expect(authorOf(page('', body))).toBe('Fernhouse Guest Writer');
  });
});

describe('Chinese credits', () => {
  const zh = (body: string) =>
    `<html><head><title>蕨类植物换盆指南_示例新闻网</title></head><body><h1>蕨类植物换盆指南</h1>${body}</body></html>`;
  const T = '<p>春季是给蕨类植物换盆的好时节，新叶舒展，根系在夏季高温到来之前能够稳定下来，换盆时要选用疏松透气的土壤。</p>';

  it('reads a column signed on a line of its own ("文 官小盈")', () => {
    expect(authorOf(zh(`${T}${T}<p>文 官小盈</p>`), 'https://news.example.com.hk/a/1.html')).toBe('官小盈');
  });

  it('reads reporters whose surname is less common (帅, 洪, 赖)', () => {
    expect(authorOf(zh(`<p>本报讯 记者帅小坤报道：${T.slice(3)}`), 'https://news.example.com/a/2.html')).toBe('帅小坤');
    expect(authorOf(zh(`<p class="author">洪小文</p>${T}`), 'https://news.example.com/a/3.html')).toBe('洪小文');
  });
});

describe('role words before a name', () => {
  it('strips "Written By" / "Authors:" labels but keeps a name that starts like one ("Byron")', () => {
    expect(authorOf(page('', `<h1>Repotting ferns</h1><div class="author-name">Written By:Nora Lindqvist</div>`))).toBe('Nora Lindqvist');
    expect(authorOf(page('', `<h1>Repotting ferns</h1><div class="post-author">Byron Vale</div>`))).toBe('Byron Vale');
  });
});

describe('a Chinese opinion column signed in its headline', () => {
  it('reads the name closing the headline in brackets, not a tag like （高清）', () => {
    const html = (h: string) =>
      `<html><head><title>${h} | 論壇 | 示例日報</title></head><body><h1>示例日報</h1><h1>${h}</h1>
      <p>天氣轉冷，流感疫情逐漸升溫，醫師提醒民眾勤洗手、戴口罩，出現發燒症狀應及早就醫，避免傳染給家人。</p></body></html>`;
    expect(authorOf(html('關於流感的正確觀念（黃小泰）'), 'https://news.example.com.tw/a/1')).toBe('黃小泰');
    expect(authorOf(html('流感疫苗施打現場（高清）'), 'https://news.example.com.tw/a/2')).toBeNull();
  });
});

describe('Chinese info bars and threads', () => {
  const T = '<p>今天去公园散步，看到湖边的柳树已经发芽了，春天真的来了，心情也跟着好了起来，回家路上买了一束花。</p>';

  it('reads the writer of a bar whose next label follows the name ("作者：王小明 责任编辑：李大力")', () => {
    const html = `<html><head><title>公园柳树发芽_新闻中心_示例网</title></head><body><h1>公园柳树发芽</h1>
      <div class="time">2012-01-12 10:30:00 来源：示例晚报</div>${T}${T}
      <span class="bar">本文来源：示例晚报 作者：王小明 责任编辑：李大力_NN1234</span></body></html>`;
    expect(authorOf(html, 'https://news.example.com/12/0112/a.html')).toBe('王小明');
  });

  it('takes the thread starter the "楼主：" label names, not a reply\'s "作者：" line', () => {
    const html = `<html><head><title>春天来了_杂谈_示例论坛</title></head><body><h1>春天来了</h1>
      <div class="post-info"><span>楼主：<a href="/u/1">小桥流水</a></span><span>时间：2012-01-12 10:30:00</span></div>${T}${T}
      <div class="item"><div class="post-info"><span>作者：<a href="/u/2">路人甲</a></span> 回复日期：2012-01-12 11:00</div>${T}</div></body></html>`;
    expect(authorOf(html, 'https://bbs.example.com/post-1.shtml')).toBe('小桥流水');
  });
});

describe('a page wrapper whose class names comments', () => {
  // Themes mark the whole page "comments-open" or "has-comments"; that box is no comment list.
  it('reads the byline of a page whose <body> or wrapper class says comments-open', () => {
    const byline = `<h1>Repotting ferns</h1><div class="entry-meta"><span class="author vcard"><a class="url fn n" href="https://www.fernhouse.example/author/nora/">Nora Lindqvist</a></span></div>`;
    const comments = `<section id="comments"><div class="comment"><span class="comment-author vcard"><a class="url fn n" href="https://bob.example/">Bob Smith</a></span><p>Great post!</p></div></section>`;
    const html = (bodyClass: string) =>
      `<html><head><title>Repotting ferns | Fernhouse</title></head><body class="${bodyClass}"><div class="site">${byline}${P}${P}${comments}</div></body></html>`;
    expect(authorOf(html('single-post comments-open'))).toBe('Nora Lindqvist');
    const wrapped = `<html><head><title>Repotting ferns | Fernhouse</title></head><body><div id="page" class="site has-comments">${byline}${P}${P}${comments}</div></body></html>`;
    expect(authorOf(wrapped)).toBe('Nora Lindqvist');
  });
});
