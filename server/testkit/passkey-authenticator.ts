import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { encodeCBOR } from '@levischuck/tiny-cbor';

/**
 * A software passkey for tests: a P-256 key made with node:crypto, authenticator data built byte by byte
 * (WebAuthn §6.1) and a 'none' attestation in CBOR. It answers the JSON the server sends
 * (CredentialCreationOptions, CREDENTIAL_REQUEST_OPTIONS) with the JSON a browser's PublicKeyCredential
 * serialises to (RegistrationResponseJSON, AuthenticationResponseJSON). Flags and the counter can be set
 * per call, to test what the server must refuse.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface CreationOptionsJson {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}

export interface RequestOptionsJson {
  challenge: string;
  rpId: string;
  allowCredentials?: { id: string }[];
  userVerification?: string;
}

export interface CeremonyOptions {
  /** Default: user verified. */
  userVerified?: boolean;
  /** Default: the origin the authenticator was made for. */
  origin?: string;
  /** Default: the RP ID of the options. */
  rpId?: string;
  /** Default: the next counter value. */
  counter?: number;
}

export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  userHandle = '';

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create(): RegistrationResponseJSON. */
  register(options: CreationOptionsJson, ceremony: CeremonyOptions = {}) {
    this.userHandle = options.user.id;
    const cose = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* aaguid */, idLength, this.credentialId, cose]);
    const authData = this.authenticatorData(ceremony.rpId ?? options.rp.id, ceremony, FLAG_AT, attested);
    const attestationObject = encodeCBOR(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, ceremony),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get(): AuthenticationResponseJSON, signed with the passkey's key. */
  assert(options: RequestOptionsJson, ceremony: CeremonyOptions = {}) {
    const authData = this.authenticatorData(ceremony.rpId ?? options.rpId, ceremony, 0);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }

  private authenticatorData(rpId: string, ceremony: CeremonyOptions, extraFlags: number, attested?: Buffer) {
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV) | extraFlags;
    this.counter = ceremony.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, ceremony: CeremonyOptions) {
    return b64url(
      Buffer.from(
        JSON.stringify({ type, challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false }),
      ),
    );
  }
}
