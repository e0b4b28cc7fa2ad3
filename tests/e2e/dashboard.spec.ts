/**
 * Dashboard end to end: the year's figures for solicitations inserted in
 * 2018 and 2017 (years the demo seed never reaches), a year change kept in
 * the URL, a chart's table alternative, the default year, axe with the
 * charts and with a table shown, and the year viewed offline from the cache.
 */
import { test, expect, signInAs, DEMO, expectNoSeriousViolations } from './harness';

test('figures of a year, a year change in the URL and a chart as a table', async ({ page, harness, server }) => {
  const [{ id: userId }] = await server.database.rows<{ id: number }>('SELECT id FROM users WHERE role_id = 2 ORDER BY id LIMIT 1');
  const insert = async (created: string, value: string, status: string, approvedAt?: string) => {
    const [{ id }] = await server.database.rows<{ id: number }>(
      `INSERT INTO solicitations (user_id, status, type_credit, name, email, lending_value, lending_plots_to_pay, created_at, status_changed_at)
       VALUES ($1, $2, 'PF', 'Fixture', 'fixture@example.com', $3::numeric, 12, $4::timestamptz, $4::timestamptz) RETURNING id`,
      [userId, status, value, created],
    );
    if (approvedAt) {
      await server.database.rows("INSERT INTO solicitation_status_history (solicitation_id, from_status, to_status, created_at) VALUES ($1, 'in_review', 'approved', $2::timestamptz)", [id, approvedAt]);
    }
  };
  await insert('2018-01-15T12:00:00Z', '1000.00', 'approved', '2018-02-10T12:00:00Z');
  await insert('2018-03-05T12:00:00Z', '2500.50', 'refused');
  await insert('2018-06-01T12:00:00Z', '750.00', 'pending');
  await insert('2017-12-20T12:00:00Z', '4000.00', 'pending');

  await signInAs(page, harness, DEMO.operador.email);
  // No year in the URL: the server's default (2020 has no data here, so the current year).
  await expect(page.getByTestId('dashboard-title')).toHaveAttribute('data-year', String(new Date().getUTCFullYear()));
  await expect(page.getByTestId('dashboard-defaulted')).toBeVisible();

  await page.getByTestId('dashboard-year').selectOption('2018');
  await expect(page).toHaveURL(/[?&]year=2018/);
  await expect(page.getByTestId('dashboard-title')).toHaveAttribute('data-year', '2018');
  await expect(page.getByTestId('dashboard-value-received')).toHaveText('3');
  await expect(page.getByTestId('dashboard-value-requested')).toHaveText('R$ 4.250,50');
  await expect(page.getByTestId('dashboard-value-approved')).toHaveText('1');
  await expect(page.getByTestId('dashboard-value-approvedValue')).toHaveText('R$ 1.000,00');
  await expect(page.getByTestId('dashboard-value-conversion')).toHaveText('33,33%');
  await expect(page.getByTestId('dashboard-value-ticket')).toHaveText('R$ 1.000,00');
  await expect(page.getByTestId('dashboard-status-refused')).toHaveText('1');
  await expect(page.getByTestId('dashboard-chart-counts').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('dashboard.png') });
  await page.getByTestId('dashboard-chart-counts').screenshot({ path: test.info().outputPath('dashboard-counts.png') });
  await page.getByTestId('dashboard-chart-values').screenshot({ path: test.info().outputPath('dashboard-values.png') });

  await page.getByTestId('dashboard-toggle-values').click();
  const table = page.getByTestId('dashboard-table-values');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /janeiro/ })).toContainText('R$ 1.000,00');
  await expect(table.getByRole('row', { name: /fevereiro/ })).toContainText('R$ 1.000,00');
  await expect(table.getByRole('row', { name: /março/ })).toContainText('R$ 2.500,50');
  await expectNoSeriousViolations(page);

  await page.getByTestId('dashboard-year').selectOption('2017');
  await expect(page).toHaveURL(/[?&]year=2017/);
  await expect(page.getByTestId('dashboard-value-received')).toHaveText('1');
  await expect(page.getByTestId('dashboard-value-requested')).toHaveText('R$ 4.000,00');
  await page.goBack();
  await expect(page.getByTestId('dashboard-title')).toHaveAttribute('data-year', '2018');
  await expect(page.getByTestId('dashboard-stale')).toHaveCount(0);

  // Offline: the last answer for the year is shown from the cache, with the notice.
  await server.stop();
  await harness.goto('/app/home?year=2018');
  await page.reload();
  await expect(page.getByTestId('dashboard-stale')).toContainText('Sem conexão');
  await expect(page.getByTestId('dashboard-value-received')).toHaveText('3');
  await expect(page.getByTestId('dashboard-chart-counts').locator('.recharts-bar-rectangle').first()).toBeVisible();
});
