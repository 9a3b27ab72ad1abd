import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fake AWS KMS on 127.0.0.1 (port 0 by default) that speaks KMS's AWS JSON 1.1 protocol the way
 * the real service does for Encrypt and Decrypt: `POST /` with `X-Amz-Target: TrentService.<Op>`
 * and `Content-Type: application/x-amz-json-1.1`, blobs as base64, errors as HTTP 400 with
 * `{"__type": "<Exception>", "message": …}`. Like KMS it binds a ciphertext to its key and its
 * encryption context: Decrypt under another context answers InvalidCiphertextException, under a
 * named other key IncorrectKeyException. Access can be denied (AccessDeniedException). It records
 * every request (headers and body) so tests can check what left the process.
 * A plain module with no jest imports.
 */

export interface FakeKmsRequest {
  readonly method: string;
  readonly path: string;
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface FakeKmsOptions {
  readonly port?: number;
  /** The one symmetric key's ARN; a random one by default. */
  readonly keyArn?: string;
}

export interface FakeKms {
  readonly url: string;
  readonly keyArn: string;
  readonly requests: FakeKmsRequest[];
  /** While true, every call answers AccessDeniedException (as when the role lost kms:Decrypt). */
  accessDenied: boolean;
  close(): Promise<void>;
}

/** The context as KMS treats it: the same pairs in any order are the same context. */
function canonicalContext(context: unknown): Buffer {
  const pairs = Object.entries((context ?? {}) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Buffer.from(JSON.stringify(pairs), 'utf8');
}

/** Starts the fake; `close()` it after the test. */
export async function startFakeKms(options: FakeKmsOptions = {}): Promise<FakeKms> {
  const keyArn = options.keyArn ?? `arn:aws:kms:us-east-2:111122223333:key/${randomUUID()}`;
  const keyMaterial = randomBytes(32);
  const keyIdBytes = Buffer.from(keyArn, 'utf8');
  const requests: FakeKmsRequest[] = [];
  const sockets = new Set<Socket>();

  const matchesKey = (keyId: unknown): boolean => typeof keyId === 'string' && (keyId === keyArn || keyArn.endsWith(`/${keyId}`));

  /** Blob: key-ARN length (1 byte) ‖ key ARN ‖ IV (12) ‖ tag (16) ‖ ciphertext, like KMS's blobs that embed their key. */
  const encrypt = (plaintext: Buffer, context: unknown): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyMaterial, iv);
    cipher.setAAD(canonicalContext(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.from([keyIdBytes.length]), keyIdBytes, iv, cipher.getAuthTag(), ciphertext]);
  };

  const decrypt = (blob: Buffer, context: unknown): { keyArn: string; plaintext: Buffer } | 'invalid' => {
    try {
      const length = blob[0];
      const blobKey = blob.subarray(1, 1 + length).toString('utf8');
      const iv = blob.subarray(1 + length, 13 + length);
      const tag = blob.subarray(13 + length, 29 + length);
      if (blobKey !== keyArn || tag.length !== 16) return 'invalid';
      const decipher = createDecipheriv('aes-256-gcm', keyMaterial, iv);
      decipher.setAAD(canonicalContext(context));
      decipher.setAuthTag(tag);
      return { keyArn: blobKey, plaintext: Buffer.concat([decipher.update(blob.subarray(29 + length)), decipher.final()]) };
    } catch {
      return 'invalid';
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const target = String(request.headers['x-amz-target'] ?? '');
      requests.push({ method: request.method ?? '', path: request.url ?? '', target, headers: request.headers, body });
      const answer = (status: number, payload: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() });
        response.end(JSON.stringify(payload));
      };
      const fail = (type: string, message: string): void => answer(400, { __type: type, message });

      if (request.method !== 'POST' || request.url !== '/' || request.headers['content-type'] !== 'application/x-amz-json-1.1') {
        fail('UnknownOperationException', 'Expected a POST / in AWS JSON 1.1.');
        return;
      }
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        fail('MissingAuthenticationTokenException', 'Missing SigV4 authorization.');
        return;
      }
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        fail('SerializationException', 'Body is not JSON.');
        return;
      }
      if (fake.accessDenied) {
        fail(
          'AccessDeniedException',
          `User: arn:aws:sts::111122223333:assumed-role/fn is not authorized to perform: kms:${target.split('.')[1]} on resource: ${keyArn}`,
        );
        return;
      }
      if (target === 'TrentService.Encrypt') {
        if (!matchesKey(input.KeyId)) {
          fail('NotFoundException', `Key '${String(input.KeyId)}' does not exist`);
          return;
        }
        const plaintext = Buffer.from(String(input.Plaintext ?? ''), 'base64');
        if (plaintext.length < 1 || plaintext.length > 4096) {
          fail('ValidationException', 'Plaintext must be 1 to 4096 bytes.');
          return;
        }
        answer(200, {
          CiphertextBlob: encrypt(plaintext, input.EncryptionContext).toString('base64'),
          KeyId: keyArn,
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
        return;
      }
      if (target === 'TrentService.Decrypt') {
        const opened = decrypt(Buffer.from(String(input.CiphertextBlob ?? ''), 'base64'), input.EncryptionContext);
        if (opened === 'invalid') {
          fail('InvalidCiphertextException', '');
          return;
        }
        if (input.KeyId !== undefined && !matchesKey(input.KeyId)) {
          fail('IncorrectKeyException', 'The key ID in the request does not identify a KMS key that can perform this operation.');
          return;
        }
        answer(200, { Plaintext: opened.plaintext.toString('base64'), KeyId: opened.keyArn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
        return;
      }
      fail('UnknownOperationException', `Unsupported target ${target}.`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeKms = {
    url: `http://127.0.0.1:${port}`,
    keyArn,
    requests,
    accessDenied: false,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
