/**
 * Temporary uploads a form sends before the record that keeps them exists.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { addUpload, deleteUpload, eraseUploadsOf, handOverUploads } from './uploads';
export type { StoredFile, UploadRow } from './uploads';
