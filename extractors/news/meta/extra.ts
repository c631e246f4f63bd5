import { jsonText, type JsonObject } from '../jsonld';
import { metaContent, metaContents } from './dom';
import { parseDateValue } from './date-text';
import { findEditor, findSource } from './byline-text';
import { pageZone } from '../../time/page-zone';

export interface PageMetadata {
  description?: string;
  section?: string;
  tags?: string[];
  siteName?: string;
  canonical?: string;
  image?: string;
  modifiedAt?: string;
  publisher?: string;
  /** The agency, paper or site the page credits for the story (来源：…): not the author. */
  source?: string;
  /** The editor the page credits (责任编辑：…): not the author. */
  editor?: string;
}

function splitTags(s: string): string[] {
  return s.split(/[,，;；、|]/).map((t) => t.trim()).filter((t) => t.length > 0 && t.length < 60);
}

function absolute(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/**
 * The page's other metadata, for NewsFacet.extra. Only what the page states; absent keys are omitted.
 * `zone`: the page's zone for an update time written without one (default: pageZone).
 */
export function findMetadata(doc: Document, article: JsonObject | null, pageUrl: string, now: Date, zone?: string | null): PageMetadata {
  const out: PageMetadata = {};
  const description = metaContent(doc, ['og:description', 'description', 'twitter:description']) ?? jsonText(article?.description);
  if (description) out.description = description;
  const section = metaContent(doc, ['article:section', 'section', 'category']) ?? jsonText(article?.articleSection);
  if (section) out.section = section;
  const tagList = [
    ...metaContents(doc, 'article:tag'),
    ...splitTags(metaContent(doc, ['keywords', 'news_keywords']) ?? ''),
    ...splitTags(jsonText(article?.keywords) ?? ''),
  ];
  const tags = [...new Set(tagList)].slice(0, 50);
  if (tags.length) out.tags = tags;
  const publisher = article?.publisher;
  const siteName = metaContent(doc, ['og:site_name', 'application-name']) ?? jsonText(publisher);
  if (siteName) out.siteName = siteName;
  if (publisher) {
    const p = jsonText(publisher);
    if (p) out.publisher = p;
  }
  const canonical = absolute(doc.querySelector('link[rel~="canonical" i]')?.getAttribute('href'), pageUrl) ?? absolute(metaContent(doc, ['og:url']), pageUrl);
  if (canonical) out.canonical = canonical;
  const image = absolute(metaContent(doc, ['og:image', 'twitter:image']), pageUrl);
  if (image) out.image = image;
  const modified = metaContent(doc, ['article:modified_time', 'og:updated_time', 'dateModified']) ?? jsonText(article?.dateModified);
  const modifiedIso = modified ? parseDateValue(modified, now, zone !== undefined ? zone : pageZone(doc, pageUrl)) : null;
  if (modifiedIso) out.modifiedAt = modifiedIso;
  const source = findSource(doc);
  if (source) out.source = source;
  const editor = findEditor(doc);
  if (editor) out.editor = editor;
  return out;
}
