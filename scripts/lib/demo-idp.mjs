// The demo's local SAML identity provider for Umbrella Cloud (the seed's sso company): saml-idp with a key pair
// generated on first use under var/demo-idp (gitignored). Without openssl the demo runs on without it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './processes.mjs';

const IDP_DIR = path.join(REPO_ROOT, 'var', 'demo-idp');
const PROFILE = path.join(REPO_ROOT, 'scripts', 'lib', 'saml-idp-umbrella.json');
const SAML_IDP_BIN = path.join(REPO_ROOT, 'node_modules', 'saml-idp', 'bin', 'run.js');

/** Where the demo identity provider listens and which files it signs with. */
export function demoIdpSettings(port) {
  const base = `http://localhost:${port}`;
  return {
    port,
    base,
    entityId: `${base}/metadata`,
    ssoUrl: `${base}/saml/sso`,
    // saml-idp's own sign-out page ends its session; it has no SP-initiated logout without SLO.
    logoutUrl: `${base}/signout`,
    certFile: path.join(IDP_DIR, 'idp-public-cert.pem'),
    keyFile: path.join(IDP_DIR, 'idp-private-key.pem'),
  };
}

function openssl(args) {
  return new Promise((resolve) => {
    execFile('openssl', args, { cwd: IDP_DIR }, (error) => resolve(error ? error.message : null));
  });
}

/** Makes the key pair once; resolves with a reason when that is not possible (no openssl, no saml-idp). */
export async function prepareDemoIdp(settings) {
  if (!existsSync(SAML_IDP_BIN)) return 'saml-idp is not installed (npm install at the repository root)';
  if (existsSync(settings.certFile) && existsSync(settings.keyFile)) return null;
  mkdirSync(IDP_DIR, { recursive: true });
  const failure = await openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=Casebridge Demo IdP',
    '-days',
    '3650',
    '-keyout',
    settings.keyFile,
    '-out',
    settings.certFile,
  ]);
  return failure ? `openssl could not make the demo IdP certificate (${failure})` : null;
}

/** node arguments that start saml-idp for Umbrella Cloud against the app at publicUrl. */
export function demoIdpArgs(settings, publicUrl) {
  const app = publicUrl.replace(/\/$/, '');
  return [
    SAML_IDP_BIN,
    '--host',
    'localhost',
    '--port',
    String(settings.port),
    '--issuer',
    settings.entityId,
    '--acsUrl',
    `${app}/saml2/umbrella/acs`,
    '--audience',
    `${app}/saml2/umbrella/metadata`,
    '--cert',
    settings.certFile,
    '--key',
    settings.keyFile,
    '--configFile',
    PROFILE,
  ];
}
