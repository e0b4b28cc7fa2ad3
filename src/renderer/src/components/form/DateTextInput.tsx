/**
 * A date typed as DD/MM/YYYY in any language and on any workstation (a native
 * date input follows the operating system's locale: MM/DD/YYYY on an English
 * system). The value given out is 'YYYY-MM-DD' when the text is a real day,
 * else the text as typed, so the caller's check refuses it.
 */
import { InputGroup, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTextToIso, isoToDateText, maskDateTyping } from './localeText';

export function DateTextInput({
  id,
  value,
  onChange,
  intent,
  disabled,
}: {
  id: string;
  /** 'YYYY-MM-DD', or the text as typed when it is no day */
  value: string;
  onChange(value: string): void;
  intent?: Intent;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToDateText(value));
  useEffect(() => {
    setText((current) => (dateTextToIso(current) === value || current === value ? current : isoToDateText(value)));
  }, [value]);
  return (
    <InputGroup
      id={id}
      data-testid={id}
      inputMode="numeric"
      placeholder={t('form.datePlaceholder')}
      intent={intent}
      disabled={disabled}
      value={text}
      onChange={(e) => {
        const next = maskDateTyping(text, e.currentTarget.value);
        setText(next);
        onChange(dateTextToIso(next) ?? next);
      }}
      onBlur={() => {
        const iso = dateTextToIso(text);
        if (iso) setText(isoToDateText(iso));
      }}
    />
  );
}
