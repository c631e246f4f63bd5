// One record's own page: a commodity with its price history and reviews, a news item with its
// facts beside the text, a shop with its commodities, a category with its parent and children.
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { getJson } from './api.js';
import { link } from './router.js';
import { cell, money, num, safeHref, timeText } from './format.js';
import { PriceChart } from './chart.js';

function ExtLink({ url }) {
  const href = safeHref(url);
  return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${url}</a>` : html`<span>${url ?? '—'}</span>`;
}

function Fields({ doc, skip }) {
  const rows = Object.entries(doc).filter(([k]) => !skip.includes(k));
  return html`<dl class="fields">${rows.map(([k, v]) => html`<div key=${k}><dt>${k}</dt><dd>${k === 'url' ? html`<${ExtLink} url=${v} />` : cell(v) || '—'}</dd></div>`)}</dl>`;
}

function Reviews({ reviews }) {
  if (!reviews?.length) return html`<p class="hint">No reviews stored.</p>`;
  return html`<ul class="reviews">${reviews.map((r) => html`<li key=${r._id}>
    <div class="review-head"><b>${r.author ?? 'anonymous'}</b>${typeof r.rating === 'number' ? html` <span class="rating">★ ${r.rating}</span>` : null} <small>${timeText(r.date)}</small></div>
    <p>${r.content}</p>
  </li>`)}</ul>`;
}

function Commodity({ doc, related }) {
  return html`<article class="record">
    <h1>${doc.name}</h1>
    <p class="prices">
      ${doc.salePrice !== null && doc.salePrice !== undefined ? html`<span class="sale">${money(doc.salePrice, doc.currency)}</span> <s>${money(doc.price, doc.currency)}</s>` : html`<span class="sale">${money(doc.price, doc.currency)}</span>`}
      ${doc.availability ? html` <span class="badge">${doc.availability}</span>` : null}
    </p>
    <${PriceChart} history=${doc.priceHistory} currency=${doc.currency} />
    ${related.shop ? html`<p>Shop: <a href=${link(['record', 'shops', related.shop._id])}>${related.shop.name}</a></p>` : null}
    <h2>Reviews (${num(related.reviews?.length ?? 0)})</h2>
    <${Reviews} reviews=${related.reviews} />
    <h2>All fields</h2>
    <${Fields} doc=${doc} skip=${['priceHistory']} />
  </article>`;
}

function News({ doc }) {
  return html`<article class="record news">
    <h1>${doc.title}</h1>
    <div class="news-layout">
      <aside class="card facts" aria-label="facts">
        <dl>
          <div><dt>Published</dt><dd>${timeText(doc.publishedAt)}</dd></div>
          <div><dt>Author</dt><dd>${doc.author ?? '—'}</dd></div>
          <div><dt>Language</dt><dd>${doc.language ?? '—'}</dd></div>
          <div><dt>Keywords</dt><dd>${(doc.keywords ?? []).map((k) => html`<span class="pill" key=${k}>${k}</span> `)}</dd></div>
          <div><dt>Summary</dt><dd>${doc.summary || '—'}</dd></div>
          <div><dt>Source</dt><dd><${ExtLink} url=${doc.url} /></dd></div>
        </dl>
      </aside>
      <div class="text">${String(doc.content ?? '').split(/\n+/).map((p, i) => html`<p key=${i}>${p}</p>`)}</div>
    </div>
  </article>`;
}

function Shop({ doc, related }) {
  return html`<article class="record">
    <h1>${doc.name}</h1>
    <${Fields} doc=${doc} skip=${[]} />
    <h2>Commodities (${num(related.commodityCount)})</h2>
    <div class="table-wrap"><table><thead><tr><th>Name</th><th class="num">Price</th><th class="num">Sale price</th><th class="num">Rating</th></tr></thead><tbody>
      ${related.commodities.map((c) => html`<tr key=${c._id}><td data-label="Name"><a href=${link(['record', 'commodities', c._id])}>${c.name}</a></td><td data-label="Price" class="num">${money(c.price, c.currency)}</td><td data-label="Sale price" class="num">${money(c.salePrice, c.currency)}</td><td data-label="Rating" class="num">${c.rating ?? '—'}</td></tr>`)}
    </tbody></table></div>
  </article>`;
}

function Category({ doc, related }) {
  return html`<article class="record">
    <h1><span class="level">L${doc.level}</span> ${doc.name}</h1>
    <p>${(doc.path ?? []).join(' › ')}</p>
    ${related.parent ? html`<p>Parent: <a href=${link(['record', 'categories', related.parent._id])}>${related.parent.name}</a></p>` : null}
    ${related.children?.length ? html`<h2>Sub-categories</h2><ul>${related.children.map((c) => html`<li key=${c._id}><a href=${link(['record', 'categories', c._id])}>${c.name}</a></li>`)}</ul>` : null}
    <${Fields} doc=${doc} skip=${[]} />
  </article>`;
}

export function RecordView({ coll, id }) {
  const [d, setD] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setD(null);
    getJson(`/api/record/${encodeURIComponent(coll)}/${encodeURIComponent(id)}`).then(setD, (e) => setError(e.message));
  }, [coll, id]);
  const back = html`<p><a href=${link(['tables', coll])}>← ${coll}</a></p>`;
  if (error) return html`<section>${back}<p class="error">${error}</p></section>`;
  if (!d) return html`<p class="loading">Loading…</p>`;
  const View = { commodities: Commodity, news: News, shops: Shop, categories: Category }[coll];
  return html`<section>${back}${View ? html`<${View} doc=${d.doc} related=${d.related} />` : html`<article class="record"><${Fields} doc=${d.doc} skip=${[]} />${d.doc.commodityId ? html`<p><a href=${link(['record', 'commodities', d.doc.commodityId])}>the commodity</a></p>` : null}</article>`}</section>`;
}
