/**
 * The carnê of a credit operation (every installment with something to
 * collect, three slips per page): saved through the main process or shown in
 * the app's viewer, like the single boleto (BoletoButton.tsx).
 */
import { useTranslation } from 'react-i18next';
import { PdfButtons } from './BoletoButton';

export function CarneButton({ creditOperationId, small }: { creditOperationId: number; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <PdfButtons
      name="boleto.carne"
      args={{ credit_operation_id: creditOperationId }}
      labels={{ download: t('boleto.carneDownload'), view: t('boleto.carneView'), title: t('boleto.carneTitle') }}
      testId={`carne-${creditOperationId}`}
      small={small}
    />
  );
}

export default CarneButton;
