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
