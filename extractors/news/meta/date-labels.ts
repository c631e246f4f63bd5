import { dateSpans, parseDateText } from './date-text';
import { MAY_LABEL_REVISION, PUBLISHED_AFTER, PUBLISHED_BEFORE, REVISION_AFTER, REVISION_BEFORE } from './date-words';

/**
 * The publish date of a line that shows two dates, one labelled as a revision: "Updated Nov 11,
 * 2022 · Originally published Nov 9, 2022", "已于 2024-05-13 11:00 修改 · 于 2024-05-12 10:30 发布".
 * Labels stand before a date ("Updated", "更新时间：", "发布于") or, in Chinese, after it
 * ("于 … 发布"). The first date not labelled as a revision, one labelled as published first;
 * a line with one date, or no revision label, is read as parseDateText reads it.
 */
export function publishedInLine(line: string, now: Date, zone: string | null): string | null {
  if (!MAY_LABEL_REVISION.test(line)) return parseDateText(line, now, zone);
  const spans = dateSpans(line, now, zone);
  if (spans.length < 2) return parseDateText(line, now, zone);
  const labelled = spans.map((s, i) => {
    const before = line.slice(i > 0 ? spans[i - 1]!.end : 0, s.index).slice(-24);
    const after = line.slice(s.end, s.end + 8);
    return {
      at: s.at,
      revision: REVISION_BEFORE.test(before) || REVISION_AFTER.test(after),
      published: PUBLISHED_BEFORE.test(before) || PUBLISHED_AFTER.test(after),
    };
  });
  if (!labelled[0]!.revision) return parseDateText(line, now, zone);
  return (labelled.find((l) => l.published && !l.revision) ?? labelled.find((l) => !l.revision))?.at ?? parseDateText(line, now, zone);
}

