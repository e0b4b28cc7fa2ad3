/** A stand-in SMTP server on loopback for the server's e-mail tests. */
import { createServer, type Server } from 'node:net';

/** A tiny SMTP server that accepts every message, except to addresses containing `reject` when given (550). */
export function fakeSmtp(reject?: string): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        const end = buffer.indexOf(inData ? '\r\n.\r\n' : '\r\n');
        if (end < 0) return;
        if (inData) {
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith('RCPT')) socket.write(reject && line.includes(reject.toUpperCase()) ? '550 no such user\r\n' : '250 ok\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    }),
  );
}
