import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

const page = (title: string, footer: string, url: string): Document =>
  doc(`<html><head><title>${title}</title></head><body><h2>오늘의 주요 뉴스</h2><p>본문 내용입니다.</p><footer>${footer}</footer></body></html>`, url);

/** A site that names itself nowhere but in its copyright notice (no og:site_name, no logo link home). */
describe("the site's name from its copyright notice", () => {
  it('parts the name off after a spaced colon, which headlines also use', () => {
    const url = 'https://www.yesiilbo.example/news/articleView.html?idxno=1';
    expect(findTitle(page('경제 성장률 발표 : 예시일보', 'Copyright © 예시일보. All rights reserved.', url), null, null)).toBe('경제 성장률 발표');
    expect(findTitle(page('경제 성장률 발표 : 예시일보', '저작권자 © 예시일보 무단전재 및 재배포 금지', url), null, null)).toBe('경제 성장률 발표');
    expect(findTitle(page('경제 성장률 발표 : 예시일보', 'Copyright (c) 2025 by 예시일보<br>주소: 서울', url), null, null)).toBe('경제 성장률 발표');
  });

  it('keeps a colon that belongs to the headline when the notice names someone else', () => {
    const url = 'https://www.lejournal.example/a/1';
    expect(findTitle(page('Grève : ce qui change lundi', '© 2026 Groupe Exemple SA', url), null, null)).toBe('Grève : ce qui change lundi');
  });
});
