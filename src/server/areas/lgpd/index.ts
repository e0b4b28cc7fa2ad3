/**
 * LGPD data-subject requests and the erasure that answers them.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { closeRequestsOnErase } from './lgpd';
