import net from 'node:net';

/** One answer read off a raw connection, and whether the server closed the connection after it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

/**
 * Writes `bytes` on a new connection and reads every answer until the server closes it; with
 * `done`, the client says it has nothing more to send.
 */
export function exchange(
  port: number,
  bytes: string | Buffer,
  options: { done?: boolean } = {},
): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `the server kept the connection open; it answered: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`,
        ),
      );
    }, 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswers(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(bytes);
    if (options.done) {
      socket.end();
    }
  });
}

/** Splits what came back into answers (bodies framed by Content-Length). */
function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest !== '') {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) {
      throw new Error(`an answer without a head: ${rest.slice(0, 300)}`);
    }
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'utf8');
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: bodyBytes.subarray(0, length).toString('utf8'),
      closed: false,
    });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  const last = answers.at(-1);
  if (last) {
    last.closed = true;
  }
  return answers;
}
