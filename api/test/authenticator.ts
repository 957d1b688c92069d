import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for the API tests, built as the WebAuthn spec lays out its
 * bytes: an ES256 (P-256) key, "none" attestation, the user present and verified. What a browser
 * adds (clientDataJSON with the challenge and origin) is made here too, so a test can give a wrong
 * origin, replay an answer, or turn the signature counter back.
 */
export class TestAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter: registration reports it, each sign-in one more; 0 stays 0 (an authenticator without one). */
  counter: number;
  /** The user handle it stored at registration (the account's id). */
  private userHandle = '';

  constructor({ counter = 1 }: { counter?: number } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.counter = counter;
  }

  get id() {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private static clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** rpIdHash, flags (user present, verified; attested data on registration), counter. */
  private authenticatorData(rpId: string, attested?: Buffer) {
    const rpIdHash = createHash('sha256').update(rpId).digest();
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  /** The answer to registration options (the library's RegistrationResponseJSON). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    const rpId = options.rp.id ?? 'localhost';
    this.userHandle = options.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authenticatorData(rpId, attested))],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          TestAuthenticator.clientData('webauthn.create', options.challenge, origin),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * The answer to sign-in options (the library's AuthenticationResponseJSON), signed with the key.
   * The counter goes forward by one first, as an authenticator's does, unless it stays 0.
   */
  signIn(options: { challenge: string; rpId?: string }, origin: string) {
    if (this.counter > 0) this.counter += 1;
    const clientData = TestAuthenticator.clientData('webauthn.get', options.challenge, origin);
    const authData = this.authenticatorData(options.rpId ?? 'localhost');
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
