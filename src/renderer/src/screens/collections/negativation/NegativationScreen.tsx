/**
 * Negativação (/app/collections/negativation, administrators and operators): the records sent to the credit bureau
 * (negativation.list, filtered by status and by removals past their deadline, those flagged), a record's events
 * (negativation.get), the candidates (negativation.candidates) with what is missing to send each, the submit after a
 * confirmation (negativation.submit) and the job run on demand (negativation.run). Rules:
 * src/server/areas/negativation/README.md.
 */
import { Button, Callout, Dialog, DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NegativationCandidate, NegativationRow } from '@shared/contract/negativation';
import { NEGATIVATION_STATUSES, type NegativationStatus } from '@shared/negativation';
import { formatCurrency } from '@shared/format';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { RecordsTable } from '@kit/RecordsTable';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { JobDeskScreen, StatusList } from '@kit/JobDesk';
import { missingFields, missingText } from './missing';

const STATUS_INTENT: Record<NegativationStatus, 'none' | 'primary' | 'success' | 'warning' | 'danger'> = {
  submitted: 'none',
  notified: 'primary',
  active: 'danger',
  removal_queued: 'warning',
  removed: 'success',
};

/** A calendar day as dd/mm/yyyy, never through a time zone. */
const day = (d: string) => d.split('-').reverse().join('/');

function EventsDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const one = useApiQuery('negativation.get', { id: id ?? 1 }, { enabled: id !== null });
  const events = one.data?.events;
  return (
    <Dialog isOpen={id !== null} onClose={onClose} title={t('negativation.events')} style={{ width: 'min(860px, 95vw)' }}>
      <DialogBody>
        {one.error && <Callout intent="danger">{errorText(one.error, t)}</Callout>}
        {one.data && (
          <p data-testid="negativation-record-summary">
            {one.data.borrower_name} · {t('negativation.columns.installment')} {one.data.installment_number} · {formatCurrency(one.data.amount)} · {one.data.protocol ?? ''}
          </p>
        )}
        <RecordsTable
          testId="negativation-events"
          loading={one.isFetching && !one.data}
          rows={events}
          columns={[
            { id: 'kind', title: 'negativation.columns.kind', kind: 'status', labels: 'negativation.statuses', field: 'kind', intent: (s) => STATUS_INTENT[s as NegativationStatus] ?? 'none' },
            { id: 'date', title: 'negativation.columns.date', kind: 'date', field: 'business_date' },
            { id: 'detail', title: 'negativation.columns.detail', field: 'detail', width: 3 },
            { id: 'actor', title: 'negativation.columns.actor', field: 'actor_name', width: 2 },
          ]}
        />
      </DialogBody>
    </Dialog>
  );
}

function Records() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section data-testid="negativation-records">
      <StatusList<'negativation.list', NegativationRow>
        testId="negativation"
        texts="negativation"
        operation="negativation.list"
        statuses={NEGATIVATION_STATUSES}
        flags={[{ id: 'overdue', label: 'negativation.overdueOnly', args: { overdue_removal: 'true' } }]}
        emptyHint={t('negativation.empty')}
        onRowClick={(r) => setOpen(r.id)}
        columns={[
          { id: 'borrower', title: 'negativation.columns.borrower', field: 'borrower_name', width: 2 },
          { id: 'document', title: 'negativation.columns.document', kind: 'document', field: 'document' },
          { id: 'installment', title: 'negativation.columns.installment', kind: 'integer', field: 'installment_number' },
          { id: 'due', title: 'negativation.columns.dueDate', kind: 'date', field: 'due_date' },
          { id: 'amount', title: 'negativation.columns.amount', kind: 'money', field: 'amount' },
          { id: 'status', title: 'negativation.columns.status', kind: 'status', labels: 'negativation.statuses', field: 'status', intent: (s) => STATUS_INTENT[s as NegativationStatus] ?? 'none', testId: (r) => `negativation-status-${r.id}` },
          { id: 'submitted', title: 'negativation.columns.submittedOn', kind: 'date', field: 'submitted_on' },
          {
            id: 'removalDue',
            title: 'negativation.columns.removalDue',
            width: 2,
            text: (r, tr) => (r.removal_due_on ? `${day(r.removal_due_on)}${r.removal_overdue ? ` · ${tr('negativation.overdueFlag')}` : ''}` : ''),
            testId: (r) => `negativation-removal-${r.id}`,
          },
          { id: 'removed', title: 'negativation.columns.removedOn', kind: 'date', field: 'removed_on' },
        ]}
        below={(items) =>
          items.some((r) => r.removal_overdue) && (
            <Callout intent="danger" icon="warning-sign" data-testid="negativation-overdue-callout">
              {t('negativation.overdueFlag')}: {items.filter((r) => r.removal_overdue).length}
            </Callout>
          )
        }
      />
      <EventsDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function Candidates() {
  const { t } = useTranslation();
  const toast = useToast();
  const [asked, setAsked] = useState<NegativationCandidate | null>(null);
  const submit = useApiMutation('negativation.submit', { invalidates: ['negativation.candidates', 'negativation.list'] });
  return (
    <section data-testid="negativation-candidates">
      <p className="bp6-text-muted">{t('negativation.candidatesHelp')}</p>
      <StatusList<'negativation.candidates', NegativationCandidate & { id: number }>
        testId="negativation-candidates"
        texts="negativation"
        operation="negativation.candidates"
        rows={(items) => items.map((c) => ({ ...c, id: c.installment_id }))}
        emptyHint={t('negativation.candidatesEmpty')}
        columns={[
          { id: 'borrower', title: 'negativation.columns.borrower', field: 'borrower_name', width: 2 },
          { id: 'document', title: 'negativation.columns.document', kind: 'document', field: 'document' },
          { id: 'installment', title: 'negativation.columns.installment', kind: 'integer', field: 'installment_number' },
          { id: 'due', title: 'negativation.columns.dueDate', kind: 'date', field: 'due_date' },
          { id: 'amount', title: 'negativation.columns.amount', kind: 'money', field: 'amount' },
          { id: 'late', title: 'negativation.columns.daysLate', kind: 'integer', field: 'days_late' },
          { id: 'after', title: 'negativation.columns.afterDays', kind: 'integer', field: 'after_days' },
          { id: 'missing', title: 'negativation.columns.missing', width: 3, text: (r, tr) => missingFields(r.missing, tr), testId: (r) => `negativation-missing-${r.id}` },
        ]}
        actions={{
          title: '',
          render: (r) => (
            <Button small intent="danger" data-testid={`negativation-submit-${r.id}`} onClick={() => setAsked(r)}>
              {t('negativation.submit')}
            </Button>
          ),
        }}
      />
      <ConfirmDialog
        isOpen={asked !== null}
        title={t('negativation.confirmTitle')}
        confirmText={t('negativation.confirm')}
        intent="danger"
        onClose={() => setAsked(null)}
        onConfirm={async () => {
          if (!asked) return;
          try {
            await submit.mutateAsync({ installment_id: asked.installment_id, confirmed: true });
            toast.success(t('negativation.submitted'));
          } catch (e) {
            toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
          }
          setAsked(null);
        }}
      >
        {asked && <p>{t('negativation.confirmText', { number: asked.installment_number, name: asked.borrower_name, amount: formatCurrency(asked.amount), due: day(asked.due_date) })}</p>}
        {asked && asked.missing.length > 0 && (
          <Callout intent="warning" data-testid="negativation-confirm-missing">
            {missingText(asked.missing, t)}
          </Callout>
        )}
      </ConfirmDialog>
    </section>
  );
}

export function NegativationScreen() {
  const { t } = useTranslation();
  return (
    <JobDeskScreen
      id="negativation"
      texts="negativation"
      run={{
        operation: 'negativation.run',
        icon: 'refresh',
        invalidates: ['negativation.list', 'negativation.candidates'],
        done: (r, tr) => tr('negativation.runDone', { date: day(r.date), notified: r.notified, activated: r.activated, queued: r.removals_queued, removed: r.removed, overdue: r.removals_overdue }),
      }}
    >
      <Tabs id="negativation-tabs" renderActiveTabPanelOnly>
        <Tab id="records" title={t('negativation.tabs.records')} panel={<Records />} data-testid="negativation-tab-records" />
        <Tab id="candidates" title={t('negativation.tabs.candidates')} panel={<Candidates />} data-testid="negativation-tab-candidates" />
      </Tabs>
    </JobDeskScreen>
  );
}
