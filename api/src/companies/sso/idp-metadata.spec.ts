import { generateIdpKeys, idpMetadataXml, certBody, type IdpKeys } from '../../../test/saml-idp';
import { parseIdpMetadata, splitCertificates, toPem } from './idp-metadata';

describe('parseIdpMetadata', () => {
  let keys: IdpKeys;

  beforeAll(() => {
    keys = generateIdpKeys();
  });

  it('reads entity id, redirect-binding addresses and the signing certificate', () => {
    const metadata = parseIdpMetadata(
      idpMetadataXml({
        entityId: 'https://idp.test/entity',
        ssoUrl: 'https://idp.test/sso',
        sloUrl: 'https://idp.test/slo',
        cert: keys.cert,
      }),
    );
    expect(metadata).toEqual({
      entityId: 'https://idp.test/entity',
      ssoUrl: 'https://idp.test/sso',
      sloUrl: 'https://idp.test/slo',
      signingCertificates: [toPem(certBody(keys.cert))],
    });
  });

  it('reads metadata in the default namespace, as saml-idp publishes it', () => {
    const xml = `<EntityDescriptor entityID="urn:example:idp" xmlns="urn:oasis:names:tc:SAML:2.0:metadata">
      <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
        <KeyDescriptor><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data>
          <X509Certificate>${certBody(keys.cert)}</X509Certificate>
        </X509Data></KeyInfo></KeyDescriptor>
        <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="http://localhost:7000/saml/sso"/>
      </IDPSSODescriptor>
    </EntityDescriptor>`;
    expect(parseIdpMetadata(xml)).toMatchObject({
      entityId: 'urn:example:idp',
      ssoUrl: 'http://localhost:7000/saml/sso',
      sloUrl: null,
    });
  });

  it.each([
    ['empty text', ''],
    ['not XML', 'hello'],
    ['other XML', '<note><to>IT</to></note>'],
    [
      'SP metadata',
      '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"><SPSSODescriptor/></EntityDescriptor>',
    ],
    [
      'a DOCTYPE',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>',
    ],
  ])('refuses %s', (_name, xml) => {
    expect(parseIdpMetadata(xml)).toBeNull();
  });

  it('refuses IdP metadata whose only certificate is for encryption or not a certificate', () => {
    const encryptionOnly = idpMetadataXml({ entityId: 'e', ssoUrl: 'https://idp.test/sso', cert: keys.cert }).replace(
      'use="signing"',
      'use="encryption"',
    );
    expect(parseIdpMetadata(encryptionOnly)).toBeNull();
    const garbage = idpMetadataXml({ entityId: 'e', ssoUrl: 'https://idp.test/sso', cert: 'bm90IGEgY2VydA==' });
    expect(parseIdpMetadata(garbage)).toBeNull();
  });

  it('splits a stored list of certificates back into PEM blocks', () => {
    const pem = toPem(certBody(keys.cert))!;
    expect(splitCertificates(pem + pem)).toHaveLength(2);
    expect(splitCertificates(null)).toEqual([]);
  });
});
