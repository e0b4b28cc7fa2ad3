/**
 * The borrower's annual debt-discharge declaration (Lei 12.007/2009), under the borrower's operations: a year that
 * is over (the last five offered, the last one first), saved as a PDF by the main process. Back office only; the
 * server refuses a year with a debt still open (409 naming the installments). Below it, the letters already issued to
 * the borrower, each printed again as issued.
 */
import { Button, Callout, Card, FormGroup, H3, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AllOperators } from '@shared/roles';
import { RoleGate } from '@kit/RoleGate';
import { errorText } from '../../api/errors';
import { useLetterDownload } from './useLetterDownload';
import { IssuedLetters } from './IssuedLetters';
import './letters.css';

/** The years offered: the five before the computer's current year (the server checks against the business date). */
function pastYears(): number[] {
  const current = new Date().getFullYear();
  return [1, 2, 3, 4, 5].map((k) => current - k);
}

export function AnnualDeclarationCard({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const years = pastYears();
  const [year, setYear] = useState(years[0]);
  const { busy, saved, error, save } = useLetterDownload();
  return (
    <RoleGate roles={AllOperators}>
      <Card compact className="letters-annual" data-testid="letters-annual">
        <H3 className="heading-as-h5">{t('letters.annual.title')}</H3>
        <p className="bp6-text-muted">{t('letters.annual.help')}</p>
        <FormGroup label={t('letters.annual.year')} labelFor="letters-annual-year" inline>
          <HTMLSelect id="letters-annual-year" data-testid="letters-annual-year" value={year} onChange={(e) => setYear(Number(e.currentTarget.value))} options={years.map((y) => ({ value: y, label: String(y) }))} />
        </FormGroup>
        <Button icon="download" data-testid="letters-annual-save" loading={busy !== null} onClick={() => void save('letters.annual', { id: borrowerId, year })}>
          {t('letters.annual.save')}
        </Button>
        {error && (
          <Callout intent="danger" data-testid="letters-annual-error" className="letters-result">
            {errorText(error, t)}
          </Callout>
        )}
        {saved && (
          <Callout intent="success" icon="tick" data-testid="letters-annual-saved" className="letters-result">
            {t('letters.saved', { path: saved })}
          </Callout>
        )}
        <IssuedLetters of={{ borrower_id: borrowerId }} saved={saved} busy={busy} save={save} />
      </Card>
    </RoleGate>
  );
}
