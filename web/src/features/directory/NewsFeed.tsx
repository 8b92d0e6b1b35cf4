import { LIMITS } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { formatLongDate } from '../../lib/format';
import { useApiQuery } from '../../lib/queries';
import './directory.css';

/** The three latest posts of the network's public blog; nothing at all when there are none. */
export function NewsFeed() {
  const news = useApiQuery(API.dashboard.news);
  if (!news.data || news.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="news-title">
      <h2 id="news-title">News</h2>
      <ul className="news-list">
        {news.data.slice(0, LIMITS.newsPosts).map((post) => (
          <li key={post.id} className="news-post">
            {post.image && <img src={post.image} alt="" className="news-image" loading="lazy" />}
            <div>
              <h3>
                <a href={post.link} target="_blank" rel="noreferrer">
                  {post.title}
                </a>
              </h3>
              <p className="muted news-date">{formatLongDate(post.date)}</p>
              <p>{post.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
