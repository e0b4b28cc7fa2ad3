/**
 * The company's Pix provider (GET/PUT /company/:id/pix, administrators): none
 * (the slip keeps the static Pix code), the sandbox, or a PSP speaking the
 * Central Bank's Pix API at its https address. The first choice, and a
 * rotation, answer the webhook secret once: it is shown here that once, with
 * the webhook's address, to be given to the provider.
 */
import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract, PIX_PROVIDER_CHOICES, type PixSettings } from '@shared/contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { formSchema } from '@kit/form/formSchema';
import { COMPANY_ID } from '../../app/company';
import { useReportUnsaved } from './TabLeaveGuard';

const schema = formSchema(contract['pix.saveSettings'].args.omit({ id: true }), { nullIfEmpty: ['api_base_url'] });

function toValues(s: PixSettings) {
  return { provider: s.provider, api_base_url: s.api_base_url ?? '', rotate_secret: false };
}

export function PixSettingsPanel() {
  const { t } = useTranslation();
  const query = useApiQuery('pix.settings', { id: COMPANY_ID });
  const save = useApiMutation('pix.saveSettings', { invalidates: ['pix.settings'] });
  const [drawn, setDrawn] = useState<{ secret: string; path: string } | null>(null);
  const screen = useFormScreen({
    testId: 'pix-settings',
    schema,
    defaultValues: { provider: 'none', api_base_url: '', rotate_secret: false },
    load: { data: query.data, isLoading: query.isLoading, error: query.error },
    toValues,
    savedText: t('company.pix.saved'),
    sections: [
      {
        id: 'provider',
        title: t('company.pix.title'),
        fields: [
          {
            name: 'provider',
            type: 'select',
            label: t('company.pix.provider'),
            testId: 'pix-settings-provider',
            options: PIX_PROVIDER_CHOICES.map((p) => ({ value: p, label: t(`company.pix.providers.${p}`) })),
          },
          { name: 'api_base_url', type: 'text', label: t('company.pix.apiBaseUrl'), hint: t('company.pix.apiBaseUrlHint') },
          { name: 'rotate_secret', type: 'switch', label: t('company.pix.rotateSecret') },
        ],
      },
    ],
    save: async (values) => {
      const answer = await save.mutateAsync({ ...values, id: COMPANY_ID });
      setDrawn(answer.webhook_secret ? { secret: answer.webhook_secret, path: answer.webhook_path } : null);
      return answer;
    },
  });
  useReportUnsaved(screen.form.formState.isDirty);
  return (
    <>
      <Callout intent="primary" className="company-pix-intro">
        {t('company.pix.intro')}
      </Callout>
      <FormScreen screen={screen} />
      {drawn && (
        <Callout intent="warning" title={t('company.pix.secretTitle')} data-testid="pix-settings-secret">
          <p>{t('company.pix.secretText', { path: `${drawn.path}/pix` })}</p>
          <code data-testid="pix-settings-secret-value">{drawn.secret}</code>
        </Callout>
      )}
    </>
  );
}
