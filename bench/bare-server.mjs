// The baseline: a bare node:http server answering every request with the same bytes as the store's answer.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
