import { Link } from 'react-router-dom';
import type { Favorite } from '@casebridge/contracts';
import type { AsyncState } from '../../lib/use-async';
import { favoritePath } from './partner-links';

/** The user's favourite partners; each opens the partner's submit-case page. */
export function FavoritesList({ title, favorites }: { title: string; favorites: AsyncState<Favorite[]> }) {
  return (
    <section className="card" aria-labelledby="favorites-title">
      <h2 id="favorites-title">{title}</h2>
      {favorites.status === 'loading' && <p className="muted">Loading…</p>}
      {favorites.status === 'failed' && <p className="muted">Your favourites could not be loaded.</p>}
      {favorites.status === 'ready' &&
        (favorites.data.length === 0 ? (
          <p className="muted">No favourites yet. Mark a partner's process as a favourite on its request page.</p>
        ) : (
          <ul className="favorites-list">
            {favorites.data.map((favorite) => (
              <li key={favorite.id}>
                <Link to={favoritePath(favorite)}>
                  {favorite.company.name}
                  {favorite.department && ` – ${favorite.department.name}`}
                </Link>
                {favorite.document && <span className="muted"> {favorite.document.name}</span>}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
