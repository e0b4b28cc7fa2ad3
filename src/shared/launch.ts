/**
 * The embedded backend answers only the app that launched it: the main
 * process picks a random secret at each launch, hands it to the server
 * process in this environment variable, and sends it in this header on
 * every request to that server (and to no other).
 */
export const LAUNCH_SECRET_HEADER = 'x-backoffice-launch';
export const LAUNCH_SECRET_ENV = 'BACKOFFICE_LAUNCH_SECRET';
