/**
 * What each assignee still owes of its cessions' price (the cession screen):
 * price, received, written off, owed; a receipt recorded (date, amount, the
 * company account it arrived in); a difference written off behind four eyes
 * (an operator or administrator asks, another administrator decides; the
 * server refuses the asker). Amounts are typed the way the language writes
 * them and sent as decimal text.
 */
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, FormGroup, H3, HTMLSelect, HTMLTable, InputGroup, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CessionPriceLine } from '@shared/contract/servicing-cession-price';
import { contract } from '@shared/contract';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useSession } from '../../../app/session';
import { useToast } from '../../../app/toaster';
import { DateTextInput } from '@kit/form/DateTextInput';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { RoleGate } from '@kit/RoleGate';
import { parseMoneyInput } from '@kit/list/filters';

const p = (key: string) => `cessionPrice.${key}`;
const COMPANY_ID = 1;
const INVALIDATES = ['cessionPrice.list', 'cessionPrice.get', 'ledger.trialBalance'] as const;

type Acting =
  | { kind: 'receive'; line: CessionPriceLine }
  | { kind: 'writeOff'; line: CessionPriceLine }
  | { kind: 'refuse'; line: CessionPriceLine }
  | { kind: 'reverse'; line: CessionPriceLine; receipt: number };

/** One cession's receipts, reversals and write-offs; a receipt not yet reversed may be reversed (with a reason). */
function PriceMoves({ line, onReverse }: { line: CessionPriceLine; onReverse(receipt: number): void }) {
  const { t } = useTranslation();
  const query = useApiQuery('cessionPrice.get', { cession: line.cession_id });
  if (!query.data) return <Spinner size={16} />;
  if (query.data.moves.length === 0) return <p className="bp6-text-muted">{t(p('noMoves'))}</p>;
  return (
    <HTMLTable compact data-testid={`cession-price-moves-${line.cession_number}`}>
      <tbody>
        {query.data.moves.map((m) => (
          <tr key={m.id}>
            <td className="nowrap">{formatDate(m.moved_on)}</td>
            <td>{t(p(`kinds.${m.kind}`))}</td>
            <td className="numeric">{formatCurrency(m.amount)}</td>
            <td>{m.bank_account ?? m.reason ?? ''}</td>
            <td>
              {m.kind === 'receipt' && !m.reversed && (
                <Button small minimal icon="undo" onClick={() => onReverse(m.id)} data-testid={`cession-price-reverse-${m.id}`}>
                  {t(p('reverse'))}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function CessionPricePanel({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const [all, setAll] = useState(false);
  const list = useApiQuery('cessionPrice.list', all ? { owed: 'all' } : { owed: 'open' });
  const banks = useApiQuery('company.banks', { id: COMPANY_ID });
  const receive = useApiMutation('cessionPrice.receive', { invalidates: INVALIDATES });
  const ask = useApiMutation('cessionPrice.askWriteOff', { invalidates: INVALIDATES });
  const decide = useApiMutation('cessionPrice.decideWriteOff', { invalidates: INVALIDATES });
  const [acting, setActing] = useState<(Acting & { key: string }) | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const reverse = useApiMutation('cessionPrice.reverseReceipt', { invalidates: INVALIDATES });
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [bankId, setBankId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const locale = i18n.language === 'en' ? 'en' : 'pt-BR';
  const activeBanks = (banks.data ?? []).filter((b) => b.active);

  const open = (next: Acting) => {
    setActing({ ...next, key: newIdempotencyKey() });
    setDate(today);
    setAmount('');
    setReason('');
    setFailure(null);
    setBankId(activeBanks[0]?.id ?? null);
  };

  const submit = async () => {
    if (!acting) return;
    setFailure(null);
    const { line } = acting;
    try {
      if (acting.kind === 'receive') {
        const value = parseMoneyInput(amount, locale) ?? amount.trim();
        await receive.mutateAsync({ cession: line.cession_id, idempotency_key: acting.key, date, amount: value, company_bank_account_id: bankId ?? 0 });
        toast.success(t(p('received'), { amount: formatCurrency(value), number: line.cession_number }));
      } else if (acting.kind === 'reverse') {
        await reverse.mutateAsync({ cession: line.cession_id, receipt: acting.receipt, idempotency_key: acting.key, reason });
        toast.success(t(p('reversed')));
      } else if (acting.kind === 'writeOff') {
        await ask.mutateAsync({ cession: line.cession_id, idempotency_key: acting.key, reason });
        toast.sentForApproval(t(p('writeOffAsked')));
      } else {
        await decide.mutateAsync({ cession: line.cession_id, idempotency_key: acting.key, approve: false, reason });
        toast.success(t(p('decided')));
      }
      setActing(null);
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };

  const approve = async (line: CessionPriceLine) => {
    try {
      await decide.mutateAsync({ cession: line.cession_id, idempotency_key: newIdempotencyKey(), approve: true });
      toast.success(t(p('decided')));
    } catch (e) {
      toast.failure(errorText(e, t));
    }
  };

  const busy = receive.isPending || ask.isPending || decide.isPending || reverse.isPending;
  const title = !acting
    ? ''
    : acting.kind === 'receive'
      ? t(p('receiveTitle'), { number: acting.line.cession_number })
      : t(p(acting.kind === 'writeOff' ? 'writeOffTitle' : acting.kind === 'reverse' ? 'reverseTitle' : 'refuse'), { number: acting.line.cession_number, amount: formatCurrency(acting.line.owed) });

  return (
    <section data-testid="cession-price">
      <H3 className="heading-as-h5 op-section-title">{t(p('title'))}</H3>
      <p className="bp6-text-muted">{t(p('intro'))}</p>
      <Switch checked={all} label={t(p('showAll'))} onChange={(e) => setAll(e.currentTarget.checked)} data-testid="cession-price-all" />
      {list.error ? (
        <Callout intent="danger">{errorText(list.error, t)}</Callout>
      ) : !list.data ? (
        <Spinner size={24} />
      ) : list.data.length === 0 ? (
        <p className="bp6-text-muted" data-testid="cession-price-none">
          {t(p('none'))}
        </p>
      ) : (
        <div className="cession-table-scroll">
          <HTMLTable compact striped data-testid="cession-price-table">
            <thead>
              <tr>
                {(['number', 'date', 'assignee', 'price', 'received', 'writtenOff', 'owed', 'actions'] as const).map((k) => (
                  <th key={k} scope="col" className={['price', 'received', 'writtenOff', 'owed'].includes(k) ? 'numeric' : undefined}>
                    {t(p(`columns.${k}`))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.map((line) => {
                const owes = Number(line.owed) > 0;
                const waiting = line.write_off_request_id !== null;
                return [
                  <tr key={line.cession_id} data-testid={`cession-price-row-${line.cession_number}`}>
                    <td>
                      <Button
                        small
                        minimal
                        icon={shown === line.cession_id ? 'chevron-down' : 'chevron-right'}
                        aria-expanded={shown === line.cession_id}
                        aria-label={t(p('showMoves'), { number: line.cession_number })}
                        onClick={() => setShown(shown === line.cession_id ? null : line.cession_id)}
                        data-testid={`cession-price-expand-${line.cession_number}`}
                      >
                        {line.cession_number}
                      </Button>
                    </td>
                    <td className="nowrap">{formatDate(line.cession_date)}</td>
                    <td>{line.assignee_name}</td>
                    <td className="numeric">{formatCurrency(line.price)}</td>
                    <td className="numeric" data-testid="cession-price-received">
                      {formatCurrency(line.received)}
                    </td>
                    <td className="numeric">{formatCurrency(line.written_off)}</td>
                    <td className="numeric" data-testid="cession-price-owed">
                      {formatCurrency(line.owed)}
                    </td>
                    <td>
                      {waiting ? (
                        <ButtonGroup vertical>
                          <Tag intent="warning" minimal>
                            {t(p('waiting'))}
                          </Tag>
                          {user?.id !== line.write_off_maker_id && (
                            <RoleGate roles={contract['cessionPrice.decideWriteOff'].access}>
                              <Button small intent="primary" disabled={busy} onClick={() => void approve(line)} data-testid="cession-price-approve">
                                {t(p('approve'))}
                              </Button>
                            </RoleGate>
                          )}
                          <Button small disabled={busy} onClick={() => open({ kind: 'refuse', line })} data-testid="cession-price-refuse">
                            {t(p('refuse'))}
                          </Button>
                        </ButtonGroup>
                      ) : (
                        owes && (
                          <ButtonGroup vertical>
                            <Button small intent="primary" onClick={() => open({ kind: 'receive', line })} data-testid="cession-price-receive">
                              {t(p('receive'))}
                            </Button>
                            <Button small onClick={() => open({ kind: 'writeOff', line })} data-testid="cession-price-write-off">
                              {t(p('writeOff'))}
                            </Button>
                          </ButtonGroup>
                        )
                      )}
                    </td>
                  </tr>,
                  shown === line.cession_id && (
                    <tr key={`${line.cession_id}-moves`}>
                      <td colSpan={8}>
                        <PriceMoves line={line} onReverse={(receipt) => open({ kind: 'reverse', line, receipt })} />
                      </td>
                    </tr>
                  ),
                ];
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Dialog isOpen={acting !== null} onClose={() => setActing(null)} title={title}>
        <DialogBody>
          {acting?.kind === 'receive' ? (
            <>
              <p data-testid="cession-price-owed-now">{t(p('owedNow'), { amount: formatCurrency(acting.line.owed) })}</p>
              <FormGroup label={t(p('date'))} labelFor="cession-price-date">
                <DateTextInput id="cession-price-date" value={date} onChange={setDate} />
              </FormGroup>
              <FormGroup label={t(p('amount'))} labelFor="cession-price-amount">
                <InputGroup id="cession-price-amount" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} inputMode="decimal" />
              </FormGroup>
              <FormGroup label={t(p('bank'))} labelFor="cession-price-bank">
                <HTMLSelect id="cession-price-bank" value={bankId ?? ''} onChange={(e) => setBankId(Number(e.currentTarget.value) || null)} fill>
                  <option value="">{t(p('chooseBank'))}</option>
                  {activeBanks.map((b) => (
                    <option key={b.id} value={b.id}>
                      {`${b.bank_code} · ${b.agency} · ${b.account}${b.account_digit ? `-${b.account_digit}` : ''}`}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </>
          ) : (
            <FormGroup label={t(p(acting?.kind === 'refuse' ? 'refuseReason' : acting?.kind === 'reverse' ? 'reverseReason' : 'writeOffReason'))} labelFor="cession-price-reason">
              <InputGroup id="cession-price-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            </FormGroup>
          )}
          {failure && (
            <Callout intent="danger" data-testid="cession-price-failure">
              {failure}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => setActing(null)}>{t(p('cancel'))}</Button>
              <Button intent="primary" loading={busy} onClick={() => void submit()} data-testid="cession-price-confirm">
                {acting?.kind === 'receive' ? t(p('confirm')) : acting?.kind === 'writeOff' ? t(p('writeOffAsk')) : acting?.kind === 'reverse' ? t(p('reverse')) : t(p('refuse'))}
              </Button>
            </>
          }
        />
      </Dialog>
    </section>
  );
}
