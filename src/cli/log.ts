/** Messages on stderr, as text lines or JSON lines (`--log-format json`) for log collectors. */
let format: 'text' | 'json' = process.env.LOG_FORMAT === 'json' ? 'json' : 'text';

export function setLogFormat(f: 'text' | 'json'): void {
  format = f;
}

export function logLine(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  if (format === 'json') {
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + '\n');
  } else {
    const extra = Object.entries(fields).map(([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join('');
    process.stderr.write(`${level === 'info' ? '' : `${level}: `}${message}${extra}\n`);
  }
}
