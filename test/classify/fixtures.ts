/** Hand-written pages of the kinds the page typer has to tell apart (no page is copied from a real site). */

const NAV = `<div class="top-nav"><a href="/">首页</a><a href="/login">登录</a><a href="/reg">免费注册</a><a href="/cart">我的购物车</a><a href="/help">帮助中心</a></div>
  <div class="search"><form action="/search"><input name="keyword"><button>搜索</button></form></div>
  <ul class="main-nav"><li><a href="/c/1">手机数码</a></li><li><a href="/c/2">电脑办公</a></li><li><a href="/c/3">家用电器</a></li><li><a href="/c/4">服饰鞋包</a></li><li><a href="/c/5">食品生鲜</a></li></ul>`;
const FOOT = `<div class="footer"><a href="/about">关于我们</a><a href="/contact">联系我们</a><a href="/jobs">人才招聘</a><p>Copyright © 2026 某某商城 版权所有</p></div>`;

const OTHER_TABLETS = ['小米平板 6 11英寸 8GB+256GB', '联想小新 Pad Pro 12.7', '荣耀平板 9 12.1英寸', 'OPPO Pad Air2 11.4英寸', 'vivo Pad3 Pro 13英寸', 'Apple iPad 10.9英寸 64GB'];

/**
 * A client-rendered item page as saved before its price arrived: the price box still says
 * "价格加载中…", while a server-rendered "看了又看" box already shows other items with prices.
 */
export function productWhilePriceLoads(): string {
  const seen = OTHER_TABLETS.map((n, i) => `<li class="rec-item"><a href="/item/${2001 + i}.html" class="p-img"><img src="/img/${i}.jpg" alt=""></a>
      <div class="p-name"><a href="/item/${2001 + i}.html">${n}</a></div><div class="p-price"><strong>¥${1999 + i * 300}.00</strong></div></li>`).join('');
  return `<html lang="zh-CN"><head><title>华为 MatePad 11.5 平板电脑 8GB+128GB 曜石黑【行情 报价 价格 评测】-某某商城</title></head><body>${NAV}
  <div class="crumb"><a href="/c/1">手机数码</a> &gt; <a href="/c/1-7">平板电脑</a> &gt; <span>华为 MatePad 11.5</span></div>
  <div class="product-intro"><div class="preview"><img src="/img/main.jpg" alt="华为 MatePad 11.5"></div>
    <div class="itemInfo-wrap"><div class="sku-name">华为 MatePad 11.5 平板电脑 8GB+128GB 曜石黑</div>
      <div class="news">【新品上市】2.8K 护眼全面屏，柔光版可选</div>
      <div class="summary-price"><span class="p-label">价　　格</span><span class="p-price"><span class="price J-p-100012">价格加载中…</span></span></div>
      <div class="summary-stock">配 送 至 北京朝阳区 <span class="store-prompt">有货</span></div>
      <div class="choose-attr"><span>选择颜色</span><a href="#">曜石黑</a><a href="#">冰霜银</a></div>
      <div class="choose-amount"><input class="buy-num" id="buy-num" value="1"><a href="#" class="btn-add">+</a></div>
      <div class="choose-btns"><a href="/cart/add?pid=100012&amp;pcount=1" id="InitCartUrl" class="btn-special1">加入购物车</a></div>
    </div></div>
  <div class="aside"><div class="mt"><h3>看了又看</h3></div><ul class="plist">${seen}</ul></div>
  <div class="detail"><ul class="parameter2"><li>商品名称：华为MatePad 11.5</li><li>商品编号：100012</li><li>商品毛重：0.8kg</li><li>系统：HarmonyOS</li></ul>
    <div class="detail-content"><img src="/img/d1.jpg"><img src="/img/d2.jpg"></div></div>
  ${FOOT}</body></html>`;
}


/** One news story with a "related" box of other headlines, teasers and dates under it. */
export function articleWithRelatedBox(): string {
  const paras = [
    '本报北京3月2日电（记者 张三）记者从国家统计局获悉，今年前两个月，全国规模以上工业增加值同比增长百分之六点一，增速比去年全年加快零点八个百分点，工业生产保持稳定增长态势。',
    '分三大门类看，采矿业增加值同比增长百分之二点九，制造业增长百分之六点八，电力、热力、燃气及水生产和供应业增长百分之五点一。高技术制造业增加值增长百分之九点四，继续保持较快增长。',
    '国家统计局新闻发言人表示，从前两个月的情况看，国民经济运行起步平稳，生产需求稳中有升，就业物价总体稳定，新动能加快成长，但外部环境复杂性上升，国内需求仍显不足。',
    '专家分析认为，随着一揽子增量政策持续显效，企业预期逐步改善，后续工业生产有望继续保持平稳较快增长，全年经济目标的实现具备坚实基础。',
  ].map((p) => `<p>${p}</p>`).join('');
  const related = Array.from({ length: 6 }, (_, i) => `<li><a href="/news/2026/02/${200 + i}.html">第${i + 1}则：一季度消费市场回暖 服务消费增长较快</a><p>各地消费新场景不断涌现，带动服务零售额稳步增长。</p><span>2026-02-${String(10 + i)}</span></li>`).join('');
  return `<html lang="zh-CN"><head><title>前两个月规模以上工业增加值增长6.1% - 某某新闻网</title>
  <meta property="og:title" content="前两个月规模以上工业增加值增长6.1%"></head><body>
  <div class="header"><a href="/">首页</a><a href="/news/">要闻</a><a href="/finance/">财经</a></div>
  <div class="article"><h1>前两个月规模以上工业增加值增长6.1%</h1>
    <div class="info"><span class="date">2026年03月02日 10:15</span><span class="source">来源：某某日报</span></div>
    <div class="content">${paras}</div><div class="editor">（责任编辑：李四）</div></div>
  <div class="related"><h3>相关阅读</h3><ul>${related}</ul></div>
  <div class="footer"><p>某某新闻网 版权所有</p></div></body></html>`;
}


/** A search result page with a sponsored seller box; the page belongs to the search, not to that shop. */
export function listingWithSellerBox(): string {
  const items = Array.from({ length: 12 }, (_, i) => `<li class="gl-item"><div class="p-img"><a href="/item/${5000 + i}.html"><img src="/i/${i}.jpg"></a></div>
    <div class="p-price"><i>¥${59 + i * 10}.00</i></div><div class="p-name"><a href="/item/${5000 + i}.html">无线鼠标 静音款 第${i + 1}号</a></div>
    <div class="p-commit"><a href="/item/${5000 + i}.html#comment">${100 + i}+条评价</a></div></li>`).join('');
  return `<html lang="zh-CN"><head><title>无线鼠标 - 商品搜索 - 某某商城</title></head><body>${NAV}
  <div class="shop-box"><div class="shop-name"><a href="/shop/88">某某商城</a></div><div class="shop-info">店铺好评率：98.5% 商品数量：358 件</div></div>
  <ul class="gl-warp">${items}</ul><div class="page"><a href="?page=2">下一页</a></div>${FOOT}</body></html>`;
}

/** A leaf category of the demo shop as Chromium renders it: four priced goods, no heading, no structured data. */
export function smallCategoryList(): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>对讲机 - 优选商城</title>



</head>
<body>
<div id="shortcut"><div class="w">
<ul class="fl"><li>您好，欢迎来到优选商城！</li><li><a href="/account/login">请登录</a></li><li><a href="/account/register" class="style-red">免费注册</a></li></ul>
<ul class="fr"><li><a href="/account/orders">我的订单</a></li><li class="spacer">|</li><li><a href="/cart/">我的购物车</a></li><li class="spacer">|</li><li><a href="/help.html">客户服务</a></li><li class="spacer">|</li><li><a href="/news/">资讯中心</a></li></ul>
</div></div>
<header id="header"><div class="w"><div class="logo"><a href="/" title="优选商城"><span class="iconfont"></span>优选商城</a></div>
<form class="search" action="/search" method="get"><input type="text" name="q" placeholder="搜索商品" autocomplete="off"><button type="submit">搜索</button></form>
<div class="hotwords"><a href="/c/1-1-1">5G手机</a> <a href="/c/2-1-1">笔记本</a> <a href="/c/3-1-1">电视</a></div></div>
<nav id="navitems"><ul><li class="nav-item"><a href="/c/1">手机数码</a></li><li class="nav-item"><a href="/c/2">电脑办公</a></li><li class="nav-item"><a href="/c/3">家用电器</a></li><li class="nav-item"><a href="/c/4">服饰鞋包</a></li><li class="nav-item"><a href="/c/5">食品生鲜</a></li></ul></nav></header><div class="w"><div class="crumb-wrap"><div class="crumb"><a href="/">首页</a><span class="sep">&gt;</span><a href="/c/1">手机数码</a><span class="sep">&gt;</span><a href="/c/1-1">手机通讯</a><span class="sep">&gt;</span><a href="/c/1-1-3">对讲机</a></div></div>
<div class="aside"><div class="m-aside"><h3>相关分类</h3><ul><li><a href="/c/1-1-1">手机</a></li><li><a href="/c/1-1-2">老人机</a></li><li class="curr"><a href="/c/1-1-3">对讲机</a></li></ul></div>
<div class="ad"><span class="ad-tag">广告</span><a href="/c/1-1">热卖推荐</a></div></div>
<div class="main"><div class="filter"><div class="f-sort"><a class="curr" href="/c/1-1-3">综合</a><span>销量</span><span>评论数</span><span>价格</span></div>
<div class="f-result-sum">共<span id="J_resCount">4</span>件商品</div></div>
<div class="m-itemlist"><div class="grid g-clearfix"><div class="items"><div class="item J_MouserOnverReq"><div class="pic"><a class="pic-link" href="/p/100003.html"><img class="J_ItemPic img" src="/img/100003.png" alt="OPPO G88 Pro 对讲机 黑色 3-5公里"></a></div>
<div class="ctx-box"><div class="row row-1 g-clearfix"><div class="price g_price g_price-highlight"><span>￥</span><strong>199</strong></div><div class="deal-cnt">4.1分</div></div>
<div class="row row-2 title"><a class="J_ClickStat" href="/p/100003.html" target="_blank">OPPO G88 Pro 对讲机 黑色 3-5公里</a></div>
<div class="row row-3 g-clearfix"><div class="shop"><a class="shopname" href="/shop/1001"><span>OPPO旗舰店</span></a></div><div class="location">现货</div></div><a class="p-o-btn addcart" href="/cart/add?pid=100003&amp;pcount=1" rel="nofollow">加入购物车</a></div></div>
<div class="item J_MouserOnverReq"><div class="pic"><a class="pic-link" href="/p/100154.html"><img class="J_ItemPic img" src="/img/100154.png" alt="vivo Air 2 Pro 对讲机 黑色 5-10公里"></a></div>
<div class="ctx-box"><div class="row row-1 g-clearfix"><div class="price g_price g_price-highlight"><span>￥</span><strong>399</strong></div><div class="deal-cnt">3.9分</div></div>
<div class="row row-2 title"><a class="J_ClickStat" href="/p/100154.html" target="_blank">vivo Air 2 Pro 对讲机 黑色 5-10公里</a></div>
<div class="row row-3 g-clearfix"><div class="shop"><a class="shopname" href="/shop/1013"><span>星辰数码</span></a></div><div class="location">现货</div></div><a class="p-o-btn addcart" href="/cart/add?pid=100154&amp;pcount=1" rel="nofollow">加入购物车</a></div></div>
<div class="item J_MouserOnverReq"><div class="pic"><a class="pic-link" href="/p/100206.html"><img class="J_ItemPic img" src="/img/100206.png" alt="小米 X69 Plus 对讲机 黑色 3-5公里"></a></div>
<div class="ctx-box"><div class="row row-1 g-clearfix"><div class="price g_price g_price-highlight"><span>￥</span><strong>223.90</strong></div><s class="origin-price">￥299.90</s><div class="deal-cnt">4.3分</div></div>
<div class="row row-2 title"><a class="J_ClickStat" href="/p/100206.html" target="_blank">小米 X69 Plus 对讲机 黑色 3-5公里</a></div>
<div class="row row-3 g-clearfix"><div class="shop"><a class="shopname" href="/shop/1010"><span>京东自营</span></a></div><div class="location">现货</div></div><a class="p-o-btn addcart" href="/cart/add?pid=100206&amp;pcount=1" rel="nofollow">加入购物车</a></div></div>
<div class="item J_MouserOnverReq"><div class="pic"><a class="pic-link" href="/p/100290.html"><img class="J_ItemPic img" src="/img/100290.png" alt="【官方正品】realme X70 Lite 对讲机 黑色 5-10公里"></a></div>
<div class="ctx-box"><div class="row row-1 g-clearfix"><div class="price g_price g_price-highlight"><span>￥</span><strong>599</strong></div><div class="deal-cnt">4.1分</div></div>
<div class="row row-2 title"><a class="J_ClickStat" href="/p/100290.html" target="_blank">【官方正品】realme X70 Lite 对讲机 黑色 5-10公里</a></div>
<div class="row row-3 g-clearfix"><div class="shop"><a class="shopname" href="/shop/1013"><span>星辰数码</span></a></div><div class="location">现货</div></div><a class="p-o-btn addcart" href="/cart/add?pid=100290&amp;pcount=1" rel="nofollow">加入购物车</a></div></div></div></div></div>
</div></div><footer id="footer"><div class="w">
<dl><dt>购物指南</dt><dd><a href="/help.html#flow">购物流程</a></dd><dd><a href="/help.html#member">会员介绍</a></dd></dl>
<dl><dt>配送方式</dt><dd><a href="/help.html#ship">配送范围及运费</a></dd></dl>
<dl><dt>售后服务</dt><dd><a href="/help.html#return">退换货政策</a></dd></dl>
<dl><dt>关于我们</dt><dd><a href="/about.html">公司简介</a></dd><dd><a href="/about.html#contact">联系我们</a></dd></dl>
<p class="copyright">Copyright 2004-2024 优选商城 版权所有 | <a href="https://beian.miit.gov.cn/" target="_blank" rel="nofollow">京ICP备12345678号</a> | 增值电信业务经营许可证</p></div></footer>


</body></html>`;
}

export const SMALL_LIST_ITEMS = [
  ['OPPO G88 Pro 对讲机 黑色 3-5公里', 199],
  ['vivo Air 2 Pro 对讲机 黑色 5-10公里', 399],
  ['小米 X69 Plus 对讲机 黑色 3-5公里', 299.9],
  ['【官方正品】realme X70 Lite 对讲机 黑色 5-10公里', 599],
];

const ZH_STORIES = [
  ['多地出台措施促进消费 家电以旧换新补贴加码', '多个省份近日发布促消费新举措，对购买节能家电的消费者给予补贴，部分城市补贴比例最高达到售价的百分之二十。'],
  ['一季度外贸进出口开局平稳 民营企业占比提升', '海关总署最新数据显示，一季度我国货物贸易进出口总值同比增长，其中民营企业进出口占比继续提升。'],
  ['新能源汽车下乡活动启动 覆盖二十余个省份', '今年的新能源汽车下乡活动近日启动，参与车企和车型数量均创新高，活动将持续到年底。'],
  ['春耕备耕有序推进 农资供应总体充足', '农业农村部表示，当前春耕备耕工作有序推进，化肥、种子等农资供应总体充足，价格基本稳定。'],
  ['城市更新行动提速 老旧小区改造开工过万个', '住房和城乡建设部介绍，今年以来各地加快推进城市更新，老旧小区改造新开工数量已超过一万个。'],
  ['文旅消费持续升温 假日出游人次同比增长', '文化和旅游部数据中心测算，假期全国国内旅游出游人次和出游总花费均实现同比增长。'],
  ['数字经济规模再创新高 算力基础设施加快建设', '最新发布的报告显示，我国数字经济规模继续扩大，各地加快建设算力基础设施，带动相关产业发展。'],
  ['稳就业政策持续发力 高校毕业生就业服务月启动', '人力资源和社会保障部启动高校毕业生就业服务月活动，各地将集中举办招聘会，提供岗位信息。'],
  ['跨境电商新业态发展迅速 海外仓数量持续增加', '商务部有关负责人表示，跨境电商等外贸新业态发展迅速，企业建设的海外仓数量持续增加。'],
  ['居民收入稳步增长 消费支出结构持续优化', '国家统计局发布数据，全国居民人均可支配收入实际增长，服务性消费支出占比进一步提高。'],
];

const MORE_ZH = ['业内人士认为，相关政策将进一步释放市场活力，带动上下游产业协同发展。', '专家表示，后续还需加强政策协同，推动各项措施尽快落地见效。', '记者在采访中了解到，不少企业和群众对此表示欢迎，期待更多细则出台。'];

/**
 * A portal's news centre (资讯中心): ten headlines, each with a teaser, a date and a "详细" link,
 * and a pager. A page of many stories, not one: never stored as an article.
 */
export function newsCentreIndex(): string {
  const items = ZH_STORIES.map(([title, teaser], i) => `<li class="item"><h3><a href="/news/2026/03/${1001 + i}.html" target="_blank">${title}</a></h3>
    <p>${teaser}${MORE_ZH[i % MORE_ZH.length]}</p><a href="/news/2026/03/${1001 + i}.html" class="detail">[详细]</a> <span class="time">2026-03-${String(20 - i).padStart(2, '0')} ${9 + (i % 8)}:${String(10 + i * 3)}</span></li>`).join('\n');
  return `<html lang="zh-CN"><head><meta charset="utf-8"><title>资讯中心 - 某某新闻网</title>
  <meta name="keywords" content="资讯,新闻,财经"><meta name="description" content="某某新闻网资讯中心，提供最新国内新闻、财经资讯。"></head><body>
  <div class="header"><a href="/">首页</a><a href="/news/">资讯</a><a href="/finance/">财经</a><a href="/tech/">科技</a><a href="/auto/">汽车</a></div>
  <div class="crumb"><a href="/">首页</a> &gt; <span>资讯中心</span></div>
  <div class="main"><h1>资讯中心</h1><ul class="news-list">${items}</ul>
  <div class="pages"><span class="cur">1</span><a href="?page=2">2</a><a href="?page=3">3</a><a href="?page=2">下一页</a></div></div>
  <div class="side"><h3>热点排行</h3><ol>${ZH_STORIES.slice(0, 5).map(([t], i) => `<li><a href="/news/2026/03/${1001 + i}.html">${t}</a></li>`).join('')}</ol></div>
  <div class="footer"><p>某某新闻网 版权所有 未经授权禁止转载</p></div></body></html>`;
}

const EN_STORIES = [
  ['City council approves new budget for river flood defences', 'The council voted to spend more on embankments and pumping stations after last winter\'s floods damaged hundreds of homes along the river.'],
  ['Regional rail line to reopen after two years of repairs', 'Trains will run again on the coastal line from next month, the operator said, with a reduced timetable during the first weeks of service.'],
  ['Local hospital opens a new children\'s ward with thirty beds', 'The ward, paid for partly by a public appeal, will let families stay overnight and cut waiting times for planned surgery, staff said.'],
  ['Farmers warn of poor harvest after the driest spring on record', 'Growers across the county say yields of wheat and barley could fall by a quarter unless rain arrives in the coming weeks.'],
  ['University plans a research centre for battery recycling', 'The centre will work with manufacturers to recover lithium and cobalt from used batteries, creating about eighty jobs over five years.'],
  ['Museum returns ancient pottery to its country of origin', 'The pieces, bought at auction decades ago, were handed over at a ceremony attended by officials from both governments on Tuesday.'],
  ['Bus fares frozen for another year, transport authority says', 'The freeze applies to single tickets and weekly passes; the authority said higher fuel costs would be met from its reserves.'],
  ['New cycle lanes divide opinion among shop owners', 'Some traders say the lanes have cut passing trade, while a survey by the council found more people now visit the high street by bike.'],
];

/**
 * An English section front: a lead story shown with its whole first paragraph (it reads like the
 * start of an article), then headlines with standfirsts, bylines and dates. A page of many stories.
 */
export function sectionFront(): string {
  const lead = `<div class="lead"><h2><a href="/local/2026/03/flood-defences-budget">${EN_STORIES[0]![0]}</a></h2>
    <p>Councillors voted by a large majority on Monday night to spend an extra twelve million pounds on flood defences along the river, after last winter's storms damaged hundreds of homes and closed the main road into the town centre for almost a month. The plan includes higher embankments, two new pumping stations and a warning system.</p>
    <span class="byline">By Sarah Collins</span> <time datetime="2026-03-18T21:40:00+00:00">18 March 2026</time></div>`;
  const items = EN_STORIES.slice(1).map(([title, teaser], i) => `<article class="card"><h3><a href="/local/2026/03/story-${i + 2}">${title}</a></h3>
    <p class="standfirst">${teaser}</p><p class="meta"><span class="byline">By Staff Reporter</span> <time datetime="2026-03-${String(17 - i).padStart(2, '0')}T10:00:00+00:00">${17 - i} March 2026</time></p></article>`).join('\n');
  return `<html lang="en"><head><meta charset="utf-8"><title>Local news | The Example Gazette</title>
  <meta property="og:type" content="website"><meta name="description" content="The latest local news from around the county."></head><body>
  <header><a href="/">Home</a> <a href="/local">Local</a> <a href="/business">Business</a> <a href="/sport">Sport</a> <a href="/opinion">Opinion</a></header>
  <main><h1>Local news</h1>${lead}<section class="stories">${items}</section>
  <nav class="pagination"><a href="/local?page=2">Next page</a></nav></main>
  <footer><p>© 2026 The Example Gazette. All rights reserved.</p></footer></body></html>`;
}

/**
 * One English story whose page ends with a "More from Local" box of other headlines with
 * standfirsts: still one article.
 */
export function storyWithMoreBox(): string {
  const body = [
    'Councillors voted by a large majority on Monday night to spend an extra twelve million pounds on flood defences along the river, after last winter\'s storms damaged hundreds of homes.',
    'The plan includes higher embankments on both banks, two new pumping stations near the old mill and an early warning system that will send text messages to residents when the water rises.',
    'Work is due to start in the summer and to take about three years. The council said it would try to keep the riverside path open for most of that time, with diversions where it has to close.',
    'Residents who were flooded last winter welcomed the decision but said it came too late. Several families are still living in rented rooms while their homes dry out and are repaired.',
    'The leader of the council said the money would come from reserves and a government grant, and that no other services would be cut to pay for the scheme.',
    'An independent engineer who reviewed the plans said they would protect the town against a flood of the size seen last winter, though not against the most extreme storms now forecast.',
  ].map((p) => `<p>${p}</p>`).join('\n');
  const more = EN_STORIES.slice(1, 6).map(([title, teaser], i) => `<li><a href="/local/2026/03/story-${i + 2}">${title}</a><p>${teaser}</p></li>`).join('\n');
  return `<html lang="en"><head><meta charset="utf-8"><title>City council approves new budget for river flood defences | The Example Gazette</title></head><body>
  <header><a href="/">Home</a> <a href="/local">Local</a> <a href="/business">Business</a> <a href="/sport">Sport</a></header>
  <main><h1>City council approves new budget for river flood defences</h1>
  <p class="byline">By Sarah Collins, Local Affairs Reporter · 18 March 2026</p>
  <div class="story-body">${body}</div>
  <aside class="more"><h2>More from Local</h2><ul>${more}</ul></aside></main>
  <footer><p>© 2026 The Example Gazette. All rights reserved.</p></footer></body></html>`;
}

/**
 * A buying guide on a shop's site: the shop's menus, a cart link, a "shop the products" strip with
 * prices under the text. The page is the guide, an article, not a listing or a category.
 */
export function shopGuideArticle(): string {
  const paras = [
    '选购空气净化器，首先要看洁净空气输出比率，也就是常说的CADR值。这个数值越高，单位时间内净化的空气越多。一般来说，房间面积乘以十二左右，就是比较合适的CADR值。',
    '其次要看累积净化量，也就是CCM值。它代表滤网在寿命期内能够处理的污染物总量，数值越高，滤网越耐用，更换的频率也就越低，长期使用的成本随之下降。',
    '噪音也是不少家庭关心的问题。放在卧室使用的净化器，最好选择睡眠模式噪音在三十分贝左右的产品，夜间开启时才不会影响休息。购买前可以留意产品标注的噪音参数。',
    '最后别忘了滤网的价格和购买渠道。有些机型本身不贵，但原装滤网价格较高，一年下来花费不少。选购时可以把两三年的滤网费用一起算进去，再做比较。',
    '总的来说，选购空气净化器不必一味追求高端型号，根据房间大小、家庭成员情况和预算综合考虑，才能选到适合自己的产品。',
  ].map((p) => `<p>${p}</p>`).join('\n');
  const picks = ['某品牌空气净化器 家用除甲醛 A100', '某品牌空气净化器 卧室静音 S200', '某品牌空气净化器 大空间 M300', '某品牌原装滤网 A100适用'].map((n, i) => `<li class="goods"><a href="/item/${7100 + i}.html"><img src="/img/g${i}.jpg" alt=""></a><div class="p-name"><a href="/item/${7100 + i}.html">${n}</a></div><div class="p-price">¥${[1299, 1899, 2599, 199][i]}.00</div></li>`).join('');
  return `<html lang="zh-CN"><head><meta charset="utf-8"><title>空气净化器怎么选？看懂这四个参数就够了 - 某某商城导购</title></head><body>${NAV}
  <div class="crumb"><a href="/">首页</a> &gt; <a href="/guide/">导购</a> &gt; <a href="/guide/home/">家电</a> &gt; <span>正文</span></div>
  <div class="guide"><h1>空气净化器怎么选？看懂这四个参数就够了</h1>
    <div class="info"><span class="author">作者：家电小编</span><span class="date">2026-03-12 15:30</span><span class="views">阅读 1.2万</span></div>
    <div class="guide-body">${paras}</div></div>
  <div class="shop-picks"><h3>文中提到的商品</h3><ul>${picks}</ul></div>
  ${FOOT}</body></html>`;
}

/**
 * A company blog's post: a menu of the site's sections (read as categories) and, in the sidebar, a
 * box inviting readers to the company's store (read as a shop), but no goods on the page.
 */
export function blogPostWithStoreBox(): string {
  const paras = [
    'Most home gardeners water too often and too little. A short daily sprinkle wets the top centimetre of soil, and roots stay near the surface where the sun dries them out by the afternoon.',
    'A deep soak twice a week does the opposite. Water that reaches twenty centimetres down draws the roots after it, and a plant with deep roots shrugs off a hot week that would wilt its neighbours.',
    'The easiest test needs no tools at all. Push a finger into the bed up to the second knuckle: if the soil there is still cool and damp, the watering can stays in the shed for another day.',
    'Mulch does the rest. Five centimetres of shredded bark or straw keeps the surface from baking, stops most weeds, and slowly feeds the soil as it breaks down over the season.',
    'Containers are the exception. Pots dry out from the sides as well as the top, so on the hottest days they may need water every morning, whatever the finger test says about the beds.',
  ].map((p) => `<p>${p}</p>`).join('\n    ');
  const sections = ['Vegetables', 'Flowers', 'Lawns', 'Trees and shrubs', 'Tools', 'Seasonal tips'];
  return `<html lang="en"><head><title>How often should you water your vegetable beds? | Greenrow Blog</title>
  <meta property="og:type" content="article"><meta property="article:published_time" content="2026-04-14T08:30:00+01:00">
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"How often should you water your vegetable beds?","datePublished":"2026-04-14T08:30:00+01:00","author":{"@type":"Person","name":"Hannah Reed"}}</script>
  </head><body>
  <header><a href="/">Greenrow</a></header>
  <ul class="category-menu">${sections.map((s, i) => `<li><a href="/blog/category/${i + 1}">${s}</a></li>`).join('')}</ul>
  <main><article><h1>How often should you water your vegetable beds?</h1>
    <div class="byline">By <a rel="author" href="/blog/author/hannah">Hannah Reed</a> · <time datetime="2026-04-14T08:30:00+01:00">April 14, 2026</time></div>
    ${paras}
  </article></main>
  <aside><div class="store-box"><h3>Greenrow Garden Store</h3><p>Seeds, tools and soil improvers from our own nursery.</p><a href="/store">Browse the store</a></div></aside>
  <div class="copyright">© 2026 Greenrow</div></body></html>`;
}

/**
 * An item page of a Taobao-style layout whose item is sold out today: the stock line under the
 * quantity says 暂时缺货 beside a cart link the template keeps, the attribute list labels the
 * item number (货号), one review.
 */
export function productSoldOut(): string {
  return `<html lang="zh-CN"><head><title>小米 移动电源 20000mAh 黑色-某某旗舰店</title></head><body>${NAV}
  <div class="crumb"><a href="/c/1">手机数码</a> &gt; <a href="/c/1-2">数码配件</a> &gt; <a href="/c/1-2-3">移动电源</a></div>
  <div class="tb-property"><div class="tb-detail-hd"><h1>小米 移动电源 20000mAh 黑色</h1><p class="newp">满299减30 | 店铺会员享专属折扣</p></div>
    <dl class="tm-price-panel"><dt>价格</dt><dd><em>¥</em><span class="tm-price">129.00</span></dd></dl>
    <ul class="tm-ind-panel"><li>累计评价 <span class="tm-count">1</span></li><li>评分 <span class="tm-count">4.6</span></li></ul>
    <dl class="tb-prop"><dt>颜色</dt><dd><ul><li class="tb-selected"><a href="javascript:;"><span>黑色</span></a></li></ul></dd></dl>
    <dl class="tb-amount"><dt>数量</dt><dd><input class="tb-text" value="1"> 件 <em class="stock-tip">暂时缺货</em></dd></dl>
    <div class="tb-action"><a href="/cart/add?pid=300006&amp;pcount=1" rel="nofollow">加入购物车</a></div></div>
  <div class="tb-attributes"><h4>产品参数：</h4><ul><li>货号:&nbsp;MI-PB20K-B</li><li>品牌:&nbsp;小米</li><li>容量:&nbsp;20000mAh</li></ul></div>
  <div class="desc"><h3>购物须知</h3><p>本店所售商品均为品牌官方正品，支持七天无理由退换货，退换货时请保持商品及包装完好，并附上购物凭证，以便我们尽快为您处理。</p>
    <p>由于批次不同，商品包装可能与图片略有差异，请以收到的实物为准。如有任何疑问，欢迎随时联系在线客服，我们将在工作时间内尽快回复您。</p></div>
  <div class="reviews"><h3>累计评价</h3><ul><li><span class="user">m***8</span><p>颜值很高，功能齐全，送给朋友的礼物，对方很喜欢。</p><span>2024-01-23</span></li></ul></div>
  ${FOOT}</body></html>`;
}

/**
 * A portal's brief (快讯): one short paragraph under a headline that is the page's title, with
 * the minute it was published and its source beside the headline, in a page of channel links
 * and a headline list, as Chinese portals print their flashes. No article markup.
 */
export function portalBrief(): string {
  const links = ZH_STORIES.map(([t], i) => `<li><a href="/news/2026/03/${1001 + i}.html">${t}</a></li>`).join('');
  return `<html><head><meta charset="utf-8"><title>央行今日开展2000亿元逆回购操作_某某新闻网</title></head><body>
  <div class="nav"><a href="/">首页</a> | <a href="/news/">新闻</a> | <a href="/finance/">财经</a> | <a href="/tech/">科技</a> | <a href="/sports/">体育</a> | <a href="/ent/">娱乐</a></div>
  <div class="main"><h1>央行今日开展2000亿元逆回购操作</h1>
  <div class="info"><span>2026-03-18 09:21</span> <span>来源：某某财经</span></div>
  <div id="article"><p>某某财经3月18日讯，央行今日以利率招标方式开展了2000亿元7天期逆回购操作，中标利率为1.80%，与此前持平。因今日有1500亿元逆回购到期，当日实现净投放500亿元。</p></div>
  <div class="editor">（责任编辑：王小明）</div></div>
  <div class="side"><h3>相关新闻</h3><ul>${links}</ul></div>
  <div class="footer">某某新闻网 版权所有</div></body></html>`;
}

/**
 * A shop's item page whose item box (a heading that is the page's title, the price under it, a
 * stock line and an item number, a buy button) is followed by a "you may also like" carousel of
 * ten priced items with their links: more records than the page's one item, as on marketplaces
 * and department stores. No product markup.
 */
export function productWithCarousel(): string {
  const items = Array.from({ length: 10 }, (_, i) =>
    `<li class="card"><a href="/item/${7001 + i}-porcelain-figurine-${i + 1}"><img src="/img/${7001 + i}.jpg" alt=""><span class="card-title">Porcelain figurine no. ${i + 1}, hand painted</span></a><span class="card-price">$${(20 + i * 5).toFixed(2)}</span></li>`,
  ).join('\n');
  return `<html lang="en"><head><title>Vintage Leather Flap Bag | Oakfield Vintage</title></head><body>
  <header><a href="/">Oakfield Vintage</a><nav><a href="/bags">Bags</a> <a href="/sell">Sell</a> <a href="/help">Help</a></nav></header>
  <main><div class="item"><h1>Vintage Leather Flap Bag</h1>
    <div class="item-price"><span class="label">Price</span> <span class="price">$400.00</span></div>
    <div class="item-stock">In stock · ships in 2 days</div>
    <div class="item-sku">Item no.: OA-6999</div>
    <form action="/cart"><select name="color"><option>Black</option><option>Red</option></select>
      <label>Quantity <input name="qty" type="number" value="1"></label><button type="submit" class="btn-buy">Buy now</button></form>
    <div class="item-desc"><p>Quilted black leather, gold-tone chain strap, 25 cm wide. Light wear on the corners.</p>
      <p>Comes with its dust bag and the original receipt from 1994; authenticity card included.</p>
      <p>Shipping is insured and tracked. Returns accepted within 14 days in the condition sent.</p></div></div>
  <section class="also"><h2>You may also like</h2><ul>
  ${items}
  </ul></section></main>
  <footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>`;
}

/**
 * A shop's item page for an item sold out today: no price shown, a stock-out line and a labelled
 * SKU under the heading that is the page's title, the shop's department menus around it.
 */
export function productSoldOutNoPrice(): string {
  const menu = ['Garden', 'Kitchen', 'Baskets', 'Storage', 'Lighting', 'Textiles', 'Gifts'].map((d) => `<li><a href="/c/${d.toLowerCase()}">${d}</a></li>`).join('');
  return `<html lang="de"><head><title>Bamboo Gift Basket, round, medium : Amazing Home Store</title></head><body>
  <header><a href="/">Home Store</a><ul class="departments">${menu}</ul></header>
  <main><div id="item"><h1>Bamboo Gift Basket, round, medium</h1>
    <div class="stock">Currently unavailable. We don't know when or if this item will be back in stock.</div>
    <table class="details"><tr><th>SKU</th><td>BB20RM</td></tr><tr><th>Material</th><td>Bamboo</td></tr><tr><th>Diameter</th><td>28 cm</td></tr></table>
    <p>Hand-woven bamboo basket with a cotton lining, for gifts, bread or fruit.</p></div></main>
  <footer><ul>${menu}</ul><a href="/imprint">Imprint</a></footer></body></html>`;
}
