// The raw limit of the framework and read benchmarks: bare node:http answering fixed JSON bodies on PORT.
// RAW_BODY is answered on every path; RAW_BODIES_FILE (a JSON object { "/path": "body" }) answers each path its
// own body, the exact bytes the api answered there. Run as its own process so, like the api, it does not share an
// event loop with the load generator.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const fallback = process.env.RAW_BODY || '{}';
const bodies = new Map(
  Object.entries(process.env.RAW_BODIES_FILE ? JSON.parse(readFileSync(process.env.RAW_BODIES_FILE, 'utf8')) : {}),
);
const port = Number(process.env.PORT);

http
  .createServer((request, response) => {
    const body = bodies.get(request.url) ?? fallback;
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(port, '127.0.0.1');
