/**
 * The operation's cession tab: the installments that can be assigned (with
 * checkboxes and the running face value), the assignee account, the date
 * and the pricing (a monthly discount rate or an agreed price), then the
 * confirmation with each installment's price and the totals as the server
 * quoted them; and the assigned installments, whose cession can be reversed
 * in part with a reason. One idempotency key per confirmation.
 */
import { Button, Callout, Checkbox, FormGroup, H3, HTMLSelect, HTMLTable, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CreditOperation } from '@shared/contract/credit-operations';
import type { AssignableList, CessionQuote, ReversibleList } from '@shared/contract/servicing-cession';
import { formatCurrency, formatDate } from '@shared/format';
import { contract } from '@shared/contract';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { DateTextInput } from '@kit/form/DateTextInput';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { RoleGate } from '@kit/RoleGate';
import { moveReasonRule, ReasonMoneyDialog } from '../ReasonMoneyDialog';
import { useRefreshServicing } from '../refresh';
import { quoteRows, reverseRows, selectedFace } from './model';
import { CessionRecords } from './CessionRecords';
import { repurchasePaths } from '../repurchase/model';
import { operationNumber } from '@shared/contract/credit-operations';

const c = (key: string) => `servicing.cession.${key}`;
/** The company whose assignee accounts are offered (the app serves one lender). */
const COMPANY_ID = 1;

function toggle(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export function CessionTab({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const assignable = useApiQuery('cession.assignable', { id: op.id });
  const reversible = useApiQuery('cession.reversible', { id: op.id });
  const records = useApiQuery('cession.ofOperation', { id: op.id });
  const error = assignable.error ?? reversible.error ?? records.error;
  if (error) return <Callout intent="danger">{errorText(error, t)}</Callout>;
  if (!assignable.data || !reversible.data || !records.data) return <Spinner size={24} />;
  return (
    <div data-testid="analysis-cession">
      <Button icon="redo" data-testid="cession-repurchase-open" onClick={() => navigate(repurchasePaths.list(op.id))}>
        {t('servicing.repurchase.fromCession')}
      </Button>
      <AssignPanel list={assignable.data} operationId={op.id} />
      <ReversePanel list={reversible.data} operationId={op.id} />
      <CessionRecords view={records.data} />
    </div>
  );
}

/** The assignable installments and the cession of the selected: of one operation, or across operations (operationId null: the batch call). */
export function AssignPanel({ list, operationId }: { list: AssignableList; operationId: number | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshServicing();
  const accounts = useApiQuery('company.assignmentAccounts', { id: COMPANY_ID });
  const quote = useApiMutation('cession.quote');
  const assign = useApiMutation('cession.assign');
  const assignBatch = useApiMutation('cession.assignBatch');
  const across = operationId === null;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [accountId, setAccountId] = useState<number | null>(null);
  const [date, setDate] = useState(list.as_of);
  const [pricing, setPricing] = useState<'rate' | 'price'>('rate');
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ quote: CessionQuote; key: string } | null>(null);
  const active = (accounts.data ?? []).filter((a) => a.active);
  const account = active.find((a) => a.id === accountId) ?? null;
  const ids = list.installments.filter((i) => selected.has(i.id)).map((i) => i.id);
  const priced = pricing === 'rate' ? { monthly_rate: value.trim().replace(',', '.') } : { price: value.trim().replace(',', '.') };

  const ask = async () => {
    setFailure(null);
    try {
      const answer = await quote.mutateAsync({ installments: ids, date, ...priced });
      setConfirming({ quote: answer, key: newIdempotencyKey() });
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };

  const confirm = async () => {
    if (!confirming || !account) return;
    try {
      const body = { idempotency_key: confirming.key, assignment_account_id: account.id, installments: ids, date, ...priced };
      const cession = operationId === null ? await assignBatch.mutateAsync(body) : await assign.mutateAsync({ id: operationId, ...body });
      setConfirming(null);
      setSelected(new Set());
      if (cession.status === 'pending') toast.sentForApproval(t(c('pending'), { number: cession.number }));
      else toast.success(t(c('done'), { number: cession.number, price: formatCurrency(cession.price) }));
      await refresh(operationId === null ? undefined : { operationId });
    } catch (e) {
      setConfirming(null);
      setFailure(errorText(e, t));
    }
  };

  return (
    <section data-testid="cession-assignable">
      <H3 className="heading-as-h5 op-section-title">{t(c('assignableTitle'))}</H3>
      {!across && (
        // The page across operations is for the roles that may assign (its route's rule): an agent is not led there.
        <RoleGate roles={contract['cession.assignBatch'].access}>
          <Button minimal icon="multi-select" data-testid="cession-across-open" onClick={() => navigate('/app/clientOperation/cession')}>
            {t(c('acrossOpen'))}
          </Button>
        </RoleGate>
      )}
      <p className="bp6-text-muted">{t(c('assignableNote'), { max: list.max_days_overdue })}</p>
      {list.truncated && (
        <Callout intent="warning" data-testid="cession-truncated">
          {t(c('truncated'), { count: list.installments.length })}
        </Callout>
      )}
      {list.installments.length === 0 ? (
        <p className="bp6-text-muted" data-testid="cession-assignable-none">
          {t(c(across ? 'noneAcross' : 'none'))}
        </p>
      ) : (
        <>
          <div className="cession-table-scroll">
            <HTMLTable compact striped data-testid="cession-assignable-table">
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox
                    aria-label={t(c('selectAll'))}
                    data-testid="cession-select-all"
                    checked={selected.size === list.installments.length}
                    indeterminate={selected.size > 0 && selected.size < list.installments.length}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(list.installments.map((i) => i.id)) : new Set())}
                  />
                </th>
                {/* Across operations the table has a borrower more: the operation and number share a column and the days late go under the due date, so the amounts fit at 1024 px. */}
                {across && <th scope="col">{t(c('columns.operationInstallment'))}</th>}
                {across && <th scope="col">{t(c('columns.borrower'))}</th>}
                {!across && <th scope="col">{t(c('columns.number'))}</th>}
                <th scope="col">{t(c('columns.due'))}</th>
                <th scope="col">{t(c('columns.status'))}</th>
                {!across && (
                  <th scope="col" className="numeric">
                    {t(c('columns.daysLate'))}
                  </th>
                )}
                <th scope="col" className="numeric">
                  {t(c('columns.face'))}
                </th>
                <th scope="col" className="numeric">
                  {t(c('columns.principal'))}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.installments.map((i) => (
                <tr key={i.id} data-testid={`cession-assignable-${across ? i.id : i.number}`}>
                  <td>
                    <Checkbox
                      aria-label={across ? t(c('selectOf'), { number: i.number, operation: operationNumber(i.credit_operation_id) }) : t(c('select'), { number: i.number })}
                      data-testid={`cession-select-${across ? i.id : i.number}`}
                      checked={selected.has(i.id)}
                      onChange={(e) => setSelected(toggle(selected, i.id, e.currentTarget.checked))}
                    />
                  </td>
                  {across && <td className="nowrap">{t(c('columns.operationInstallmentText'), { operation: operationNumber(i.credit_operation_id), number: i.number })}</td>}
                  {across && <td>{i.borrower_name}</td>}
                  {!across && <td>{i.number}</td>}
                  <td className="nowrap">
                    {formatDate(i.due_date)}
                    {across && i.days_late > 0 && <div className="bp6-text-muted">{t(c('columns.daysLateText'), { count: i.days_late })}</div>}
                  </td>
                  <td>{t(`servicing.status.${i.status}`)}</td>
                  {!across && <td className="numeric">{i.days_late}</td>}
                  <td className="numeric">{formatCurrency(i.face_value)}</td>
                  <td className="numeric">{formatCurrency(i.open_principal)}</td>
                </tr>
              ))}
            </tbody>
            </HTMLTable>
          </div>
          <p className="svc-totals" data-testid="cession-selected">
            <span>{t(c('selected'), { count: selected.size })}</span>
            <span>
              {t(c('faceTotal'))}: <strong data-testid="cession-selected-face">{formatCurrency(selectedFace(list.installments, selected))}</strong>
            </span>
          </p>
          <RoleGate roles={contract[across ? 'cession.assignBatch' : 'cession.assign'].access}>
            {active.length === 0 && accounts.data ? (
              <Callout intent="warning" data-testid="cession-no-accounts">
                {t(c('noAccounts'))}
              </Callout>
            ) : (
              <div className="cession-form" data-testid="cession-form">
                <FormGroup label={t(c('account'))} labelFor="cession-account">
                  <HTMLSelect
                    id="cession-account"
                    data-testid="cession-account"
                    value={accountId ?? ''}
                    onChange={(e) => setAccountId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                    options={[{ value: '', label: t(c('chooseAccount')) }, ...active.map((a) => ({ value: a.id, label: `${a.assignee_name} — ${a.assignee_cnpj}` }))]}
                  />
                </FormGroup>
                <FormGroup label={t(c('date'))} labelFor="cession-date">
                  <DateTextInput id="cession-date" value={date} onChange={setDate} />
                </FormGroup>
                <RadioGroup label={t(c('pricing'))} inline selectedValue={pricing} onChange={(e) => setPricing(e.currentTarget.value === 'price' ? 'price' : 'rate')}>
                  <Radio value="rate" label={t(c('byRate'))} data-testid="cession-by-rate" />
                  <Radio value="price" label={t(c('byPrice'))} data-testid="cession-by-price" />
                </RadioGroup>
                <FormGroup label={t(c(pricing === 'rate' ? 'rate' : 'price'))} labelFor="cession-value">
                  <InputGroup id="cession-value" data-testid="cession-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
                </FormGroup>
                <Button
                  intent="primary"
                  icon="exchange"
                  data-testid="cession-quote"
                  disabled={ids.length === 0 || !account || value.trim() === ''}
                  loading={quote.isPending}
                  onClick={() => void ask()}
                >
                  {t(c('quote'))}
                </Button>
              </div>
            )}
          </RoleGate>
          {failure && (
            <Callout intent="danger" data-testid="cession-error">
              {failure}
            </Callout>
          )}
        </>
      )}
      {confirming && account && (
        <MoneyConfirmDialog
          title={t(c('title'), { count: confirming.quote.installments.length })}
          consequence={t(c('consequence'), { assignee: account.assignee_name, date: formatDate(confirming.quote.date) })}
          consequenceTestId="cession-confirm-consequence"
          notice={
            confirming.quote.needs_approval && (
              <Callout intent="warning" icon="time" data-testid="cession-confirm-four-eyes">
                {t(c('needsApproval'), { limit: formatCurrency(confirming.quote.approval_above) })}
              </Callout>
            )
          }
          rows={quoteRows(confirming.quote, t)}
          amountsTestId="cession-confirm-amounts"
          intent="primary"
          confirmText={confirming.quote.needs_approval ? t('desk.askApproval') : t(c('confirm'))}
          busyText={t(c('working'))}
          confirmTestId="cession-confirm"
          busy={assign.isPending || assignBatch.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}

function ReversePanel({ list, operationId }: { list: ReversibleList; operationId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshServicing();
  const reverse = useApiMutation('cession.reverse');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState(false);
  const ids = list.installments.filter((i) => selected.has(i.id)).map((i) => i.id);

  return (
    <section data-testid="cession-reversible">
      <H3 className="heading-as-h5 op-section-title">{t(c('reverseTitle'))}</H3>
      {list.installments.length === 0 ? (
        <p className="bp6-text-muted" data-testid="cession-reversible-none">
          {t(c('reverseNone'))}
        </p>
      ) : (
        <>
          <div className="cession-table-scroll">
            <HTMLTable compact striped data-testid="cession-reversible-table">
            <thead>
              <tr>
                <th scope="col">
                  {/* Named for screen readers; the boxes say what they select, and the room goes to the amounts at 1024 px. */}
                  <span className="svc-sr-only">{t(c('columns.select'))}</span>
                </th>
                <th scope="col">{t(c('columns.number'))}</th>
                <th scope="col">{t(c('columns.due'))}</th>
                <th scope="col">{t(c('columns.status'))}</th>
                <th scope="col">{t(c('columns.cession'))}</th>
                <th scope="col">{t(c('columns.assignee'))}</th>
                <th scope="col" className="numeric">
                  {t(c('columns.price'))}
                </th>
                <th scope="col">{t(c('columns.blocked'))}</th>
              </tr>
            </thead>
            <tbody>
              {list.installments.map((i) => (
                <tr key={i.id} data-testid={`cession-reversible-${i.number}`}>
                  <td>
                    <Checkbox
                      aria-label={t(c('select'), { number: i.number })}
                      data-testid={`cession-reverse-select-${i.number}`}
                      disabled={i.blocked !== null}
                      checked={selected.has(i.id)}
                      onChange={(e) => setSelected(toggle(selected, i.id, e.currentTarget.checked))}
                    />
                  </td>
                  <td>{i.number}</td>
                  <td>{formatDate(i.due_date)}</td>
                  <td>{t(`servicing.status.${i.status}`)}</td>
                  <td>{t(c('cessionNumber'), { number: i.cession_number, date: formatDate(i.cession_date) })}</td>
                  <td>{i.assignee_name}</td>
                  <td className="numeric">{formatCurrency(i.price)}</td>
                  <td>{i.pending_reversal_id !== null ? t(c('pendingReversal')) : (i.blocked ?? '')}</td>
                </tr>
              ))}
            </tbody>
            </HTMLTable>
          </div>
          <RoleGate roles={contract['cession.reverse'].access}>
            <Button icon="undo" intent="warning" data-testid="cession-reverse-open" disabled={ids.length === 0} onClick={() => setOpen(true)}>
              {t(c('reverseOpen'))}
            </Button>
          </RoleGate>
        </>
      )}
      {open && (
        <ReasonMoneyDialog
          testPrefix="cession-reverse"
          title={t(c('reverseDialog'), { count: ids.length })}
          consequence={t(c('reverseConsequence'))}
          rows={reverseRows(list, selected, t)}
          intent="warning"
          confirmText={t(c('reverseConfirm'))}
          reason={moveReasonRule(t)}
          send={(reason, key) => reverse.mutateAsync({ id: operationId, idempotency_key: key, installments: ids, reason: reason ?? '' })}
          onDone={(answer) => {
            setOpen(false);
            setSelected(new Set());
            if (answer.status === 'pending') toast.sentForApproval(t(c('reversePending')));
            else toast.success(t(c('reversed'), { price: formatCurrency(answer.price) }));
            void refresh();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
