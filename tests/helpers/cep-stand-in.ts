/**
 * A local stand-in for a ViaCEP-shaped postal-code service, answering the
 * documented JSON: GET /ws/{8 digits}/json/ → 200 with the address, 200 with
 * {"erro": true} (or the older {"erro": "true"}) for an unknown CEP, 400 for a
 * malformed one. One CEP never answers until the stand-in closes (a service
 * slower than any timeout), so tests need no timed waits. Every request is
 * counted, to prove what was (not) asked.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** ViaCEP's documented answer for 01001-000. */
export const SE_ANSWER = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  unidade: '',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
} as const;

export const CEP = {
  found: '01001000',
  /** Answers {"erro": true}. */
  unknown: '99999999',
  /** Answers {"erro": "true"}, as older versions of the service did. */
  unknownOld: '99999998',
  /** Never answers while the stand-in is open. */
  slow: '01310100',
} as const;

export interface CepStandIn {
  url: string;
  /** Paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function startCepStandIn(): Promise<CepStandIn> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(path);
    if (!match) return json(res, 404, { message: 'not found' });
    const cep = match[1];
    if (!/^\d{8}$/.test(cep)) {
      // ViaCEP answers a malformed CEP with an HTML error page.
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h1>Http 400</h1><h3>Verifique a URL</h3>');
    }
    if (cep === CEP.slow) return; // held open until close()
    if (cep === CEP.found) return json(res, 200, SE_ANSWER);
    if (cep === CEP.unknownOld) return json(res, 200, { erro: 'true' });
    return json(res, 200, { erro: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
