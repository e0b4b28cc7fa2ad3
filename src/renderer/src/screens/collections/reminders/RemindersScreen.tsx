/**
 * Payment reminders (/app/collections/reminders, administrators and operators): "Executar agora" runs the job
 * (reminders.run) and says what it queued, sent and held back; the list (reminders.list) shows each reminder with its
 * status and, for those not sent, the reason (opted out, no e-mail, outside hours → waiting); the rules and working
 * hours (reminders.settings) are edited by administrators (reminders.saveSettings), read-only for operators; a
 * borrower's opt-out by channel (reminders.optOuts / setOptOuts). Rules: src/server/areas/reminders/README.md.
 */
import { Button, Callout, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AllAdmins, hasProfilePermission } from '@shared/roles';
import type { ReminderRow } from '@shared/contract/reminders';
import { REMINDER_CHANNELS, REMINDER_STATUSES, type ReminderChannel, type ReminderRule, type ReminderStatus } from '@shared/reminders';
import { formatInteger } from '@shared/format';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { useSession } from '../../../app/session';
import { JobDeskScreen, StatusList } from '@kit/JobDesk';
import './reminders.css';

const STATUS_INTENT: Record<ReminderStatus, 'none' | 'success' | 'warning' | 'danger'> = { queued: 'none', sent: 'success', skipped: 'warning', failed: 'danger' };

function RulesPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const canEdit = hasProfilePermission(user?.role_id, AllAdmins);
  const settings = useApiQuery('reminders.settings', {});
  const save = useApiMutation('reminders.saveSettings', { invalidates: ['reminders.settings'] });
  const [rules, setRules] = useState<Array<{ offset: string; channels: ReminderChannel[] }>>([]);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('20:00');
  const [error, setError] = useState<string | null>(null);
  const data = settings.data;
  useEffect(() => {
    if (!data) return;
    setRules(data.rules.map((r: ReminderRule) => ({ offset: String(r.offset_days), channels: [...r.channels] })));
    setStart(data.hours_start);
    setEnd(data.hours_end);
  }, [data]);

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ rules: rules.map((r) => ({ offset_days: Number(r.offset), channels: r.channels })), hours_start: start, hours_end: end });
      toast.success(t('reminders.saved'));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e, t) : String(e));
    }
  };

  return (
    <section className="reminders-rules" data-testid="reminders-rules">
      <h3>{t('reminders.settingsTitle')}</h3>
      {data && !data.saved && <p className="bp6-text-muted">{t('reminders.defaults')}</p>}
      {!canEdit && <p className="bp6-text-muted">{t('reminders.adminsOnly')}</p>}
      <table className="bp6-html-table bp6-compact">
        <thead>
          <tr>
            <th>{t('reminders.offset')}</th>
            <th>{t('reminders.channels')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {rules.map((r, i) => (
            <tr key={i} data-testid={`reminders-rule-${i}`}>
              <td>
                <InputGroup
                  aria-label={t('reminders.offset')}
                  data-testid={`reminders-offset-${i}`}
                  value={r.offset}
                  disabled={!canEdit}
                  style={{ width: '6rem' }}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setRules((all) => all.map((x, k) => (k === i ? { ...x, offset: value } : x)));
                  }}
                />
              </td>
              <td className="reminders-channels">
                {REMINDER_CHANNELS.map((c) => (
                  <Checkbox
                    key={c}
                    inline
                    label={t(`reminders.channel.${c}`)}
                    data-testid={`reminders-channel-${i}-${c}`}
                    checked={r.channels.includes(c)}
                    disabled={!canEdit}
                    onChange={() => setRules((all) => all.map((x, k) => (k === i ? { ...x, channels: x.channels.includes(c) ? x.channels.filter((y) => y !== c) : [...x.channels, c] } : x)))}
                  />
                ))}
              </td>
              {canEdit && (
                <td>
                  <Button small variant="minimal" icon="trash" aria-label={t('reminders.removeRule')} onClick={() => setRules((all) => all.filter((_, k) => k !== i))} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bp6-text-muted bp6-text-small">{t('reminders.offsetHelp')}</p>
      <div className="reminders-hours">
        <FormGroup label={t('reminders.hoursStart')} labelFor="reminders-start" inline>
          <InputGroup id="reminders-start" data-testid="reminders-start" type="time" value={start} disabled={!canEdit} onChange={(e) => setStart(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('reminders.hoursEnd')} labelFor="reminders-end" inline>
          <InputGroup id="reminders-end" data-testid="reminders-end" type="time" value={end} disabled={!canEdit} onChange={(e) => setEnd(e.currentTarget.value)} />
        </FormGroup>
      </div>
      {error && (
        <Callout intent="danger" data-testid="reminders-settings-error">
          {error}
        </Callout>
      )}
      {canEdit && (
        <div className="reminders-actions">
          <Button icon="add" onClick={() => setRules((all) => [...all, { offset: '', channels: ['email'] }])} data-testid="reminders-add-rule">
            {t('reminders.addRule')}
          </Button>
          <Button intent="primary" icon="floppy-disk" loading={save.isPending} onClick={submit} data-testid="reminders-save">
            {t('reminders.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

function OptOutPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const [id, setId] = useState('');
  const [asked, setAsked] = useState<number | null>(null);
  const [channels, setChannels] = useState<ReminderChannel[]>([]);
  const current = useApiQuery('reminders.optOuts', { id: asked ?? 1 }, { enabled: asked !== null });
  const save = useApiMutation('reminders.setOptOuts', { invalidates: ['reminders.optOuts'] });
  useEffect(() => {
    if (current.data) setChannels(current.data.channels);
  }, [current.data]);
  return (
    <section className="reminders-optout" data-testid="reminders-optout">
      <h3>{t('reminders.optOutTitle')}</h3>
      <form
        className="reminders-hours"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(id);
          if (Number.isInteger(n) && n > 0) setAsked(n);
        }}
      >
        <FormGroup label={t('reminders.borrowerId')} labelFor="reminders-borrower" inline>
          <InputGroup id="reminders-borrower" data-testid="reminders-borrower" value={id} onChange={(e) => setId(e.currentTarget.value)} style={{ width: '8rem' }} />
        </FormGroup>
        <Button type="submit" icon="search" data-testid="reminders-optout-load">
          {t('reminders.optOutLoad')}
        </Button>
      </form>
      {current.error && asked !== null && <Callout intent="danger">{errorText(current.error, t)}</Callout>}
      {current.data && asked !== null && (
        <div className="reminders-actions">
          {REMINDER_CHANNELS.map((c) => (
            <Checkbox
              key={c}
              inline
              label={t(`reminders.channel.${c}`)}
              data-testid={`reminders-optout-${c}`}
              checked={channels.includes(c)}
              onChange={() => setChannels((all) => (all.includes(c) ? all.filter((x) => x !== c) : [...all, c]))}
            />
          ))}
          <Button
            intent="primary"
            data-testid="reminders-optout-save"
            loading={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({ id: asked, channels });
                toast.success(t('reminders.optOutSaved'));
              } catch (e) {
                toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
              }
            }}
          >
            {t('reminders.optOutSave')}
          </Button>
        </div>
      )}
    </section>
  );
}

export function RemindersScreen() {
  const { t } = useTranslation();
  return (
    <JobDeskScreen
      id="reminders"
      texts="reminders"
      run={{
        operation: 'reminders.run',
        icon: 'send-message',
        invalidates: ['reminders.list'],
        done: (r, tr) =>
          tr('reminders.runDone', { date: r.date.split('-').reverse().join('/'), queued: formatInteger(r.queued), sent: formatInteger(r.sent), deferred: formatInteger(r.deferred), skipped: formatInteger(r.skipped + r.failed) }),
      }}
    >
      <div className="reminders-panels">
        <RulesPanel />
        <OptOutPanel />
      </div>
      <h3>{t('reminders.listTitle')}</h3>
      <StatusList<'reminders.list', ReminderRow>
        testId="reminders"
        texts="reminders"
        operation="reminders.list"
        statuses={REMINDER_STATUSES}
        emptyHint={t('reminders.empty')}
        columns={[
          { id: 'borrower', title: 'reminders.columns.borrower', field: 'borrower_name', width: 2 },
          { id: 'installment', title: 'reminders.columns.installment', kind: 'integer', field: 'installment_number' },
          { id: 'due', title: 'reminders.columns.dueDate', kind: 'date', field: 'due_date' },
          { id: 'amount', title: 'reminders.columns.amount', kind: 'money', field: 'amount' },
          { id: 'offset', title: 'reminders.columns.offset', kind: 'identifier', text: (r) => (r.offset_days > 0 ? `+${r.offset_days}` : String(r.offset_days)) },
          { id: 'channel', title: 'reminders.columns.channel', text: (r, tr) => tr(`reminders.channel.${r.channel}`) },
          { id: 'status', title: 'reminders.columns.status', kind: 'status', labels: 'reminders.statuses', field: 'status', intent: (s) => STATUS_INTENT[s as ReminderStatus] ?? 'none', testId: (r) => `reminders-status-${r.id}` },
          { id: 'reason', title: 'reminders.columns.reason', width: 3, text: (r, tr) => (r.reason ? tr(`reminders.reasons.${r.reason}`) : ''), testId: (r) => `reminders-reason-${r.id}` },
          { id: 'scheduled', title: 'reminders.columns.scheduledOn', kind: 'date', field: 'scheduled_on' },
          { id: 'sent', title: 'reminders.columns.sentAt', kind: 'datetime', field: 'sent_at' },
        ]}
      />
    </JobDeskScreen>
  );
}
