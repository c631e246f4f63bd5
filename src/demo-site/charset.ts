import type { CharsetDecl } from './html';

/**
 * How a GBK page announces its encoding, varied by a page index so a crawler meets all cases:
 * HTTP header only, `<meta charset="gbk">`, `<meta http-equiv>` saying gb2312, or nothing (must be detected).
 */
export interface GbkVariant { header: boolean; markup: CharsetDecl }

export function gbkVariant(index: number): GbkVariant {
  switch (index % 4) {
    case 0: return { header: true, markup: 'none' };
    case 1: return { header: false, markup: 'gbk-meta' };
    case 2: return { header: false, markup: 'gbk-http-equiv' };
    default: return { header: false, markup: 'none' };
  }
}
