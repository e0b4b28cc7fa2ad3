import { describe, expect, it } from 'vitest';
import {
  AllAdmins,
  AllOperators,
  AllPanelUsers,
  OnlySuperAdmin,
  ROLE_LABELS_PT,
  Role,
  canManageRole,
  hasProfilePermission,
  manageableRoles,
  mergeRoles,
} from '../../../src/shared/roles';

describe('roles (spec entities and spec roles and permissions)', () => {
  it('has the spec ids and labels', () => {
    expect(Role).toEqual({ ADMIN: 1, USER: 2, SUPER_ADMIN: 3, AGENT: 4, OPERATOR: 5 });
    expect(ROLE_LABELS_PT).toEqual({ 3: 'Super Administrador', 1: 'Administrador', 2: 'Usuário', 5: 'Operador', 4: 'Agente' });
  });
  it('builds the groups', () => {
    expect([...OnlySuperAdmin]).toEqual([3]);
    expect([...AllAdmins].sort()).toEqual([1, 3]);
    expect([...AllOperators].sort()).toEqual([1, 3, 5]);
    expect([...AllPanelUsers].sort()).toEqual([1, 3, 4, 5]);
  });
  it('applies the manageable-roles rule', () => {
    expect([...manageableRoles(3)].sort()).toEqual([1, 3, 4, 5]);
    expect([...manageableRoles(1)].sort()).toEqual([1, 4, 5]);
    expect(manageableRoles(5)).toEqual([]);
    expect(canManageRole(1, 3)).toBe(false);
    expect(canManageRole(3, 3)).toBe(true);
    expect(canManageRole(1, 2)).toBe(false);
  });
  it('always allows roles 1 and 3 in the profile-permission check', () => {
    expect(hasProfilePermission(1, [])).toBe(true);
    expect(hasProfilePermission(3, [4])).toBe(true);
    expect(hasProfilePermission(4, [4])).toBe(true);
    expect(hasProfilePermission(5, [4])).toBe(false);
    expect(hasProfilePermission(null, [4])).toBe(false);
  });
  it("narrows a parent's roles by the child's (a page's stricter rule holds under a wider parent)", () => {
    expect([...(mergeRoles(AllAdmins, AllPanelUsers) ?? [])].sort()).toEqual([1, 3]);
    expect([...(mergeRoles(AllPanelUsers, AllOperators) ?? [])].sort()).toEqual([1, 3, 5]);
    expect(mergeRoles(AllAdmins, undefined)).toBe(AllAdmins);
    expect(mergeRoles(undefined, AllOperators)).toBe(AllOperators);
  });
});
