/**
 * One bank per title, on the screens that show and print a boleto: where its
 * title is registered and since when (the server's `boleto.registration` for
 * an operation's installment, `boleto.agreementRegistration` for each of an
 * agreement's, one answer derived from the remittances and return files), the
 * bank's reasons beside a rejected title, and the warning beside a slip
 * printed before its bank confirmed the title.
 */
import { Callout, H3, HTMLTable } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoletoRegistration as Registration, TitleRegistration } from '@shared/contract/servicing-boleto';
import { formatDate } from '@shared/format';
import { useApiQuery } from '../../../api/hooks';

const k = (key: string) => `boleto.registration.${key}`;

/** The query keys a new slip makes stale (a print may record one). */
export const REGISTRATION_QUERIES = [['boleto.registration'], ['boleto.agreementRegistration']] as const;

/** A title's state in words, with the bank's reasons when it rejected the entry. */
function TitleState({ title, reasons }: { title: TitleRegistration; reasons: boolean }) {
  const { t } = useTranslation();
  const rejection = reasons ? title.rejection : null;
  return (
    <>
      {t(k(`states.${title.state}`))}
      {rejection && (
        <ul className="svc-registration-reasons" data-testid={`registration-reasons-${title.boleto_slip_id}`}>
          {rejection.reasons.length > 0 ? rejection.reasons.map((r) => <li key={r.code}>{`${r.code} · ${r.words}`}</li>) : <li>{t(k('noReason'))}</li>}
        </ul>
      )}
    </>
  );
}

/**
 * The installment's titles at the banks, the live one and whether the newest waits for a baixa elsewhere. The
 * payments screen says a rejection's reasons in its own callout (with the file), so it asks without them here.
 */
export function BoletoRegistration({ installmentId, reasons = false }: { installmentId: number; reasons?: boolean }) {
  const { t } = useTranslation();
  const query = useApiQuery('boleto.registration', { x: installmentId });
  const view = query.data;
  if (!view || view.titles.length === 0) return null;
  const state = (r: TitleRegistration) => t(k(`states.${r.state}`));
  return (
    <section className="svc-registration" data-testid="boleto-registration" aria-label={t(k('title'))}>
      <H3 className="heading-as-h5">{t(k('title'))}</H3>
      <p data-testid="boleto-registration-current" data-bank={view.current?.bank_code ?? ''} data-state={view.current?.state ?? ''}>
        {view.current
          ? t(k('current'), { bank: view.current.bank_code, ourNumber: view.current.our_number, state: state(view.current), date: formatDate(view.current.since) })
          : t(k('none'))}
      </p>
      <Waiting view={view} />
      <HTMLTable compact className="op-facts-table" data-testid="boleto-registration-titles">
        <thead>
          <tr>
            <th>{t(k('columns.bank'))}</th>
            <th>{t(k('columns.ourNumber'))}</th>
            <th>{t(k('columns.state'))}</th>
            <th>{t(k('columns.since'))}</th>
          </tr>
        </thead>
        <tbody>
          {[...view.titles].reverse().map((r) => (
            <tr key={r.boleto_slip_id} data-state={r.state}>
              <td>{r.bank_code}</td>
              <td>{r.our_number}</td>
              <td>
                <TitleState title={r} reasons={reasons} />
              </td>
              <td>{formatDate(r.since)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

function Waiting({ view, label }: { view: Registration; label?: string }) {
  const { t } = useTranslation();
  if (!view.waiting || !view.latest || !view.current) return null;
  return (
    <Callout intent="primary" icon="time" data-testid="boleto-registration-waiting">
      {label && `${label}: `}
      {t(k('waiting'), { bank: view.latest.bank_code, held: view.current.bank_code })}
    </Callout>
  );
}

/**
 * An agreement's slips at the banks, installment by installment (the down payment first): each title with its bank,
 * nosso número, state, since when and, when the bank rejected it, why. Installments never printed are left out.
 */
/** `numberOf` the agreement installment's number by its id (0 the down payment), `labelOf` how a number reads. */
export function AgreementRegistration({ agreementId, numberOf, labelOf }: { agreementId: number; numberOf: ReadonlyMap<number, number>; labelOf(installmentNumber: number): string }) {
  const { t } = useTranslation();
  const query = useApiQuery('boleto.agreementRegistration', { x: agreementId });
  const printed = (query.data ?? []).filter((r) => r.titles.length > 0);
  if (!query.data) return null;
  return (
    <section className="svc-registration agreement-registration" data-testid="reneg-registration" aria-label={t(k('agreementTitle'))}>
      <H3 className="heading-as-h5">{t(k('agreementTitle'))}</H3>
      {printed.length === 0 ? (
        <p data-testid="reneg-registration-none">{t(k('agreementNone'))}</p>
      ) : (
        <>
          {printed.map((r) => (
            <Waiting key={r.installment_id} view={r} label={labelOf(numberOf.get(r.installment_id) ?? 0)} />
          ))}
          <HTMLTable compact striped className="op-facts-table" data-testid="reneg-registration-titles">
            <thead>
              <tr>
                <th>{t(k('columns.installment'))}</th>
                <th>{t(k('columns.bank'))}</th>
                <th>{t(k('columns.ourNumber'))}</th>
                <th>{t(k('columns.state'))}</th>
                <th>{t(k('columns.since'))}</th>
              </tr>
            </thead>
            <tbody>
              {printed.map((r) => (
                <Fragment key={r.installment_id}>
                  {[...r.titles].reverse().map((title, i) => (
                    <tr key={title.boleto_slip_id} data-testid={`reneg-registration-${numberOf.get(r.installment_id) ?? 0}-${i}`} data-state={title.state} data-bank={title.bank_code}>
                      <td>{i === 0 ? labelOf(numberOf.get(r.installment_id) ?? 0) : ''}</td>
                      <td>{title.bank_code}</td>
                      <td>{title.our_number}</td>
                      <td>
                        <TitleState title={title} reasons />
                      </td>
                      <td>{formatDate(title.since)}</td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </section>
  );
}

/** The warning itself, for the newest slip of an installment (the one just printed). */
function Unregistered({ latest }: { latest: TitleRegistration }) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="warning-sign" title={t(k('notRegisteredTitle'), { bank: latest.bank_code })} data-testid="boleto-unregistered">
      {t(k('notRegistered'), { ourNumber: latest.our_number, state: t(k(`states.${latest.state}`)), date: formatDate(latest.since) })}
    </Callout>
  );
}

/**
 * Beside a printed slip: "Título ainda não registrado no banco …" while the
 * bank has not confirmed the title of the installment's newest slip (the one
 * just printed). Mounted after the PDF came back, so the slip it asks about
 * is the one recorded for that print.
 */
export function UnregisteredWarning({ installmentId }: { installmentId: number }) {
  const query = useApiQuery('boleto.registration', { x: installmentId }, { staleTime: 0 });
  const latest = query.data?.latest;
  if (!latest || query.isFetching || latest.state === 'confirmed') return null;
  return <Unregistered latest={latest} />;
}

/** The same warning beside an agreement installment's printed slip. */
export function AgreementUnregisteredWarning({ agreementId, installmentId }: { agreementId: number; installmentId: number }) {
  const query = useApiQuery('boleto.agreementRegistration', { x: agreementId }, { staleTime: 0 });
  const latest = query.data?.find((r) => r.installment_id === installmentId)?.latest;
  if (!latest || query.isFetching || latest.state === 'confirmed') return null;
  return <Unregistered latest={latest} />;
}
