/**
 * The activity log's screens (the log itself is written by platform/activity.ts).
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
