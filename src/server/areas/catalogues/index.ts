/**
 * The catalogues (how-did-you-find-us, reasons, situations), projects with their banners, interest profiles.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { seedCatalogues } from './catalogues-seed';
export { howDidFindOptions, projectsBanner, projectsById, projectsCreate, projectsDelete, projectsList, projectsRegenerateKey, projectsSearch, projectsUpdate, projectsUpload, reasons, situations } from './handlers/catalogues';
export { listInterestOptions, listInterestProfiles } from './handlers/interests';
