/** The remittance report's words, read by both its PDF and its data (apart, so neither file imports the other). */
import type { RemittanceInstructionCode } from '@shared/enums';
import { translate } from '@shared/i18n';

export function instructionText(instruction: RemittanceInstructionCode): string {
  return translate('pt-BR', `remittance.instructions.${instruction}`);
}

export function reportTitle(report: { bank_code: string; nsa: number }): string {
  return `Relatório da remessa CNAB 240 — banco ${report.bank_code}, NSA ${report.nsa}`;
}
