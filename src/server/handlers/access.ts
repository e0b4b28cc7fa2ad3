/** Sign-in, sessions, recovery and the own profile: the first calls of every session (handler group, routes.ts). */
import {
  auth,
  changePassword,
  logged,
  login,
  logout,
  me,
  recoverChangePass,
  recoverGet,
  recoverLookup,
  recoverRequest,
  recoverVerifyHash,
  refresh,
  updateProfile,
  verifyHash,
} from '../areas/access/handlers';

export const handlers = {
  'session.login': login,
  'session.verifyHash': verifyHash,
  'session.auth': auth,
  'session.refresh': refresh,
  'session.logged': logged,
  'session.logout': logout,
  'session.me': me,
  'session.changePassword': changePassword,
  'recover.request': recoverRequest,
  'recover.verifyHash': recoverVerifyHash,
  'recover.get': recoverGet,
  'recover.lookup': recoverLookup,
  'recover.changePass': recoverChangePass,
  'profiles.update': updateProfile,
};
