import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-error';
import { applyServerChecks, applyServerErrors } from './form-errors';

interface Values {
  name: string;
  local_part: string;
  phone: string;
}
const FIELDS = ['name', 'local_part', 'phone'] as const;

/** A real react-hook-form form with three registered inputs, as the app's forms are. */
function renderForm(): UseFormReturn<Values> {
  const holder: { form?: UseFormReturn<Values> } = {};
  function Form() {
    const form = useForm<Values>({ defaultValues: { name: '', local_part: '', phone: '' } });
    holder.form = form;
    return (
      <form>
        {FIELDS.map((field) => (
          <input key={field} aria-label={field} {...form.register(field)} />
        ))}
      </form>
    );
  }
  render(<Form />);
  return holder.form!;
}

const errorOf = (form: UseFormReturn<Values>, field: keyof Values) => form.getFieldState(field).error;

/** What the api answers on 422: {message, errors: {field: [messages]}}, read the way api.ts reads it. */
function unprocessable(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return ApiError.fromResponse(
    new Response(JSON.stringify({ message, errors }), { status: 422, headers: { 'Content-Type': 'application/json' } }),
  );
}

afterEach(cleanup);

describe('ApiError.fromResponse (422 bodies)', () => {
  it('keeps the first message of each field and the overall message', async () => {
    const error = await unprocessable({ email: ['Taken.', 'Too long.'], phone: ['Invalid.'] }, 'Check the form.');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Check the form.');
    expect(error.fieldErrors).toEqual({ email: 'Taken.', phone: 'Invalid.' });
  });

  it('falls back to the first field message, then to the generic text', async () => {
    const onlyFields = await ApiError.fromResponse(
      new Response(JSON.stringify({ errors: { name: ['Required.'] } }), { status: 422 }),
    );
    expect(onlyFields.message).toBe('Required.');
    const notJson = await ApiError.fromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(notJson.message).toBe('Unknown error.');
    expect(notJson.fieldErrors).toEqual({});
  });
});

describe('applyServerErrors', () => {
  it('puts each message under its input as a server error and says so', async () => {
    const form = renderForm();
    const error = await unprocessable({ name: ['Name is required.'], phone: ['Phone is invalid.'] });
    let placed = false;
    act(() => {
      placed = applyServerErrors(error, form.setError, FIELDS);
    });
    expect(placed).toBe(true);
    expect(errorOf(form, 'name')).toMatchObject({ type: 'server', message: 'Name is required.' });
    expect(errorOf(form, 'phone')).toMatchObject({ type: 'server', message: 'Phone is invalid.' });
    expect(errorOf(form, 'local_part')).toBeUndefined();
    // Focus goes to the first field placed, once.
    expect(document.activeElement).toBe(screen.getByLabelText('name'));
  });

  it('renames server fields through fieldMap', async () => {
    const form = renderForm();
    const error = await unprocessable({ email: ['The e-mail is taken.'] });
    act(() => {
      applyServerErrors(error, form.setError, FIELDS, { email: 'local_part' });
    });
    expect(errorOf(form, 'local_part')?.message).toBe('The e-mail is taken.');
    expect(document.activeElement).toBe(screen.getByLabelText('local_part'));
  });

  it('places nothing and answers false when no message belongs to a field of the form (the banner shows it)', async () => {
    const form = renderForm();
    const error = await unprocessable({ company_id: ['Choose a company.'] });
    let placed = true;
    act(() => {
      placed = applyServerErrors(error, form.setError, FIELDS);
    });
    expect(placed).toBe(false);
    for (const field of FIELDS) expect(errorOf(form, field)).toBeUndefined();
  });

  it('ignores anything that is not an ApiError', () => {
    const form = renderForm();
    expect(applyServerErrors(new Error('offline'), form.setError, FIELDS)).toBe(false);
    expect(applyServerErrors({ fieldErrors: { name: 'x' } }, form.setError, FIELDS)).toBe(false);
    expect(errorOf(form, 'name')).toBeUndefined();
  });

  it('leaves skipped fields with the message they show, and does not move focus when asked not to', async () => {
    const form = renderForm();
    act(() => form.setError('name', { type: 'required', message: 'Please fill in the name.' }));
    const error = await unprocessable({ name: ['Server name message.'], phone: ['Phone is invalid.'] });
    let placed = false;
    act(() => {
      placed = applyServerErrors(error, form.setError, FIELDS, {}, { skip: ['name'], focus: false });
    });
    expect(placed).toBe(true);
    expect(errorOf(form, 'name')).toMatchObject({ type: 'required', message: 'Please fill in the name.' });
    expect(errorOf(form, 'phone')?.message).toBe('Phone is invalid.');
    expect(document.activeElement).toBe(document.body);
  });
});

describe('applyServerChecks (check-only submit while the browser shows errors)', () => {
  it('adds the server’s messages beside the browser’s, without stealing focus', async () => {
    const form = renderForm();
    const phone = screen.getByLabelText('phone');
    phone.focus();
    const error = await unprocessable({ name: ['Already used.'], email: ['The e-mail is taken.'] });
    await act(() =>
      applyServerChecks(() => Promise.reject(error), form.setError, FIELDS, ['name'], { email: 'local_part' }),
    );
    expect(errorOf(form, 'name')).toBeUndefined();
    expect(errorOf(form, 'local_part')?.message).toBe('The e-mail is taken.');
    expect(document.activeElement).toBe(phone);
  });

  it('says nothing when the check passes or fails for another reason', async () => {
    const form = renderForm();
    await act(() => applyServerChecks(() => Promise.resolve(undefined), form.setError, FIELDS, []));
    await act(() => applyServerChecks(() => Promise.reject(new ApiError(500, 'Boom')), form.setError, FIELDS, []));
    await act(() => applyServerChecks(() => Promise.reject(new TypeError('offline')), form.setError, FIELDS, []));
    for (const field of FIELDS) expect(errorOf(form, field)).toBeUndefined();
  });
});
