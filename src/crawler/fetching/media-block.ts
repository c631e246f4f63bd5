import type { CDPSession } from 'playwright';

/** What a tab does not download unless --load-media: images, fonts, audio and video. */
const MEDIA_TYPES = ['Image', 'Font', 'Media'] as const;

/**
 * Fails a tab's image, font and media requests inside Chromium, chosen by resource type. URL
 * patterns (Network.setBlockedURLs, Crawlee's blockRequests) match anywhere in a URL: ".gif"
 * also blocked every request to www.giftshop.com and an XHR to /api/giftcards.gifts/price, so a
 * shop lost its prices. Only the blocked requests cross into Node, to be failed at once.
 */
export async function blockMedia(session: CDPSession): Promise<void> {
  session.on('Fetch.requestPaused', (e: { requestId: string }) => {
    void session.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: MEDIA_TYPES.map((resourceType) => ({ urlPattern: '*', resourceType, requestStage: 'Request' as const })) });
}
