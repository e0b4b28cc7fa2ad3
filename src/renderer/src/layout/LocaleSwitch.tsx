import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@shared/bridge';
import { useSystem } from '../app/SystemState';

export const LOCALE_LABELS: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

export function LocaleSwitch() {
  const { t } = useTranslation();
  const { state, changeLocale } = useSystem();
  return (
    <HTMLSelect
      data-testid="locale-switch"
      aria-label={t('common.language')}
      value={state.theme.locale}
      onChange={(e) => changeLocale(e.currentTarget.value as Locale)}
      options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
    />
  );
}
