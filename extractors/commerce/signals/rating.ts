/**
 * Ratings as pages write them: "4.8分", "4.5 out of 5", "Rated 4.5/5", star widgets with a
 * width percentage or aria-label, and approval rates "好评率98%" (kept as "98%").
 */
export function ratingFromText(text: string): number | null {
  const t = text.trim();
  let m = /(\d(?:\.\d+)?)\s*(?:out of|of|\/|von|sur|de|из)\s*5\b/i.exec(t);
  if (m) return clamp(Number(m[1]), 5);
  m = /(\d(?:\.\d+)?)\s*分/.exec(t);
  if (m) return clamp(Number(m[1]), 10);
  m = /(?:rating|rated|评分)\s*[:：]?\s*(\d(?:\.\d+)?)/i.exec(t);
  if (m) return clamp(Number(m[1]), 5);
  m = /(\d(?:\.\d+)?)\s*(?:stars?|星)/i.exec(t);
  if (m) return clamp(Number(m[1]), 5);
  return null;
}

const CN_DIGIT: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5 };

/**
 * A review's grade in words, on the page's own 5-step scale: "5星" / "五星" → 5, and the
 * three grades Chinese shops give instead of stars, 好评 / 中评 / 差评, as 5 / 3 / 1 (the top,
 * middle and bottom of the 5-star scale those same shops derive them from: 4–5 stars are a
 * 好评, 3 a 中评, 1–2 a 差评), so that a table mixes them with star ratings on one scale.
 */
export function ratingWord(text: string): number | null {
  const t = text.trim();
  if (t.length > 40) return null;
  let m = /^([1-5一二三四五])\s*(?:颗)?\s*星/.exec(t);
  if (m) return CN_DIGIT[m[1]] ?? Number(m[1]);
  if (/^(?:好评|五星好评)$/.test(t)) return 5;
  if (/^中评$/.test(t)) return 3;
  if (/^差评$/.test(t)) return 1;
  m = /^(\d(?:\.\d)?)\s*(?:\/\s*5)?$/.exec(t);
  if (m) return clamp(Number(m[1]), 5);
  return null;
}

/**
 * Shop detail scores as Chinese shops show them, "描述 4.8 服务 4.7 物流 4.9" (description
 * match, service, logistics): the first, the description score, is the one shops headline as
 * their rating (it is also what a user compares between shops).
 */
export function shopScoresFromText(text: string): number | null {
  const m = /(?:描述(?:相符)?|宝贝与描述相符)\s*[:：]?\s*(\d(?:\.\d{1,2})?)(?!\d|%)/.exec(text);
  if (m && /服务|物流|发货/.test(text)) return clamp(Number(m[1]), 5);
  return null;
}

/** "好评率98%", "98% positive" → "98%". */
export function approvalFromText(text: string): string | null {
  const m = /(?:好评率|好评度|满意度|positive(?: feedback)?)\s*[:：]?\s*(\d{1,3}(?:\.\d+)?)\s*%/i.exec(text) ?? /(\d{1,3}(?:\.\d+)?)\s*%\s*(?:positive|好评)/i.exec(text);
  return m && Number(m[1]) <= 100 ? `${m[1]}%` : null;
}

function clamp(n: number, max: number): number | null {
  return Number.isFinite(n) && n >= 0 && n <= max ? n : null;
}

/** A star widget: aria-label / title / data-rating, or an inline width percentage of 5 stars. */
export function ratingFromWidget(el: Element): number | null {
  for (const attr of ['aria-label', 'title', 'data-rating', 'data-score', 'data-value']) {
    const v = el.getAttribute(attr);
    if (!v) continue;
    const r = ratingFromText(v) ?? (/^\d(?:\.\d+)?$/.test(v.trim()) ? clamp(Number(v), 5) : null);
    if (r !== null) return r;
  }
  // A class naming the grade: "star4", "rating-5", "a-star-4-5" (4.5).
  const cls = /(?:star|rating|rate|score)s?[-_]?([0-5])(?:[-_]([05]))?(?![\d.])/i.exec(el.getAttribute('class') ?? '');
  if (cls) return Number(cls[1]) + (cls[2] === '5' ? 0.5 : 0);
  const style = el.getAttribute('style') ?? el.firstElementChild?.getAttribute('style') ?? '';
  const w = /width\s*:\s*(\d{1,3}(?:\.\d+)?)%/i.exec(style);
  if (w && /star|rating|rate|score/i.test(`${el.getAttribute('class') ?? ''} ${el.firstElementChild?.getAttribute('class') ?? ''}`)) {
    return Math.round((Number(w[1]) / 20) * 10) / 10;
  }
  return null;
}

/** "1,234 reviews", "(56)", "123条评价", "累计评价 2000+". */
export function reviewCountFromText(text: string): number | null {
  const m =
    /(\d[\d,.]*)\s*\+?\s*(?:reviews?|ratings?|customer reviews|Bewertungen|avis|reseñas|opiniones|avaliações|recensioni|отзыв\w*|条评价|条评论|人评价|评价|评论)/i.exec(text) ??
    /(?:累计评价|评价数|评论数|reviews?)\s*[:：(（]?\s*(\d[\d,.]*)/i.exec(text);
  if (!m) return null;
  const raw = m[1].replace(/[,.](?=\d{3}\b)/g, '');
  let n = Number(raw.replace(/,/g, ''));
  if (/^\s*万/.test(text.slice((m.index ?? 0) + m[0].length))) n *= 1e4;
  return Number.isFinite(n) ? Math.round(n) : null;
}
