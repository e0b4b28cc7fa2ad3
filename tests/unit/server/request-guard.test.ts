/** The server's own names (DNS rebinding defence) and the launch-secret comparison. */
import { describe, expect, it } from 'vitest';
import { allowedHosts, hostAllowed, isLoopbackHost, launchSecretMatches, parseAllowedHosts } from '../../../src/server/platform/http/request-guard';

describe('allowed Host values', () => {
  it('a loopback server answers to its address and the localhost spellings on its port only', () => {
    const hosts = allowedHosts('127.0.0.1', 4321);
    for (const ok of ['127.0.0.1:4321', 'localhost:4321', 'LOCALHOST:4321', '[::1]:4321']) expect(hostAllowed(ok, hosts), ok).toBe(true);
    for (const bad of ['127.0.0.1:4322', 'evil.example:4321', 'localhost', '127.0.0.1', 'attacker.rebind.network:4321', '', 'a:b:c', 'localhost:4321@evil'])
      expect(hostAllowed(bad, hosts), bad).toBe(false);
    expect(hostAllowed(undefined, hosts)).toBe(false);
  });

  it('a server on a named interface answers to that name; on every interface, to localhost until names are configured', () => {
    expect(allowedHosts('10.0.0.5', 3333)).toEqual(['10.0.0.5:3333']);
    expect(allowedHosts('0.0.0.0', 3333)).toEqual(['127.0.0.1:3333', 'localhost:3333', '[::1]:3333']);
    expect(allowedHosts('::1', 3333)).toContain('[::1]:3333');
  });

  it('configured names replace the default; a bare name allows any port, name:port only that port', () => {
    const hosts = allowedHosts('0.0.0.0', 3333, parseAllowedHosts(' Backoffice.Example.com.br , api.example.com:8443 ,'));
    expect(hostAllowed('backoffice.example.com.br', hosts)).toBe(true);
    expect(hostAllowed('backoffice.example.com.br:443', hosts)).toBe(true);
    expect(hostAllowed('api.example.com:8443', hosts)).toBe(true);
    expect(hostAllowed('api.example.com:443', hosts)).toBe(false);
    expect(hostAllowed('localhost:3333', hosts)).toBe(false);
    expect(parseAllowedHosts('')).toBeUndefined();
    expect(parseAllowedHosts(undefined)).toBeUndefined();
  });

  it('recognises loopback spellings', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
  });
});

describe('launch secret', () => {
  it('matches only the exact secret', () => {
    expect(launchSecretMatches('s3gredo-da-execucao', 's3gredo-da-execucao')).toBe(true);
    expect(launchSecretMatches('s3gredo-da-execucaO', 's3gredo-da-execucao')).toBe(false);
    expect(launchSecretMatches('s3gredo', 's3gredo-da-execucao')).toBe(false);
    expect(launchSecretMatches('', 's3gredo-da-execucao')).toBe(false);
    expect(launchSecretMatches(undefined, 's3gredo-da-execucao')).toBe(false);
    expect(launchSecretMatches(['s3gredo-da-execucao', 'x'], 's3gredo-da-execucao')).toBe(false);
  });
});
