import { execFileSync } from 'child_process';
import { mkdirSync, readFileSync } from 'fs';
import net from 'net';
import path from 'path';
import { E2E_STACK, startNodeProcess, stopProcess, waitForHttpOk, type StartedProcess } from './stack';

/** A running saml-idp (the test identity provider) for one company of the e2e stack. */
export interface RunningIdp {
  base: string;
  entityId: string;
  ssoUrl: string;
  /** PEM of the certificate it signs with (made for this run, never committed). */
  cert: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts saml-idp on a free port with a freshly generated key pair, trusting the app's SP at
 * /saml2/{slug}; it signs in the profile of scripts/lib/saml-idp-umbrella.json unless the form is changed.
 */
export async function startSamlIdp(slug: string): Promise<RunningIdp> {
  const dir = path.join(E2E_STACK.resultsDir, 'saml-idp');
  mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'idp-private-key.pem');
  const certFile = path.join(dir, 'idp-public-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=Casebridge e2e IdP'].concat([
      '-days',
      '2',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = E2E_STACK.baseUrl;
  const idp: StartedProcess = startNodeProcess(
    'saml-idp',
    [
      'node_modules/saml-idp/bin/run.js',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--issuer',
      `${base}/metadata`,
      '--acsUrl',
      `${app}/saml2/${slug}/acs`,
      '--audience',
      `${app}/saml2/${slug}/metadata`,
      '--cert',
      certFile,
      '--key',
      keyFile,
      '--configFile',
      path.join(E2E_STACK.repoRoot, 'scripts', 'lib', 'saml-idp-umbrella.json'),
    ],
    process.env,
  );
  await waitForHttpOk(`${base}/metadata`, [idp], 20_000);
  return {
    base,
    entityId: `${base}/metadata`,
    ssoUrl: `${base}/saml/sso`,
    cert: readFileSync(certFile, 'utf8'),
    stop: () => stopProcess(idp),
  };
}
