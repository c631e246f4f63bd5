import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findMetadata } from '../../extractors/news/meta/extra';
import { doc, NOW } from './dom';

/** A Chinese portal article page as such pages are laid out: info bar, body, editor line, sidebar. */
function portal(info: string, body: string, opts: { head?: string; side?: string; url?: string } = {}): Document {
  return doc(
    `<html><head><title>城市公园建设提速 三座新公园年内开放_新闻中心_示例网</title>${opts.head ?? ''}</head><body>
      <div class="nav"><a href="/">首页</a> <a href="/news/">新闻中心</a></div>
      <h1>城市公园建设提速 三座新公园年内开放</h1>
      <div class="info">${info}</div>
      <div id="content">${body}</div>
      <div class="side"><ul>${opts.side ?? ''}</ul></div>
    </body></html>`,
    opts.url,
  );
}

const P = '<p>市政府昨日宣布，将在今年内新建三座城市公园，总面积超过一百二十公顷，预计年底前全部向市民开放。</p>';

describe('Chinese bylines', () => {
  it("reads the writer before the bar's next labelled credit (撰文：… 摄影：…), not a photo credit after a name", () => {
    const labelled = portal('2012年01月17日 18:32　撰文：李大华　摄影：张三　来源：示例日报', P);
    expect(findAuthor(labelled, null, null)).toBe('李大华');
    const empty = portal('2012年01月17日 18:32　作者：　责任编辑：易清', P);
    expect(findAuthor(empty, null, null)).toBeNull();
  });
  it('does not take the source (来源), the channel or the editor as the author', () => {
    const d = portal('2012年01月17日 18:32 来源：示例日报 <span class="author">新闻中心</span>', `${P}<p>（责任编辑：王五）</p>`);
    expect(findAuthor(d, null, null)).toBeNull();
  });
  it('keeps source and editor in the metadata', () => {
    const d = portal('2012年01月17日 18:32 来源：示例日报', `${P}<div class="editor">[责任编辑：王五]</div>`);
    const meta = findMetadata(d, null, 'https://news.example.com/a/1.html', NOW);
    expect(meta.source).toBe('示例日报');
    expect(meta.editor).toBe('王五');
  });
  it('skips a chart credit (编制) and reads the dateline credit with both reporters', () => {
    const d = portal(
      '2011年12月09日 20:29 来源：示例网',
      `<p>新华社记者 曲振东 编制</p><p>　　示例网长春12月9日电（记者张建 周长庆）${P.slice(3, -4)}</p>`,
    );
    expect(findAuthor(d, null, null)).toBe('张建、周长庆');
  });
  it('reads a dateline credit without the 记者 label', () => {
    const d = portal('2012年01月17日 18:32 来源：示例网', `<p>　　示例网重庆1月17日电 (连肖) ${P.slice(3, -4)}</p>`);
    expect(findAuthor(d, null, null)).toBe('连肖');
  });
  it('reads "记者 张三 李四", "本报记者 赵六" and "文/孙七" bylines', () => {
    expect(findAuthor(portal('记者 张三 李四 2012-01-17', P), null, null)).toBe('张三、李四');
    expect(findAuthor(portal('2012-01-17 本报记者 赵六', P), null, null)).toBe('赵六');
    expect(findAuthor(portal('2012-01-17', `<p>文/孙七</p>${P}`), null, null)).toBe('孙七');
  });
  it('includes the correspondent (通讯员) and drops the photographer (摄)', () => {
    const d = portal('2012-01-17', `<p>本报记者 郭立亮 摄</p><p>　　（记者 柳德新 通讯员 彭娟）${P.slice(3, -4)}</p>`);
    expect(findAuthor(d, null, null)).toBe('柳德新、彭娟');
  });
  it('reads a signature closing the text, "（高健）"', () => {
    const d = portal('2011-12-16 01:32:00 来源: 示例证券报', `${P}<p>　　截至10月底，该机构共持有1.13万亿美元美国国债。（高健）</p>`);
    expect(findAuthor(d, null, null)).toBe('高健');
  });
  it('reads 作者： with a padded two-character name, and a Latin pen name', () => {
    expect(findAuthor(portal('作者： 蒋 凌 稿源： 示例日报 2011-12-09 20:05', P), null, null)).toBe('蒋凌');
    expect(findAuthor(portal('2011-12-09', `<p><strong>　　作者：Steed<a href="#">(微博)</a>(天文爱好者，示例网频道主编，科学松鼠会成员，曾在示例大学钻研宇宙学)</strong></p>${P}`), null, null)).toBe('Steed');
  });
  it('reads Taiwanese bylines without the place', () => {
    expect(findAuthor(portal('【示例報╱記者高詩琴／台北報導】', P), null, null)).toBe('高詩琴');
    expect(findAuthor(portal('2012-01-12 示例時報 邱俐穎／台北報導', P), null, null)).toBe('邱俐穎');
  });
  it('does not take a word from a headline link as a reporter', () => {
    const d = portal('2012-01-17 来源：示例网', P, { side: '<li><a href="/x.html"><span>代孕机构扬言要对记者不客气</span></a></li>' });
    expect(findAuthor(d, null, null)).toBeNull();
  });
  it("prefers the written credit to a Chinese CMS's meta author, and never takes the site as author", () => {
    const cms = portal('作者：王攀 来源：示例网 2011-12-09 19:55:00', P, { head: '<meta name="author" content="田鸿伟">' });
    expect(findAuthor(cms, null, null)).toBe('王攀');
    const site = portal('2012-01-12 18:35 来源：示例网', P, { head: '<meta name="author" content="examplenews">', url: 'https://www.examplenews.com/a/1.shtml' });
    expect(findAuthor(site, null, null)).toBeNull();
  });
});

describe('English bylines', () => {
  it("reads a wire story's closing credit line ('Reporting by …; Editing by …') as its reporters, not its editor", () => {
    const d = doc(
      '<body><h1>Port strike enters second week</h1><p>Dock workers extended their strike on Monday as talks stalled over pay.</p><p>Reporting by Jane Doe in Rotterdam; Editing by John Roe</p></body>',
    );
    expect(findAuthor(d, null, null)).toBe('Jane Doe');
  });
  it('reads "Posted by" and rel=author', () => {
    expect(findAuthor(doc('<body><div class="meta">Posted by Jane Doe on March 3</div><p>Story.</p></body>'), null, null)).toBe('Jane Doe');
    expect(findAuthor(doc('<body><p>Filed under news</p><a rel="author" href="/u/jr">John Roe</a></body>'), null, null)).toBe('John Roe');
  });
  it('joins a JSON-LD list of authors and prefers persons to the publishing organisation', () => {
    const d = doc('<body></body>');
    const list = { author: [{ '@type': 'Person', name: 'Jane Doe' }, { '@type': 'Person', name: 'John Roe' }] };
    expect(findAuthor(d, list, null)).toBe('Jane Doe, John Roe');
    const mixed = { author: [{ '@type': 'Organization', name: 'Example News' }, { '@type': 'Person', name: 'Jane Doe' }] };
    expect(findAuthor(d, mixed, null)).toBe('Jane Doe');
  });
  it('does not take a comment author, and decodes an escaped meta author', () => {
    const d = doc('<body><p>Story text.</p><div class="comments"><span class="comment-author">Florence says:</span></div></body>');
    expect(findAuthor(d, null, null)).toBeNull();
    expect(findAuthor(doc('<head><meta name="author" content="Maria &amp;amp; Katerina"></head><body></body>'), null, null)).toBe('Maria & Katerina');
  });
});
