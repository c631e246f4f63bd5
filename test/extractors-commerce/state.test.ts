import { describe, expect, it } from 'vitest';
import { literalsIn, scriptJson } from '../../extractors/commerce/state/scripts';
import { findItemArrays, isItemLike, itemCandidate } from '../../extractors/commerce/state/find-items';
import { htmlDoc, PAGE_URL } from './helpers';

describe('embedded state JSON', () => {
  it('finds literals assigned in scripts, whatever the variable name', () => {
    const text = `window.__SOME_STORE__ = {"list":[{"title":"A","price":"1"}]}; var cfg = {pageSize: 20, 'mode': 'grid',};`;
    const values = literalsIn(text);
    expect(values).toContainEqual({ list: [{ title: 'A', price: '1' }] });
    expect(values).toContainEqual({ pageSize: 20, mode: 'grid' });
  });

  it('reads JSON script blocks and JSON.parse strings', () => {
    const doc = htmlDoc(`<script id="__NEXT_DATA__" type="application/json">{"props":{"x":1}}</script>
      <script>window.s = JSON.parse('{"goods":[{"name":"B","price":2}]}');</script>`);
    const values = scriptJson(doc);
    expect(values).toContainEqual({ props: { x: 1 } });
    expect(values).toContainEqual({ goods: [{ name: 'B', price: 2 }] });
  });

  it('finds arrays of item-like objects by shape and maps their keys', () => {
    const state = { page: { modules: [{ data: { auctions: [
      { raw_title: '连衣裙 夏', view_price: '129.00', reserve_price: '199.00', detail_url: '//item.example.cn/1', pic_url: '//img.example.cn/1.jpg', nick: '某某旗舰店', comment_count: '35', sku_id: 'A1' },
      { raw_title: '衬衫', view_price: '59.00', detail_url: '//item.example.cn/2', nick: '小店' },
    ] } }] }, user: { name: 'me' } };
    const [best] = findItemArrays([state]);
    expect(best.items).toHaveLength(2);
    const c = itemCandidate(best.items[0], PAGE_URL, 'state');
    expect(c).toMatchObject({ name: '连衣裙 夏', price: 199, salePrice: 129, url: 'https://item.example.cn/1', image: 'https://img.example.cn/1.jpg', shopName: '某某旗舰店', reviewCount: 35, sku: 'A1' });
    expect(itemCandidate(best.items[1], PAGE_URL, 'state')).toMatchObject({ price: 59, salePrice: null });
  });

  it('does not take objects without a price for items', () => {
    expect(isItemLike({ name: 'Settings', value: 3 })).toBe(false);
    expect(isItemLike({ title: 'Item', price: { amount: 9.5 } })).toBe(true);
  });

  it('names a variant by the product it belongs to, not by its option', () => {
    const variants = [
      { title: '1 bag', price: { amount: 19.99 }, product: { title: 'Dark Roast Coffee', url: '/products/dark-roast' } },
      { title: '10 count', price: { amount: 14.99 }, product: { title: 'Espresso Pods', url: '/products/espresso-pods' } },
    ];
    const [best] = findItemArrays([{ analytics: { collection: { variants } } }]);
    expect(best.items.map((it) => itemCandidate(it, PAGE_URL, 'state'))).toMatchObject([
      { name: 'Dark Roast Coffee', url: 'https://shop.example.cn/products/dark-roast', price: 19.99, extra: { variant: '1 bag' } },
      { name: 'Espresso Pods', url: 'https://shop.example.cn/products/espresso-pods', price: 14.99 },
    ]);
  });

  it('finds items kept in a map keyed by id (a normalised store)', () => {
    const store = { entities: { products: { 'p-101': { name: 'Kettle', price: 30 }, 'p-102': { name: 'Toaster', price: 45 }, 'p-103': { name: 'Blender', price: 60 } } } };
    const [best] = findItemArrays([store]);
    expect(best.items.map((it) => it.name)).toEqual(['Kettle', 'Toaster', 'Blender']);
  });
});
