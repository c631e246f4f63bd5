import { describe, it, expect } from 'vitest';
import { checkLink } from '../../src/crawler/links/links';
import { siteOf } from '../../src/crawler/links/scope';
import { resolveTargets } from '../../src/crawler/links/resolve-urls';
import { classifyError } from '../../src/crawler/results/failures';

describe('scope', () => {
  it('groups hosts by registrable domain, including two-level public suffixes', () => {
    expect(siteOf('item.jd.com')).toBe('jd.com');
    expect(siteOf('news.sina.com.cn')).toBe('sina.com.cn');
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('follows same-site links and refuses other sites, schemes and malformed hrefs', () => {
    const starts = [new URL('https://www.jd.com/')];
    expect(checkLink('https://item.jd.com/1.html#top', 'https://www.jd.com/', starts, 'same-site')).toEqual({ ok: true, url: new URL('https://item.jd.com/1.html') });
    expect(checkLink('https://item.jd.com/1.html', 'https://www.jd.com/', starts, 'same-domain')).toEqual({ ok: false, reason: 'out-of-scope' });
    expect(checkLink('https://www.taobao.com/', 'https://www.jd.com/', starts, 'same-site')).toEqual({ ok: false, reason: 'out-of-scope' });
    expect(checkLink('https://www.taobao.com/', 'https://www.jd.com/', starts, 'any').ok).toBe(true);
    expect(checkLink('javascript:void(0)', 'https://www.jd.com/', starts, 'any')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkLink('mailto:a@b.c', 'https://www.jd.com/', starts, 'any')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkLink('http://[::1', 'https://www.jd.com/', starts, 'any')).toEqual({ ok: false, reason: 'malformed-url' });
    expect(checkLink('/list?page=2', 'https://www.jd.com/c/1', starts, 'same-domain')).toEqual({ ok: true, url: new URL('https://www.jd.com/list?page=2') });
  });
});

describe('--urls', () => {
  it('expands aliases and keeps URLs; demo is started at run time', () => {
    const t = resolveTargets('taobao,jd,https://example.com/news,demo');
    expect(t.urls).toEqual(['https://www.taobao.com/', 'https://www.jd.com/', 'https://example.com/news']);
    expect(t.usesDemo).toBe(true);
    expect(t.politeness?.hostDelayMs).toBeGreaterThan(0);
  });

  it('names the bad item and the valid choices', () => {
    expect(() => resolveTargets('tabao')).toThrow(/unknown site alias "tabao": valid aliases are .*jd.*taobao/);
    expect(() => resolveTargets('ftp://x.org/')).toThrow(/only http and https/);
    expect(() => resolveTargets(' , ')).toThrow(/--urls is empty/);
  });
});

describe('failure reasons', () => {
  it('maps navigation errors to the reason users filter by', () => {
    expect(classifyError('page.goto: net::ERR_TOO_MANY_REDIRECTS at http://x/')).toBe('redirect-loop');
    expect(classifyError('Navigation timed out after 20 seconds.')).toBe('timeout');
    expect(classifyError('page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/')).toBe('unreachable');
    expect(classifyError('page.goto: Download is starting')).toBe('non-html');
    expect(classifyError('blocked: status code 403')).toBe('blocked');
    expect(classifyError('HTTP 503')).toBe('http-503');
  });
});
