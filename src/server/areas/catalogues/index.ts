/**
 * The catalogues (how-did-you-find-us, reasons, situations), projects with their banners, interest profiles.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { seedCatalogues } from './catalogues-seed';
