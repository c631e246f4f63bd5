/**
 * Document order of two nodes. Node.compareDocumentPosition is not usable on every DOM we
 * parse with: linkedom's compares depths, not positions.
 */

/** Whether `b` comes after `a` in document order (as the FOLLOWING bit of `a.compareDocumentPosition(b)`): b starts later, or a contains b. */
export function follows(a: Node, b: Node): boolean {
  if (a === b) return false;
  const pa = ancestry(a), pb = ancestry(b);
  if (pa[0] !== pb[0]) return false; // different trees
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  if (i === pa.length) return true; // a contains b
  if (i === pb.length) return false; // b contains a
  for (let s = pa[i]!.nextSibling; s; s = s.nextSibling) if (s === pb[i]) return true;
  return false;
}

/** The node's ancestors from the root down, ending with the node. */
function ancestry(n: Node): Node[] {
  const out: Node[] = [];
  for (let x: Node | null = n; x; x = x.parentNode) out.push(x);
  return out.reverse();
}
