import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { findArticle, readJsonLd } from '../../extractors/news/jsonld';
import { doc } from './dom';

/** When the page's headline sources disagree, the version more of them carry, and the one shown. */
describe('headline sources in agreement', () => {
  it('takes the <h1> that the JSON-LD headline repeats word for word over an og:title that <title> repeats', () => {
    const d = doc(
      `<html><head><title>Printer Flaw: CVE-2026-1234 Lets Anyone Print | Patchwatch</title>
        <meta property="og:title" content="Printer Flaw: CVE-2026-1234 Lets Anyone Print">
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Printer Flaw: One Missing Check Lets Anyone Print"}</script>
        </head><body><h1>Printer Flaw: One Missing Check Lets Anyone Print</h1><p>The spooler trusts every job.</p></body></html>`,
      'https://patchwatch.example/blog/printer-flaw',
    );
    expect(findTitle(d, findArticle(readJsonLd(d)), null)).toBe('Printer Flaw: One Missing Check Lets Anyone Print');
  });
});
