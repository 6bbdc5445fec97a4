// The local store's front door: a plain Node HTTP server that takes every connection and passes each request on to
// workerd with at most MAX_IN_FLIGHT at a time, the rest waiting their turn here. workerd runs all requests on one
// thread, and a connection that waits too long for its turn there is dropped: 5 s between two requests on one
// connection, 15 s for a new connection's request head; given hundreds of requests at once (or a machine busy
// elsewhere), one pass over them outlasts both, and every client caught waiting sees ECONNRESET. Here waiting costs
// nothing: connections, request heads and bodies are held by Node, whose event loop does little else.
import http from "node:http";
import net from "node:net";

/** Requests workerd works on at once: enough to overlap their storage waits, few enough to pass over quickly. */
const MAX_IN_FLIGHT = 16;

/** Headers about one hop's connection, never passed on (Node frames each side itself). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

/** Raw headers ([name, value, name, value, ...]) without the hop-by-hop ones. */
function endToEnd(rawHeaders) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) out.push(rawHeaders[i], rawHeaders[i + 1]);
  return out;
}

/**
 * Serves `host:port`, passing every request (WebSocket upgrades included) on to workerd at `upstream` (its own
 * port on 127.0.0.1) unchanged, Host header and all, so the Workers see the address the client used.
 * @param {{ host: string, port: number, upstream: URL }} options
 * @returns {Promise<http.Server>}
 */
export function startFront({ host, port, upstream }) {
  // Its sockets are the limit; each request gets a connection of its own (below).
  const agent = new http.Agent({ keepAlive: false, maxSockets: MAX_IN_FLIGHT });
  const target = { host: upstream.hostname, port: Number(upstream.port) };

  const server = http.createServer((req, res) => {
    const headers = endToEnd(req.rawHeaders);
    /** Sends the request on with `body` (null: none); a bodiless one may go once more. */
    const pass = (body, mayRetry) => {
      let answered = false;
      const out = http.request({ ...target, agent, method: req.method, path: req.url, headers }, (answer) => {
        answered = true;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      });
      // A connection of its own ("Connection: close"), never one workerd may have stopped waiting on: it drops one
      // 5 s after a request when busy, or after answering a request whose body the Worker left unread. (An agent
      // with a socket limit would otherwise hand a finished request's connection to the next one waiting.)
      out.shouldKeepAlive = false;
      // Once the answer is in, the connection may still fail while closing (a body workerd never read): nothing to
      // report then, and its error must not go unheard (it would end this process).
      out.on("socket", (socket) => socket.on("error", () => {}));
      out.on("error", (error) => {
        // Once the answer has come, its own stream reports whether it arrived whole; workerd closing the connection
        // on a body it did not read is no failure of the answer.
        if (answered || res.destroyed || res.writableEnded) return;
        // A connection workerd dropped before answering: a GET or HEAD changes nothing, so it is sent once more.
        if (mayRetry && error.code === "ECONNRESET") return pass(body, false);
        res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" }).end(`The local Workers did not answer: ${error.message}\n`);
      });
      // A client that leaves stops its request in workerd too.
      res.on("close", () => !res.writableFinished && out.destroy());
      out.end(body ?? undefined);
    };
    if ((req.method === "GET" || req.method === "HEAD") && !req.headers["content-length"] && !req.headers["transfer-encoding"]) {
      req.resume();
      return pass(null, true);
    }
    // The whole body first, written at once: workerd may answer before reading it, and a write it refuses
    // halfway would otherwise hide an answer already sent.
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => pass(Buffer.concat(chunks), false));
    req.on("error", () => res.destroy());
  });
  // A WebSocket stays open for as long as it is used: it is joined to its own connection to workerd, outside the limit.
  server.on("upgrade", (req, socket, head) => {
    const upstreamSocket = net.connect(target, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstreamSocket.write(lines.join("\r\n") + "\r\n\r\n");
      if (head.length) upstreamSocket.write(head);
      socket.pipe(upstreamSocket).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on("error", close).on("close", close);
    socket.on("error", close).on("close", close);
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
