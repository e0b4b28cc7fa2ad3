/** Texts that reached a Portuguese screen in another form: a timeline note's ISO date, an upload's raw kind. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { UPLOAD_TYPES } from '../../../src/shared/contract/generic';
import { datesAsShown } from '../../../src/renderer/src/screens/creditOperations/AnalysisPanels';

describe('language leaks', () => {
  it("writes a timeline note's ISO dates as the screens write dates, leaving times and numbers alone", () => {
    expect(datesAsShown('Desembolso previsto para 2026-04-15.')).toBe('Desembolso previsto para 15/04/2026.');
    expect(datesAsShown('De 2026-04-15 a 2026-05-15')).toBe('De 15/04/2026 a 15/05/2026');
    expect(datesAsShown('Registrado em 2026-04-15T10:00:00Z')).toBe('Registrado em 2026-04-15T10:00:00Z');
    expect(datesAsShown('Parcela 3 de 12')).toBe('Parcela 3 de 12');
  });

  it('names every upload kind in both languages', () => {
    for (const kind of UPLOAD_TYPES) {
      expect(translate('pt-BR', `access.uploadTypes.${kind}`)).not.toBe(`access.uploadTypes.${kind}`);
      expect(translate('en', `access.uploadTypes.${kind}`)).not.toBe(`access.uploadTypes.${kind}`);
    }
    expect(translate('pt-BR', 'access.uploadTypes.document')).toBe('documento');
  });
});
