/** Total goods / results counts: "共123件商品", "全部宝贝(123)", "宝贝数量 358", "商品数量：12 件", "Showing 1–20 of 57 results", "57 products". */
export function goodsCountFromText(text: string): number | null {
  const patterns = [
    /共\s*(\d[\d,]*)\s*(?:件|个|款)?\s*(?:商品|宝贝|结果|产品)/,
    /(?:全部商品|全部宝贝|所有商品|在售商品|商品总数|商品数量?|宝贝数量?)\s*[:：(（]?\s*(\d[\d,]*)/,
    /(\d[\d,]*)\s*(?:件|个|款)\s*(?:商品|宝贝)/,
    /\bof\s+(\d[\d,]*)\s+(?:results|products|items)\b/i,
    /\b(\d[\d,]*)\s+(?:results|products|items)\b/i,
  ];
  for (const re of patterns) {
    const m = re.exec(text);
    if (m) {
      const n = Number(m[1].replace(/,/g, ''));
      if (Number.isFinite(n)) return n;
    }
  }
  return null;
}
