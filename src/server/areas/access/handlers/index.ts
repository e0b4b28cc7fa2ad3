/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { confirmEmail, recoverChangePass, recoverGet, recoverLookup, recoverRequest, recoverVerifyHash, register } from './recover';
export { auth, changePassword, logged, login, logout, me, newPassword, refresh, verifyHash } from './session';
export { admins, byId, createAdmin, creditOperators, deleteUser, eraseUser, exportUsers, listActives, resetPassword, setStatus, updateAdmin, updateProfile } from './users';
