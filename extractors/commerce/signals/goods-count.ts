/** Total goods / results counts: "共123件商品", "全部宝贝(123)", "Showing 1–20 of 57 results", "57 products". */
export function goodsCountFromText(text: string): number | null {
  const patterns = [
    /共\s*(\d[\d,]*)\s*(?:件|个|款)?\s*(?:商品|宝贝|结果|产品)/,
    /(?:全部商品|全部宝贝|所有商品|商品数|宝贝数)\s*[:：(（]?\s*(\d[\d,]*)/,
    /(\d[\d,]*)\s*(?:件|个|款)\s*(?:商品|宝贝)/,
    /\bof\s+(\d[\d,]*)\s+(?:results|products|items)\b/i,
    /\b(\d[\d,]*)\s+(?:results|products|items)\s+(?:found|in total)?/i,
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
