/**
 * The words pages put next to a date to say which date it is: a revision ("Updated …",
 * "更新时间：…") or the first publication ("Published …", "发布于 …"). One vocabulary for
 * every rule that reads date labels (published.ts, date-labels.ts).
 */

/** Latin-script words that label a revision date. */
const REVISED = ['updated', 'modified', 'revised', 'reviewed', 'aktualisiert', 'mis à jour', 'actualizado'];
/** Latin-script words that label the publication date. */
const PUBLISHED = ['published', 'posted', 'publié', 'veröffentlicht', 'publicado'];
/**
 * Chinese revision verbs. 编辑 is also the editor's title (责任编辑：…), so it labels a
 * revision only as 编辑于 or 最后编辑 before a date, or right after one ("… 11:00 编辑").
 */
const REVISED_ZH = ['更新', '修改'];
const EDITED_ZH = ['编辑于', '編輯於', '最后编辑', '最後編輯'];
const EDIT_VERBS_ZH = ['编辑', '編輯'];
/** Chinese publication verbs; 首发 ("first published") says it outright. */
const PUBLISHED_ZH = ['发布', '發佈', '发表', '發表'];
const FIRST_ZH = ['首发', '首發'];

const any = (words: readonly string[]): string => words.join('|');
/** A label's tail before its date: "时间", "于", then "on"/"at"/"am"/"le"/"el" and punctuation. */
const TO_DATE = '\\W{0,3}(?:on|at|am|le|el)?\\W{0,3}$';

/** A text that labels a date in it as a revision (no word boundary: pages glue words, "FurrerUpdated:"). */
export const REVISION_WORD = new RegExp(any([...REVISED, ...REVISED_ZH, ...EDITED_ZH]), 'i');
/** A text that labels a date in it as the publication. */
export const PUBLISHED_WORD = new RegExp(any([...PUBLISHED, ...PUBLISHED_ZH, ...FIRST_ZH]), 'i');
/** A text that labels any of its dates, either way. */
export const DATE_LABEL = new RegExp(`${REVISION_WORD.source}|${PUBLISHED_WORD.source}`, 'i');
/** A line that may label a date as a revision (bare 编辑 too: see REVISION_AFTER). */
export const MAY_LABEL_REVISION = new RegExp(`${REVISION_WORD.source}|${any(EDIT_VERBS_ZH)}`, 'i');

/** The text right before a date labels it a revision ("Updated on ", "更新时间：", "编辑于 "). */
export const REVISION_BEFORE = new RegExp(`(?:${any(REVISED)}|(?:${any(REVISED_ZH)})(?:时间|時間)?|${any(EDITED_ZH)})${TO_DATE}`, 'iu');
/** The text right after a date labels it a revision, as Chinese does ("于 … 修改", "于 … 被 章若溪 编辑"). */
export const REVISION_AFTER = new RegExp(`^\\s*(?:被\\s*[^\\s\\]】)）]{1,16}\\s*)?(?:重新)?(?:${any([...REVISED_ZH, ...EDIT_VERBS_ZH])})`);
/** The text right before a date labels it the publication ("Posted on ", "发布时间：", "发表于 "). */
export const PUBLISHED_BEFORE = new RegExp(`(?:${any(PUBLISHED)}|(?:发布|發佈)(?:时间|時間|于|於)?|(?:发表|發表)(?:于|於)|${any(FIRST_ZH)})${TO_DATE}`, 'iu');
/** The text right after a date labels it the publication ("于 … 首次发布"). */
export const PUBLISHED_AFTER = new RegExp(`^\\s*(?:首次)?(?:${any(PUBLISHED_ZH)})`);
