import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the site sent to the desktop app's loopback endpoint. */
export interface LoopbackRequest {
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  redirect_uri?: string;
  client_id?: string;
}

/** A running fake desktop app. */
export interface FakeDesktopApp {
  port: number;
  /** The port as the site's `port` query parameter carries it. */
  hexPort: string;
  /** Bodies of the POSTs it answered. */
  requests: LoopbackRequest[];
  /** Cookie or Authorization headers the site sent (it must send none). */
  credentialHeaders: string[];
  /** A code for the challenge of the last request (how a deferring app supplies it later). */
  mintCode: () => Promise<string>;
  close: () => Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for the Nimbus desktop app: a node:http server on a free loopback port that, like
 * the real app, signs the member in through the API (client `desktop`), and answers the site's
 * `POST /windows/client-auth-code` with a code from `POST /v1/user/authorize` for the challenge
 * it received, in the `X-Auth-Code` header. It answers the CORS preflight for `siteOrigin`. With
 * `deferCode` it answers 202 without a code instead, as an app that supplies the code later in
 * the site's query does (`mintCode`).
 */
export async function startFakeDesktopApp(input: {
  apiOrigin: string;
  siteOrigin: string;
  email: string;
  password: string;
  deferCode?: boolean;
}): Promise<FakeDesktopApp> {
  const signIn = await fetch(`${input.apiOrigin}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'desktop', username: input.email, password: input.password }),
  });
  const token = (await signIn.json()) as { access_token?: string };
  if (!token.access_token) {
    throw new Error(`the fake desktop app could not sign in: ${JSON.stringify(token)}`);
  }
  const accessToken = token.access_token;
  const requests: LoopbackRequest[] = [];
  const credentialHeaders: string[] = [];
  const cors = {
    'access-control-allow-origin': input.siteOrigin,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'content-type',
    'access-control-expose-headers': 'X-Auth-Code',
    vary: 'Origin',
  };
  /** Asks the API for a code of client `web` made for the challenge the site sent. */
  async function authorize(body: LoopbackRequest): Promise<{ code?: string }> {
    const answer = await fetch(`${input.apiOrigin}/v1/user/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        client_id: body.client_id,
        response_type: 'code',
        redirect_uri: body.redirect_uri,
        scope: 'user pan offline',
        state: body.state,
        code_challenge: body.code_challenge,
        code_challenge_method: body.code_challenge_method,
      }),
    });
    return (await answer.json()) as { code?: string };
  }
  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.url !== '/windows/client-auth-code') {
        response.writeHead(404, cors).end();
        return;
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      for (const name of ['cookie', 'authorization']) {
        if (request.headers[name]) {
          credentialHeaders.push(name);
        }
      }
      const body = JSON.parse(await readBody(request)) as LoopbackRequest;
      requests.push(body);
      if (input.deferCode) {
        response.writeHead(202, cors).end();
        return;
      }
      const answer = await authorize(body);
      if (!answer.code) {
        response.writeHead(502, cors).end(JSON.stringify(answer));
        return;
      }
      response.writeHead(200, { ...cors, 'X-Auth-Code': answer.code }).end();
    })().catch(() => response.writeHead(500, cors).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hexPort: port.toString(16),
    requests,
    credentialHeaders,
    mintCode: async () => {
      const last = requests.at(-1);
      const answer = last ? await authorize(last) : {};
      if (!answer.code) {
        throw new Error(`the fake desktop app got no code: ${JSON.stringify(answer)}`);
      }
      return answer.code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port where nothing listens any more (a desktop app that is not running). */
export async function closedLoopbackPort(): Promise<number> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}
