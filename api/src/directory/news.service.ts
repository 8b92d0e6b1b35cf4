import { htmlToOneLine } from '../platform/common/rich-text';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMITS, type NewsPost } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import type { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { REDIS } from '../platform/redis/redis.module';

/** Redis key (under REDIS_PREFIX) of the cached feed. */
export const NEWS_CACHE_KEY = 'news:latest';
/** A good answer is kept ten minutes. */
export const NEWS_CACHE_SECONDS = 600;
/** An unreachable or malformed feed is retried after a minute, so a dashboard never waits on a dead blog. */
export const NEWS_FAILURE_CACHE_SECONDS = 60;
export const NEWS_TIMEOUT_MS = 3000;

/**
 * The dashboard news: the three latest posts of the network's WordPress-style blog (BLOG_URL). None configured,
 * unreachable, slow (3 s) or malformed answers an empty list, never an error. Titles and excerpts are plain text.
 */
@Injectable()
export class NewsService {
  private readonly logger = new Logger('News');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async latest(): Promise<NewsPost[]> {
    const blogUrl = this.config.BLOG_URL.trim();
    if (!blogUrl) return [];
    const cached = await this.redis.get(NEWS_CACHE_KEY).catch(() => null);
    if (cached !== null) {
      try {
        return JSON.parse(cached) as NewsPost[];
      } catch {
        // A damaged cache entry is simply refetched.
      }
    }
    const posts = await this.fetchPosts(blogUrl);
    await this.redis
      .set(NEWS_CACHE_KEY, JSON.stringify(posts ?? []), 'EX', posts ? NEWS_CACHE_SECONDS : NEWS_FAILURE_CACHE_SECONDS)
      .catch(() => undefined);
    return posts ?? [];
  }

  /** The mapped posts, or null when the feed could not be read. */
  private async fetchPosts(blogUrl: string): Promise<NewsPost[] | null> {
    let url: URL;
    try {
      url = new URL(blogUrl);
    } catch {
      this.logger.warn(`BLOG_URL is not a URL: ${blogUrl}`);
      return null;
    }
    url.searchParams.set('per_page', String(LIMITS.newsPosts));
    url.searchParams.set('_embed', '1');
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(NEWS_TIMEOUT_MS),
        redirect: 'follow',
      });
      if (!response.ok) {
        this.logger.warn(`news feed answered ${response.status}`);
        return null;
      }
      const body: unknown = await response.json();
      const posts = mapBlogPosts(body);
      if (posts === null) this.logger.warn('news feed answered something other than a list of posts');
      return posts;
    } catch (error) {
      this.logger.warn(`news feed unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

/** WordPress REST posts → NewsPost; null when the body is not a list. Posts without a title or http link are skipped. */
export function mapBlogPosts(body: unknown): NewsPost[] | null {
  if (!Array.isArray(body)) return null;
  const posts: NewsPost[] = [];
  for (const raw of body) {
    if (posts.length >= LIMITS.newsPosts) break;
    if (!raw || typeof raw !== 'object') continue;
    const post = raw as Record<string, unknown>;
    const title = htmlToOneLine(rendered(post.title));
    const link = typeof post.link === 'string' && /^https?:\/\//i.test(post.link) ? post.link : null;
    if (!title || !link) continue;
    posts.push({
      id: typeof post.id === 'number' ? post.id : posts.length + 1,
      title,
      link,
      date: dateOf(post),
      excerpt: htmlToOneLine(rendered(post.excerpt)),
      image: featuredImage(post._embedded),
    });
  }
  return posts;
}

function rendered(field: unknown): string {
  if (typeof field === 'string') return field;
  if (field && typeof field === 'object' && typeof (field as { rendered?: unknown }).rendered === 'string')
    return (field as { rendered: string }).rendered;
  return '';
}

function dateOf(post: Record<string, unknown>): string {
  if (typeof post.date_gmt === 'string' && !Number.isNaN(Date.parse(`${post.date_gmt}Z`)))
    return new Date(`${post.date_gmt}Z`).toISOString();
  if (typeof post.date === 'string') return post.date;
  return '';
}

function featuredImage(embedded: unknown): string | null {
  if (!embedded || typeof embedded !== 'object') return null;
  const media = (embedded as Record<string, unknown>)['wp:featuredmedia'];
  if (!Array.isArray(media) || !media[0] || typeof media[0] !== 'object') return null;
  const source = (media[0] as { source_url?: unknown }).source_url;
  return typeof source === 'string' && /^https?:\/\//i.test(source) ? source : null;
}
