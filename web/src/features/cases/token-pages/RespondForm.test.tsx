import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@casebridge/contracts';
import { useSession } from '../../../app/session-store';
import { queryClient } from '../../../lib/queries';
import { RespondForm } from './RespondForm';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const ALL = { accept: true, request_information: true, reject: true, provide_information: false };

afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
});

/** The receiving engineer's answer form: who answers, and what the text box asks for. */
describe('the answer form of the token page', () => {
  it('starts with the signed-in user as the engineer, editable', () => {
    useSession.setState({
      user: {
        first_name: 'Gina',
        last_name: 'Globex',
        email: 'gina@globex.test',
        phone: '5550100',
        phone_country_code: 'IE',
      } as CurrentUser,
    });
    render(<RespondForm token="t" allowed={ALL} />, { wrapper });
    expect((screen.getByLabelText('Engineer Name') as HTMLInputElement).value).toBe('Gina Globex');
    expect((screen.getByLabelText('Engineer Email') as HTMLInputElement).value).toBe('gina@globex.test');
    fireEvent.change(screen.getByLabelText('Engineer Name'), { target: { value: 'Grace Liu' } });
    expect((screen.getByLabelText('Engineer Name') as HTMLInputElement).value).toBe('Grace Liu');
  });

  it('leaves the engineer empty for a link opened without signing in', () => {
    render(<RespondForm token="t" allowed={ALL} />, { wrapper });
    expect((screen.getByLabelText('Engineer Name') as HTMLInputElement).value).toBe('');
  });

  it('names what the text box asks for by the answer chosen', () => {
    render(<RespondForm token="t" allowed={ALL} />, { wrapper });
    expect(screen.getByLabelText('Next Steps')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Request Information'));
    expect(screen.getByLabelText('What information do you need?')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Reject'));
    expect(screen.getByLabelText('Reason for rejecting')).toBeTruthy();
  });

  it('marks what the chosen answer requires from the start, and announces what a new answer makes required', () => {
    render(<RespondForm token="t" allowed={ALL} />, { wrapper });
    expect(screen.getByLabelText('Engineer Name').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Next Steps').getAttribute('aria-required')).toBeNull();
    const news = screen.getByRole('status');
    expect(news.textContent).toBe('');
    fireEvent.click(screen.getByLabelText('Reject'));
    expect(screen.getByLabelText('Reason for rejecting').getAttribute('aria-required')).toBe('true');
    expect(news.textContent).toBe('Reason for rejecting is now required.');
    fireEvent.click(screen.getByLabelText('Accept'));
    expect(news.textContent).toBe('Engineer Name and Engineer Email are now required.');
  });
});
