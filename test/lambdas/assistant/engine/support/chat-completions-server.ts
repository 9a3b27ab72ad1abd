import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat endpoint (what Ollama, llama.cpp's server,
 * LM Studio and vLLM expose) on 127.0.0.1: `POST /v1/chat/completions` answering as OpenAI's
 * API reference documents a chat completion (https://platform.openai.com/docs/api-reference/chat/object):
 * `{ id, object: "chat.completion", created, model, choices: [{ index, message: { role,
 * content, tool_calls: [{ id, type: "function", function: { name, arguments } }] },
 * finish_reason }], usage }`, where `arguments` is a JSON string and `finish_reason` is
 * `tool_calls` for a function call; errors as `{ error: { message, type } }` with the HTTP
 * status (Ollama answers 404 for a model it has not pulled). Requests are recorded as received.
 */

export interface ChatRequest {
  readonly path: string;
  readonly body: {
    readonly model?: string;
    readonly messages?: { role: string; content: string }[];
    readonly tools?: { type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
    readonly tool_choice?: { type: string; function?: { name: string } } | string;
    readonly temperature?: number;
    readonly max_tokens?: number;
    readonly stream?: boolean;
  };
}

export type ChatReply =
  /** A call of the forced function with these arguments (serialised as JSON, or as given when a string). */
  | { readonly kind: 'tool'; readonly input: unknown }
  /** Text in `message.content` (a server that ignored the tools). */
  | { readonly kind: 'text'; readonly text: string; readonly finishReason?: string }
  | { readonly kind: 'error'; readonly status: number; readonly message: string }
  /** Never answers (time-outs). */
  | { readonly kind: 'hang' };

export interface ChatServer {
  /** `http://127.0.0.1:<port>`: the base URL, without `/v1`. */
  readonly url: string;
  readonly received: ChatRequest[];
  reply(...replies: ChatReply[]): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startChatServer(): Promise<ChatServer> {
  const received: ChatRequest[] = [];
  const queue: ChatReply[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        send(response, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
        return;
      }
      const body = JSON.parse(raw) as ChatRequest['body'];
      received.push({ path: request.url, body });
      const reply = queue.shift() ?? { kind: 'text', text: '' };
      if (reply.kind === 'hang') return;
      if (reply.kind === 'error') {
        send(response, reply.status, { error: { message: reply.message, type: 'api_error' } });
        return;
      }
      const forced = typeof body.tool_choice === 'object' ? body.tool_choice.function?.name : body.tools?.[0]?.function.name;
      const message =
        reply.kind === 'tool'
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${received.length}`,
                  type: 'function',
                  function: {
                    name: forced ?? 'answer',
                    arguments: typeof reply.input === 'string' ? reply.input : JSON.stringify(reply.input),
                  },
                },
              ],
            }
          : { role: 'assistant', content: reply.text };
      send(response, 200, {
        id: `chatcmpl-${received.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, finish_reason: reply.kind === 'tool' ? 'tool_calls' : (reply.finishReason ?? 'stop') }],
        usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: 50, total_tokens: Math.ceil(raw.length / 4) + 50 },
      });
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply: (...replies) => void queue.push(...replies),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
