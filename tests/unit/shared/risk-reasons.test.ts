/** The risk tab's two reasons: the server's Portuguese unchanged, and the same reasons worded in English from the catalogue. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { ratingReason, ratingReasonOf, stageReason, stageReasonOf } from '../../../src/shared/risk-classification';

const PORTUGUESE = /atraso|nível|estágio|parcela|dias\b|acima|entre/i;

describe('risk reasons', () => {
  it('are the server Portuguese as before', () => {
    expect(ratingReason(0)).toBe('Nenhuma parcela em atraso: nível AA (Res. CMN 2.682/1999).');
    expect(ratingReason(7)).toBe('Maior atraso de 7 dia(s), abaixo de 15 dias: nível A (Res. CMN 2.682/1999, art. 4º).');
    expect(ratingReason(45)).toBe('Maior atraso de 45 dias (entre 31 e 60 dias): nível C no mínimo (Res. CMN 2.682/1999, art. 4º, I).');
    expect(ratingReason(200)).toBe('Maior atraso de 200 dias (acima de 180 dias): nível H no mínimo (Res. CMN 2.682/1999, art. 4º, I).');
    expect(stageReason(40)).toBe('Atraso superior a 30 dias (40): aumento significativo do risco de crédito, estágio 2 (Res. CMN 4.966/2021).');
  });

  it('read the same in pt-BR through the catalogue, and in English with no Portuguese left, for every band', () => {
    for (const days of [0, 1, 14, 15, 30, 31, 60, 61, 90, 91, 120, 150, 151, 180, 181, 400]) {
      for (const reason of [ratingReasonOf(days), stageReasonOf(days)]) {
        const pt = translate('pt-BR', reason.key, reason.vars);
        const en = translate('en', reason.key, reason.vars);
        expect(pt).not.toBe(reason.key);
        expect(en).not.toBe(reason.key);
        expect(en, en).not.toMatch(PORTUGUESE);
      }
      expect(translate('pt-BR', ratingReasonOf(days).key, ratingReasonOf(days).vars)).toBe(ratingReason(days));
      expect(translate('pt-BR', stageReasonOf(days).key, stageReasonOf(days).vars)).toBe(stageReason(days));
    }
    expect(translate('en', ratingReasonOf(45).key, ratingReasonOf(45).vars)).toBe(
      'Longest delay of 45 days (between 31 and 60 days): level C at least (CMN Resolution 2,682/1999, art. 4, I).',
    );
  });
});
