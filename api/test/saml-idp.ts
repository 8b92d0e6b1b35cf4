import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in identity provider for the SAML tests: keys made at test start with openssl, IdP metadata XML and
 * SAML responses signed by samlp (the library behind the saml-idp dev dependency), as a real IdP would post them.
 */

interface SamlpUser {
  email: string;
  attributes: Record<string, string>;
}
interface SamlpProfileMap {
  getClaims: () => Record<string, string>;
  getNameIdentifier: () => { nameIdentifier: string; nameIdentifierFormat: string };
}
interface Samlp {
  getSamlResponse: (
    options: Record<string, unknown>,
    user: SamlpUser,
    callback: (error: Error | null, response?: string) => void,
  ) => void;
}
// samlp ships no types; its one function used here is described above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const samlp = require('samlp') as Samlp;

export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface IdpKeys {
  key: string;
  cert: string;
}

/** A fresh self-signed RSA key pair and certificate (never committed). */
export function generateIdpKeys(commonName = 'Casebridge Test IdP'): IdpKeys {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-idp-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${commonName}`, '-days', '2'].concat([
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Base64 body of a PEM certificate, as metadata and signatures carry it. */
export function certBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

export interface MetadataOptions {
  entityId: string;
  ssoUrl: string;
  sloUrl?: string;
  cert: string;
}

export function idpMetadataXml({ entityId, ssoUrl, sloUrl, cert }: MetadataOptions): string {
  const slo = sloUrl
    ? `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${sloUrl}"/>`
    : '';
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${certBody(cert)}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    ${slo}
    <md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

export interface ResponseOptions {
  keys: IdpKeys;
  issuer: string;
  /** Our SP entity id (the metadata URL). */
  audience: string;
  acsUrl: string;
  email: string;
  attributes?: Record<string, string>;
  /** Negative values make an assertion that expired already. */
  lifetimeSeconds?: number;
  signAssertion?: boolean;
  /** Also sign the whole Response (enveloped signature after its Issuer). */
  signResponse?: boolean;
  destination?: string;
  inResponseTo?: string;
}

/** A SAMLResponse form value (base64) as the identity provider would post it to the assertion consumer. */
export function samlResponse(options: ResponseOptions): Promise<string> {
  const attributes = { email: options.email, ...options.attributes };
  const profileMapper = (user: SamlpUser): SamlpProfileMap => ({
    getClaims: () => user.attributes,
    getNameIdentifier: () => ({ nameIdentifier: user.email, nameIdentifierFormat: EMAIL_FORMAT }),
  });
  return new Promise((resolve, reject) => {
    samlp.getSamlResponse(
      {
        issuer: options.issuer,
        cert: options.keys.cert,
        key: options.keys.key,
        audience: options.audience,
        recipient: options.acsUrl,
        destination: options.destination ?? options.acsUrl,
        inResponseTo: options.inResponseTo,
        lifetimeInSeconds: options.lifetimeSeconds ?? 300,
        signAssertion: options.signAssertion ?? true,
        signResponse: options.signResponse ?? false,
        signatureAlgorithm: 'rsa-sha256',
        digestAlgorithm: 'sha256',
        profileMapper,
      },
      { email: options.email, attributes },
      (error, response) => (error || !response ? reject(error ?? new Error('no response')) : resolve(response)),
    );
  }).then((xml) => Buffer.from(xml as string).toString('base64'));
}

/** A tiny HTTP server answering the IdP metadata (the "url" identity source reads it at save time). */
export async function serveMetadata(xml: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url === '/metadata') {
      response.writeHead(200, { 'Content-Type': 'application/samlmetadata+xml' }).end(xml);
    } else {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/metadata`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
