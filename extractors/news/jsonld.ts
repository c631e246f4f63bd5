/** schema.org types that describe an article or blog post. */
const ARTICLE_TYPE = /^(Article|NewsArticle|AnalysisNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|BackgroundNewsArticle|BlogPosting|LiveBlogPosting|SocialMediaPosting|TechArticle|ScholarlyArticle|Report|SatiricalArticle|DiscussionForumPosting)$/;

export type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every object in the page's JSON-LD blocks, `@graph` and arrays flattened. Bad JSON is skipped. */
export function readJsonLd(doc: Document): JsonObject[] {
  const out: JsonObject[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4) return;
    if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else if (isObject(v)) {
      out.push(v);
      if (v['@graph']) visit(v['@graph'], depth + 1);
    }
  };
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    const raw = (script.textContent ?? '').trim();
    if (!raw) continue;
    try {
      visit(JSON.parse(raw), 0);
    } catch {
      // Sites often ship JSON-LD with raw newlines inside strings; retry with them escaped.
      try {
        visit(JSON.parse(raw.replace(/[\r\n\t]+/g, ' ')), 0);
      } catch {
        /* unusable block */
      }
    }
  }
  return out;
}

export function typesOf(o: JsonObject): string[] {
  const t = o['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

/** The first JSON-LD object typed as an article, or null. */
export function findArticle(objects: readonly JsonObject[]): JsonObject | null {
  return objects.find((o) => typesOf(o).some((t) => ARTICLE_TYPE.test(t))) ?? null;
}

/** A string value, or the `name` / `@value` / first element of a structured one. */
export function jsonText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(jsonText).filter((x): x is string => !!x);
    return parts.length ? parts.join(', ') : null;
  }
  if (isObject(v)) return jsonText(v.name ?? v['@value'] ?? null);
  return null;
}
