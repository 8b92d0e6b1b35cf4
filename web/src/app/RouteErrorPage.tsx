import { useRouteError } from 'react-router-dom';
import { MESSAGES } from '@casebridge/contracts';

/** Last resort when a page throws while rendering: say so and offer a reload instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="page" id="main">
      <h1>Something Went Wrong</h1>
      <p>{MESSAGES.unknownError}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload the Page
      </button>
    </main>
  );
}
