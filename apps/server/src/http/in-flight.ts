import type { Server } from 'node:http';

/** How many requests the server is answering now: each counts until its response is sent or its connection closes. */
export function countInFlight(server: Server): () => number {
  let inFlight = 0;
  server.on('request', (_request, response) => {
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return () => inFlight;
}
