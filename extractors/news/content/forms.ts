import { toBlocks } from './blocks';
import { textWeight } from '../../text/script';

/**
 * Controls of a poll (radio buttons, check boxes) or a comment box (textarea). A lone search
 * or login field is left to the line filters: those forms sit in the page header, and
 * removing them only shifts Readability's scores for nothing.
 */
const USER_CONTROL = 'input[type="radio"], input[type="checkbox"], textarea';

/**
 * Drops <form> elements that hold poll or comment controls and no prose line: polls, surveys,
 * comment and feedback boxes. Readability deletes the controls themselves but keeps
 * their labels, so a poll's question and answers otherwise come out as short article lines.
 * A form holding a real paragraph is left alone (some CMSs wrap the whole page in one form).
 * Works in place; pass the clone Readability will read.
 */
export function dropControlForms(doc: Document, maxLineWeight = 150): void {
  for (const form of Array.from(doc.querySelectorAll('form'))) {
    if (!form.isConnected || !form.querySelector(USER_CONTROL)) continue;
    const lines = toBlocks(form, { skipHidden: false });
    if (lines.every((b) => textWeight(b.text) < maxLineWeight)) form.remove();
  }
}
