import { expect, type Locator } from '@playwright/test';

/** The list of options a combobox (web ui/Combobox) controls. */
export async function listboxOf(combobox: Locator): Promise<Locator> {
  const id = await combobox.getAttribute('aria-controls');
  if (!id) throw new Error('The combobox names no listbox (aria-controls).');
  return combobox.page().locator(`[id="${id}"]`);
}

/**
 * Picks an option of a searchable picker as a person does: types part of it, then clicks the option in the list.
 * `typed` defaults to the option's whole text.
 */
export async function pickOption(combobox: Locator, option: string, typed = option): Promise<void> {
  // Cleared first: typing the text it already shows changes nothing, so the list would not open.
  await combobox.fill('');
  await combobox.fill(typed);
  await (await listboxOf(combobox)).getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}
