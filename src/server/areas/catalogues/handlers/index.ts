/** What src/server/routes.ts registers for this area: its handlers (other areas call index.ts, never these). */
export { howDidFindOptions, projectsBanner, projectsById, projectsCreate, projectsDelete, projectsList, projectsRegenerateKey, projectsSearch, projectsUpdate, projectsUpload, reasons, situations } from './catalogues';
export { listInterestOptions, listInterestProfiles } from './interests';
