/** Pure parts of logs and LGPD: the before/after diff behind the detail screen and the erase's typed confirmation. */
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/server/areas/logs/handlers/logs';
import { erasureConfirmed } from '../../src/renderer/src/screens/lgpd/status';
import { LGPD_ERASE_WORD } from '../../src/shared/contract/index';

describe('diffSnapshots', () => {
  it('lists every field once, before-order first, flagging only real differences', () => {
    const changes = diffSnapshots({ name: 'Ana', active: true, phone: null }, { name: 'Ana Maria', active: true, phone: null, cpf: '1' });
    expect(changes).toEqual([
      { field: 'name', before: 'Ana', after: 'Ana Maria', changed: true },
      { field: 'active', before: true, after: true, changed: false },
      { field: 'phone', before: null, after: null, changed: false },
      { field: 'cpf', after: '1', changed: true },
    ]);
  });
  it('a creation has only after values, a removal only before values, all changed', () => {
    expect(diffSnapshots(null, { a: 1 })).toEqual([{ field: 'a', after: 1, changed: true }]);
    expect(diffSnapshots({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, changed: true }]);
    expect(diffSnapshots(null, null)).toEqual([]);
  });
  it('a field that disappears counts as changed even when it was null', () => {
    expect(diffSnapshots({ a: null }, {})).toEqual([{ field: 'a', before: null, changed: true }]);
  });
});

describe('erasureConfirmed', () => {
  it("accepts the person's e-mail in any case or the exact word", () => {
    expect(erasureConfirmed('Ana@Exemplo.com ', 'ana@exemplo.com', LGPD_ERASE_WORD)).toBe(true);
    expect(erasureConfirmed('APAGAR', 'ana@exemplo.com', LGPD_ERASE_WORD)).toBe(true);
  });
  it('refuses anything else, empty text, and the word in the wrong case', () => {
    expect(erasureConfirmed('', 'ana@exemplo.com', LGPD_ERASE_WORD)).toBe(false);
    expect(erasureConfirmed('apagar', 'ana@exemplo.com', LGPD_ERASE_WORD)).toBe(false);
    expect(erasureConfirmed('outra@exemplo.com', 'ana@exemplo.com', LGPD_ERASE_WORD)).toBe(false);
    expect(erasureConfirmed('ana@exemplo.com', null, LGPD_ERASE_WORD)).toBe(false);
  });
});
