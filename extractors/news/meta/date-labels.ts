import { dateSpans, parseDateText } from './date-text';

/**
 * The publish date of a line that shows two dates, one labelled as a revision: "Updated Nov 11,
 * 2022 · Originally published Nov 9, 2022", "已于 2024-05-13 11:00 修改 · 于 2024-05-12 10:30 发布".
 * Labels stand before a date ("Updated", "更新时间：", "发布于") or, in Chinese, after it
 * ("于 … 发布"). The first date not labelled as a revision, one labelled as published first;
 * a line with one date, or no revision label, is read as parseDateText reads it.
 */
export function publishedInLine(line: string, now: Date, zone: string | null): string | null {
  if (!REVISION.test(line)) return parseDateText(line, now, zone);
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

const REVISION = /updated|modified|revised|更新|修改|编辑|編輯|aktualisiert|mis à jour|actualizado/i;
const REVISION_BEFORE = /(updated|modified|revised|更新(时间|時間)?|修改(时间|時間)?|编辑于|編輯於|最后编辑|aktualisiert|mis à jour|actualizado)\W{0,3}(on|at|am|le|el)?\W{0,3}$/iu;
const REVISION_AFTER = /^\s*(修改|更新|编辑|編輯)/;
const PUBLISHED_BEFORE = /(published|posted|publié|veröffentlicht|publicado|发布(时间|時間|于|於)?|發佈(时间|時間|于|於)?|发表(于|於)|發表(于|於)|首发|首發)\W{0,3}(on|at|am|le|el)?\W{0,3}$/iu;
const PUBLISHED_AFTER = /^\s*(首次)?(发布|發佈|发表|發表)/;
