/**
 * What servicing's history shows on screen, against the demo seed: the
 * borrower whose operation was written off is rated H on the risk tab, with
 * the loss, its day and the rule's sources as the reason; the payments screen
 * of an installment a prepayment added states its schedule version. axe on
 * both.
 */
import { test, expect, signInAs, DEMO, expectNoSeriousViolations } from './harness';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1280, height: 800 } });

const shown = (day: string) => day.split('-').reverse().join('/');

test('a loss written off rates the borrower H with its reason; the payments screen shows the schedule version', async ({ page, harness, server }) => {
  test.setTimeout(120_000);
  const [loss] = await server.database.rows<{ borrower_id: number; day: string }>(
    `SELECT o.borrower_id, to_char(max(w.written_off_on), 'YYYY-MM-DD') AS day
       FROM installment_write_offs w JOIN credit_operations o ON o.id = w.credit_operation_id
      WHERE w.undoes_id IS NULL AND NOT EXISTS (SELECT 1 FROM installment_write_offs u WHERE u.undoes_id = w.id)
        AND w.written_off_on > $1::date - interval '12 months'
      GROUP BY o.borrower_id ORDER BY o.borrower_id LIMIT 1`,
    [server.clock.today()],
  );
  expect(loss, 'the demo seed has a write-off within the last twelve months').toBeDefined();
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/view/${loss.borrower_id}?tab=risk`);
  await expect(page.getByTestId('borrower-risk-rating')).toHaveText('H');
  await expect(page.getByTestId('borrower-risk-stage')).toHaveText('Estágio 3');
  await expect(page.getByTestId('borrower-risk-rating-reason')).toContainText(`Perda baixada em ${shown(loss.day)}, nos últimos 12 meses: nível H`);
  await expect(page.getByTestId('borrower-risk-last-loss')).toHaveText(shown(loss.day));
  await expectNoSeriousViolations(page);

  const [added] = await server.database.rows<{ id: number; credit_operation_id: number; schedule_version: number }>(
    `SELECT id, credit_operation_id, schedule_version FROM credit_operation_installments WHERE schedule_version > 1 ORDER BY id LIMIT 1`,
  );
  expect(added, 'the demo seed has a prepayment that added a schedule version').toBeDefined();
  await harness.goto(`/app/clientOperation/payments/${added.id}/${added.credit_operation_id}`);
  await expect(page.getByTestId('installment-schedule-version')).toHaveText(String(added.schedule_version));
  await expect(page.getByTestId('installment-facts')).toContainText('Versão do cronograma');
  await expectNoSeriousViolations(page);
});
