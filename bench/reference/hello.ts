// Reference (4): the HTTP ceiling. A hello-world node:http server that reads the request body and
// answers like an accepted event; nothing is stored. No server of this project can beat it.
import { createServer } from 'node:http';
import { env } from './common.ts';

const answer = JSON.stringify({ eventId: 'hello', status: 'accepted', timestamp: new Date(0).toISOString() });

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    response.end(answer);
  });
}).listen(Number(env('PORT')), env('HOST'));
