/**
 * Staff and panel accounts: sign-in, sessions, recovery, profiles and the users screens' calls.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { findSession, revokeUserSessions } from './sessions';
export { withEmailConflict } from './staff-accounts';
export { pagedUsers } from './user-lists';
export { assertEmailFree, changeAccount, findUser, forgetAvatar, setAvatar, toEntrepreneur } from './users';
export type { AccountFields } from './users';
