/**
 * Staff and panel accounts: sign-in, sessions, recovery, profiles and the users screens' calls.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { confirmEmail, recoverChangePass, recoverGet, recoverLookup, recoverRequest, recoverVerifyHash, register } from './handlers/recover';
export { auth, changePassword, logged, login, logout, me, newPassword, refresh, verifyHash } from './handlers/session';
export { admins, byId, createAdmin, creditOperators, deleteUser, eraseUser, exportUsers, listActives, pagedUsers, resetPassword, setStatus, updateAdmin, updateProfile, withEmailConflict } from './handlers/users';
export { findSession, revokeUserSessions } from './sessions';
export { assertEmailFree, findUser, toEntrepreneur } from './users';
