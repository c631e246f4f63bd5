import { RobotsTxtFile } from '@crawlee/utils';

/**
 * robots.txt per origin, fetched once per run. An unreachable or missing robots.txt
 * allows everything (the usual convention); a 5xx one is treated the same way here
 * rather than blocking the whole site.
 */
export class RobotsCache {
  private readonly files = new Map<string, Promise<RobotsTxtFile | null>>();

  constructor(private readonly userAgent = '*') {}

  async isAllowed(url: URL): Promise<boolean> {
    const file = await this.fileFor(url.origin);
    return file ? file.isAllowed(url.href, this.userAgent) : true;
  }

  private fileFor(origin: string): Promise<RobotsTxtFile | null> {
    let p = this.files.get(origin);
    if (!p) {
      p = fetchRobots(origin);
      this.files.set(origin, p);
    }
    return p;
  }
}

async function fetchRobots(origin: string): Promise<RobotsTxtFile | null> {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const res = await fetch(robotsUrl, { signal: AbortSignal.timeout(10_000), redirect: 'follow' });
    if (!res.ok) return null;
    return RobotsTxtFile.from(robotsUrl, await res.text());
  } catch {
    return null;
  }
}
