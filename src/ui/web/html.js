// htm bound to Preact: templates become Preact elements; every interpolated value is a text node
// or an attribute value, never parsed as HTML.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
