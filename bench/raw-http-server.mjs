// The raw limit of the framework benchmark: bare node:http answering a fixed JSON body on PORT.
// Run as its own process so, like the api, it does not share an event loop with the load generator.
import { Buffer } from 'node:buffer';
import http from 'node:http';

const body = process.env.RAW_BODY || '{}';
const port = Number(process.env.PORT);

http
  .createServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(port, '127.0.0.1');
