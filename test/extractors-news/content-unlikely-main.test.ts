import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  'The regional water board voted on Monday to raise the price of tap water by four percent from the first of July, the first rise in six years.',
  'Board members said the money would pay for replacing old pipes in the northern districts, where leaks waste almost a fifth of the water pumped.',
  'Consumer groups called the rise modest but asked the board to publish a yearly report on how many kilometres of pipe were actually replaced.',
  'The board promised to do so and said the first report would come out next spring, together with a map of the streets where work is planned.',
  'Households that use little water will pay the same as before, because the fixed part of the bill stays unchanged under the new tariff.',
  'Farmers, who draw most of their water from wells and rivers, are not affected by the decision, the board said in a statement after the vote.',
  'The opposition on the board voted against the plan, arguing that the pipes should have been paid for from the reserves built up in earlier years.',
  'A public hearing on the details of the new tariff will be held in the town hall on the twelfth of May, and residents may send written questions.',
];

const POPUP = [
  'Join thousands of readers who get our morning briefing every weekday, with the stories that matter most in the region and beyond, hand-picked by our editors.',
  'You will also receive invitations to our reader events, early access to our investigations and a weekly digest of the best opinion pieces from our columnists.',
  'We respect your privacy: your address is never shared with third parties, and every message carries a link that lets you stop the emails with one click.',
  'Members also get unlimited access to our archive, going back more than forty years, and can comment on every article once they have confirmed their address.',
];

// The story's layout wrapper is named "…-with-sidebar": Readability's "unlikely candidate" rule
// deletes it (and the whole story with it) before scoring, and a long newsletter pop-up is left.
const PAGE = `<!doctype html><html><head><title>Water prices to rise</title></head><body>
  <div class="site-nav"><a href="/">Home</a> <a href="/news">News</a></div>
  <div class="template-with-sidebar">
    <h1>Water prices to rise by four percent</h1>
    <div class="entry">${STORY.map((p) => `<p>${p}</p>`).join('')}</div>
  </div>
  <div class="overlay"><div class="modal"><div class="signup-box"><p>${POPUP.join(' ')}</p></div></div></div>
  <footer><a href="/about">About us</a></footer></body></html>`;

describe('a story container whose class holds an "unlikely" word', () => {
  for (const consume of [false, true]) {
    it(`returns the story, not the box left beside it (consume ${consume})`, () => {
      const r = extractContent(doc(PAGE), null, { title: 'Water prices to rise by four percent', consume });
      expect(r.paragraphs).toEqual(STORY);
    });
  }

  it('still lets Readability drop a real sidebar that holds the headline but little of the text', () => {
    const page = PAGE.replace('<div class="template-with-sidebar">', '<div class="story">').replace(
      '<h1>Water prices to rise by four percent</h1>',
      '<div class="sidebar"><h1>Water prices to rise by four percent</h1><p>Most read this week: bus fares, parking fees.</p></div>',
    );
    const r = extractContent(doc(page), null, { title: 'Water prices to rise by four percent' });
    expect(r.paragraphs).toContain(STORY[0]);
    expect(r.paragraphs.join(' ')).not.toContain('Most read this week');
  });
});
