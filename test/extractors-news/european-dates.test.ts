import { describe, expect, it } from 'vitest';
import { parseDateText } from '../../extractors/news/meta/date-text';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { findAuthor } from '../../extractors/news/meta/author';
import { pageZone } from '../../extractors/time/page-zone';
import { doc, NOW } from './dom';

describe('dates written with month names of other languages', () => {
  it('reads the clock time a dash, bar or dot sets after the date, in the zone given', () => {
    expect(parseDateText('12 de enero de 2026 - 14:30', NOW, '+01:00')).toBe('2026-01-12T14:30:00+01:00');
    expect(parseDateText('January 12, 2026 | 2:30 pm', NOW, '-05:00')).toBe('2026-01-12T14:30:00-05:00');
    expect(parseDateText('12.01.2026 · 14:30', NOW, '+01:00')).toBe('2026-01-12T14:30:00+01:00');
    expect(parseDateText('2026-01-12 — 14:30', NOW, '+08:00')).toBe('2026-01-12T14:30:00+08:00');
  });
  it('reads German, Spanish, French, Italian, Dutch, Portuguese and Russian dates, day first', () => {
    expect(parseDateText('3. März 2024', NOW)).toBe('2024-03-03');
    expect(parseDateText('12 de marzo de 2024', NOW)).toBe('2024-03-12');
    expect(parseDateText('publié le 12 mars 2024', NOW)).toBe('2024-03-12');
    expect(parseDateText('5 maggio 2023', NOW)).toBe('2023-05-05');
    expect(parseDateText('1 oktober 2022', NOW)).toBe('2022-10-01');
    expect(parseDateText('7 de setembro de 2021', NOW)).toBe('2021-09-07');
    expect(parseDateText('12 марта 2024', NOW)).toBe('2024-03-12');
  });
  it('keeps the clock time written after them, in the given zone', () => {
    expect(parseDateText('3. März 2024, 14:22 Uhr', NOW, 'Europe/Berlin')).toBe('2024-03-03T14:22:00+01:00');
    expect(parseDateText('12 mars 2024 à 14h22', NOW, 'Europe/Paris')).toBe('2024-03-12T14:22:00+01:00');
    expect(parseDateText('12 maart 2024 om 09:15', NOW)).toBe('2024-03-12T09:15:00');
  });
  it('does not read an English word as a month', () => {
    expect(parseDateText('we went out 3 times in 2024', NOW)).toBeNull();
  });
});

describe('European pages', () => {
  const german = doc(
    `<html lang="de"><head><title>Neue Parks eröffnet | Beispiel</title></head><body>
      <h1>Neue Parks eröffnet</h1><div class="meta">Von Anna Schmidt und Max Müller · 3. März 2024, 14:22 Uhr</div>
      <p>Die Stadt hat am Wochenende drei neue Parks eröffnet, die insgesamt mehr als hundert Hektar umfassen.</p></body></html>`,
    'https://www.beispiel.example/artikel/1',
  );
  it('dates a German article in Central European Time, and reads its "Von" byline', () => {
    expect(pageZone(german, 'https://www.beispiel.example/artikel/1')).toBe('Europe/Berlin');
    expect(findPublishedAt(german, null, NOW, { url: 'https://www.beispiel.example/artikel/1' })).toBe('2024-03-03T14:22:00+01:00');
    expect(findAuthor(german, null, null)).toBe('Anna Schmidt, Max Müller');
  });
  it('reads "Por" bylines and takes the zone of a one-zone country TLD', () => {
    const d = doc(
      `<html><head><title>Nuevos parques</title></head><body><h1>Nuevos parques</h1>
        <div class="meta">Por María López | 12 de marzo de 2024 a las 18:05</div><p>La ciudad abrió tres parques nuevos.</p></body></html>`,
      'https://www.ejemplo.es/noticia/1',
    );
    expect(findAuthor(d, null, null)).toBe('María López');
    expect(findPublishedAt(d, null, NOW, { url: 'https://www.ejemplo.es/noticia/1' })).toBe('2024-03-12T18:05:00+01:00');
  });
});
