import type { CDPSession } from 'playwright';

/** What a tab does not download unless --load-media: images, fonts, audio and video. */
const MEDIA_TYPES = ['Image', 'Font', 'Media'] as const;

/** File endings of media, for the loads that never pass the page's Fetch (see blockMedia). */
const MEDIA_ENDINGS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp4', 'webm', 'mp3', 'm4a', 'ogg', 'wav'];

/**
 * Fails a tab's image, font and media requests inside Chromium, chosen by resource type. URL
 * substrings (Network.setBlockedURLs' `urls`, Crawlee's blockRequests) match anywhere in a URL:
 * ".gif" also blocked every request to www.giftshop.com and an XHR to /api/giftcards.gifts/price,
 * so a shop lost its prices. Only the blocked requests cross into Node, to be failed at once.
 *
 * The browser fetches a page's icon itself, past the page's Fetch domain: one extra request
 * per page, even right after a 429 whose Retry-After we honour. Those are blocked by URL
 * patterns anchored on the path's ending (`*://*:*\/*.png` matches /img/icon.png?v=3, never
 * www.giftshop.com). A Chromium without `urlPatterns` ignores them; the icon is then fetched.
 */
export async function blockMedia(session: CDPSession): Promise<void> {
  session.on('Fetch.requestPaused', (e: { requestId: string }) => {
    void session.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: MEDIA_TYPES.map((resourceType) => ({ urlPattern: '*', resourceType, requestStage: 'Request' as const })) });
  // Blocked-URL lists are read only while the session's Network domain is on; no bodies kept.
  await session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  await session.send('Network.setBlockedURLs', {
    urls: [],
    urlPatterns: MEDIA_ENDINGS.map((ending) => ({ urlPattern: `*://*:*/*.${ending}`, block: true })),
  } as { urls: string[] });
}
