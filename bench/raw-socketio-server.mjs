// The raw limit of the live-events benchmark: a bare Socket.IO server on PORT whose clients join one room
// (`join`, acknowledged), and `POST /broadcast` that emits the request body, parsed once, to that room as
// `case.event`. With REDIS_URL and REDIS_PREFIX it uses the official Redis Streams adapter, the package the api's
// own adapter is built on, so two such servers are the raw counterpart of two api instances.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const ROOM = 'bench-case';

const httpServer = http.createServer((request, response) => {
  // /api/health/ready too: the balancer of the cluster bench checks the path it checks on the api.
  if (request.method === 'GET' && (request.url === '/health' || request.url === '/api/health/ready')) {
    response.end('ok');
    return;
  }
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    io.to(ROOM).emit('case.event', JSON.parse(Buffer.concat(chunks).toString('utf8')));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

const options = { path: '/socket.io', serveClient: false };
if (process.env.REDIS_URL) {
  const prefix = process.env.REDIS_PREFIX;
  options.adapter = createAdapter(new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null }), {
    streamName: `${prefix}:socket.io`,
    onlyPlaintext: true,
  });
}
const io = new Server(httpServer, options);
io.on('connection', (socket) => {
  socket.on('join', (_request, ack) => {
    socket.join(ROOM);
    if (typeof ack === 'function') ack({ ok: true });
  });
});

httpServer.listen(port, '127.0.0.1');
