import dgram from 'node:dgram';
import dns, { type LookupOptions } from 'node:dns';
import net from 'node:net';
import {
  BlockedAddressError,
  guardedLookup,
  isAllowedAddress,
  type FetchPolicy,
} from './fetch-guard';

type ConnectOptions = Record<string, unknown> & {
  host?: unknown;
  path?: unknown;
  lookup?: unknown;
};
type Connect = (
  this: net.Socket,
  options: net.SocketConnectOpts,
  listener?: () => void,
) => net.Socket;
type Bind = (this: dgram.Socket, ...args: unknown[]) => dgram.Socket;
type LookupCallback = Parameters<ReturnType<typeof guardedLookup>>[2];

/** Why a TCP connection may not be opened, checked before it is: undefined when it may. */
function refusalOf(options: ConnectOptions, policy: FetchPolicy): BlockedAddressError | undefined {
  if (options.path !== undefined && options.path !== null) {
    return new BlockedAddressError('local socket');
  }
  const host =
    typeof options.host === 'string' && options.host !== ''
      ? options.host.replace(/^\[(.*)\]$/, '$1')
      : 'localhost';
  // A name is checked when it resolves (the guarded lookup below); an address literal is never
  // resolved by node:net, so it is checked here.
  if (net.isIP(host) !== 0 && !isAllowedAddress(host, policy)) {
    return new BlockedAddressError('address');
  }
  return undefined;
}

/**
 * The options and callback of a `socket.connect(...)` call in any of its forms: the arguments
 * `net.connect` already normalized (an array), an options object, a pipe path, or a port and host.
 */
function connectArguments(args: unknown[]): { options: ConnectOptions; callback: unknown } {
  const [first, second] = args;
  if (Array.isArray(first)) {
    return { options: (first[0] ?? {}) as ConnectOptions, callback: first[1] };
  }
  if (typeof first === 'object' && first !== null) {
    return { options: first as ConnectOptions, callback: second };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return { options: { path: first }, callback: second };
  }
  return {
    options: { port: first, ...(typeof second === 'string' ? { host: second } : {}) },
    callback: args.at(-1),
  };
}

/**
 * Holds every socket of the running thread to the offline address rules, whatever library
 * opens it and however it got the address (a redirect, a peer list, a DHT reply): a TCP
 * connection (plain or TLS, an http(s) request's first hop or its tenth) to an address literal
 * outside the rules is refused before it is opened, and every name resolves through
 * `guardedLookup`, which refuses it when any of its addresses is outside them; connections to
 * local sockets are refused. Every UDP socket made afterwards resolves its destinations
 * (literals included: node:dgram looks every one up) through the same guard, so a packet to an
 * address outside the rules is dropped before it is sent. Ports are not limited.
 *
 * It changes `node:net` and `node:dgram` for the whole thread, so it belongs in a thread of its
 * own that runs nothing but the libraries it guards (see `torrent/torrent-thread.ts`). Answers a
 * function that puts the originals back.
 */
export function guardSockets(policy: FetchPolicy): () => void {
  const lookup = guardedLookup(policy);
  // The originals, called with the socket as `this`.
  const connect = Reflect.get(net.Socket.prototype, 'connect') as Connect;
  const createSocket: typeof dgram.createSocket = dgram.createSocket;

  net.Socket.prototype.connect = function guardedConnect(
    this: net.Socket,
    ...args: unknown[]
  ): net.Socket {
    const { options, callback } = connectArguments(args);
    const refusal = refusalOf(options, policy);
    if (refusal !== undefined) {
      process.nextTick(() => this.destroy(refusal));
      return this;
    }
    const guarded = { ...options, lookup } as net.SocketConnectOpts;
    return typeof callback === 'function'
      ? connect.call(this, guarded, callback as () => void)
      : connect.call(this, guarded);
  };

  dgram.createSocket = function guardedCreateSocket(
    type: dgram.SocketType | dgram.SocketOptions,
    listener?: (message: Buffer, remote: dgram.RemoteInfo) => void,
  ) {
    const options = typeof type === 'string' ? { type } : type;
    // node:dgram resolves the address it binds to with the same lookup as destinations, within
    // `bind` (also the one a first `send` makes): that local address is not a destination.
    let binding = false;
    // node:dgram asks with the family as a bare number (4), not as options.
    const udpLookup = (
      hostname: string,
      family: number | LookupOptions,
      callback: LookupCallback,
    ) => {
      const wanted = typeof family === 'number' ? { family } : family;
      if (binding) {
        dns.lookup(hostname, { ...wanted, all: false }, callback);
        return;
      }
      lookup(hostname, wanted, callback);
    };
    const socket = createSocket(
      { ...options, lookup: udpLookup as unknown as dgram.SocketOptions['lookup'] },
      listener,
    );
    const bind = Reflect.get(socket, 'bind') as Bind;
    socket.bind = function guardedBind(this: dgram.Socket, ...args: unknown[]) {
      binding = true;
      try {
        return bind.apply(this, args);
      } finally {
        binding = false;
      }
    };
    return socket;
  } as typeof dgram.createSocket;

  return () => {
    net.Socket.prototype.connect = connect as typeof net.Socket.prototype.connect;
    dgram.createSocket = createSocket;
  };
}
