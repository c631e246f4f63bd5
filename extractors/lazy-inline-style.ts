import { createRequire } from 'node:module';

/**
 * jsdom gives every HTML and SVG element a CSSStyleDeclaration when it is created, and parses
 * each `style="…"` attribute into it while the page is parsed. Extraction reads `.style` on
 * few elements (Readability's visibility test), so both are deferred to the first read of
 * `.style`: the declaration is then built from the attribute as it is at that moment, which
 * is what jsdom's eager parsing would hold. Measured on real 150–260 kB pages: the
 * declarations were ~5 % of parsing in self time alone, plus their garbage.
 *
 * An inline style jsdom's CSS parser cannot read leaves the declaration empty (as if the page
 * had no such attribute) instead of failing the page.
 *
 * This patches jsdom's implementation classes (jsdom 26: `_initElementCSSInlineStyle`,
 * `_style`, `_attrModified` of HTMLElement and SVGElement). If they are not shaped as
 * expected, nothing is patched and jsdom stays eager.
 */
let installed = false;

interface StyledImpl {
  _style: { cssText: string };
  _settingCssText: boolean;
  getAttributeNS(ns: string | null, name: string): string | null;
}

type AttrModified = (this: StyledImpl, name: string, value: string | null, old: string | null) => void;

export function installLazyInlineStyle(): void {
  if (installed) return;
  installed = true;
  let protos: Array<Record<string, unknown>>;
  try {
    const req = createRequire(createRequire(import.meta.url).resolve('jsdom'));
    protos = ['HTMLElement', 'SVGElement'].map(
      (n) => (req(`./jsdom/living/nodes/${n}-impl.js`) as { implementation: { prototype: Record<string, unknown> } }).implementation.prototype,
    );
  } catch {
    return;
  }
  for (const proto of protos) {
    const eagerInit = proto._initElementCSSInlineStyle;
    const attrModified = proto._attrModified;
    if (typeof eagerInit !== 'function' || typeof attrModified !== 'function' || Object.getOwnPropertyDescriptor(proto, '_style')) continue;
    proto._initElementCSSInlineStyle = function (this: StyledImpl) {
      this._settingCssText = false;
    };
    Object.defineProperty(proto, '_style', {
      configurable: true,
      get(this: StyledImpl) {
        (eagerInit as (this: StyledImpl) => void).call(this); // assigns the own `_style` (setter below)
        const style = this._style;
        const attr = this.getAttributeNS(null, 'style');
        if (attr !== null) {
          this._settingCssText = true;
          try {
            style.cssText = attr;
          } catch {
            /* unreadable inline CSS: an empty declaration */
          } finally {
            this._settingCssText = false;
          }
        }
        return style;
      },
      set(this: StyledImpl, value: unknown) {
        Object.defineProperty(this, '_style', { value, writable: true, configurable: true, enumerable: true });
      },
    });
    proto._attrModified = function (this: StyledImpl, name: string, value: string | null, old: string | null) {
      // Before the first `.style` read there is no declaration to keep in step with the attribute.
      if (name === 'style' && !Object.prototype.hasOwnProperty.call(this, '_style') && !this._settingCssText) {
        this._settingCssText = true;
        try {
          (attrModified as AttrModified).call(this, name, value, old);
        } finally {
          this._settingCssText = false;
        }
        return;
      }
      (attrModified as AttrModified).call(this, name, value, old);
    };
  }
}
