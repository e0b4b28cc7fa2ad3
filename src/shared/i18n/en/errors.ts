import type { errors as pt } from '../pt-BR/errors';
export const errors: Record<keyof typeof pt, string> = {
  network: 'Could not reach the server. Check the connection and try again; what you typed was kept.',
  invalidArgs: 'Invalid data: {{detail}}',
  unauthorized: 'Your session ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Record not found.',
  conflict: 'A record with this data already exists.',
  server: 'The server hit an error. Try again in a moment.',
  unknownOperation: 'Unknown operation.',
  cancelled: 'Operation cancelled.',
  fileWrite: 'Could not write the file: {{detail}}',
};
