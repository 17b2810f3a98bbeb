/**
 * robots.txt per origin (RFC 9309), parsed by robots-parser. A 4xx robots.txt means "no rules";
 * a 5xx means the site is unreachable, which RFC 9309 §2.3.1.4 treats as a complete disallow.
 */
import robotsParser from 'robots-parser';

export interface RobotsRules {
  isAllowed(url: string, userAgent: string): boolean;
  crawlDelaySeconds(userAgent: string): number | undefined;
}

export function parseRobots(robotsUrl: string, status: number, body: string): RobotsRules {
  if (status >= 200 && status < 300) {
    const robot = robotsParser(robotsUrl, body);
    return {
      // robots-parser answers undefined for URLs of another origin: treat as not ours to judge.
      isAllowed: (url, ua) => robot.isAllowed(url, ua) !== false,
      crawlDelaySeconds: (ua) => robot.getCrawlDelay(ua),
    };
  }
  if (status >= 400 && status < 500) return { isAllowed: () => true, crawlDelaySeconds: () => undefined };
  return { isAllowed: () => false, crawlDelaySeconds: () => undefined };
}

/** The product token robots.txt groups match against ("AncestryEngine" of "AncestryEngine/0.1 (…)"). */
export function robotsAgent(userAgent: string): string {
  return userAgent.split(/[/\s]/)[0] || userAgent;
}
