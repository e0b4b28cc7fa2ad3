/**
 * i18next over the shared catalogue: pt-BR by default, English switchable
 * while running. No language detector: nothing is read from or written to
 * browser storage; the choice is persisted by the main process's settings.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { asTranslate, issueText } from '@kit/form/messages';
import { setMoneyLocale } from '@shared/format';
import { DEFAULT_LOCALE, resources } from '@shared/i18n';
import { textLocaleOf } from '@kit/form/localeText';
import type { Locale } from '@shared/bridge';

export function initI18n(): void {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Amounts are shown the way the language writes them, the same way the money fields take them.
  setMoneyLocale(textLocaleOf(i18next.language));
  i18next.on('languageChanged', (language: string) => setMoneyLocale(textLocaleOf(language)));
  // Any zod parse in the renderer words its problems from the catalogue in the language shown,
  // never in zod's English (forms go further and name the field: components/form/resolver).
  const t = asTranslate((key, vars) => i18next.t(key, vars));
  z.config({ customError: (issue) => issueText(issue, t) });
}

export async function setLanguage(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}
