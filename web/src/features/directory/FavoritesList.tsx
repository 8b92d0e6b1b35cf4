import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Favorite } from '@casebridge/contracts';
import { favoritePath } from './partner-links';
import './directory.css';

/** The user's favourite partners; each opens the partner's submit-case page. */
export function FavoritesList({ title, favorites }: { title: string; favorites: UseQueryResult<Favorite[]> }) {
  const list = favorites.data;
  return (
    <section className="card" aria-labelledby="favorites-title">
      <h2 id="favorites-title">{title}</h2>
      {favorites.isPending && <p className="muted">Loading…</p>}
      {/* A failed refresh keeps the list it had. */}
      {favorites.isError && !list && <p className="muted">Your favourites could not be loaded.</p>}
      {list &&
        (list.length === 0 ? (
          <p className="muted">No favourites yet. Mark a partner's process as a favourite on its request page.</p>
        ) : (
          <ul className="favorites-list">
            {list.map((favorite) => (
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
