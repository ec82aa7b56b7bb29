import net from 'node:net';

export interface SilentPeer {
  port: number;
  /** Connections accepted so far (0 proves a client refused before any I/O). */
  accepted(): number;
  close(): Promise<void>;
}

/**
 * A real TCP peer on loopback that accepts connections and never says a word: the peer that makes
 * clients without their own deadlines hang (STACK.md), so every adapter's timeouts are tested on it.
 */
export async function startSilentPeer(): Promise<SilentPeer> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
