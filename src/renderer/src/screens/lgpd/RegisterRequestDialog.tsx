/** Registering an erasure request received by another channel: staff finds the person by e-mail or CPF and says how it came. */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LGPD_CHANNELS, type LgpdChannel, type LgpdPerson, type LgpdRequest } from '@shared/contract';
import { DateTextInput } from '@kit/form/DateTextInput';
import { dateTextToIso } from '@kit/form/localeText';
import { asTranslate, withLabel } from '@kit/form/messages';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useDebounced } from '@kit/list/useDebounced';

export interface RegisterRequestDialogProps {
  isOpen: boolean;
  onClose(): void;
  onSaved(request: LgpdRequest): void;
}

export function RegisterRequestDialog({ isOpen, onClose, onSaved }: RegisterRequestDialogProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [person, setPerson] = useState<LgpdPerson | null>(null);
  const [channel, setChannel] = useState<LgpdChannel>('email');
  const [receivedAt, setReceivedAt] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The spec's 500 ms debounce, like every search of the app.
  const search = useDebounced(q.trim());
  const people = useApiQuery('lgpd.people', { q: search }, { enabled: isOpen && search.length >= 3 });
  const create = useApiMutation('lgpd.create', { invalidates: ['lgpd.list'] });

  const save = async () => {
    setError(null);
    if (!person) {
      setError(t('lgpd.register.pickFirst'));
      return;
    }
    if (receivedAt && !dateTextToIso(receivedAt)) {
      setError(withLabel(t('form.issues.dateFormat', { example: t('form.examples.date') }), asTranslate(t), t('lgpd.register.receivedAt')));
      return;
    }
    try {
      const created = await create.mutateAsync({
        user_id: person.id,
        channel,
        ...(receivedAt ? { received_at: new Date(`${receivedAt}T12:00:00-03:00`).toISOString() } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      onSaved(created);
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return (
    <Dialog isOpen={isOpen} title={t('lgpd.register.title')} onClose={create.isPending ? undefined : onClose}>
      <DialogBody>
        <FormGroup label={t('lgpd.register.search')} labelFor="lgpd-register-search" helperText={t('lgpd.register.searchHint')}>
          <InputGroup id="lgpd-register-search" data-testid="lgpd-register-search" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        </FormGroup>
        {search.length >= 3 && people.data && people.data.length === 0 && <p data-testid="lgpd-register-none">{t('lgpd.register.noneFound')}</p>}
        {people.data && people.data.length > 0 && (
          <Menu data-testid="lgpd-register-results">
            {people.data.map((p) => (
              <MenuItem
                key={p.id}
                data-testid={`lgpd-person-${p.id}`}
                active={person?.id === p.id}
                text={`${p.name} — ${p.email}${p.cpf ? ` — ${p.cpf}` : ''}`}
                onClick={() => setPerson(p)}
              />
            ))}
          </Menu>
        )}
        {person && (
          <Callout intent="primary" data-testid="lgpd-register-chosen">
            {t('lgpd.register.chosen', { name: person.name, email: person.email })}
          </Callout>
        )}
        <FormGroup label={t('lgpd.register.channel')} labelFor="lgpd-register-channel">
          <HTMLSelect
            id="lgpd-register-channel"
            data-testid="lgpd-register-channel"
            value={channel}
            options={LGPD_CHANNELS.map((c) => ({ value: c, label: t(`lgpd.channel.${c}`) }))}
            onChange={(e) => setChannel(e.currentTarget.value as LgpdChannel)}
          />
        </FormGroup>
        <FormGroup label={t('lgpd.register.receivedAt')} labelFor="lgpd-register-received">
          <DateTextInput id="lgpd-register-received" value={receivedAt} onChange={setReceivedAt} />
        </FormGroup>
        <FormGroup label={t('lgpd.register.notes')} labelFor="lgpd-register-notes">
          <TextArea id="lgpd-register-notes" data-testid="lgpd-register-notes" fill value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        </FormGroup>
        {error && (
          <Callout intent="danger" data-testid="lgpd-register-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="lgpd-register-cancel" disabled={create.isPending} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button intent="primary" data-testid="lgpd-register-save" loading={create.isPending} onClick={() => void save()}>
              {t('lgpd.register.save')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
