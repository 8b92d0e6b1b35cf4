import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What the api takes from an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string | null;
  /** Where AuthnRequests go (HTTP-Redirect binding preferred, as node-saml sends them that way). */
  ssoUrl: string | null;
  sloUrl: string | null;
  /** PEM certificates the identity provider signs with; never empty. */
  signingCertificates: string[];
}

/**
 * Reads IdP metadata XML; null when it is not SAML IdP metadata with at least one valid signing certificate.
 * A DOCTYPE is refused outright: metadata never needs one and entity tricks have no place in an upload.
 */
export function parseIdpMetadata(xml: string): IdpMetadata | null {
  if (!xml.trim() || /<!DOCTYPE/i.test(xml)) return null;
  let failed = false;
  const parser = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: () => (failed = true),
      fatalError: () => (failed = true),
    },
  });
  let document: Document;
  try {
    document = parser.parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return null;
  }
  if (failed || !document?.documentElement) return null;

  const descriptor = document.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor').item(0);
  if (!descriptor) return null;
  const signingCertificates = certificatesOf(descriptor);
  if (!signingCertificates.length) return null;

  const entity = descriptor.parentNode as Element | null;
  const entityId = entity?.getAttribute?.('entityID')?.trim() || null;
  return {
    entityId,
    ssoUrl: serviceLocation(descriptor, 'SingleSignOnService'),
    sloUrl: serviceLocation(descriptor, 'SingleLogoutService'),
    signingCertificates,
  };
}

/** Certificates of the KeyDescriptors used for signing (no "use" means both signing and encryption). */
function certificatesOf(descriptor: Element): string[] {
  const certificates: string[] = [];
  const keys = descriptor.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor');
  for (let index = 0; index < keys.length; index++) {
    const key = keys.item(index)!;
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    const values = key.getElementsByTagNameNS(DSIG_NS, 'X509Certificate');
    for (let valueIndex = 0; valueIndex < values.length; valueIndex++) {
      const pem = toPem(values.item(valueIndex)?.textContent ?? '');
      if (pem && !certificates.includes(pem)) certificates.push(pem);
    }
  }
  return certificates;
}

function serviceLocation(descriptor: Element, name: string): string | null {
  const services = descriptor.getElementsByTagNameNS(METADATA_NS, name);
  const byBinding = (binding: string) => {
    for (let index = 0; index < services.length; index++) {
      const service = services.item(index)!;
      if (service.getAttribute('Binding') === binding) return service.getAttribute('Location')?.trim() || null;
    }
    return null;
  };
  return byBinding(REDIRECT_BINDING) ?? byBinding(POST_BINDING);
}

/** A base64 certificate body as PEM, or null when it is not a parseable X.509 certificate. */
export function toPem(base64: string): string | null {
  const body = base64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/** The stored certificate column holds one or more PEM blocks; node-saml takes them as a list. */
export function splitCertificates(stored: string | null): string[] {
  return (stored ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
