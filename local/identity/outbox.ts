import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeFileAtomic } from '../files';

/**
 * The local outbox: every message Cognito would email (sign-up verification codes, admin
 * invitations with temporary passwords, password-reset codes) is kept here instead of being
 * sent. It is printed in the terminal, listed on the web server's `/_local/outbox` page and
 * `/_local/outbox.json`, and persisted in the identity data folder (so it survives a restart;
 * `--reset` empties it). It lives in the runtime process; handlers in worker threads reach it
 * through `POST /_local/outbox` on the local Lambda endpoint (see lambda-endpoint.ts).
 */

export type OutboxMessageKind = 'verification' | 'invitation' | 'password-reset' | 'attribute-verification' | 'other';

/** What a sender records. */
export interface OutboxMessageInput {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** The verification or password-reset code the message carries. */
  readonly code?: string;
  /** The temporary password of an invitation. */
  readonly temporaryPassword?: string;
  readonly kind?: OutboxMessageKind;
}

/** A recorded message. */
export interface OutboxMessage extends OutboxMessageInput {
  readonly id: string;
  /** ISO-8601 instant it was recorded. */
  readonly sentAt: string;
  readonly kind: OutboxMessageKind;
}

export interface Outbox {
  /** Records a message (printed at once, persisted when the outbox has a file). */
  recordOutboxMessage(input: OutboxMessageInput): OutboxMessage;
  /** Every message, newest first. */
  messages(): readonly OutboxMessage[];
  clear(): void;
}

export interface OutboxOptions {
  /** JSON file that keeps the messages across restarts; absent: memory only. */
  readonly file?: string;
  /** Where each message is announced (the terminal); silent when absent. */
  readonly print?: (line: string) => void;
  /** How many messages are kept (oldest dropped first). */
  readonly limit?: number;
}

const DEFAULT_LIMIT = 200;

function isMessage(value: unknown): value is OutboxMessage {
  const candidate = value as Partial<OutboxMessage> | null;
  return (
    !!candidate &&
    typeof candidate === 'object' &&
    typeof candidate.to === 'string' &&
    typeof candidate.body === 'string' &&
    typeof candidate.id === 'string'
  );
}

function load(file: string | undefined, warn: (line: string) => void): OutboxMessage[] {
  if (!file || !fs.existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isMessage) : [];
  } catch (error) {
    // A damaged outbox is not worth failing the start for (it only holds copies of sent
    // messages), but it is kept for a look rather than overwritten by the next message.
    const setAside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, setAside);
    warn(
      `The local outbox file ${file} could not be read (${(error as Error).message}); it was set aside as ${setAside} and the outbox starts empty.`,
    );
    return [];
  }
}

/** The terminal line of a message: `✉ to dana@x.com: Your verification code is 123456`. */
export function outboxLine(message: OutboxMessageInput): string {
  const detail = message.temporaryPassword
    ? `temporary password ${message.temporaryPassword}`
    : message.code
      ? `code ${message.code}`
      : message.subject;
  return `✉ to ${message.to}: ${message.body.replace(/\s+/g, ' ').trim()}  [${detail}]`;
}

export function createOutbox(options: OutboxOptions = {}): Outbox {
  const limit = options.limit ?? DEFAULT_LIMIT;
  let stored = load(options.file, options.print ?? ((line) => console.warn(`[outbox] ${line}`)));
  const persist = () => {
    if (options.file) writeFileAtomic(options.file, `${JSON.stringify(stored, null, 2)}\n`);
  };
  return {
    recordOutboxMessage(input) {
      const message: OutboxMessage = {
        id: randomUUID(),
        sentAt: new Date().toISOString(),
        to: input.to,
        subject: input.subject,
        body: input.body,
        kind: input.kind ?? 'other',
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.temporaryPassword !== undefined ? { temporaryPassword: input.temporaryPassword } : {}),
      };
      stored = [message, ...stored].slice(0, limit);
      persist();
      options.print?.(outboxLine(message));
      return message;
    },
    messages: () => [...stored],
    clear() {
      stored = [];
      persist();
    },
  };
}

/** Validates a message posted to `POST /_local/outbox`; a string describing the problem otherwise. */
export function parseOutboxMessageInput(value: unknown): OutboxMessageInput | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'The body must be a JSON object.';
  const record = value as Record<string, unknown>;
  for (const field of ['to', 'subject', 'body'] as const) {
    if (typeof record[field] !== 'string' || record[field] === '') return `"${field}" must be a non-empty string.`;
  }
  for (const field of ['code', 'temporaryPassword'] as const) {
    if (record[field] !== undefined && typeof record[field] !== 'string') return `"${field}" must be a string when present.`;
  }
  const kinds: readonly OutboxMessageKind[] = ['verification', 'invitation', 'password-reset', 'attribute-verification', 'other'];
  if (record.kind !== undefined && !kinds.includes(record.kind as OutboxMessageKind)) return `"kind" must be one of ${kinds.join(', ')}.`;
  return {
    to: record.to as string,
    subject: record.subject as string,
    body: record.body as string,
    ...(record.code !== undefined ? { code: record.code as string } : {}),
    ...(record.temporaryPassword !== undefined ? { temporaryPassword: record.temporaryPassword as string } : {}),
    ...(record.kind !== undefined ? { kind: record.kind as OutboxMessageKind } : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The outbox page: newest first, refreshing itself every 3 seconds. */
export function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const rows = messages
    .map((message) => {
      const secret = message.temporaryPassword
        ? `<p class="secret">Temporary password: <code>${escapeHtml(message.temporaryPassword)}</code></p>`
        : message.code
          ? `<p class="secret">Code: <code>${escapeHtml(message.code)}</code></p>`
          : '';
      return `<article>
  <header><strong>${escapeHtml(message.subject)}</strong> <span>to ${escapeHtml(message.to)}</span> <time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt.replace('T', ' ').slice(0, 19))} UTC</time></header>
  ${secret}
  <pre>${escapeHtml(message.body)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1f2933; }
  article { border: 1px solid #d2d6dc; border-radius: 6px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
  header span, time { color: #52606d; margin-left: 0.5rem; font-size: 0.9rem; }
  .secret code { font-size: 1.25rem; background: #fff3c4; padding: 0.1rem 0.4rem; border-radius: 4px; }
  pre { white-space: pre-wrap; margin: 0.5rem 0 0; }
</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Messages Cognito would have emailed, newest first. The local runtime sends no email. This page refreshes itself; <a href="/_local/outbox.json">JSON</a>.</p>
${rows || '<p><em>No messages yet.</em></p>'}
</body>
</html>
`;
}

/** The web server pages of the outbox: `/_local/outbox` (HTML) and `/_local/outbox.json`. */
export function outboxPages(outbox: Outbox): Record<string, (req: IncomingMessage, res: ServerResponse) => void> {
  const send = (req: IncomingMessage, res: ServerResponse, contentType: string, body: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    const payload = Buffer.from(body);
    res.writeHead(200, {
      'Content-Type': contentType,
      'Cache-Control': 'no-store',
      'Content-Length': String(payload.length),
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  };
  return {
    '/_local/outbox': (req, res) => send(req, res, 'text/html; charset=utf-8', renderOutboxPage(outbox.messages())),
    '/_local/outbox.json': (req, res) => send(req, res, 'application/json; charset=utf-8', JSON.stringify(outbox.messages())),
  };
}
