import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  '本报讯 市气象台昨日发布消息，受持续少雨影响，本市主要河流水位连续下降，部分河段已经接近历史最低值，沿岸取水设施正在加紧改造。',
  '水务部门表示，目前城区供水总体平稳，但郊区部分乡镇的灌溉用水需要调度，相关部门已经启动应急预案，并安排专人每日巡查水位变化。',
  '专家提醒市民节约用水，并表示如果下周仍无有效降水，水位还可能继续下降，届时将视情况采取分时段供水等措施，尽量减少对生活的影响。',
];

// A Chinese portal page: photos with their captions and credits as plain paragraphs, a feedback
// footer and a dashed "more news" heading after the story.
const PAGE = `<!doctype html><html><head><title>河流水位持续下降</title></head><body>
  <div class="nav"><a href="/">首页</a> <a href="/news">新闻</a></div>
  <div class="article"><h1>河流水位持续下降</h1>
  <p><img src="/a.jpg"></p><p>图为：河床大面积裸露，市民在岸边观看。</p>
  <p>${STORY[0]}</p>
  <p><img src="/b.jpg"></p><p>昨日，城区河段水位降至今年最低。本报记者 王明 摄</p>
  <p>${STORY[1]}</p>
  <p>图表：本市主要河流水位变化 本报记者 李强 编制</p>
  <p>${STORY[2]}</p>
  <p>如果你对新闻频道有任何意见或建议，请到交流平台反馈。</p>
  <p>----- 国内新闻精选 -----</p>
  </div>
  <div class="footer"><a href="/about">关于我们</a></div></body></html>`;

describe('Chinese captions and portal footers outside figure markup', () => {
  it('keeps the story and drops photo captions, photographer credits, the feedback footer and a dashed section heading', () => {
    const r = extractContent(doc(PAGE), null, { title: '河流水位持续下降' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('keeps a long paragraph that merely ends with a photo credit', () => {
    const long = `${STORY[0]}${STORY[1]}新华社记者 金立旺 摄`;
    const r = extractContent(doc(`<html><body><div class="article"><p>${long}</p><p>${STORY[2]}</p></div></body></html>`), null);
    expect(r.paragraphs).toEqual([long, STORY[2]]);
  });
});

describe('the notes portals and self-media platforms set under a Chinese story', () => {
  const withTail = (tail: string) =>
    extractContent(doc(`<html><body><div class="article"><h1>河流水位持续下降</h1>${STORY.map((p) => `<p>${p}</p>`).join('')}${tail}</div></body></html>`), null, { title: '河流水位持续下降' }).paragraphs;
  it('drops the editor after the bracketed buttons of a portal ("【纠错】 【责任编辑：李四】")', () => {
    expect(withTail('<p>【纠错】 【责任编辑：李四】</p>')).toEqual(STORY);
  });
  it('drops a platform\'s statement ("特别声明：以上内容…") and a call to scan a code and follow', () => {
    expect(withTail('<p>特别声明：以上内容(如有图片或视频亦包括在内)为自媒体平台用户上传并发布，本平台仅提供信息存储服务。</p>')).toEqual(STORY);
    expect(withTail('<p><img src="qr.png">扫码关注我们，获取更多资讯</p>')).toEqual(STORY);
  });
  it('keeps a sentence of the story that mentions following an account', () => {
    const line = '水务部门提醒市民，可以扫码关注官方账号，及时了解停水和供水调度的最新通知，以便提前做好储水准备，减少生活不便。';
    expect(withTail(`<p>${line}</p>`)).toEqual([...STORY, line]);
  });
});
