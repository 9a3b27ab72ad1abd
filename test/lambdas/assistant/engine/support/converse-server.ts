import { createServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createBedrockClient } from '../../../../../lambdas/assistant/engine/bedrock-model';

/**
 * A real HTTP/2 server on 127.0.0.1 (cleartext, as the SDK's HTTP/2 handler speaks to an
 * `http://` endpoint) that answers like Amazon Bedrock's Converse API
 * (`POST /model/{modelId}/converse`, restJson1): a JSON body with `output.message.content[]`,
 * `stopReason`, `usage` and `metrics`. A tool call answers as the Converse API documents it
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use.html and
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html): a content
 * block `{ toolUse: { toolUseId, name, input } }` and `stopReason: "tool_use"`, the name being the
 * tool the request's `toolConfig.toolChoice` forced; failures with Bedrock's status codes and its
 * `x-amzn-errortype` header (429 ThrottlingException, 403 AccessDeniedException, 400
 * ValidationException, 500 InternalServerException). Each request is recorded as received,
 * so tests can check what the official client sent.
 */

export interface ReceivedConverse {
  /** The model id from the path, decoded. */
  readonly modelId: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: {
    readonly system?: { text?: string }[];
    readonly messages?: { role: string; content: { text?: string }[] }[];
    readonly inferenceConfig?: { maxTokens?: number; temperature?: number };
    readonly toolConfig?: {
      tools?: { toolSpec?: { name?: string; description?: string; inputSchema?: { json?: Record<string, unknown> } } }[];
      toolChoice?: { tool?: { name?: string }; any?: object; auto?: object };
    };
  };
}

export type ConverseReply =
  /** 200 with this text as the assistant's message. */
  | { readonly kind: 'text'; readonly text: string; readonly stopReason?: string }
  /** 200 with a call of the forced tool (or `name`) with this input, `stopReason: "tool_use"`. */
  | { readonly kind: 'tool'; readonly input: unknown; readonly name?: string }
  /** 200 with what `answer` returns for the request as the tool's input (a model that reads the prompt). */
  | { readonly kind: 'tool-from'; readonly answer: (request: ReceivedConverse) => unknown }
  /** A Bedrock error. */
  | { readonly kind: 'error'; readonly status: number; readonly type: string; readonly message?: string }
  /** Accept the request and never answer (time-outs). */
  | { readonly kind: 'hang' };

export const throttled: ConverseReply = {
  kind: 'error',
  status: 429,
  type: 'ThrottlingException',
  message: 'Too many requests, please wait before trying your request again.',
};
export const accessDenied: ConverseReply = {
  kind: 'error',
  status: 403,
  type: 'AccessDeniedException',
  message: "You don't have access to the model with the specified model ID.",
};
export const validationFailed: ConverseReply = {
  kind: 'error',
  status: 400,
  type: 'ValidationException',
  message: 'The provided model identifier is invalid.',
};
export const serverError: ConverseReply = {
  kind: 'error',
  status: 500,
  type: 'InternalServerException',
  message: 'The server encountered an internal error.',
};

export interface ConverseServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly received: ReceivedConverse[];
  /** Replies for the next requests, in order; once used up, the default reply answers. */
  reply(...replies: ConverseReply[]): void;
  /** What answers when no queued reply is left. */
  setDefault(reply: ConverseReply): void;
  close(): Promise<void>;
}

/** Test credentials: the client signs with them; the server only checks that a signature is there. */
export const TEST_CREDENTIALS = { accessKeyId: 'AKIDTESTBEDROCK', secretAccessKey: 'test-secret-not-real' } as const;

/** The real BedrockRuntimeClient, as the factory makes it, pointed at the server. */
export function clientFor(server: ConverseServer) {
  return createBedrockClient({ endpoint: server.url, region: 'us-east-2', credentials: TEST_CREDENTIALS });
}

async function readBody(request: Http2ServerRequest): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: Http2ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': `req-${Date.now()}`, ...headers });
  response.end(JSON.stringify(body));
}

export async function startConverseServer(): Promise<ConverseServer> {
  const received: ReceivedConverse[] = [];
  const queue: ConverseReply[] = [];
  let fallbackReply: ConverseReply = { kind: 'text', text: '{}' };
  const sessions = new Set<Http2Session>();

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const match = /^\/model\/([^/]+)\/converse$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        send(response, 404, { message: 'Not found' }, { 'x-amzn-errortype': 'UnknownOperationException' });
        return;
      }
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        send(response, 403, { message: 'Missing Authentication Token' }, { 'x-amzn-errortype': 'UnrecognizedClientException' });
        return;
      }
      let body: ReceivedConverse['body'];
      try {
        body = JSON.parse(raw) as ReceivedConverse['body'];
      } catch {
        send(response, 400, { message: 'Malformed input request.' }, { 'x-amzn-errortype': 'ValidationException' });
        return;
      }
      received.push({ modelId: decodeURIComponent(match[1]), path: request.url ?? '', headers: request.headers, body });
      const reply = queue.shift() ?? fallbackReply;
      if (reply.kind === 'hang') return;
      if (reply.kind === 'error') {
        send(
          response,
          reply.status,
          { message: reply.message ?? reply.type },
          { 'x-amzn-errortype': `${reply.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
        );
        return;
      }
      if (reply.kind === 'tool' || reply.kind === 'tool-from') {
        const forced = body.toolConfig?.toolChoice?.tool?.name ?? body.toolConfig?.tools?.[0]?.toolSpec?.name ?? 'answer';
        const input = reply.kind === 'tool' ? reply.input : reply.answer(received[received.length - 1]);
        const name = reply.kind === 'tool' ? (reply.name ?? forced) : forced;
        const size = Math.ceil(JSON.stringify(input ?? null).length / 4);
        send(response, 200, {
          metrics: { latencyMs: 530 },
          output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: `tooluse_${received.length}`, name, input } }] } },
          stopReason: 'tool_use',
          usage: { inputTokens: Math.ceil(raw.length / 4), outputTokens: size, totalTokens: Math.ceil(raw.length / 4) + size },
        });
        return;
      }
      send(response, 200, {
        metrics: { latencyMs: 412 },
        output: { message: { role: 'assistant', content: [{ text: reply.text }] } },
        stopReason: reply.stopReason ?? 'end_turn',
        usage: {
          inputTokens: Math.ceil(raw.length / 4),
          outputTokens: Math.ceil(reply.text.length / 4),
          totalTokens: Math.ceil((raw.length + reply.text.length) / 4),
        },
      });
    })();
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply: (...replies) => void queue.push(...replies),
    setDefault: (reply) => {
      fallbackReply = reply;
    },
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A model answer as the forced tool's input (the documented tool_use reply). */
export function json(value: unknown): ConverseReply {
  return { kind: 'tool', input: value };
}

/** A model answer as JSON text (a model that ignored the forced tool). */
export function jsonText(value: unknown): ConverseReply {
  return { kind: 'text', text: JSON.stringify(value) };
}

/** The user message a request carried. */
export function userText(request: ReceivedConverse): string {
  return (request.body.messages?.[0]?.content ?? []).map((block) => block.text ?? '').join('');
}

/** The system prompt a request carried. */
export function systemText(request: ReceivedConverse): string {
  return (request.body.system ?? []).map((block) => block.text ?? '').join('');
}
