import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { isFurniture, isSectionEnd } from '../../extractors/news/content/boilerplate';
import { doc } from './dom';

const TITLE = 'Council approves the new tram line';
const STORY = [
  'The city council voted on Tuesday to approve a new tram line linking the harbour with the university district, ending two years of debate.',
  'The line will have eleven stops and is expected to carry about forty thousand passengers a day once it opens at the end of next year.',
  'Shop owners along the route said they welcomed the decision but asked the council to keep the street open to deliveries during the works.',
  'The transport department said the first rails would be laid in the spring and that bus routes would change while the street is closed.',
];

function page(middle: string): string {
  return `<html><body><article>
    <h1>${TITLE}</h1>
    ${STORY.slice(0, 2).map((p) => `<p>${p}</p>`).join('\n')}
    ${middle}
    ${STORY.slice(2).map((p) => `<p>${p}</p>`).join('\n')}
  </article></body></html>`;
}

describe('captions Readability would unwrap or that only the page names', () => {
  it('drops a caption whose class names it inside a camel-case word, and its credit', () => {
    const html = page(`<div class="InlineImage-wrapper"><img src="tram.jpg">
      <div class="InlineImage-imageEmbedCaption">A tram of the kind the city plans to buy, seen on a test track outside the depot last autumn.</div>
      <div class="InlineImage-imageEmbedCredit">Jane Roe | City Photo Agency</div></div>`);
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual(STORY);
  });

  it('drops a <div class="caption"> around a single paragraph', () => {
    const html = page(`<div class="image-ct"><img src="tram.jpg"></div>
      <div class="caption"><p>Councillors raise their hands during the vote on the tram line in the town hall on Tuesday evening.</p></div>`);
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual(STORY);
  });

  it('drops a plain paragraph that repeats the alt text of the image above it', () => {
    const caption = 'Councillors raise their hands during the vote on the tram line in the town hall on Tuesday evening.';
    const html = page(`<div><img src="vote.jpg" alt="${caption}"></div><p>${caption}</p>`);
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual(STORY);
  });

  it('keeps a paragraph that an image below it reuses as its alt text', () => {
    const lead = 'These are the eleven stops of the new line, from the harbour to the university district:';
    const html = page(`<p>${lead}</p><div><img src="map.png" alt="${lead}"></div>`);
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual([...STORY.slice(0, 2), lead, ...STORY.slice(2)]);
  });
});

describe('hover cards inside a paragraph', () => {
  it('keeps the paragraph and the name that opens the card, drops the card', () => {
    const card = `<span class="person-card"><img src="mayor.jpg"><a href="/people/anna-berg">Anna Berg</a>
      <a href="/news/1">Mayor opens the new bridge after three years of works on the river banks</a>
      <a href="/news/2">Budget talks stall again as the council argues over school funding</a></span>`;
    const html = `<html><body><article><h1>${TITLE}</h1>
      <p>The vote was called by Mayor <span class="person"><a href="/people/anna-berg">Anna Berg</a>${card}</span>, who had promised the line during her campaign.</p>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: TITLE });
    expect(r.paragraphs).toEqual(['The vote was called by Mayor Anna Berg, who had promised the line during her campaign.', ...STORY]);
  });
});

describe('furniture lines of galleries, tool bars and wire credits', () => {
  it('drops gallery counters and control labels, tool bar lines, reading times and wire credits', () => {
    for (const line of [
      'Image 1 of / 23', 'Caption', 'Close', 'Order Reprints', 'Print Article', 'Text size', '4 min read', 'Tempo de leitura: 2 minutos',
      '(Reporting by Jane Roe; additional reporting by John Doe; Editing by Ann Smith)', 'Loading prices for your region…', 'Subscribe to Example and stay smart with more of your favourite writers in your inbox.', 'Join our forums to keep talking about trams with other members!', 'READ MORE: Why the harbour bridge closed for a month', 'Table of Contents', 'In this article', 'Note: we are temporarily moderating all comments submitted to deal with a surge in spam.', 'ATENÇÃO: Comentários ofensivos não serão aprovados pelo moderador.', '本網現已開設Facebook專頁，讓你即時掌握新聞資訊！快點到Facebook Like我們的專頁！', 'Associated Press writers Jane Roe and John Doe contributed to this report.',
    ]) {
      expect(isFurniture(line), line).toBe(true);
    }
    for (const line of ['Close to a thousand people came to the meeting.', 'Reporting by the local paper led to the inquiry, which found that the council had ignored warnings.', 'Editing by hand took weeks.', 'Contents of the report were leaked to the press on Monday.', 'Facebook: moderate reach (comments, shares, reactions)', '该公司在微博上宣布，新产品将于下月上市。', 'Join us in Seattle for the spring transport conference!']) {
      expect(isFurniture(line), line).toBe(false);
    }
  });

  it('ends the story at a "More Great <Site> Stories" heading', () => {
    expect(isSectionEnd('More Great WIRED Stories')).toBe(true);
    const html = `<html><body><article><h1>${TITLE}</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <h3>More Great Example Stories</h3>
      <ul><li>Why the harbour needs a second bridge, and who will pay for it</li><li>The plan to plant ten thousand trees along the ring road by spring</li></ul>
    </article></body></html>`;
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual(STORY);
  });
});

describe('a long date line at the top', () => {
  it('drops a date line with its weekday and time above the story', () => {
    const html = `<html><body><article><h1>${TITLE}</h1>
      <p>segunda-feira, 22 de janeiro de 2018 às 0:13</p>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
    </article></body></html>`;
    expect(extractContent(doc(html), null, { title: TITLE }).paragraphs).toEqual(STORY);
  });
});
