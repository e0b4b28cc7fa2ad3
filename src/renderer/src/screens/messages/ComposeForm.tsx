/**
 * Compose a broadcast: channel, subject (e-mail), body with its size, and the
 * recipients (entrepreneurs by filter or a pasted list checked as it is
 * typed). Sending asks the server how many will receive it, shows that in a
 * confirmation, and only then creates the broadcast.
 */
import { Button, ButtonGroup, Callout, Card, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientPreview, RecipientSelection } from '@shared/contract';
import { parseRecipientList, type MessageChannel } from '@shared/phone';
import { smsSegments } from '@shared/sms';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { FieldError } from '@kit/fields';

const STATES = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

type Mode = RecipientSelection['mode'];

export function ComposeForm({ onCreated }: { onCreated(id: number): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [channel, setChannel] = useState<MessageChannel>('sms');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [mode, setMode] = useState<Mode>('filters');
  const [state, setState] = useState('');
  const [city, setCity] = useState('');
  const [pasted, setPasted] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<RecipientPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewCall = useApiMutation('messages.preview');
  const create = useApiMutation('messages.create', { invalidates: ['messages.list'] });

  const parsed = useMemo(() => parseRecipientList(pasted, channel), [pasted, channel]);
  const selection: RecipientSelection =
    mode === 'list' ? { mode, entries: parsed.valid } : { mode, ...(state ? { state } : {}), ...(city.trim() ? { city: city.trim() } : {}) };

  /** An error goes away as soon as its field is edited (the send checks again). */
  const corrected = (key: string) =>
    setErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)) : current));
  const typed = (key: string, set: (v: string) => void) => (v: string) => {
    set(v);
    corrected(key);
  };
  // Any change to what would be sent makes an earlier preview wrong (and may settle "no recipients").
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
    corrected('selection');
  };

  const askServer = async (): Promise<RecipientPreview | null> => {
    try {
      const answer = await previewCall.mutateAsync({ channel, selection });
      setPreview(answer);
      return answer;
    } catch (e) {
      toast.failure(errorText(e, t));
      return null;
    }
  };

  const send = async () => {
    const next: Record<string, string> = {};
    if (channel === 'email' && !subject.trim()) next.subject = t('messages.subjectRequired');
    if (!body.trim()) next.body = t('messages.bodyRequired');
    if (mode === 'list' && parsed.valid.length === 0) next.selection = t('messages.noRecipients');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const answer = await askServer();
    if (!answer) return;
    if (answer.count === 0) {
      setErrors({ selection: t('messages.noRecipients') });
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    try {
      const created = await create.mutateAsync({ channel, subject: channel === 'email' ? subject.trim() : undefined, body, selection });
      toast.success(t('messages.sent', { count: created.total }));
      setConfirming(false);
      onCreated(created.id);
    } catch (e) {
      toast.failure(errorText(e, t));
      setConfirming(false);
    }
  };

  const chars = [...body].length;
  // ç, ã and other characters outside GSM-7 send the whole SMS as UCS-2 (70/67 per part, not 160/153).
  const sms = smsSegments(body);

  return (
    <Card className="messages-compose">
      <FormGroup label={t('messages.channel')}>
        <ButtonGroup>
          <Button data-testid="messages-channel-sms" icon="mobile-phone" active={channel === 'sms'} onClick={() => changed(setChannel)('sms')}>
            {t('messages.channelSms')}
          </Button>
          <Button data-testid="messages-channel-email" icon="envelope" active={channel === 'email'} onClick={() => changed(setChannel)('email')}>
            {t('messages.channelEmail')}
          </Button>
        </ButtonGroup>
      </FormGroup>
      {channel === 'email' && (
        <FormGroup label={t('messages.subject')} labelFor="messages-subject" intent={errors.subject ? 'danger' : 'none'}>
          <InputGroup id="messages-subject" data-testid="messages-subject" value={subject} maxLength={200} onChange={(e) => typed('subject', setSubject)(e.currentTarget.value)} />
          <FieldError name="subject" message={errors.subject} />
        </FormGroup>
      )}
      <FormGroup label={t('messages.body')} labelFor="messages-body" intent={errors.body ? 'danger' : 'none'}>
        <TextArea id="messages-body" data-testid="messages-body" fill rows={5} value={body} onChange={(e) => typed('body', setBody)(e.currentTarget.value)} />
        <span className="bp6-text-muted" data-testid="messages-body-count">
          {channel === 'sms' ? t(sms.encoding === 'ucs2' ? 'messages.smsCountUnicode' : 'messages.smsCount', { chars, segments: sms.parts, perPart: sms.perPart }) : t('messages.emailCount', { chars })}
        </span>
        <FieldError name="body" message={errors.body} />
      </FormGroup>
      <FormGroup label={t('messages.recipients')}>
        <ButtonGroup>
          <Button data-testid="messages-mode-filters" icon="filter" active={mode === 'filters'} onClick={() => changed(setMode)('filters')}>
            {t('messages.modeFilters')}
          </Button>
          <Button data-testid="messages-mode-list" icon="list" active={mode === 'list'} onClick={() => changed(setMode)('list')}>
            {t('messages.modeList')}
          </Button>
        </ButtonGroup>
      </FormGroup>
      {mode === 'filters' ? (
        <div className="filters">
          <FormGroup label={t('messages.state')} labelFor="messages-state">
            <HTMLSelect
              id="messages-state"
              data-testid="messages-state"
              value={state}
              options={[{ value: '', label: t('messages.anyState') }, ...STATES.map((s) => ({ value: s, label: s }))]}
              onChange={(e) => changed(setState)(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label={t('messages.city')} labelFor="messages-city">
            <InputGroup id="messages-city" data-testid="messages-city" value={city} onChange={(e) => changed(setCity)(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('messages.solicitationStatus')} labelFor="messages-solicitation" helperText={t('messages.solicitationUnavailable')}>
            <HTMLSelect id="messages-solicitation" disabled options={[{ value: '', label: t('messages.anyState') }]} />
          </FormGroup>
        </div>
      ) : (
        <FormGroup label={t(channel === 'sms' ? 'messages.pasteLabelSms' : 'messages.pasteLabelEmail')} labelFor="messages-paste">
          <TextArea id="messages-paste" data-testid="messages-paste" fill rows={6} value={pasted} onChange={(e) => changed(setPasted)(e.currentTarget.value)} />
          <span className="bp6-text-muted" data-testid="messages-paste-count">
            {t('messages.pasteHint', { valid: parsed.valid.length, invalid: parsed.invalid.length, duplicates: parsed.duplicates })}
          </span>
          {parsed.invalid.length > 0 && (
            <Callout intent="warning" data-testid="messages-invalid-entries">
              {t('messages.invalidEntries')}
              <ul>
                {parsed.invalid.map((entry, i) => (
                  <li key={`${i}-${entry}`}>{entry}</li>
                ))}
              </ul>
            </Callout>
          )}
        </FormGroup>
      )}
      <FieldError name="selection" message={errors.selection} />
      {preview && (
        <Callout intent={preview.count > 0 ? 'primary' : 'warning'} data-testid="messages-preview">
          <div data-testid="messages-preview-count">{t('messages.previewCount', { count: preview.count })}</div>
          {preview.sample.length > 0 && (
            <ul>
              {preview.sample.map((r) => (
                <li key={r.contact}>{r.name ? `${r.name} — ${r.contact}` : r.contact}</li>
              ))}
            </ul>
          )}
          {preview.withoutContact > 0 && <div>{t('messages.previewWithoutContact', { count: preview.withoutContact })}</div>}
          {preview.invalid.length > 0 && (
            <div data-testid="messages-preview-invalid">
              {t('messages.previewInvalid', { count: preview.invalid.length })}
              <ul>
                {preview.invalid.map((entry, i) => (
                  <li key={`${i}-${entry}`}>{entry}</li>
                ))}
              </ul>
            </div>
          )}
        </Callout>
      )}
      <div className="form-actions">
        <Button data-testid="messages-preview-button" icon="people" loading={previewCall.isPending && !confirming} onClick={() => void askServer()}>
          {t('messages.preview')}
        </Button>
        <Button data-testid="messages-send" intent="primary" icon="send-message" loading={previewCall.isPending} onClick={() => void send()}>
          {t('messages.send')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        title={t('messages.confirmTitle')}
        confirmText={t('messages.confirmSend')}
        intent="primary"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <span data-testid="messages-confirm-text">
          {t('messages.confirmText', { channel: t(channel === 'sms' ? 'messages.channelSms' : 'messages.channelEmail'), count: preview?.count ?? 0 })}
        </span>
      </ConfirmDialog>
    </Card>
  );
}
