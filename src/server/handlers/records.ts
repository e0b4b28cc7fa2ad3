/** Uploads, broadcast messages, the activity log and LGPD requests (handler group, routes.ts). */
import { createUpload, deleteUpload, getUpload } from '../areas/uploads/handlers';
import { createMessage, getMessage, listMessages, messageRecipients, previewMessage } from '../areas/messages/handlers';
import { exportLogs, listLogs, logById } from '../areas/logs/handlers';
import { createRequest, findPeople, getRequest, listRequests, refuseRequest } from '../areas/lgpd/handlers';

export const handlers = {
  'uploads.create': createUpload,
  'uploads.get': getUpload,
  'uploads.delete': deleteUpload,
  'messages.preview': previewMessage,
  'messages.create': createMessage,
  'messages.list': listMessages,
  'messages.get': getMessage,
  'messages.recipients': messageRecipients,
  'logs.all': listLogs,
  'logs.byId': logById,
  'logs.export': exportLogs,
  'lgpd.list': listRequests,
  'lgpd.people': findPeople,
  'lgpd.create': createRequest,
  'lgpd.get': getRequest,
  'lgpd.refuse': refuseRequest,
};
