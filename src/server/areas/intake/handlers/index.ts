/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { simulate } from './credit-simulation';
export { dashboardHandlers } from './dashboard';
export { entrepreneur, entrepreneurs, exportEntrepreneurs, updateAdminEntrepreneurs, updateEntrepreneur } from './entrepreneurs';
export { deleteSimulation, exportSimulations, listSimulations, simulationsByUser } from './simulations';
export { createComment, deleteComment, listComments } from './solicitation-comments';
export { approveDocument, deleteStaffDoc, documentSignedFile, documentSignedUrl, listStaffDocs, updateDocument, uploadDocument, uploadStaffDoc } from './solicitation-documents';
export { cancelledApproved, exportSolicitations, getSolicitation, listAll, listByUser, listComplete, listDocumentsAwaiting, listReview, listWithDocuments, receitaLookup, removeSolicitation, setProject, setStatus, setStatusOnly } from './solicitations';
