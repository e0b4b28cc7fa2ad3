/**
 * Preferences: server address (empty = the embedded sandbox),
 * postal-code (CEP) service address, language, download folder and "always ask where to save". Everything is
 * saved at once by the main process, which checks a new address before
 * accepting it: a wrong one answers a clear message and nothing changes.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CEP_SERVICE_URL, LOCALES, type Locale, type Settings, type SettingsPatch } from '@shared/bridge';
import { bridge } from '../../api/client';
import { useSystem } from '../../app/SystemState';
import { useToast } from '../../app/toaster';
import { LOCALE_LABELS } from '../../layout/LocaleSwitch';
import { changedPreferences, type PreferencesForm } from './preferencesPatch';
import { asTranslate, placeServerMessage, withLabel } from '@kit/form/messages';

/** The main process's answer worded for the dialog: fields by their label, never by their setting name. */
function preferencesMessage(failure: { code: string; message: string; field?: string }, tr: (key: string) => string): string {
  const t = asTranslate(tr);
  const labels = { serverUrl: t('preferences.serverUrl'), cepServiceUrl: t('preferences.cepServiceUrl'), locale: t('preferences.language'), downloadFolder: t('preferences.downloadFolder'), askWhereToSave: t('preferences.askWhereToSave') };
  const label = failure.field ? (labels as Record<string, string>)[failure.field] : undefined;
  // A setting the main process refused as malformed: its own detail is the validator's wording.
  if (failure.code === 'invalid-args' && label) return withLabel(t('form.issues.invalid'), t, label);
  return placeServerMessage(failure.message, failure.field, labels, t, []).text;
}

export function PreferencesDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { changeLocale } = useSystem();
  const [saved, setSaved] = useState<Settings | null>(null);
  const [form, setForm] = useState<PreferencesForm | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    let alive = true;
    setError(null);
    void bridge()
      .settings.get()
      .then((current) => {
        if (!alive) return;
        setSaved(current);
        setForm({
          serverUrl: current.serverUrl,
          cepServiceUrl: current.cepServiceUrl,
          locale: current.locale,
          downloadFolder: current.downloadFolder,
          askWhereToSave: current.askWhereToSave,
        });
      });
    return () => {
      alive = false;
    };
  }, [isOpen]);

  const set = (patch: Partial<PreferencesForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  const chooseFolder = async () => {
    const folder = await bridge().files.chooseFolder();
    if (folder) set({ downloadFolder: folder });
  };

  const save = async () => {
    if (!form || !saved) return;
    const patch: SettingsPatch = changedPreferences(saved, form);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await bridge().settings.update(patch);
      if (result.error) {
        setError({ message: preferencesMessage(result, t), field: result.field });
        return;
      }
      // The main process already saved the language; this applies it to the screens.
      if (patch.locale) changeLocale(result.data.locale);
      // Said in the language just chosen (this render's t still speaks the old one).
      toast.success(t(patch.serverUrl !== undefined ? 'preferences.serverChanged' : 'preferences.saved', { lng: result.data.locale }));
      onClose();
    } catch {
      setError({ message: t('common.failedTryAgain') });
    } finally {
      setBusy(false);
    }
  };

  const fieldIntent = (field: string) => (error?.field === field ? 'danger' : 'none');

  return (
    <Dialog isOpen={isOpen} title={t('preferences.title')} onClose={busy ? undefined : onClose} className="preferences-dialog">
      <DialogBody>
        {!form ? (
          <Spinner size={24} />
        ) : (
          <div data-testid="preferences-form">
            <FormGroup label={t('preferences.serverUrl')} labelFor="preferences-server-url" helperText={t('preferences.serverUrlHelp')} intent={fieldIntent('serverUrl')}>
              <InputGroup
                id="preferences-server-url"
                data-testid="preferences-server-url"
                value={form.serverUrl}
                placeholder={t('preferences.serverUrlPlaceholder')}
                intent={fieldIntent('serverUrl')}
                onChange={(e) => set({ serverUrl: e.currentTarget.value })}
              />
            </FormGroup>
            <FormGroup label={t('preferences.cepServiceUrl')} labelFor="preferences-cep-service-url" helperText={t('preferences.cepServiceUrlHelp')} intent={fieldIntent('cepServiceUrl')}>
              <InputGroup
                id="preferences-cep-service-url"
                data-testid="preferences-cep-service-url"
                value={form.cepServiceUrl}
                placeholder={DEFAULT_CEP_SERVICE_URL}
                intent={fieldIntent('cepServiceUrl')}
                onChange={(e) => set({ cepServiceUrl: e.currentTarget.value })}
              />
            </FormGroup>
            <FormGroup label={t('preferences.language')} labelFor="preferences-locale">
              <HTMLSelect
                id="preferences-locale"
                data-testid="preferences-locale"
                value={form.locale}
                onChange={(e) => set({ locale: e.currentTarget.value as Locale })}
                options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
              />
            </FormGroup>
            <FormGroup label={t('preferences.downloadFolder')} labelFor="preferences-download-folder" intent={fieldIntent('downloadFolder')}>
              <InputGroup
                id="preferences-download-folder"
                data-testid="preferences-download-folder"
                value={form.downloadFolder}
                placeholder={t('preferences.downloadFolderDefault')}
                readOnly
                rightElement={
                  <Button variant="minimal" icon="folder-open" data-testid="preferences-choose-folder" onClick={() => void chooseFolder()}>
                    {t('preferences.chooseFolder')}
                  </Button>
                }
              />
            </FormGroup>
            {form.downloadFolder !== '' && (
              <Button size="small" variant="minimal" data-testid="preferences-default-folder" onClick={() => set({ downloadFolder: '' })}>
                {t('preferences.useDefaultFolder')}
              </Button>
            )}
            <Switch
              data-testid="preferences-ask-where"
              label={t('preferences.askWhereToSave')}
              checked={form.askWhereToSave}
              onChange={(e) => set({ askWhereToSave: e.currentTarget.checked })}
            />
            {error && (
              <Callout intent="danger" icon="error" data-testid="preferences-error">
                {error.message}
              </Callout>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} disabled={busy} data-testid="preferences-cancel">
              {t('preferences.cancel')}
            </Button>
            <Button intent="primary" loading={busy} disabled={!form} onClick={() => void save()} data-testid="preferences-save">
              {t('preferences.save')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** The button that opens the dialog (login screen and header). */
/** `compact`: in the header, where narrow windows show the icon only (the name stays the accessible name). */
export function PreferencesButton({ testId, minimal = true, compact = false }: { testId: string; minimal?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = t('preferences.open');
  return (
    <>
      <Button
        icon="cog"
        variant={minimal ? 'minimal' : 'outlined'}
        data-testid={testId}
        aria-label={compact ? name : undefined}
        title={compact ? name : undefined}
        onClick={() => setOpen(true)}
      >
        {compact ? <span className="header-label">{name}</span> : name}
      </Button>
      <PreferencesDialog isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
