/**
 * The operation's contact log (the collections desk's "Contatos"), shown in
 * the operation's installments tab once it is released: every contact newest
 * first (when, channel, who started it, outcome, note, who logged it) with the
 * promise to pay it carried and the promise's state on the business date
 * (open, kept, broken: the server's, with what was paid in its window), and a
 * form to log a contact. With the outcome "Promessa de pagamento" the form
 * asks the date and the amount, and a confirmation states them before
 * anything is sent (a contact is never edited afterwards). One idempotency key
 * per confirmation; a refusal naming a field goes back to it.
 */
import { Button, Callout, Card, H3, HTMLTable, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_OUTCOMES, PromiseState, type Contact, type PromiseView } from '@shared/contract';
import { optionalText } from '@shared/contract/common';
import { calendarDaySchema, positiveMoneyInputSchema } from '@shared/contract/money';
import { CONTACT_NOTE_MAX, PROMISE_OUTCOME } from '@shared/contacts';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import './collections.css';

/** The form's fields, flat (the contract nests the promise): the promise's two only with the outcome that carries one. */
const formSchema = z
  .object({
    channel: z.enum(CONTACT_CHANNELS),
    direction: z.enum(CONTACT_DIRECTIONS),
    outcome: z.enum(CONTACT_OUTCOMES),
    note: optionalText(CONTACT_NOTE_MAX),
    promised_on: z.union([calendarDaySchema, z.literal('')]).optional(),
    amount: z.union([positiveMoneyInputSchema, z.literal('')]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome !== PROMISE_OUTCOME) return;
    if (!v.promised_on) ctx.addIssue({ code: 'custom', path: ['promised_on'], message: 'informe a data prometida' });
    if (!v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'informe o valor prometido' });
  });
type Values = z.input<typeof formSchema>;

const STATE_INTENT: Record<PromiseState, Intent> = { open: 'primary', kept: 'success', broken: 'danger' };

/** A promise's state as a tag, with its words (the same in the list's detail). */
export function PromiseTag({ promise, testId }: { promise: PromiseView; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[promise.state]} data-testid={testId} data-state={promise.state}>
      {t(`contacts.states.${promise.state}`)}
    </Tag>
  );
}

/** "R$ 250,00 até 25/02/2026 · pago R$ 100,00 até 27/02/2026". */
export function promiseWords(promise: PromiseView, t: (key: string, vars?: Record<string, unknown>) => string): string {
  const made = t('contacts.promiseText', { amount: formatCurrency(promise.amount), date: formatDate(promise.promised_on) });
  return `${made} · ${t('contacts.promisePaid', { paid: formatCurrency(promise.paid), end: formatDate(promise.window_end) })}`;
}

function ContactForm({ operationId, onDone }: { operationId: number; onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const log = useApiMutation('collections.logContact', { invalidates: ['collections.contacts', 'collections.expiredInstallments'] });
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [failure, setFailure] = useState<string | null>(null);
  const f = (k: string) => t(`contacts.fields.${k}`);
  const kit = useKitForm({
    schema: formSchema,
    defaultValues: { channel: 'phone', direction: 'outbound', outcome: 'no_answer', note: '', promised_on: '', amount: '' },
    labels: { channel: f('channel'), direction: f('direction'), outcome: f('outcome'), note: f('note'), promised_on: f('promisedOn'), amount: f('amount') },
  });
  const values = kit.form.watch();
  const promising = values.outcome === PROMISE_OUTCOME;
  const fields: FieldDecl<Values>[] = [
    { name: 'channel', type: 'select', label: f('channel'), options: CONTACT_CHANNELS.map((c) => ({ value: c, label: t(`contacts.channels.${c}`) })) },
    { name: 'direction', type: 'select', label: f('direction'), options: CONTACT_DIRECTIONS.map((d) => ({ value: d, label: t(`contacts.directions.${d}`) })) },
    { name: 'outcome', type: 'select', label: f('outcome'), options: CONTACT_OUTCOMES.map((o) => ({ value: o, label: t(`contacts.outcomes.${o}`) })) },
    ...(promising
      ? ([
          { name: 'promised_on', type: 'date', label: f('promisedOn'), hint: f('promisedOnHint') },
          { name: 'amount', type: 'money', label: f('amount') },
        ] as FieldDecl<Values>[])
      : []),
    { name: 'note', type: 'textarea', label: f('note'), hint: f('noteHint'), rows: 2 },
  ];

  const send = async () => {
    setFailure(null);
    const v = formSchema.parse(kit.form.getValues());
    try {
      await log.mutateAsync({
        id: operationId,
        idempotency_key: key,
        channel: v.channel,
        direction: v.direction,
        outcome: v.outcome,
        note: v.note ?? null,
        promise: v.outcome === PROMISE_OUTCOME && v.promised_on && v.amount ? { promised_on: v.promised_on, amount: v.amount } : null,
      });
      setConfirming(false);
      toast.success(t('contacts.saved'));
      onDone();
    } catch (e) {
      const field = isApiError(e) ? e.field?.replace(/^promise\.?/, '') : undefined;
      if (isApiError(e) && (e.status === 400 || e.status === 409) && e.field) {
        setConfirming(false);
        const name = field === '' ? 'promised_on' : field;
        if (name && name in kit.labels) {
          kit.form.setError(name as keyof Values, { type: 'server', message: errorText(e, t).replace(/^Campo [\w.]+: /, '') }, { shouldFocus: true });
          return;
        }
      }
      setFailure(errorText(e, t));
    }
  };

  const review = kit.form.handleSubmit(async (v) => {
    kit.clear();
    setKey(newIdempotencyKey());
    if (v.outcome === PROMISE_OUTCOME) setConfirming(true);
    else await send();
  });

  return (
    <form onSubmit={(e) => void review(e)} noValidate data-testid="contact-form" className="kit-form coll-contact-form" aria-label={t('contacts.add')}>
      <div className="coll-contact-fields">
        {fields.map((decl) => (
          <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={`contact-${decl.name.replace(/_/g, '-')}`} />
        ))}
      </div>
      <FormError message={kit.formError ?? failure} testId="contact-form-error" />
      <Button type="submit" intent="primary" icon="add" loading={log.isPending && !confirming} data-testid="contact-submit">
        {promising ? t('contacts.review') : t('contacts.save')}
      </Button>
      {confirming && (
        <MoneyConfirmDialog
          title={t('contacts.confirmTitle')}
          consequence={t('contacts.confirmText', { amount: formatCurrency(values.amount ?? ''), date: formatDate(values.promised_on ?? '') })}
          consequenceTestId="contact-confirm-consequence"
          rows={[
            { label: t('contacts.confirm.amount'), amount: values.amount ?? '', strong: true, id: 'amount' },
            { label: t('contacts.confirm.date'), text: formatDate(values.promised_on ?? ''), id: 'date' },
            { label: t('contacts.confirm.channel'), text: t(`contacts.channels.${values.channel}`), id: 'channel' },
          ]}
          amountsTestId="contact-confirm-amounts"
          intent="primary"
          confirmText={t('contacts.save')}
          busyText={t('contacts.working')}
          confirmTestId="contact-confirm"
          busy={log.isPending}
          onConfirm={send}
          onClose={() => setConfirming(false)}
        >
          {failure && (
            <Callout intent="danger" data-testid="contact-confirm-error">
              {failure}
            </Callout>
          )}
        </MoneyConfirmDialog>
      )}
    </form>
  );
}

function ContactRow({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  return (
    <tr data-testid={`contact-row-${contact.id}`}>
      <td className="coll-nowrap">{formatDateTime(contact.contacted_at)}</td>
      <td>
        {t(`contacts.channels.${contact.channel}`)}
        <div className="bp6-text-muted coll-small">{t(`contacts.directions.${contact.direction}`)}</div>
      </td>
      <td data-testid={`contact-outcome-${contact.id}`}>
        {t(`contacts.outcomes.${contact.outcome}`)}
        {contact.promise && (
          <div className="coll-small">
            <PromiseTag promise={contact.promise} testId={`contact-promise-state-${contact.id}`} />{' '}
            <span data-testid={`contact-promise-${contact.id}`}>{promiseWords(contact.promise, t)}</span>
          </div>
        )}
      </td>
      <td className="coll-note">{contact.note ?? '—'}</td>
      <td>{contact.actor_name ?? '—'}</td>
    </tr>
  );
}

export function ContactsPanel({ operationId }: { operationId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('collections.contacts', { id: operationId });
  const [adding, setAdding] = useState(false);
  const data = query.data;
  return (
    <section className="coll-contacts" data-testid="contacts" aria-labelledby="contacts-title">
      <div className="op-actions">
        <H3 id="contacts-title" className="heading-as-h5 op-section-title svc-grow">
          {t('contacts.title')}
        </H3>
        {!adding && (
          <Button icon="phone" data-testid="contact-add" onClick={() => setAdding(true)}>
            {t('contacts.add')}
          </Button>
        )}
      </div>
      <p className="bp6-text-muted">{t('contacts.intro')}</p>
      {adding && (
        <Card compact className="coll-contact-card">
          <ContactForm operationId={operationId} onDone={() => setAdding(false)} />
        </Card>
      )}
      {query.error && !data && <Callout intent="danger">{errorText(query.error, t)}</Callout>}
      {!data && !query.error && <Spinner size={20} />}
      {data && data.items.length === 0 && (
        <p className="bp6-text-muted" data-testid="contacts-empty">
          {t('contacts.none')}
        </p>
      )}
      {data && data.items.length > 0 && (
        <HTMLTable compact striped className="coll-contacts-table" data-testid="contacts-table">
          <thead>
            <tr>
              <th scope="col">{t('contacts.columns.when')}</th>
              <th scope="col">{t('contacts.columns.channel')}</th>
              <th scope="col">{t('contacts.columns.outcome')}</th>
              <th scope="col">{t('contacts.columns.note')}</th>
              <th scope="col">{t('contacts.columns.by')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <ContactRow key={c.id} contact={c} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {data && <p className="bp6-text-muted coll-small">{t('contacts.graceNote', { days: data.grace_business_days })}</p>}
    </section>
  );
}
