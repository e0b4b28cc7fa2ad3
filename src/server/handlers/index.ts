/**
 * One handler per contract operation. The mapped type makes a missing or
 * misnamed handler a compile error.
 */
import type { Handlers } from '../http/handler';
import { auth, changePassword, logged, login, logout, me, newPassword, refresh, verifyHash } from './session';
import { confirmEmail, recoverChangePass, recoverGet, recoverRequest, recoverVerifyHash, register } from './recover';
import {
  admins,
  byId,
  createAdmin,
  creditOperators,
  deleteUser,
  entrepreneur,
  entrepreneurs,
  eraseUser,
  exportUsers,
  listActives,
  resetPassword,
  setStatus,
  updateAdmin,
  updateAdminEntrepreneurs,
  updateEntrepreneur,
  updateProfile,
} from './users';
import { createUpload, deleteUpload, getUpload } from './uploads';
import { exportLogs, listLogs, logById } from './logs';
import { createRequest, findPeople, getRequest, listRequests, refuseRequest } from './lgpd';

export const handlers: Handlers = {
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
  'recover.changePass': recoverChangePass,
  'users.confirmEmail': confirmEmail,
  'users.export': exportUsers,
  'users.admins': admins,
  'users.entrepreneurs': entrepreneurs,
  'users.entrepreneur': entrepreneur,
  'users.byId': byId,
  'users.register': register,
  'users.createAdmin': createAdmin,
  'users.updateAdmin': updateAdmin,
  'users.updateAdminEntrepreneurs': updateAdminEntrepreneurs,
  'users.updateEntrepreneur': updateEntrepreneur,
  'users.delete': deleteUser,
  'users.erase': eraseUser,
  'users.creditOperators': creditOperators,
  'profiles.update': updateProfile,
  'users.listActives': listActives,
  'users.setStatus': setStatus,
  'users.resetPassword': resetPassword,
  'users.newPassword': newPassword,
  'uploads.create': createUpload,
  'uploads.get': getUpload,
  'uploads.delete': deleteUpload,
  'logs.all': listLogs,
  'logs.byId': logById,
  'logs.export': exportLogs,
  'lgpd.list': listRequests,
  'lgpd.people': findPeople,
  'lgpd.create': createRequest,
  'lgpd.get': getRequest,
  'lgpd.refuse': refuseRequest,
};
