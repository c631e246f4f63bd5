import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  'The harbour authority said on Monday that the new ferry terminal will open to passengers in early June, two months later than planned.',
  'Engineers found cracks in one of the floating pontoons during load tests last winter, and the part had to be rebuilt at the shipyard.',
  'Ferry operators welcomed the news that a date has been set, saying the old terminal can no longer handle the summer crowds.',
  'The terminal cost about 48 million euros and is designed to handle up to three ships at the same time, the authority said.',
];
const paras = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('\n');

describe('page shapes that hid the whole story', () => {
  it('reads a streamed page whose article arrives in a hidden segment after the footer', () => {
    const html = `<!doctype html><html><head><title>Ferry terminal delayed</title></head><body>
      <header><a href="/">Home</a> <a href="/news">News</a></header>
      <main><!--$?--><template id="B:0"></template><!--$--><div class="skeleton">Loading article...</div><!--/$--><p>Please wait while the story and the pictures that go with it are loading.</p><!--/$--></main>
      <footer><p>© 2026 Harbour Times. All rights reserved.</p><p><a href="/privacy">Privacy Policy</a> · <a href="/terms">Terms</a></p></footer>
      <div hidden id="S:0"><article><h1>Ferry terminal delayed</h1>${paras(STORY)}</article></div>
      <script>$RC("B:0","S:0")</script>
      </body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal delayed' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('reads a page with a script between </head> and <body>', () => {
    const html = `<!doctype html><html><head><title>Ferry terminal delayed</title></head>
      <script>window.dataLayer = [];</script>
      <body class="single-post"><section><div class="column"><div class="widget"><div class="widget-container">
      ${paras(STORY.slice(0, 3))}</div></div></div></section></body></html>`;
    // consume: as extractNews calls it (Readability reads document.body in place).
    const r = extractContent(doc(html), null, { title: 'Ferry terminal delayed', consume: true });
    expect(r.paragraphs).toEqual(STORY.slice(0, 3));
  });
});

describe('edge trimming of Readability text', () => {
  it('keeps the story on both sides of a long run of short list lines', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Donor ${i + 1}`);
    const before = STORY.slice(0, 2);
    const after = [
      STORY[2],
      STORY[3],
      'Passenger numbers on the island routes rose by a fifth last summer, and the authority expects the growth to continue for several more years.',
    ];
    const html = `<!doctype html><html><head><title>Ferry terminal delayed</title></head><body>
      <article><h1>Ferry terminal delayed</h1>${paras(before)}
      <p>The fund that paid for the study thanks its donors:</p>
      <ul>${names.map((n) => `<li>${n}</li>`).join('')}</ul>
      ${paras(after)}</article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal delayed' });
    expect(r.paragraphs.slice(0, 2)).toEqual(before);
    expect(r.paragraphs.slice(-3)).toEqual(after);
  });
});

describe('Chinese portal furniture', () => {
  const ZH = [
    '本报讯 市交通委员会昨日发布消息，地铁五号线南延段将于下月底开通试运营，沿线新增六座车站，全长约十二公里。',
    '据介绍，南延段开通后，从城南新区到市中心的通勤时间将由原来的一个多小时缩短到四十分钟左右，惠及沿线数十万居民。',
    '市民李女士说，她每天都要换乘两次公交车上班，地铁开通后可以一趟直达，早上能多睡半个小时。',
  ];
  it('drops tool bars, "click the picture" prompts and a discussion section with its comments', () => {
    const html = `<!doctype html><html lang="zh-CN"><head><title>地铁五号线南延段下月开通</title></head><body>
      <div class="main"><h1>地铁五号线南延段下月开通</h1>
      <div class="tools">[打印] [纠错] [评论] [信箱]</div>
      <p>${ZH[0]}</p><p>点击图片查看线路走向</p><p>${ZH[1]}</p><p>${ZH[2]}</p>
      <div class="bar">打印转发 字号：大 中 小</div><div>分享|</div>
      <h3>新闻讨论</h3>
      <div>2026/03/05 12:13 219.8*****137</div><div>终于等到了，希望以后再延长到机场，方便出行的人。</div>
      </div></body></html>`;
    const r = extractContent(doc(html), null, { title: '地铁五号线南延段下月开通' });
    expect(r.paragraphs).toEqual(ZH);
  });
});

describe('trailing sections that are not the story', () => {
  it('cuts "More from <site>" teasers and the author box after the story', () => {
    const html = `<!doctype html><html><head><title>Ferry terminal delayed</title></head><body>
      <article><h1>Ferry terminal delayed</h1>${paras(STORY)}
      <p>More from Harbour Times</p>
      <p>Why the island ferries run late every August, and what the operators plan to do about it next summer.</p>
      <p>About the Author</p>
      <p>Jane Doe has covered shipping and ports for the paper since 2015 and lives on the island with her two dogs.</p>
      </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal delayed' });
    expect(r.paragraphs).toEqual(STORY);
  });
});
