import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { HeaderShell } from './HeaderShell';

/** A header with two entries and a bell-like action, on a router with two pages. */
function renderHeader() {
  const header = (
    <HeaderShell home="/" label="Main" actions={<button type="button">Notifications</button>}>
      <li>
        <Link to="/">Home</Link>
      </li>
      <li>
        <Link to="/profile">Profile</Link>
      </li>
    </HeaderShell>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: header },
      { path: '/profile', element: header },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const navigation = () => screen.getByRole('navigation', { name: 'Main' });

describe('HeaderShell on a phone-sized screen', () => {
  afterEach(cleanup);

  it('names the navigation the Menu button opens and closes', () => {
    renderHeader();
    expect(toggle().getAttribute('aria-controls')).toBe(navigation().id);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu with Escape', () => {
    renderHeader();
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu when an entry is taken, the current page included', async () => {
    const router = renderHeader();
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('button', { name: 'Menu', expanded: false });
    expect(router.state.location.pathname).toBe('/profile');
    // Profile again, on the Profile page: no route change, the menu still closes.
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps header actions outside the folded navigation', () => {
    renderHeader();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(navigation().contains(bell)).toBe(false);
    expect(bell.closest('header')).not.toBeNull();
  });
});
