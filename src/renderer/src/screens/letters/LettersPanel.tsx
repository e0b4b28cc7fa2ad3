/**
 * The operation's "Extratos e cartas" panel (under its contract tab, with the documents of the operation): the statement on a day, the payoff quote letter valid to a day, and (for
 * the back office) the discharge letter; each saved as a PDF by the main process. A blank date is the business date.
 * The server refuses what does not apply (a discharge of an open operation: 409 naming its open installments).
 * The back office also sees the letters issued, each printed again from the text it was issued with.
 */
import { Button, Callout, Card, FormGroup, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { PAYOFF_VALID_MAX_DAYS } from '@shared/contract/letters';
import { wasDisbursed } from '@shared/credit-operation-status';
import { AllOperators } from '@shared/roles';
import { RoleGate } from '@kit/RoleGate';
import { DateTextInput } from '@kit/form/DateTextInput';
import { errorText } from '../../api/errors';
import { useLetterDownload } from './useLetterDownload';
import { IssuedLetters } from './IssuedLetters';
import './letters.css';

const day = (v: string) => (v ? v : undefined);

export function LettersPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const { busy, saved, error, save } = useLetterDownload();
  const [date, setDate] = useState('');
  const [validUntil, setValidUntil] = useState('');
  if (!wasDisbursed(op.status))
    return (
      <div data-testid="letters-panel" className="letters-panel">
        <H3 className="heading-as-h5 op-section-title">{t('letters.tab')}</H3>
        <p className="bp6-text-muted" data-testid="letters-not-released">
          {t('letters.notReleased')}
        </p>
      </div>
    );

  return (
    <div data-testid="letters-panel" className="letters-panel">
      <H3 className="heading-as-h5 op-section-title">{t('letters.tab')}</H3>
      <p className="bp6-text-muted">{t('letters.intro')}</p>
      <div className="letters-grid">
        <Card compact data-testid="letters-statement">
          <H3 className="heading-as-h5">{t('letters.statement.title')}</H3>
          <p className="bp6-text-muted">{t('letters.statement.help')}</p>
          <FormGroup label={t('letters.statement.date')} labelFor="letters-statement-date" helperText={t('letters.blankToday')}>
            <DateTextInput id="letters-statement-date" value={date} onChange={setDate} />
          </FormGroup>
          <Button icon="download" data-testid="letters-statement-save" loading={busy === 'letters.statement'} onClick={() => void save('letters.statement', { id: op.id, date: day(date) })}>
            {t('letters.statement.save')}
          </Button>
        </Card>
        <Card compact data-testid="letters-payoff">
          <H3 className="heading-as-h5">{t('letters.payoff.title')}</H3>
          <p className="bp6-text-muted">{t('letters.payoff.help', { days: PAYOFF_VALID_MAX_DAYS })}</p>
          <FormGroup label={t('letters.payoff.validUntil')} labelFor="letters-payoff-date" helperText={t('letters.blankToday')}>
            <DateTextInput id="letters-payoff-date" value={validUntil} onChange={setValidUntil} />
          </FormGroup>
          <Button icon="download" data-testid="letters-payoff-save" loading={busy === 'letters.payoff'} onClick={() => void save('letters.payoff', { id: op.id, valid_until: day(validUntil) })}>
            {t('letters.payoff.save')}
          </Button>
        </Card>
        <RoleGate roles={AllOperators}>
          <Card compact data-testid="letters-discharge">
            <H3 className="heading-as-h5">{t('letters.discharge.title')}</H3>
            <p className="bp6-text-muted">{t('letters.discharge.help')}</p>
            <Button icon="download" data-testid="letters-discharge-save" loading={busy === 'letters.discharge'} onClick={() => void save('letters.discharge', { id: op.id })}>
              {t('letters.discharge.save')}
            </Button>
          </Card>
        </RoleGate>
      </div>
      {error && (
        <Callout intent="danger" data-testid="letters-error" className="letters-result">
          {errorText(error, t)}
        </Callout>
      )}
      {saved && (
        <Callout intent="success" icon="tick" data-testid="letters-saved" className="letters-result">
          {t('letters.saved', { path: saved })}
        </Callout>
      )}
      <RoleGate roles={AllOperators}>
        <IssuedLetters of={{ credit_operation_id: op.id }} saved={saved} busy={busy} save={save} />
      </RoleGate>
    </div>
  );
}
