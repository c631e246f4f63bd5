import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** A hand-written page: <title>, extra <head> tags, and a body. */
const page = (title: string, head: string, body: string, url = 'https://news.example.com/a/1.html'): Document =>
  doc(`<html><head><title>${title}</title>${head}</head><body>${body}<p>Body text of the article.</p></body></html>`, url);

describe('site and section names around the headline', () => {
  it('drops channel and site names joined to a Chinese headline by unspaced dashes', () => {
    expect(findTitle(page('熊猫冒雨进入野放过渡区-文娱-滨海新闻网', '', ''), null, null)).toBe('熊猫冒雨进入野放过渡区');
    expect(findTitle(page('郊区商场发生火灾 浓烟弥漫(图)——城市新闻网', '', ''), null, null)).toBe('郊区商场发生火灾 浓烟弥漫(图)');
    expect(findTitle(page('电子展四大看点-《财经周刊》', '', ''), null, null)).toBe('电子展四大看点');
  });

  it('keeps a number range and an unspaced dash between Latin words', () => {
    expect(findTitle(page('某公司料扭亏 净利1900万-2900万-财经频道-新闻网', '', ''), null, null)).toBe('某公司料扭亏 净利1900万-2900万');
    expect(findTitle(page('Security Sector Update–Fall 2025', '', ''), null, null)).toBe('Security Sector Update–Fall 2025');
  });

  it('weighs a Chinese headline by its characters, not by its length against a Latin site name', () => {
    expect(findTitle(page('醫師病患詐保險金 男遭訴 - Island News Online', '', ''), null, null)).toBe('醫師病患詐保險金 男遭訴');
  });

  it('drops a tail that spells the host name, and one after "•"', () => {
    const url = 'https://www.greenplot.example/notes/rain';
    expect(findTitle(page('Rain tomorrow - Greenplot Online', '', '', url), null, null)).toBe('Rain tomorrow');
    expect(findTitle(page('A brief intro to git • Greenplot', '', '', url), null, null)).toBe('A brief intro to git');
  });

  it('drops a "Site: " prefix of og:title when the site is named on the page', () => {
    const head = '<meta property="og:title" content="健康医疗网:年节零食聪明吃 健康无负担"><meta property="og:site_name" content="健康医疗网">';
    expect(findTitle(page('年节零食聪明吃 健康无负担 - 健康医疗网', head, ''), null, null)).toBe('年节零食聪明吃 健康无负担');
  });

  it("skips a logo <h1> that links to the front page", () => {
    const body = '<header><h1 class="title"><a href="https://blog.example.org/">Tinker Data Blog</a></h1></header>';
    const head = '<meta property="og:title" content="Small adventures with small language models">';
    expect(findTitle(page('Tinker Data Blog: Small adventures with small language models', head, body, 'https://blog.example.org/2025/12/small.html'), null, null)).toBe(
      'Small adventures with small language models',
    );
    const zh = '<div id="logo"><a href="/"><h1>晨光日报</h1></a></div>';
    expect(findTitle(page('晨光日报：新区地铁明年通车', '<meta property="og:title" content="新区地铁明年通车">', zh, 'https://www.chenguang.example/a/1.html'), null, null)).toBe(
      '新区地铁明年通车',
    );
  });

  it('drops the section name og:title shares with <title> when only the site name tells them apart', () => {
    const head = '<meta property="og:title" content="寒冬如何保持肌肤水嫩 医师来教你 - 环球直击 - 新唐电视台 xintv.example"><meta property="og:site_name" content="新唐电视台">';
    expect(findTitle(page('寒冬如何保持肌肤水嫩 医师来教你 - 环球直击 - 新唐电视台', head, '', 'https://www.xintv.example/a/1.html'), null, null)).toBe(
      '寒冬如何保持肌肤水嫩 医师来教你',
    );
  });

  it("passes over an og:title that only names the site (the site's default share title)", () => {
    const head = '<meta property="og:title" content="Greenplot"><meta property="og:site_name" content="Greenplot">';
    expect(findTitle(page('Rain tomorrow across the valley | Greenplot', head, ''), null, null)).toBe('Rain tomorrow across the valley');
    const zh = '<meta property="og:title" content="晨光网 | 晨光日报"><meta property="og:site_name" content="晨光网 | 晨光日报">';
    expect(findTitle(page('新区地铁明年通车_晨光网', zh, ''), null, null)).toBe('新区地铁明年通车');
  });

  it('takes the part an og:title with a teaser shares with <title>', () => {
    const head = '<meta property="og:title" content="Town opens new library - The doors opened on Monday to a queue of readers who">';
    expect(findTitle(page('Valley Herald - Local news - Town opens new library', head, ''), null, null)).toBe('Town opens new library');
    const zh = '<meta property="og:title" content="打工起家 男子盖洋房送村民 - 男子在外工作多年，出资在老家修建小楼送给村民。">';
    expect(findTitle(page('北美新闻网-华文资讯 - 打工起家 男子盖洋房送村民', zh, ''), null, null)).toBe('打工起家 男子盖洋房送村民');
  });

  it('keeps a series name before ":" that <title> starts with too', () => {
    const head = '<meta property="og:title" content="Almost Weekly: Using AI for analytics"><meta property="og:site_name" content="Almost Weekly">';
    expect(findTitle(page('Almost Weekly: Using AI for analytics', head, ''), null, null)).toBe('Almost Weekly: Using AI for analytics');
    const zh = '<meta property="og:title" content="晨光周刊：地铁新线开通"><meta property="og:site_name" content="晨光周刊">';
    expect(findTitle(page('晨光周刊：地铁新线开通', zh, ''), null, null)).toBe('晨光周刊：地铁新线开通');
  });
});

describe('which heading is the headline', () => {
  it("passes over an <h1> that names the blog (the <title>'s part after the entry) for the entry's own heading", () => {
    const body =
      '<div id="head"><h1><a href="http://blog.example.cn/u/2001">林间小路的博客</a></h1></div>' +
      '<div class="articalTitle"><h2 class="titName">雨后的西湖</h2><span class="time">(2012-06-02 18:20:11)</span></div>';
    expect(findTitle(page('雨后的西湖_林间小路_示例博客', '', body, 'http://blog.example.cn/s/blog_7f3a.html'), null, null)).toBe('雨后的西湖');
  });

  it('passes over a menu or channel <h1> that carries only a fragment of the title', () => {
    const og = '<meta property="og:title" content="GAAP Compliance: Applying Accounting Best Practices To Your Business">';
    expect(
      findTitle(page('GAAP Compliance: Applying Accounting Best Practices To Your Business', og, '<h1>Supporting GAAP compliance</h1>'), null, null),
    ).toBe('GAAP Compliance: Applying Accounting Best Practices To Your Business');
    const zh = '<meta property="og:title" content="新区地铁二号线明年年底建成通车">';
    expect(findTitle(page('新区地铁二号线明年年底建成通车_城市频道', zh, '<h1>地铁通车</h1>'), null, null)).toBe('新区地铁二号线明年年底建成通车');
  });

  it('keeps a year in brackets at the start of the headline, drops a column tag', () => {
    const t = '[2025] Massive List of Free Certificates and Badges';
    expect(findTitle(page(`${t} — Class Notes`, '', `<h1>${t}</h1>`), null, null)).toBe(t);
    expect(findTitle(page('市民冒雨排队领取春联', '', '<h1>【现场直击】市民冒雨排队领取春联</h1>'), null, null)).toBe('市民冒雨排队领取春联');
  });

  it('writes an <h1> set in capitals as <title> writes it', () => {
    expect(findTitle(page('Tips for Online Success | Greenplot', '', '<h1>TIPS FOR ONLINE SUCCESS</h1>'), null, null)).toBe('Tips for Online Success');
  });
});
