import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { ROUTES, routePath } from '@casebridge/contracts';
import { AppLayout } from './AppLayout';
import { guardRoute } from './guards';
import { registerNavigator } from './navigation';
import { RouteErrorPage } from './RouteErrorPage';
import { loadRoutePage } from './route-pages';
import { ROUTE_NAMES } from './route-table';

// Every route of the contract's table, registered under its name (the route id). The page's chunk loads
// beside the guard (lazy), so a navigation waits for both and never shows a half-loaded page.
const namedRoutes: RouteObject[] = ROUTE_NAMES.map((name) => ({
  id: name,
  path: ROUTES[name],
  loader: ({ request }) => guardRoute(name, request),
  lazy: async () => {
    const Page = await loadRoutePage(name);
    return { element: <Page key={name} /> };
  },
}));

export const router = createBrowserRouter([
  {
    id: 'root',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="page" aria-busy="true" />,
    children: [...namedRoutes, { path: '*', loader: () => redirect(routePath('404')) }],
  },
]);

registerNavigator((to, options) => void router.navigate(to, options));
