import { expect, signInOnLanding, test } from '../fixtures';
import { QUEUE_DASHBOARD, QUEUES } from '../../libs/contracts/src';

test('a super admin opens the queue dashboard from the back office and sees every queue', async ({ page }) => {
  await signInOnLanding(page, 'acme', 'admin@casebridge.test');
  await page.waitForURL('**/super_admin/dashboard');

  const backOffice = page.getByRole('navigation', { name: 'Back office' });
  await backOffice.getByRole('button', { name: 'Queues', exact: true }).click();
  await page.waitForURL(`**${QUEUE_DASHBOARD.basePath}`);

  // bull-board's own page, run by its scripts under the dashboard's policy, lists the worker's queues in its sidebar.
  const sidebar = page.getByRole('complementary').getByRole('navigation');
  for (const name of Object.values(QUEUES)) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByText('Casebridge queues', { exact: true })).toBeVisible();
});
