import { LoginEvent, User } from '@casebridge/db';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, uniqueName } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { generateIdpKeys, samlResponse, type IdpKeys } from '../../../test/saml-idp';

/**
 * XML signature wrapping (XSW1-XSW8) and NameID comment injection against the assertion consumer: a response
 * signed for the attacker's own identity is rearranged so that a forged assertion naming the victim sits where
 * a careless consumer reads identity while the signature still verifies over the original. Every shape must end
 * in the flow's refusal, and the unmodified responses must still sign in (the control).
 */

// The single sign-on company of this file: its slug names the service provider's addresses, its domain the users.
const SLUG = uniqueName('umbrella');
const DOMAIN = `${SLUG}.test`;
const SP_ENTITY = `http://casebridge.test/saml2/${SLUG}/metadata`;
const ACS = `http://casebridge.test/saml2/${SLUG}/acs`;
const IDP_ISSUER = 'https://idp.umbrella.test/entity';
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const ATTACKER = `xsw.attacker@${DOMAIN}`;
/** An existing member of the company (made in beforeAll) whom the forged assertions name. */
const VICTIM = `victim@${DOMAIN}`;
const REFUSED = `/${SLUG}?sso_error=invalid_response`;

interface Parts {
  doc: Document;
  response: Element;
  assertion: Element;
}

const decode = (base64: string): Parts => {
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  // xmldom's nodes follow the DOM interfaces; its own typings are looser, hence the casts.
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const response = doc.documentElement;
  const assertion = child(response, ASSERTION_NS, 'Assertion')!;
  return { doc, response, assertion };
};
const encode = (doc: Document): string =>
  Buffer.from(new XMLSerializer().serializeToString(doc as never)).toString('base64');

function child(parent: Element, namespace: string, localName: string): Element | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === namespace && element.localName === localName) return element;
  }
  return null;
}

/** A copy of the signed assertion that names the victim, under a new ID, without the signature. */
function forgedCopy(assertion: Element, options: { keepId?: boolean; keepSignature?: boolean } = {}): Element {
  const forged = assertion.cloneNode(true) as Element;
  if (!options.keepId) forged.setAttribute('ID', `_forged${Date.now()}`);
  const signature = child(forged, DSIG_NS, 'Signature');
  if (signature && !options.keepSignature) forged.removeChild(signature);
  const nameId = forged.getElementsByTagNameNS(ASSERTION_NS, 'NameID').item(0)!;
  nameId.textContent = VICTIM;
  const attributeValues = forged.getElementsByTagNameNS(ASSERTION_NS, 'AttributeValue');
  for (let index = 0; index < attributeValues.length; index++) {
    const value = attributeValues.item(index)!;
    if (value.textContent === ATTACKER) value.textContent = VICTIM;
  }
  return forged;
}

/** A ds:Object appended to a signature, the classic hiding place of the original in XSW6 and XSW8. */
function objectIn(doc: Document, signature: Element): Element {
  const object = doc.createElementNS(DSIG_NS, 'ds:Object');
  signature.appendChild(object);
  return object;
}

function extensionsOf(doc: Document, response: Element): Element {
  const extensions = doc.createElementNS(PROTOCOL_NS, 'samlp:Extensions');
  response.insertBefore(extensions, child(response, ASSERTION_NS, 'Issuer')?.nextSibling ?? response.firstChild);
  return extensions;
}

/** Attacks on a response whose Assertion alone is signed (what identity providers usually send). */
const ASSERTION_SIGNED_ATTACKS: Array<[string, (parts: Parts) => void]> = [
  [
    'the NameID edited in place',
    ({ assertion }) => {
      assertion.getElementsByTagNameNS(ASSERTION_NS, 'NameID').item(0)!.textContent = VICTIM;
    },
  ],
  [
    'XSW3: a forged assertion before the signed one',
    ({ response, assertion }) => {
      response.insertBefore(forgedCopy(assertion), assertion);
    },
  ],
  [
    'XSW3: a forged assertion with the same ID before the signed one',
    ({ response, assertion }) => {
      response.insertBefore(forgedCopy(assertion, { keepId: true }), assertion);
    },
  ],
  [
    'a forged assertion after the signed one',
    ({ response, assertion }) => {
      response.appendChild(forgedCopy(assertion));
    },
  ],
  [
    'XSW4: the signed assertion wrapped inside a forged one',
    ({ response, assertion }) => {
      const forged = forgedCopy(assertion);
      response.replaceChild(forged, assertion);
      forged.appendChild(assertion);
    },
  ],
  [
    'XSW5: the signature moved to a forged assertion, the original after it',
    ({ response, assertion }) => {
      const forged = forgedCopy(assertion, { keepId: true, keepSignature: true });
      response.insertBefore(forged, assertion);
      assertion.removeChild(child(assertion, DSIG_NS, 'Signature')!);
    },
  ],
  [
    'XSW6: a forged assertion whose signature holds the signed original in ds:Object',
    ({ doc, response, assertion }) => {
      const forged = forgedCopy(assertion, { keepId: true, keepSignature: true });
      response.replaceChild(forged, assertion);
      objectIn(doc, child(forged, DSIG_NS, 'Signature')!).appendChild(assertion);
    },
  ],
  [
    'XSW7: the signed original in Extensions, a forged assertion in its place',
    ({ doc, response, assertion }) => {
      const forged = forgedCopy(assertion, { keepId: true });
      response.replaceChild(forged, assertion);
      extensionsOf(doc, response).appendChild(assertion);
    },
  ],
  [
    'XSW8: the unsigned original inside the forged assertion signature',
    ({ doc, response, assertion }) => {
      const forged = forgedCopy(assertion, { keepId: true, keepSignature: true });
      response.replaceChild(forged, assertion);
      assertion.removeChild(child(assertion, DSIG_NS, 'Signature')!);
      objectIn(doc, child(forged, DSIG_NS, 'Signature')!).appendChild(assertion);
    },
  ],
  [
    'the signed assertion alone moved into Extensions',
    ({ doc, response, assertion }) => {
      extensionsOf(doc, response).appendChild(assertion);
    },
  ],
];

/** Attacks on a response whose Response and Assertion are both signed (XSW1/XSW2 wrap the whole Response). */
const RESPONSE_SIGNED_ATTACKS: Array<[string, (parts: Parts) => void]> = [
  [
    'XSW1: a forged Response whose signature holds the signed original in ds:Object',
    ({ doc, response, assertion }) => {
      const forgedResponse = response.cloneNode(true) as Element;
      forgedResponse.setAttribute('ID', `_forgedResponse${Date.now()}`);
      const forgedAssertion = child(forgedResponse, ASSERTION_NS, 'Assertion')!;
      forgedResponse.replaceChild(forgedCopy(assertion), forgedAssertion);
      doc.replaceChild(forgedResponse, response);
      objectIn(doc, child(forgedResponse, DSIG_NS, 'Signature')!).appendChild(response);
    },
  ],
  [
    'XSW2: a forged Response with the signed original beside its signature',
    ({ doc, response, assertion }) => {
      const forgedResponse = response.cloneNode(true) as Element;
      forgedResponse.setAttribute('ID', `_forgedResponse${Date.now()}`);
      forgedResponse.replaceChild(forgedCopy(assertion), child(forgedResponse, ASSERTION_NS, 'Assertion')!);
      doc.replaceChild(forgedResponse, response);
      forgedResponse.insertBefore(response, child(forgedResponse, DSIG_NS, 'Signature')!);
    },
  ],
  [
    'a forged assertion beside the signed one in a signed Response',
    ({ response, assertion }) => {
      response.insertBefore(forgedCopy(assertion), assertion);
    },
  ],
];

describe('SAML signature wrapping and comment injection are refused', () => {
  let api: ApiHarness;
  let keys: IdpKeys;

  const signed = (email = ATTACKER, signResponse = false) =>
    samlResponse({ keys, issuer: IDP_ISSUER, audience: SP_ENTITY, acsUrl: ACS, email, signResponse });
  const post = async (SAMLResponse: string): Promise<string> => {
    const answer = await api.http().post(`/saml2/${SLUG}/acs`).type('form').send({ SAMLResponse }).expect(303);
    return answer.headers.location as string;
  };
  async function signedInAs(location: string): Promise<string> {
    const token = decodeURIComponent(new URL(location, 'http://x').pathname.split('/').pop()!);
    const session = await api.http().post('/api/caller/auto_login').send({ token }).expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(session.body.access_token)).expect(200);
    return me.body.user.email as string;
  }
  const victimLogins = async () =>
    orm(api).count(LoginEvent, { user: await orm(api).findOneOrFail(User, { email: VICTIM }) });

  beforeAll(async () => {
    keys = generateIdpKeys();
    api = await startApi();
    const company = await aCompany(api, {
      slug: SLUG,
      domain: DOMAIN,
      loginMethod: 'sso',
      ssoIdpFederationUrl: 'https://idp.umbrella.test/sso',
      ssoIdpCertificate: keys.cert,
    });
    await aUser(api, { company, role: 'caller', overrides: { email: VICTIM } });
  }, 120_000);
  afterAll(() => api?.close());

  it('accepts the unmodified responses (assertion signed, and response and assertion signed)', async () => {
    expect(await signedInAs(await post(await signed()))).toBe(ATTACKER);
    expect(await signedInAs(await post(await signed(ATTACKER, true)))).toBe(ATTACKER);
  });

  it.each(ASSERTION_SIGNED_ATTACKS)('refuses %s', async (_name, attack) => {
    const before = await victimLogins();
    const parts = decode(await signed());
    attack(parts);
    expect(await post(encode(parts.doc))).toBe(REFUSED);
    expect(await victimLogins()).toBe(before);
  });

  it.each(RESPONSE_SIGNED_ATTACKS)('refuses %s', async (_name, attack) => {
    const before = await victimLogins();
    const parts = decode(await signed(ATTACKER, true));
    attack(parts);
    expect(await post(encode(parts.doc))).toBe(REFUSED);
    expect(await victimLogins()).toBe(before);
  });

  it('signs in only the whole signed NameID when a comment is injected into it (CVE-2017-11428)', async () => {
    // The IdP vouches for "victim@{domain}.evil.test"; exclusive c14n drops comments, so the signature survives
    // "victim@{domain}<!---->.evil.test" and a consumer reading the first text node would get the victim.
    const signedFor = `${VICTIM}.evil.test`;
    const parts = decode(await signed(signedFor));
    const nameId = parts.assertion.getElementsByTagNameNS(ASSERTION_NS, 'NameID').item(0)!;
    nameId.textContent = '';
    nameId.appendChild(parts.doc.createTextNode(VICTIM));
    nameId.appendChild(parts.doc.createComment(''));
    nameId.appendChild(parts.doc.createTextNode('.evil.test'));
    const before = await victimLogins();
    // node-saml reads identity from the verified (canonical, comment-free) bytes: the signed address, whole.
    const location = await post(encode(parts.doc));
    expect(location).toMatch(/^\/auto_login\//);
    expect(await signedInAs(location)).toBe(signedFor);
    expect(await victimLogins()).toBe(before);
  });
});
